/**
 * Everything emergo keeps in a database, in packages of one capability each. Each package
 * may use only those below it; {@code LayoutTest} (cli) checks this and that no cycle
 * forms:
 *
 * <pre>
 * stats     the viewer's statistics: figures counted over the games, analyses and reviews,
 *           and stored by the commands that change them for the viewer to read
 * puzzle    puzzles mined from the reviewed games: the job, the set, attempts and ratings
 * review    the engine's judgement of the games: settings, curves, stored reviews
 * analysis  the replay's rows: positions, findings, shadowpieces, figures
 * rating    players, aliases, ratings
 * importing the bulk import: files read by importer, their games written in batches
 * pattern   the pattern index and pattern search
 * game      games: records, tags, files, import errors, export
 * sql       user SQL: read-only queries, named parameters, the schema as users see it
 * jdbc      plumbing the jobs share: batches, COPY, work claims between processes
 * output    result writers: table, CSV, JSON
 * db        the database itself: open, migrate, H2 and PostgreSQL, Citus, lock keys
 * </pre>
 *
 * The generated tables ({@code org.emergo.store.jooq}) may be used by every package.
 *
 * <p>What a class takes at the door: a {@code DSLContext} when it reads and writes with jOOQ
 * alone; the {@code Database} when it needs more of it (its connections for batches, COPY or
 * claims, its dialect, its file) or runs other classes' work (a job). {@code LayoutTest} checks
 * that a class taking the Database uses more of it than its {@code dsl()}.
 *
 * <p>What comes out of the door: unchecked exceptions only, jOOQ's {@code DataAccessException}
 * or a {@code StoreException} whose message a user reads, worded once by
 * {@code StoreException.of} ({@code Database.failure}): a problem outside emergo as such, else
 * what failed and the first line of the database's words. JDBC's checked {@code SQLException}
 * stays inside: a method the commands or the viewer call declares none ({@code LayoutTest}).
 */
package org.emergo.store;
