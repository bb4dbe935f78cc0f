package org.emergo.viewer.web;

import io.javalin.http.Context;
import org.emergo.store.Database;
import org.emergo.viewer.data.Statistics;

/** The statistics page. */
public final class StatsHandlers {

    private final Database db;
    private final Templates templates;

    public StatsHandlers(Database db, Templates templates) {
        this.db = db;
        this.templates = templates;
    }

    public void page(Context ctx) {
        int games = db.dsl().fetchOne("SELECT COUNT(*) FROM game").get(0, int.class);
        int analysed = db.dsl().fetchOne("SELECT COUNT(*) FROM analysis").get(0, int.class);
        ctx.html(templates.render("stats.jte", new StatsPage(games, analysed, new Statistics(db.dsl()).charts())));
    }
}
