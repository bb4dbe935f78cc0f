package org.emergo.viewer.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which Host headers the viewer answers: an IP address, {@code localhost}, the name it was
 * told to listen on, or this machine's own name, each with the viewer's port. A page elsewhere
 * that points its own name at this machine (DNS rebinding) sends its name, and is refused: the
 * browser would otherwise let that page read the viewer's answers as its own. An IP address
 * needs no such care, since a page served from an address is that address's own.
 */
public final class HostCheck {

    /** name, or [IPv6], then an optional :port. */
    private static final Pattern HOST = Pattern.compile("(\\[[0-9A-Fa-f:.]+]|[^:\\[\\]]+)(?::(\\d{1,5}))?");
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private final String boundHost;
    private volatile Set<String> machineNames;

    public HostCheck(String boundHost) {
        this.boundHost = normal(boundHost);
    }

    /** Whether a request with this Host header, arriving on this port, is addressed to the viewer. */
    public boolean allows(String hostHeader, int port) {
        if (hostHeader == null) return false;
        Matcher m = HOST.matcher(hostHeader.strip());
        if (!m.matches()) return false;
        int given = m.group(2) == null ? 80 : Integer.parseInt(m.group(2));
        if (given != port) return false;
        String name = normal(m.group(1));
        return isAddress(name) || name.equals("localhost") || name.equals(boundHost) || machineNames().contains(name);
    }

    private static boolean isAddress(String name) {
        return IPV4.matcher(name).matches() || name.startsWith("[");
    }

    /** This machine's names, looked up once, when a request first names something else. */
    private Set<String> machineNames() {
        Set<String> names = machineNames;
        if (names == null) {
            names = new HashSet<>();
            try {
                InetAddress local = InetAddress.getLocalHost();
                names.add(normal(local.getHostName()));
                names.add(normal(local.getCanonicalHostName()));
            } catch (UnknownHostException e) {
                // a machine without a name is reached by its address
            }
            machineNames = names;
        }
        return names;
    }

    /** Lower case, without a final dot (example.org. is example.org). */
    private static String normal(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.endsWith(".") ? n.substring(0, n.length() - 1) : n;
    }
}
