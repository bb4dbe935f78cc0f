/** Pattern search: the pattern editor, the matching games and what was played next, and /api/search. */
package org.emergo.viewer.search;
