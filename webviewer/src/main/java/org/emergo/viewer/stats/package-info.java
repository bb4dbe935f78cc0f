/** The statistics page: the collection's figures and the calibration of the winning chances. */
package org.emergo.viewer.stats;
