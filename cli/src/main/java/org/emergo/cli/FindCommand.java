package org.emergo.cli;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.emergo.pattern.Pattern;
import org.emergo.pattern.PatternException;
import org.emergo.pattern.PatternText;
import org.emergo.store.analysis.ExplorerFilter;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.output.OutputFormat;
import org.emergo.store.pattern.PatternHitRows;
import org.emergo.store.pattern.PatternNextMoves;
import org.emergo.store.pattern.PatternSearch;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code emergo find}: the games with positions that match a pattern (docs/patterns.md#the-text-form). */
@Command(name = "find", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Find the positions that match a pattern: per game, the first matching ply and how "
                    + "many positions match; the totals go to stderr.",
            "A pattern is words such as e5:w4+ (a White column of 4 or more on e5), d4:empty, c3:=w3b2, f4:bp "
                    + "(Black's, with prisoners), e5:!w (anything but a White column), turn:b, whand:0-3, capture:2+, "
                    + "entry, finding, due (a capture is due), takes:3+ (the capture due takes 3 men or more), e5:hit (a legal capture "
                    + "jumps e5), material:w+2 (White commands two men more than Black), material:b12-, for:N (N positions "
                    + "in a row), then:K for a second pattern within K plies, not before a part to leave out "
                    + "and or between alternatives; sym (every orientation of the board) and colours (colours swapped too) "
                    + "add a column transform: the orientation that matched; 'hexemergo' first for HexEmergo cells.",
            "The pattern language: docs/patterns.md#the-text-form."},
        footerHeading = "%nExample:%n",
        footer = {"  emergo find \"e5:w4+ then:6 e5:b\""})
final class FindCommand implements Callable<Integer> {

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Option(names = "--format", paramLabel = "F", defaultValue = "table",
            description = "How to print the games: table (default), csv or json.")
    String format;

    @CommandLine.Option(names = "--limit", paramLabel = "N", defaultValue = "0",
            description = "Print at most N games or moves (default: all; the totals count every one).")
    int limit;

    @CommandLine.Option(names = "--next",
            description = "Print what was played next from the matching positions instead of the games: each kind of "
                    + "move (from, to, men taken), how often, in how many games, and the wins, draws and losses of "
                    + "the side that played it.")
    boolean next;

    @CommandLine.Option(names = "--player", paramLabel = "NAME", description = "Only the games of this player (as the position explorer's player=).")
    String player;

    @CommandLine.Option(names = "--color", paramLabel = "w|b", description = "Only the games where the player had this colour.")
    String color;

    @CommandLine.Option(names = "--from", paramLabel = "DATE", description = "Only games dated from DATE on (YYYY, YYYY.MM or YYYY.MM.DD).")
    String from;

    @CommandLine.Option(names = "--to", paramLabel = "DATE", description = "Only games dated up to DATE.")
    String to;

    @CommandLine.Option(names = "--result", paramLabel = "R", description = "Only games with this result: 1-0, 0-1, 1/2-1/2 or *.")
    String result;

    @CommandLine.Parameters(paramLabel = "PATTERN", arity = "1..*",
            description = "The pattern; its words may be given as separate arguments.")
    String[] words;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        OutputFormat output;
        Pattern pattern;
        try {
            output = OutputFormat.parse(format);
        } catch (IllegalArgumentException | StoreException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        ExplorerFilter filter;
        try {
            Map<String, String> params = new HashMap<>();
            params.put("player", player);
            params.put("color", color);
            params.put("from", from);
            params.put("to", to);
            params.put("result", result);
            filter = ExplorerFilter.parse(params::get);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        String text = String.join(" ", words);
        try {
            pattern = PatternText.parse(text);
        } catch (PatternException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "pattern '" + text + "': " + e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        String missing = db.missing("find");
        if (missing != null) {
            err.println(missing);
            return 1;
        }
        PrintWriter out = spec.commandLine().getOut();
        try (Database database = db.openToRead()) {
            PatternSearch search = new PatternSearch(database);
            Set<Long> allowed = filter.games(database.dsl());
            if (next) {
                PatternSearch.WithPlies found = search.findWithPlies(pattern);
                PatternSearch.Result r = found.result().only(allowed);
                var moves = PatternNextMoves.of(database, found, allowed);
                PatternNextMoves.rows(limit > 0 && limit < moves.size() ? moves.subList(0, limit) : moves).writeTo(output.writer(out));
                out.flush();
                err.println(r.positions() + " positions in " + r.games() + " games match " + pattern + "; "
                        + moves.size() + " kinds of move were played from them");
                return 0;
            }
            PatternSearch.Result r = search.find(pattern).only(allowed);
            var hits = limit > 0 && limit < r.hits().size() ? r.hits().subList(0, limit) : r.hits();
            PatternHitRows.of(database, hits, pattern.sym() || pattern.colours()).writeTo(output.writer(out));
            out.flush();
            err.println(r.positions() + " positions in " + r.games() + " games match " + pattern);
            if (r.unindexed() > 0) {
                err.println("emergo find: " + r.unindexed() + " analysed games are not in the pattern index yet"
                        + " (analysed by a version before it, or before its words from the rules): emergo analyze --all adds them");
            }
        } catch (StoreException e) {
            out.flush();
            err.println("emergo find: " + FailureHandler.storeFailure(e));
            return 1;
        }
        return 0;
    }
}
