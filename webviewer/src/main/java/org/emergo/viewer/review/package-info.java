/** The review button of a game page: the engine reviews one game while the user waits. */
package org.emergo.viewer.review;
