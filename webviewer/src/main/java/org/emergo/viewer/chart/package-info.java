/** Charts as SVG: bars, lines and the review's evaluation graph. */
package org.emergo.viewer.chart;
