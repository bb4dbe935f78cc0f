/** The analysis board of a position string ({@code /analysis}) and {@code /api/analyse}. */
package org.emergo.viewer.analysis;
