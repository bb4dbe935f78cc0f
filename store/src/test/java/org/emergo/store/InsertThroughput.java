package org.emergo.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;

/**
 * Measures bulk inserts by hand (not a test: timings on a shared machine make flaky tests).
 * Run: {@code mvn -q -pl store exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=org.emergo.store.InsertThroughput -Dexec.args="100000 /tmp/emergo-bench"}.
 */
public final class InsertThroughput {

    public static void main(String[] args) throws Exception {
        int games = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        String db = args.length > 1 ? args[1] : Files.createTempDirectory("emergo-bench").resolve("db").toString();
        int perCall = 5_000;
        List<GameRecord> all = synthetic(games, new Random(42));
        try (Database database = Database.open(db)) {
            GameRepository repo = new GameRepository(database.dsl());
            long start = System.nanoTime();
            int inserted = 0;
            for (int from = 0; from < all.size(); from += perCall) {
                inserted += repo.insertAll(all.subList(from, Math.min(all.size(), from + perCall)), null).inserted();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("%d games inserted in %.2f s: %.0f games/s into %s%n",
                    inserted, seconds, inserted / seconds, database.url());
            start = System.nanoTime();
            int dups = repo.insertAll(all.subList(0, Math.min(all.size(), 20_000)), null).duplicates();
            seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("%d duplicates recognised in %.2f s%n", dups, seconds);
        }
        Path file = Path.of(db + ".mv.db");
        if (Files.exists(file)) {
            System.out.printf("file size %.1f MB%n", Files.size(file) / 1e6);
        }
    }

    /** Plausible records: eight standard tags, two more, about 60 moves of mixed kinds. */
    static List<GameRecord> synthetic(int n, Random random) {
        String files = "abcdefghi";
        List<GameRecord> out = new ArrayList<>(n);
        for (int g = 0; g < n; g++) {
            int plies = 50 + random.nextInt(21);
            List<String> moves = new ArrayList<>(plies);
            StringBuilder movetext = new StringBuilder();
            for (int p = 0; p < plies; p++) {
                String a = "" + files.charAt(random.nextInt(9)) + (1 + random.nextInt(9));
                String b = "" + files.charAt(random.nextInt(9)) + (1 + random.nextInt(9));
                String move = switch (random.nextInt(3)) {
                    case 0 -> a;
                    case 1 -> a + "-" + b;
                    default -> a + "x" + b;
                };
                moves.add(move);
                if (p % 2 == 0) {
                    movetext.append(p / 2 + 1).append(". ");
                }
                movetext.append(move).append(' ');
            }
            movetext.append("1-0");
            Map<String, String> tags = new LinkedHashMap<>();
            tags.put("Event", "Synthetic " + (g % 50));
            tags.put("Site", "Middelburg");
            tags.put("Date", "20" + (10 + g % 15) + ".0" + (1 + g % 9) + ".1" + (g % 10));
            tags.put("Round", Integer.toString(1 + g % 9));
            tags.put("White", "Player " + random.nextInt(2000));
            tags.put("Black", "Player " + random.nextInt(2000));
            tags.put("Result", "1-0");
            tags.put("Variant", "Emergo");
            tags.put("WhiteElo", Integer.toString(1500 + random.nextInt(800)));
            tags.put("BlackElo", Integer.toString(1500 + random.nextInt(800)));
            out.add(new GameRecord(Variant.EMERGO, tags, null, moves, movetext.toString(), "synthetic.egn", 1 + g * 12));
        }
        return out;
    }
}
