/**
 * The bulk import: files read with importer's readers on a thread of their own, their games
 * written in batches, each file's errors and its state (wholly imported or not) stored, so that
 * a second run finishes what a stopped one began. Uses db, jdbc and game.
 */
package org.emergo.store.importing;
