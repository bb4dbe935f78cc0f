/**
 * The analysis board, shared by the pages that show a board one can play on: the moves tried
 * and the address that keeps them ({@link org.emergo.viewer.engine.Lines}), the board at a
 * position with its legal moves as links, and the engine that answers them with the review's
 * own judgement, one analysis at a time per client.
 */
package org.emergo.viewer.engine;
