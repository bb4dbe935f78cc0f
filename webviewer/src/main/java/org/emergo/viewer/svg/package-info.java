/** Text in SVG, escaped. */
package org.emergo.viewer.svg;
