package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The store's packages and who may use them, as store/package-info.java says: each package of
 * store uses only those below it (so no cycle can form), and the modules above store keep off
 * its plumbing.
 */
class StoreLayoutTest {

    private static final String STORE = "org.emergo.store.";

    /** What each package of store may use besides the generated tables (jooq). */
    private static final Map<String, Set<String>> MAY_USE = Map.ofEntries(
            Map.entry("db", Set.of()),
            Map.entry("output", Set.of()),
            Map.entry("jdbc", Set.of("db")),
            Map.entry("sql", Set.of("db", "output")),
            Map.entry("game", Set.of("db", "jdbc", "sql")),
            Map.entry("pattern", Set.of("db", "jdbc", "sql", "output")),
            Map.entry("analysis", Set.of("db", "jdbc", "game", "pattern")),
            Map.entry("rating", Set.of("db", "jdbc")),
            Map.entry("review", Set.of("db", "jdbc", "sql", "game")),
            Map.entry("puzzle", Set.of("db", "jdbc", "sql", "game", "output")),
            Map.entry("stats", Set.of("game")));

    private static JavaClasses classes;

    @BeforeAll
    static void importTheClasses() {
        // the main code only: store's tests come in a test jar, which the predefined option misses
        ImportOption mainCode = location -> !location.contains("/test-classes/") && !location.contains("-tests.jar");
        classes = new ClassFileImporter().withImportOption(mainCode).importPackages("org.emergo");
    }

    @Test
    void everyPackageOfTheStoreIsDescribedAndCheckedHere() {
        Set<String> packages = new TreeSet<>();
        for (JavaClass c : classes) {
            String p = storePackage(c);
            if (p != null && !p.equals("jooq")) packages.add(p);
        }
        assertEquals(new TreeSet<>(MAY_USE.keySet()), packages);
    }

    @Test
    void eachPackageOfTheStoreUsesOnlyThePackagesBelowIt() {
        Set<String> wrong = new TreeSet<>();
        for (JavaClass c : classes) {
            String from = storePackage(c);
            if (from == null || from.equals("jooq")) continue;
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String to = storePackage(d.getTargetClass());
                if (to == null || to.equals(from) || to.equals("jooq") || MAY_USE.get(from).contains(to)) continue;
                wrong.add(c.getSimpleName() + " (" + from + ") uses " + d.getTargetClass().getSimpleName() + " (" + to + ")");
            }
        }
        assertEquals(List.of(), List.copyOf(wrong));
    }

    @Test
    void theCommandsAndTheViewerKeepOffTheStoresPlumbing() {
        Set<String> wrong = new TreeSet<>();
        for (JavaClass c : classes) {
            String module = c.getPackageName();
            if (!module.startsWith("org.emergo.cli") && !module.startsWith("org.emergo.viewer")) continue;
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                if ("jdbc".equals(storePackage(d.getTargetClass()))) {
                    wrong.add(c.getSimpleName() + " uses " + d.getTargetClass().getName());
                }
            }
        }
        assertEquals(List.of(), List.copyOf(wrong));
    }

    @Test
    void theRuleSeesTheStore() {
        // a rule over no classes would pass whatever the code did
        assertTrue(classes.stream().filter(c -> "review".equals(storePackage(c))).count() > 5);
        assertTrue(classes.stream().anyMatch(c -> c.getPackageName().startsWith("org.emergo.viewer")));
    }

    /** The first package under org.emergo.store, or null for a class outside the store. */
    private static String storePackage(JavaClass c) {
        String name = c.getPackageName() + ".";
        if (!name.startsWith(STORE) || name.equals(STORE)) return null;
        String rest = name.substring(STORE.length());
        return rest.substring(0, rest.indexOf('.'));
    }
}
