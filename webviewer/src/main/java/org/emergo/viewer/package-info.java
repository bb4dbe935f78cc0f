/**
 * The web viewer: {@code ViewerApp} declares every route in one place and hands each to the
 * handlers of one feature package; {@code ViewerServer} starts it. A feature package (game,
 * review, puzzle, player, explorer, search, sql, stats) holds its handlers, its page records and
 * its templates (src/main/jte/FEATURE/), and uses no other feature: what they share is in http
 * (parameters, JSON, the same-origin guard, templates, the error page, single flight), format
 * (how figures are written), and board, chart and svg (the drawings). The project's LayoutTest
 * keeps it so.
 */
package org.emergo.viewer;
