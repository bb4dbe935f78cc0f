package org.emergo.viewer.web;

import java.util.Map;
import org.emergo.viewer.data.PlayerSummary;
import org.emergo.viewer.data.Urls;

/** A player's page: results by colour, findings by code, shadowpieces, recent games; his ratings (null: none). */
public record PlayerPage(PlayerSummary.Summary summary, PlayerRatings ratings) {

    public String name() {
        return summary.name();
    }

    /** The games list filtered to this player and more. */
    public String gamesUrl(Map<String, String> more) {
        Map<String, String> p = new java.util.LinkedHashMap<>();
        p.put("player", summary.name());
        p.putAll(more);
        return "/games?" + Urls.query(p);
    }

    public String colourUrl(String colour, String result) {
        Map<String, String> p = new java.util.LinkedHashMap<>();
        p.put(colour, summary.name());
        if (result != null) p.put("result", result);
        return "/games?" + Urls.query(p);
    }

    public String playerUrl(String other) {
        return "/player/" + Urls.segment(other);
    }
}
