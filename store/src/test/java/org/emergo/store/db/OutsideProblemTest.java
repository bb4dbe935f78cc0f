package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;

class OutsideProblemTest {

    static {
        // H2 reads it once; Database sets it too, for the servers of mixed mode
        if (System.getProperty("h2.bindAddress") == null) System.setProperty("h2.bindAddress", "127.0.0.1");
    }

    @Test
    void aConnectionThatItsHolderTookAlongWhenItEndedIsOneLineThatSaysToRunAgain() {
        for (int code : new int[] {90067, 90098, 90121}) {
            SQLException broken = new SQLException("Connection is broken: \"session closed\"", "90067", code);
            String said = OutsideProblem.describe(new RuntimeException("batch failed", broken), "/data/games").orElseThrow();
            assertTrue(said.startsWith("the emergo command that served the database /data/games to this one has ended"), said);
            assertTrue(said.endsWith("run this again"), said);
            assertEquals(1, said.lines().count());
        }
    }

    /**
     * A holder killed while it sends rows: the client reads an EOF from the socket, which H2
     * reports as an I/O error, as it reports a damaged file (CI saw {@code emergo puzzles} stop
     * on it with a raw message). Here a real H2 server, and between it and the client a relay
     * that drops the connection when the client asks for the next rows.
     */
    @Test
    void aServerThatWentAwayMidAnswerIsTheHolderEndingNotADamagedFile() throws Exception {
        Server server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
        try (CuttableRelay relay = new CuttableRelay(server.getPort())) {
            // not closed: its server is gone by the end, and closing it says so once more
            Connection c = DriverManager.getConnection("jdbc:h2:tcp://127.0.0.1:" + relay.port() + "/mem:cut", "sa", "");
            c.createStatement().execute("CREATE TABLE t AS SELECT x FROM system_range(1, 1000)");
            SQLException failure = assertThrows(SQLException.class, () -> {
                try (ResultSet rows = c.createStatement().executeQuery("SELECT x FROM t")) {
                    rows.next(); // the first rows came with the answer; the next ones are asked for
                    relay.cut();
                    while (rows.next()) {
                        // reading on until the relay's cut is felt
                    }
                }
            });
            assertEquals(90028, failure.getErrorCode(), "H2 says I/O error: " + failure);
            String said = OutsideProblem.describe(new RuntimeException("reading failed", failure), "/data/games").orElseThrow();
            assertTrue(said.startsWith("the emergo command that served the database /data/games to this one has ended"), said);
            assertTrue(said.endsWith("run this again"), said);
        } finally {
            server.stop();
        }
    }

    /** Passes bytes between one client and the server until cut, then closes both sockets at the client's next request. */
    private static final class CuttableRelay implements AutoCloseable {
        private final ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        private volatile boolean cut;
        private final Thread relay;

        CuttableRelay(int serverPort) throws IOException {
            relay = new Thread(() -> {
                try (Socket client = listening.accept(); Socket server = new Socket(InetAddress.getLoopbackAddress(), serverPort)) {
                    Thread back = new Thread(() -> copy(server, client));
                    back.setDaemon(true);
                    back.start();
                    byte[] buffer = new byte[8192];
                    InputStream in = client.getInputStream();
                    OutputStream out = server.getOutputStream();
                    for (int n; (n = in.read(buffer)) > 0 && !cut; ) {
                        out.write(buffer, 0, n);
                        out.flush();
                    }
                    // the client's end first: the server, seeing its own end, sends an error of its
                    // own (an EOF it read), which must not reach the client as a holder's would not
                    client.close();
                } catch (IOException e) {
                    // the test ends the relay by closing its socket
                }
            });
            relay.setDaemon(true);
            relay.start();
        }

        private static void copy(Socket from, Socket to) {
            try {
                from.getInputStream().transferTo(to.getOutputStream());
            } catch (IOException e) {
                // one side closed
            }
        }

        int port() {
            return listening.getLocalPort();
        }

        void cut() {
            cut = true;
        }

        @Override
        public void close() throws IOException {
            listening.close();
        }
    }

    @Test
    void aLostConnectionIsSaidAsSuchWhateverWordsWrappedItAndAFileEndIsNot() {
        SQLException broken = new SQLException("Connection is broken: \"session closed\"", "90067", 90067);
        String said = OutsideProblem.connectionLost(new StoreException("the query failed: Connection is broken", broken), "/data/games")
                .orElseThrow();
        assertTrue(said.startsWith("the emergo command that served the database /data/games to this one has ended"), said);
        // an end of file read from a file (a truncated record, say) is no lost connection
        assertEquals(Optional.empty(), OutsideProblem.connectionLost(new StoreException("cannot read", new java.io.EOFException()), "/data/games"));
    }

    @Test
    void aFailureItDoesNotKnowIsLeftToTheCaller() {
        assertEquals(Optional.empty(), OutsideProblem.describe(new SQLException("syntax error", "42000", 42000), "/data/games"));
    }
}
