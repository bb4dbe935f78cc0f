package org.emergo.store.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlayerAliasesTest {

    @Test
    void eachLineIsASpellingAndTheNameItStandsFor() {
        assertEquals(List.of(new PlayerAliases.Alias("Ada Aster", "Aster, Ada"), new PlayerAliases.Alias("A. Aster", "Aster, Ada")),
                AliasFile.parse("f", "alias,player\n Ada Aster , \"Aster, Ada\"\n\nA. Aster,\"Aster, Ada\"\r\n"));
    }

    @Test
    void withoutAHeadingTheFirstLineIsAnAliasToo() {
        assertEquals(List.of(new PlayerAliases.Alias("Bram", "Brand, Bram")), AliasFile.parse("f", "Bram,\"Brand, Bram\"\n"));
    }

    @Test
    void aLineWithoutTwoNamesIsRefusedWithItsNumber() {
        AliasFile.BadAliasFile e = assertThrows(AliasFile.BadAliasFile.class,
                () -> AliasFile.parse("aliases.csv", "alias,player\nA,B\nC\n"));
        assertEquals("aliases.csv line 3: a line is two names, the alias and the player (alias,player), not 1 value",
                e.getMessage());
        assertThrows(AliasFile.BadAliasFile.class, () -> AliasFile.parse("f", "A,B,C\n"));
        assertThrows(AliasFile.BadAliasFile.class, () -> AliasFile.parse("f", "A,\n"));
    }

    @Test
    void anAliasOfTwoPlayersIsRefused() {
        AliasFile.BadAliasFile e = assertThrows(AliasFile.BadAliasFile.class,
                () -> AliasFile.parse("aliases.csv", "A,B\nC,D\nA,E\n"));
        assertEquals("aliases.csv line 3: 'A' is already an alias of 'B' (line 1)", e.getMessage());
    }

    @Test
    void aPlayerWhoIsAnAliasHimselfIsRefused() {
        AliasFile.BadAliasFile e = assertThrows(AliasFile.BadAliasFile.class,
                () -> AliasFile.parse("aliases.csv", "A,B\nB,C\n"));
        assertEquals("aliases.csv line 1: 'B' is an alias itself (line 2): give the name it stands for", e.getMessage());
    }

    @Test
    void anUnclosedQuoteIsNoCsv() {
        AliasFile.BadAliasFile e = assertThrows(AliasFile.BadAliasFile.class,
                () -> AliasFile.parse("aliases.csv", "A,\"B\n"));
        assertEquals(true, e.getMessage().startsWith("aliases.csv: not CSV: "), e.getMessage());
    }

    @Test
    void aFileThatIsNotUtf8IsRefused(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("latin1.csv");
        Files.write(file, new byte[] {'J', (byte) 0xE9, 'r', ',', 'J'});
        AliasFile.BadAliasFile e = assertThrows(AliasFile.BadAliasFile.class, () -> AliasFile.read(file));
        assertEquals(file + ": not UTF-8 text", e.getMessage());
    }
}
