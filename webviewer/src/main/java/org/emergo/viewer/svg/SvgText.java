package org.emergo.viewer.svg;

/** Text and numbers as SVG drawn on the server writes them: escaped text, coordinates with one decimal. */
public final class SvgText {

    private SvgText() {}

    /** Text escaped for an SVG element or attribute. */
    public static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }

    /** A coordinate with at most one decimal. */
    public static String num(double v) {
        long tenths = Math.round(v * 10);
        return tenths % 10 == 0 ? Long.toString(tenths / 10) : Double.toString(tenths / 10.0);
    }
}
