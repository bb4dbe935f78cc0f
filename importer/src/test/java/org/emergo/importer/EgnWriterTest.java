package org.emergo.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;

class EgnWriterTest {

    private static GameRecord record(Variant variant, Map<String, String> tags, String setup, String movetext) {
        return new GameRecord(variant, tags, setup, List.of(), movetext, "x", 1);
    }

    @Test
    void standardTagsComeFirstThenVariantAndSetupThenTheOthersInStoredOrder() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("WhiteElo", "2100");
        tags.put("Black", "Freeling, Christian");
        tags.put("Variant", "hexemergo");
        tags.put("Event", "Say \"hi\" \\ bye");
        tags.put("Position", "b 11 12   d4:w");
        tags.put("Annotator", "line\nbreak");
        String egn = EgnWriter.toEgn(record(Variant.HEXEMERGO, tags, "b 11 12 d4:w", "1... c3 *"));
        assertEquals("""
                [Event "Say \\"hi\\" \\\\ bye"]
                [Site "?"]
                [Date "?"]
                [Round "?"]
                [White "?"]
                [Black "Freeling, Christian"]
                [Result "*"]
                [Variant "HexEmergo"]
                [SetUp "1"]
                [Position "b 11 12 d4:w"]
                [WhiteElo "2100"]
                [Annotator "line break"]

                1... c3 *

                """, egn);
    }

    @Test
    void movetextIsWrappedAtEightyColumnsAndReadsBackTheSame() {
        StringBuilder movetext = new StringBuilder();
        for (int i = 1; i <= 30; i++) movetext.append(i).append(". d4 f6 {see [Event and %} ");
        movetext.append("1-0");
        GameRecord game = record(Variant.EMERGO, Map.of("Result", "1-0"), null, movetext.toString());
        String egn = EgnWriter.toEgn(game);
        for (String line : egn.split("\n")) {
            assertTrue(line.length() <= EgnWriter.WIDTH, () -> "too long: " + line);
            assertTrue(!line.startsWith("[E") && !line.startsWith("%") || line.startsWith("[Event \"?\"]"), line);
        }
        ListSink sink = Fixtures.egnText(egn);
        assertEquals(List.of(), sink.errors);
        assertEquals(movetext.toString(), sink.games.get(0).movetext());
    }

    @Test
    void aRecordWithoutMovetextIsWrittenWithItsResult() {
        String egn = EgnWriter.toEgn(record(Variant.EMERGO, Map.of("Result", "0-1"), null, ""));
        assertTrue(egn.endsWith("[Result \"0-1\"]\n\n0-1\n\n"), egn);
    }
}
