package org.emergo.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Notation;
import org.emergo.rules.Variant;

/** What EgnWriter writes, EgnReader reads back as the same record. */
class EgnRoundTripTest {

    private static final List<String> POSITIONS_EMERGO = List.of("b 0 3 d4:w3b2 e5:b g6:bw4", "w 11 12 e4:w");
    private static final List<String> POSITIONS_HEX = List.of("b 11 12 d4:w", "w 10 12 a1:w c3:b");

    /** A generated record: its EGN text, and what a reader must find in it. */
    record Generated(String text, Map<String, String> tags, Variant variant, String setup, List<String> moves) {}

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void writtenRecordsReadBackAsTheGeneratedTagsAndMoves(@ForAll("egnInput") Generated generated) {
        GameRecord read = readOne(generated.text());
        assertRecordOf(generated, read, generated.text());

        String written = EgnWriter.toEgn(read);
        GameRecord reread = readOne(written);
        assertRecordOf(generated, reread, written);
        assertEquals(read.movetext(), reread.movetext());
        assertEquals(written, EgnWriter.toEgn(reread));
    }

    private static GameRecord readOne(String text) {
        ListSink sink = Fixtures.egnText(text);
        assertEquals(List.of(), sink.errors, text);
        assertEquals(1, sink.games.size(), text);
        return sink.games.get(0);
    }

    /** Every tag with its value as generated, the variant, the set-up position and the main line's moves. */
    private static void assertRecordOf(Generated generated, GameRecord record, String text) {
        assertEquals(generated.variant(), record.variant(), text);
        assertEquals(generated.setup(), record.setupPosition(), text);
        assertEquals(generated.moves(), record.moves(), text);
        generated.tags().forEach((name, value) -> assertEquals(value, record.tag(name), () -> name + " in " + text));
    }

    @Provide
    Arbitrary<Generated> egnInput() {
        Arbitrary<Map<String, String>> standard = hostile().list().ofSize(7).map(values -> {
            Map<String, String> tags = new java.util.LinkedHashMap<>();
            for (int i = 0; i < 7; i++) tags.put(EgnWriter.STANDARD_TAGS.get(i), values.get(i));
            return tags;
        });
        Arbitrary<List<Tuple.Tuple2<String, String>>> extras = Combinators.combine(
                Arbitraries.strings().withCharRange('a', 'z').withCharRange('A', 'Z').withCharRange('0', '9').withChars('_')
                        .ofMinLength(1).ofMaxLength(12)
                        .filter(n -> !EgnWriter.STANDARD_TAGS.contains(n) && !EgnWriter.isSetupTag(n)
                                && !n.equalsIgnoreCase("Variant")),
                hostile()).as(Tuple::of).list().ofMaxSize(3).uniqueElements(t -> t.get1());
        Arbitrary<Boolean> hex = Arbitraries.of(true, false);
        Arbitrary<Integer> setup = Arbitraries.integers().between(-1, 1);
        Arbitrary<List<String>> movetext = line(2);
        Arbitrary<String> result = Arbitraries.of("1-0", "0-1", "1/2-1/2", "*");
        Arbitrary<Long> seed = Arbitraries.longs();
        return Combinators.combine(standard, extras, hex, setup, movetext, result, seed)
                .as((tags, extra, isHex, setupIndex, moves, token, shuffleSeed) -> {
                    Map<String, String> expected = new java.util.LinkedHashMap<>(tags);
                    List<String> lines = new ArrayList<>();
                    tags.forEach((k, v) -> lines.add(tag(k, v)));
                    extra.forEach(t -> {
                        lines.add(tag(t.get1(), t.get2()));
                        expected.put(t.get1(), t.get2());
                    });
                    if (isHex) lines.add(tag("Variant", "HexEmergo"));
                    String position = null;
                    if (setupIndex >= 0) {
                        position = (isHex ? POSITIONS_HEX : POSITIONS_EMERGO).get(setupIndex);
                        lines.add(tag("SetUp", "1"));
                        lines.add(tag("Position", position));
                    }
                    Collections.shuffle(lines, new java.util.Random(shuffleSeed));
                    // the main line: the moves outside comments, glyphs and variations
                    List<String> mainLine = moves.stream()
                            .filter(w -> !w.startsWith("{") && !w.startsWith("(") && !w.startsWith("$")).toList();
                    String text = String.join("\n", lines) + "\n\n" + String.join(" ", moves) + " " + token + "\n";
                    return new Generated(text, expected, isHex ? Variant.HEXEMERGO : Variant.EMERGO, position, mainLine);
                });
    }

