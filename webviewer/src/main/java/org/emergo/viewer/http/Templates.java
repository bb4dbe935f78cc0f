package org.emergo.viewer.http;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;

/** Renders the jte templates, compiled to classes by the build (no compiler at run time). */
public final class Templates {

    private final TemplateEngine engine = TemplateEngine.createPrecompiled(ContentType.Html);

    public String render(String template, Object page) {
        StringOutput out = new StringOutput(8192);
        engine.render(template, page, out);
        return out.toString();
    }
}
