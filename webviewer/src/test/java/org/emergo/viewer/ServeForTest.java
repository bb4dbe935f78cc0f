package org.emergo.viewer;

import org.emergo.store.db.Database;

/**
 * The viewer in a JVM of its own, for a test that gives it a small heap: opens (making it if
 * need be) the database named as {@code --db} names one, serves it on a free port of 127.0.0.1,
 * prints the address, and serves until the JVM is stopped.
 */
public final class ServeForTest {

    private ServeForTest() {}

    public static void main(String[] args) throws InterruptedException {
        Database db = Database.open(args[0]);
        ViewerServer server = ViewerServer.start(db, "127.0.0.1", 0);
        System.out.println("serving " + server.url());
        System.out.flush();
        Thread.currentThread().join();
    }
}
