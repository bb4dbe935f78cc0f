/** How the pages write figures: ratings, deviations, shares, log-losses, accuracies. */
package org.emergo.viewer.format;
