package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.emergo.store.db.Database;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The project's layout, as docs/development.md#the-layout-checked says: which module may use which, and
 * inside analyzer, store and the viewer which package may use which. Each package uses only the
 * packages listed for it (so no cycle can form), the viewer's features use none of each other,
 * and the commands and the viewer keep off the store's plumbing.
 */
class LayoutTest {

    /** What each module may use besides itself. */
    private static final Map<String, Set<String>> MODULES = Map.of(
            "analyzer", Set.of(),
            "importer", Set.of("analyzer"),
            "store", Set.of("analyzer", "importer"),
            "viewer", Set.of("analyzer", "store"),
            "cli", Set.of("analyzer", "importer", "store", "viewer"));

    /** What each package of analyzer (org.emergo.X) may use. */
    private static final Map<String, Set<String>> ANALYZER = Map.of(
            "rules", Set.of(),
            "ratings", Set.of(),
            "pattern", Set.of("rules"),
            "replay", Set.of("rules"),
            "search", Set.of("rules"),
            "generate", Set.of("rules", "replay"),
            "review", Set.of("rules", "replay", "search"),
            "puzzle", Set.of("rules", "search", "review"));

    /** What each package of store may use besides the generated tables (jooq). */
    private static final Map<String, Set<String>> STORE = Map.ofEntries(
            Map.entry("db", Set.of()),
            Map.entry("output", Set.of()),
            Map.entry("jdbc", Set.of("db")),
            Map.entry("sql", Set.of("db", "output")),
            Map.entry("game", Set.of("db", "jdbc", "sql")),
            Map.entry("pattern", Set.of("db", "jdbc", "sql", "output")),
            Map.entry("analysis", Set.of("db", "jdbc", "game", "pattern")),
            Map.entry("rating", Set.of("db", "jdbc")),
            Map.entry("importing", Set.of("db", "jdbc", "game")),
            Map.entry("review", Set.of("db", "jdbc", "sql", "game")),
            Map.entry("puzzle", Set.of("db", "jdbc", "sql", "game", "output")),
            Map.entry("stats", Set.of("db", "jdbc", "game", "review")));

    /** What every feature of the viewer may use: the shared packages, never another feature. */
    private static final Set<String> SHARED = Set.of("http", "format", "board", "chart", "svg", "engine");

    /** What each package of the viewer may use; "" is the package of the route table. */
    private static final Map<String, Set<String>> VIEWER = Map.ofEntries(
            Map.entry("svg", Set.of()),
            Map.entry("format", Set.of()),
            Map.entry("http", Set.of()),
            Map.entry("board", Set.of("svg")),
            Map.entry("chart", Set.of("svg")),
            Map.entry("engine", Set.of("http", "board", "svg")),
            Map.entry("analysis", SHARED),
            Map.entry("game", SHARED),
            Map.entry("review", SHARED),
            Map.entry("puzzle", SHARED),
            Map.entry("player", SHARED),
            Map.entry("explorer", SHARED),
            Map.entry("search", SHARED),
            Map.entry("sql", SHARED),
            Map.entry("stats", SHARED),
            Map.entry("", Set.of("http", "engine", "game", "review", "puzzle", "player", "explorer", "search", "sql", "stats",
                    "analysis")));

    private static JavaClasses classes;

    @BeforeAll
    static void importTheClasses() {
        // the main code only: store's tests come in a test jar, which the predefined option misses
        ImportOption mainCode = location -> !location.contains("/test-classes/") && !location.contains("-tests.jar");
        classes = new ClassFileImporter().withImportOption(mainCode).importPackages("org.emergo");
    }

    @Test
    void eachModuleUsesOnlyTheModulesBelowIt() {
        assertEquals(List.of(), wrongUses(LayoutTest::module, MODULES));
    }

    @Test
    void eachPackageOfTheAnalyzerUsesOnlyThePackagesBelowIt() {
        assertEquals(new TreeSet<>(ANALYZER.keySet()), packages(LayoutTest::analyzerPackage));
        assertEquals(List.of(), wrongUses(LayoutTest::analyzerPackage, ANALYZER));
    }

    @Test
    void eachPackageOfTheStoreUsesOnlyThePackagesBelowIt() {
        assertEquals(new TreeSet<>(STORE.keySet()), packages(LayoutTest::storePackage));
        assertEquals(List.of(), wrongUses(LayoutTest::storePackage, STORE));
    }

    @Test
    void theViewersFeaturesUseNoneOfEachOther() {
        assertEquals(new TreeSet<>(VIEWER.keySet()), packages(LayoutTest::viewerPackage));
        assertEquals(List.of(), wrongUses(LayoutTest::viewerPackage, VIEWER));
    }

