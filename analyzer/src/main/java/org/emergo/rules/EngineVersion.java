package org.emergo.rules;

/** The rules engine's version, stored with every analysis so changed findings can be traced. */
public final class EngineVersion {
    /** Raise it whenever a change to the rules or the analyser can change a finding. */
    public static final String VERSION = "1.0.0";

    private EngineVersion() {}
}
