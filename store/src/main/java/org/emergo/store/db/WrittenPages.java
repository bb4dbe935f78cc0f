package org.emergo.store.db;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.Page;

/**
 * The pages of an H2 file written since a program opened it. H2 writes a changed page anew, and
 * every page above it, so a page of a chunk stored before that time holds nothing the program
 * changed, nor does any page under it: after an unclean stop, what the stopped program may have
 * left half done is found in the newer pages alone ({@link H2Leftovers}, {@link RecentGames}).
 */
final class WrittenPages {

    /** Pages this much older than the lock file are searched too: clocks and file times are coarse. */
    private static final long MARGIN_MILLIS = 60_000;

    private final BitSet oldChunks;

    private WrittenPages(BitSet oldChunks) {
        this.oldChunks = oldChunks;
    }

    /** The pages written since {@code since} (milliseconds since the epoch; 0: every page). */
    static WrittenPages since(MVStore store, long since) {
        BitSet old = new BitSet();
        long before = since - MARGIN_MILLIS;
        long created = store.getFileStore().getCreationTime();
        for (Map.Entry<String, String> e : store.getLayoutMap().entrySet()) {
            if (!e.getKey().startsWith("chunk.")) continue;
            HashMap<String, String> chunk = DataUtils.parseMap(e.getValue());
            long time = DataUtils.readHexLong(chunk, "time", Long.MAX_VALUE);
            if (time != Long.MAX_VALUE && created + time < before) old.set(Integer.parseInt(e.getKey().substring(6), 16));
        }
        return new WrittenPages(old);
    }

    /**
     * The pages under which {@code map}'s written pages lie, for searches at once: its root's
     * children written since, or its root if that is a leaf; none if the root is older.
     */
    <K, V> List<Page<K, V>> subtrees(MVMap<K, V> map) {
        Page<K, V> root = map.getRootPage();
        if (!written(root.getPos())) return List.of();
        if (root.isLeaf()) return List.of(root);
        List<Page<K, V>> pages = new ArrayList<>();
        for (int i = 0; i < root.getRawChildPageCount(); i++) {
            if (written(root.getChildPagePos(i))) pages.add(root.getChildPage(i));
        }
        return pages;
    }

    /** What {@link #forEachLeaf} meets. */
    interface LeafVisitor<K, V> {
        /**
         * A leaf written since: its position (0: not saved, or held in memory, where only H2 may
         * read it: its chunk can still be on its way to the file while another program writes
         * through this one), and the leaf as H2 reads it, when asked for.
         */
        void leaf(long pos, Supplier<Page<K, V>> page);
    }

    /** Each leaf written since under {@code page} (itself written since), with the pages above it read. */
    <K, V> void forEachLeaf(Page<K, V> page, LeafVisitor<K, V> visitor) {
        if (page.isLeaf()) {
            visitor.leaf(page.getPos(), () -> page);
            return;
        }
        for (int i = 0; i < page.getRawChildPageCount(); i++) {
            long pos = page.getChildPagePos(i);
            int index = i;
            if (!written(pos)) continue;
            if (pos != 0 && DataUtils.isLeafPosition(pos)) visitor.leaf(inMemory(page, i) ? 0 : pos, () -> page.getChildPage(index));
            else forEachLeaf(page.getChildPage(i), visitor);
        }
    }

    private static final Field CHILDREN;

    static {
        try {
            CHILDREN = Class.forName("org.h2.mvstore.Page$NonLeaf").getDeclaredField("children");
            CHILDREN.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("H2's Page.NonLeaf.children is not what H2 2.4.240 has", e);
        }
    }

    /** Whether H2 holds child {@code i} of {@code page} in memory (it reads a page from the file only when not). */
    private static boolean inMemory(Page<?, ?> page, int i) {
        try {
            return ((Page.PageReference<?, ?>[]) CHILDREN.get(page))[i].getPage() != null;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the page at {@code pos} may have been written since (0: not yet saved). */
    private boolean written(long pos) {
        return pos == 0 || !oldChunks.get(DataUtils.getPageChunkId(pos));
    }
}
