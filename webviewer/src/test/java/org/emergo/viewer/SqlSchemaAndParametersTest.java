package org.emergo.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.testtools.HttpClient;
import io.javalin.testtools.JavalinTest;
import io.javalin.testtools.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.emergo.store.PostgresServer;
import org.emergo.store.db.Database;
import org.emergo.store.sql.SchemaCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The SQL page's schema panel, the example queries' parameters as form fields, and /api/sql. */
class SqlSchemaAndParametersTest {

    @Nested
    class OnH2 extends Cases {
        @Override
        Database open(Path folder) {
            return ViewerFixture.analysed(folder);
        }
    }

    @Nested
    @Tag("postgres")
    class OnPostgres extends Cases {
        @Override
        Database open(Path folder) {
            return ViewerFixture.analysed(PostgresServer.get().newDatabaseUrl());
        }
    }

    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    abstract static class Cases {

        private static final ObjectMapper JSON = new ObjectMapper();
        private static final String TALL = "02_tall_columns_on_e5.sql";
        private static final String BIG = "06_big_captures_available.sql";

        private Database db;

        abstract Database open(Path folder);

        @BeforeAll
        void database(@TempDir Path folder) {
            db = open(folder);
        }

        @AfterAll
        void close() {
            db.close();
        }

        private interface Check {
            void run(HttpClient client) throws Exception;
        }

        private void withApp(Check check) {
            JavalinTest.test(new ViewerApp(db).create(), (server, client) -> check.run(client));
        }

        private static String enc(String s) {
            return URLEncoder.encode(s, StandardCharsets.UTF_8);
        }

        private static JsonNode json(Response r) throws Exception {
            return JSON.readTree(r.body().string());
        }

        @Test
        void theSqlPageListsEveryTableAndViewWithEachColumnAndWhatItHolds() {
            withApp(client -> {
                String page = client.get("/sql").body().string();
                for (SchemaCatalog.Table t : SchemaCatalog.read(db)) {
                    assertTrue(page.contains("id=\"table-" + t.name() + "\""), t.name());
                    for (SchemaCatalog.Column c : t.columns()) {
                        assertTrue(page.contains("data-insert=\"" + c.name() + "\">" + c.name() + "</code></td><td>" + c.type()
                                + "</td>"), t.name() + "." + c.name());
                    }
                }
                assertTrue(page.contains("<td>the White player"), "a column's description");
            });
        }

        @Test
        void anExampleShowsAFieldForEachParameterWithItsDefault() {
            withApp(client -> {
                String page = client.get("/sql?example=" + TALL).body().string();
                assertTrue(page.contains("<input id=\"param-square\" name=\"square\" value=\"e5\""), page);
                assertTrue(page.contains("<input id=\"param-height\" name=\"height\" value=\"5\""), page);
                assertTrue(page.contains("<input id=\"param-variant\" name=\"variant\" value=\"Emergo\""), page);
                assertTrue(page.contains("/sql?example=" + TALL + "&amp;square=e5&amp;height=5&amp;variant=Emergo"), "the link");
            });
        }

        @Test
        void anExampleRunWithAValueGivesTheRowsOfTheQueryWithTheValueWrittenIn() {
            withApp(client -> {
                JsonNode given = json(client.get("/api/sql?example=" + BIG + "&men=3"));
                String text = new String(getClass().getClassLoader().getResourceAsStream("emergo-queries/" + BIG).readAllBytes(),
                        StandardCharsets.UTF_8).replace(":men", "3"); // the declaration becomes a comment that declares nothing
                JsonNode literal = json(client.get("/api/sql?q=" + enc(text),
                        r -> r.header("Sec-Fetch-Site", "same-origin")));
                assertEquals(literal.get("rows"), given.get("rows"));
                assertTrue(given.get("rows").size() > 0, "the fixture has captures of 3 or more available");
                assertEquals(3, given.get("parameters").get("men").asInt());
                JsonNode byDefault = json(client.get("/api/sql?example=" + BIG));
                assertTrue(byDefault.get("rows").size() < given.get("rows").size(), "4 or more is fewer than 3 or more");
            });
        }

        @Test
        void aHostileParameterValueIsDataNotSql() {
            withApp(client -> {
                Response r = client.get("/api/sql?example=" + TALL + "&square=" + enc("e5' OR '1'='1"));
                assertEquals(200, r.code());
                JsonNode body = json(r);
                assertEquals(0, body.get("rows").size());
                assertEquals("e5' OR '1'='1", body.get("parameters").get("square").asText());
                Response wrongType = client.get("/api/sql?example=" + TALL + "&height=" + enc("5 OR 1=1"));
                assertEquals(400, wrongType.code());
                assertEquals(":height is a number, and '5 OR 1=1' is not one", json(wrongType).get("error").asText());
            });
        }

        @Test
        void theApiRunsATypedQueryOnlyFromTheViewersOwnPages() {
            withApp(client -> {
                Response elsewhere = client.get("/api/sql?q=" + enc("SELECT 1 AS one"), r -> r.header("Sec-Fetch-Site", "cross-site"));
                assertEquals(403, elsewhere.code());
                Response own = client.get("/api/sql?q=" + enc("SELECT 1 AS one"), r -> r.header("Sec-Fetch-Site", "same-origin"));
                assertEquals(200, own.code());
                JsonNode body = json(own);
                assertEquals("ONE", body.get("columns").get(0).asText().toUpperCase());
                assertEquals(1, body.get("rows").get(0).get(0).asInt());
                assertFalse(body.get("truncated").asBoolean());
            });
        }
    }
}