    @Test
    void theCommandsAndTheViewerKeepOffTheStoresPlumbing() {
        Set<String> wrong = new TreeSet<>();
        for (JavaClass c : classes) {
            String from = module(c);
            if (!"cli".equals(from) && !"viewer".equals(from)) continue;
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                if ("jdbc".equals(storePackage(d.getTargetClass()))) {
                    wrong.add(c.getSimpleName() + " uses " + d.getTargetClass().getName());
                }
            }
        }
        assertEquals(List.of(), List.copyOf(wrong));
    }

    /** The store's door throws unchecked exceptions only: StoreException, worded by its one translator, or jOOQ's. */
    @Test
    void whatTheCommandsAndTheViewerCallInTheStoreThrowsNoSqlException() {
        Set<String> wrong = new TreeSet<>();
        for (JavaClass c : classes) {
            String from = module(c);
            if (!"cli".equals(from) && !"viewer".equals(from)) continue;
            for (JavaCall<?> call : c.getCodeUnitCallsFromSelf()) {
                if (storePackage(call.getTargetOwner()) != null && call.getTarget().getThrowsClause().containsType(SQLException.class)) {
                    wrong.add(c.getSimpleName() + " calls " + call.getTarget().getFullName());
                }
            }
        }
        assertEquals(List.of(), List.copyOf(wrong));
    }

    @Test
    void aStoreClassTakesTheDatabaseOnlyWhenItUsesMoreThanItsDsl() {
        Set<String> wrong = new TreeSet<>();
        for (JavaClass c : classes) {
            if (storePackage(c) == null || storePackage(c).equals("db")) continue;
            boolean takesDatabase = c.getConstructors().stream().anyMatch(k -> k.getModifiers().contains(JavaModifier.PUBLIC)
                    && k.getRawParameterTypes().stream().anyMatch(t -> t.isEquivalentTo(Database.class)));
            if (!takesDatabase) continue;
            // more than dsl(): another of its methods, or the Database handed on to another class
            boolean usesMore = c.getMethodCallsFromSelf().stream().anyMatch(call -> call.getTargetOwner().isEquivalentTo(Database.class)
                    && !call.getName().equals("dsl"))
                    || c.getConstructorCallsFromSelf().stream().anyMatch(call -> call.getTarget().getRawParameterTypes().stream()
                            .anyMatch(t -> t.isEquivalentTo(Database.class)))
                    || c.getMethodCallsFromSelf().stream().anyMatch(call -> !call.getTargetOwner().isEquivalentTo(Database.class)
                            && call.getTarget().getRawParameterTypes().stream().anyMatch(t -> t.isEquivalentTo(Database.class)));
            if (!usesMore) wrong.add(c.getName());
        }
        assertEquals(List.of(), List.copyOf(wrong));
    }

    @Test
    void theRulesSeeTheirClasses() {
        // a rule over no classes would pass whatever the code did
        for (String m : MODULES.keySet()) {
            assertTrue(classes.stream().filter(c -> m.equals(module(c))).count() > 5, m);
        }
        assertTrue(classes.stream().filter(c -> "review".equals(storePackage(c))).count() > 5);
        assertTrue(classes.stream().filter(c -> "game".equals(viewerPackage(c))).count() > 3);
        assertTrue(classes.stream().filter(c -> "viewer".equals(module(c)))
                .flatMap(c -> c.getCodeUnitCallsFromSelf().stream())
                .filter(call -> storePackage(call.getTargetOwner()) != null).count() > 50, "the viewer's calls into the store");
    }

    private interface Part {
        /** The part of the layout a class is in, or null when outside what the table describes. */
        String of(JavaClass c);
    }

    private static Set<String> packages(Part part) {
        Set<String> found = new TreeSet<>();
        for (JavaClass c : classes) {
            String p = part.of(c);
            if (p != null && !p.equals("jooq")) found.add(p);
        }
        return found;
    }

    private static List<String> wrongUses(Part part, Map<String, Set<String>> mayUse) {
        Set<String> wrong = new TreeSet<>();
        for (JavaClass c : classes) {
            String from = part.of(c);
            if (from == null || from.equals("jooq")) continue;
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String to = part.of(d.getTargetClass());
                if (to == null || to.equals(from) || to.equals("jooq") || mayUse.get(from).contains(to)) continue;
                wrong.add(c.getName() + " (" + from + ") uses " + d.getTargetClass().getName() + " (" + to + ")");
            }
        }
        return List.copyOf(wrong);
    }

    /** The module of a class of the project (by its package), or null for a library's. */
    private static String module(JavaClass c) {
        String p = c.getPackageName() + ".";
        if (!p.startsWith("org.emergo.")) return null;
        for (String m : List.of("importer", "store", "viewer", "cli")) {
            if (p.startsWith("org.emergo." + m + ".")) return m;
        }
        return "analyzer";
    }

    private static String analyzerPackage(JavaClass c) {
        return "analyzer".equals(module(c)) ? below(c, "org.emergo.") : null;
    }

    private static String storePackage(JavaClass c) {
        return below(c, "org.emergo.store.");
    }

    private static String viewerPackage(JavaClass c) {
        String name = c.getPackageName();
        return name.equals("org.emergo.viewer") ? "" : below(c, "org.emergo.viewer.");
    }

    /** The first package under prefix, or null for a class outside it. */
    private static String below(JavaClass c, String prefix) {
        String name = c.getPackageName() + ".";
        if (!name.startsWith(prefix) || name.equals(prefix)) return null;
        String rest = name.substring(prefix.length());
        return rest.substring(0, rest.indexOf('.'));
    }
}
