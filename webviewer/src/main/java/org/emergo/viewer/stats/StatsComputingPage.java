package org.emergo.viewer.stats;

/** The statistics page while its first figures are computed: the games counted, and when it reloads. */
public record StatsComputingPage(int games, int refreshSeconds) {}