    /** Tag values no writer should trip over: quotes, backslashes, markup, NUL, very long text. */
    private static Arbitrary<String> hostile() {
        Arbitrary<String> any = Arbitraries.strings().all().ofMaxLength(40).filter(s -> s.indexOf('\n') < 0 && s.indexOf('\r') < 0);
        Arbitrary<String> nasty = Arbitraries.of("\"", "\\", "\\\"", "\"]", "<script>alert('x')</script>", "\u0000", "a\\",
                "[Event \"x\"]", "%", "{", "}", "1-0", "\u2028", "x".repeat(10_000));
        return Arbitraries.frequencyOf(Tuple.of(3, any), Tuple.of(2, nasty),
                Tuple.of(1, Combinators.combine(any, nasty, any).as((a, b, c) -> a + b + c)));
    }

    /** A line of play as EGN words: moves, glyphs, comments and nested variations. */
    private static Arbitrary<List<String>> line(int depth) {
        Arbitrary<String> item = depth == 0
                ? Arbitraries.frequencyOf(Tuple.of(8, move()), Tuple.of(1, nag()), Tuple.of(1, comment()))
                : Arbitraries.frequencyOf(Tuple.of(8, move()), Tuple.of(1, nag()), Tuple.of(1, comment()),
                        Tuple.of(1, line(depth - 1).map(l -> "(" + String.join(" ", l) + ")")));
        return item.list().ofMaxSize(12);
    }

    private static Arbitrary<String> move() {
        Arbitrary<String> square = Combinators.combine(Arbitraries.chars().range('a', 'i'), Arbitraries.chars().range('1', '9'))
                .as((f, r) -> "" + f + r);
        Arbitrary<String> body = Arbitraries.oneOf(
                square,
                square.map(s -> "@" + s),
                Combinators.combine(square, square).as((a, b) -> a + "-" + b),
                Combinators.combine(square, square).as((a, b) -> a + b),
                square.list().ofMinSize(2).ofMaxSize(5).map(l -> String.join("x", l)),
                Combinators.combine(square, square).as((a, b) -> a + ":" + b + "x"));
        Arbitrary<String> suffix = Arbitraries.of("", "", "", "!", "?", "!!", "??", "!?", "?!");
        Arbitrary<Boolean> upper = Arbitraries.of(false, false, true);
        return Combinators.combine(body, suffix, upper).as((b, s, u) -> (u ? b.toUpperCase() : b) + s)
                .filter(Notation::isMove);
    }

    private static Arbitrary<String> nag() {
        return Arbitraries.integers().between(0, 255).map(n -> "$" + n);
    }

    private static Arbitrary<String> comment() {
        Arbitrary<String> word = Arbitraries.oneOf(
                Arbitraries.strings().all().ofMinLength(1).ofMaxLength(10)
                        .filter(w -> w.chars().noneMatch(c -> c == '}' || c == '\r' || TextCursor.isBlank((char) c))),
                Arbitraries.of("[Event", "%", ";", "{", "(", ")", "1-0", "*", "\u0000", "[", "<b>"));
        return word.list().ofMaxSize(8).map(words -> {
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < words.size(); i++) {
                String w = words.get(i);
                // A line break, but never one that puts a '[' at the start of a line.
                sb.append(i % 3 == 2 && !w.startsWith("[") ? "\n" : " ").append(w);
            }
            return sb.append(" }").toString();
        });
    }

    private static String tag(String name, String value) {
        return "[" + name + " \"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
    }
}
