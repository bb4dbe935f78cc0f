package org.emergo.store.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.h2.compress.CompressDeflate;
import org.h2.compress.CompressLZF;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.type.StringDataType;

/**
 * The leaf pages of an H2 2.4.240 file read from its chunks' bytes, without H2's trees: as H2's
 * page dump ({@code MVStoreTool.dump}) finds them, each chunk by its header (or, where that is
 * damaged, by its checksummed footer) and each page by the chunk's table of contents and by
 * walking its pages one after another; a page counts when its check value (of its chunk, offset
 * and length) is right. It reads what the trees lead to no longer: a leaf under a damaged page
 * above it, the maps of a store whose own records (its layout, its meta map, its types) are
 * damaged.
 *
 * <p>A file holds older versions of a leaf too, in chunks not yet reclaimed. Of the versions of
 * an entry, the one of the newest leaf that reads whole is taken; and an entry is not taken from
 * a leaf H2 counts as free (its chunk's record in the store's layout, read here the same way,
 * marks it so: a newer version replaced it), nor when a newer leaf spans its key without holding
 * it: it was removed since, and a game deleted before the damage stays deleted. Only where the
 * layout's record of a chunk is lost too can an entry removed at the very edge of a leaf come back
 * (no newer leaf spans it); and a live leaf that H2 counted free after a kill ("Pages counted
 * free" in the notes on H2 after a kill) is not taken. A chunk newer than every chunk written
 * whole is a write a crash cut short: H2 drops it, and so does this.
 */
final class ChunkLeaves {

    private static final int BLOCK = 4096;
    private static final int MAX_HEADER = 1024;
    private static final int LAYOUT_MAP = 0;
    private static final int FOOTER = 128;

    /** A leaf page: its chunk's id, version and block, its number in the chunk, its map, where it is and how long, its entries. */
    record Leaf(int chunk, long version, long block, int pageNo, int map, long at, int length, int keyCount) {}

    /** Reads a leaf's entries (its page from its keys on), a key and a value each; a value of null: none committed. */
    interface Entries<K, V> {
        void read(ByteBuffer page, int count, List<K> keys, List<V> values);
    }

    private final Path file;
    private long newestWhole = -1;
    private long newestWithFooter = -1;
    private Map<String, Integer> mapIds;
    private final Map<Integer, List<Leaf>> byMap = new HashMap<>();
    /** Chunk id -> {block, dead pages}, from the layout; empty when none of it read. */
    private final Map<Integer, Object[]> layout = new HashMap<>();

    private ChunkLeaves(Path file) {
        this.file = file;
    }

    /**
     * The leaves of every chunk of the file whose header or footer reads: a damaged header leaves
     * the footer to say which chunk ends there (its id, length and version, checksummed).
     */
    static ChunkLeaves of(Path file) throws IOException {
        ChunkLeaves leaves = new ChunkLeaves(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            Map<Long, Map<String, String>> headers = new TreeMap<>();
            Map<Long, long[]> footers = new TreeMap<>(); // by the block the chunk starts at
            ByteBuffer block = ByteBuffer.allocate(BLOCK);
            // every block: a damaged chunk's length must not hide the chunks after it
            for (long b = 0; b * BLOCK < size; b++) {
                block.clear();
                while (block.hasRemaining() && ch.read(block, b * BLOCK + block.position()) > 0) {
                    // read on
                }
                byte[] bytes = block.array();
                Map<String, String> h = block.position() >= 6 && bytes[0] == 'c' ? header(bytes, Math.min(MAX_HEADER, block.position())) : null;
                if (h != null) headers.put(b, h);
                long[] f = block.position() == BLOCK ? footer(bytes, BLOCK - FOOTER) : null;
                if (f != null && b + 1 - f[1] >= 0) footers.put(b + 1 - f[1], f);
            }
            Set<Long> starts = new TreeSet<>(headers.keySet());
            starts.addAll(footers.keySet());
            for (long start : starts) leaves.chunk(ch, size, start, headers.get(start), footers.get(start));
        }
        leaves.readLayout();
        return leaves;
    }

    /** The chunk header's fields when it is one ("chunk:..,len:..,..." ending in a new line), else null. */
    private static Map<String, String> header(byte[] bytes, int length) {
        int end = 0;
        while (end < length && bytes[end] != '\n') end++;
        if (end == length) return null;
        String text = new String(bytes, 0, end, StandardCharsets.ISO_8859_1).trim();
        if (!text.startsWith("chunk:")) return null;
        try {
            return DataUtils.parseMap(text);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The footer at {@code at} ("chunk:..,len:..,version:..,fletcher:.."), as {id, length in
     * blocks, version}, when its checksum is right; else null.
     */
    private static long[] footer(byte[] bytes, int at) {
        if (bytes[at] != 'c') return null;
        String text = new String(bytes, at, FOOTER, StandardCharsets.ISO_8859_1).trim();
        int fletcher = text.indexOf(",fletcher:");
        if (fletcher < 0) return null;
        byte[] checked = text.substring(0, fletcher).getBytes(StandardCharsets.ISO_8859_1);
        try {
            Map<String, String> f = DataUtils.parseMap(text);
            if ((int) Long.parseLong(f.get("fletcher"), 16) != DataUtils.getFletcher32(checked, 0, checked.length)) return null;
            long[] chunk = {hexInt(f, "chunk", -1), hexInt(f, "len", 0), Long.parseLong(f.get("version"), 16)};
            return chunk[0] < 0 || chunk[1] <= 0 || chunk[2] < 0 ? null : chunk;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The chunk at {@code block}, by its header {@code h} and its footer {@code f} (either may be null). */
    private void chunk(FileChannel ch, long size, long block, Map<String, String> h, long[] f) throws IOException {
        long[] byHeader = null;
        int pages = 0;
        int toc = 0;
        if (h != null) {
            try {
                byHeader = new long[] {hexInt(h, "chunk", -1), hexInt(h, "len", 0), DataUtils.readHexLong(h, "version", -1)};
                pages = hexInt(h, "pages", 0);
                toc = hexInt(h, "toc", 0);
            } catch (RuntimeException e) {
                byHeader = null;
            }
        }
        // the footer's checksum vouches for it; a header that says otherwise is damaged, and so is its table of contents
        if (f != null && (byHeader == null || !java.util.Arrays.equals(byHeader, f))) {
            pages = 0;
            toc = 0;
        }
        long[] c = f != null ? f : byHeader;
        if (c == null || c[0] < 0 || c[1] <= 0 || c[2] < 0) return;
        int id = (int) c[0];
        long version = c[2];
        long at = block * BLOCK;
        // what is there of it: a file cut off keeps the pages before the cut
        int length = (int) Math.min(c[1] * BLOCK, Math.min(size - at, Integer.MAX_VALUE - 8));
        if (length <= 0) return;
        ByteBuffer bytes = ByteBuffer.allocate(length);
        while (bytes.hasRemaining() && ch.read(bytes, at + bytes.position()) > 0) {
            // read on
        }
        Set<Integer> offsets = new TreeSet<>();
        boolean whole = pages > 0 && toc > 0 && (long) toc + pages * 8L <= length;
        if (whole) {
            for (int i = 0; i < pages; i++) offsets.add(DataUtils.getPageOffset(bytes.getLong(toc + 8 * i)));
            for (int offset : offsets) whole &= page(bytes, id, offset);
        }
        // written whole: its footer says so, or every page its table of contents names is there
        if (whole || f != null) newestWhole = Math.max(newestWhole, version);
        if (f != null) newestWithFooter = Math.max(newestWithFooter, version);
        // and one page after another from the end of the header's line, as the dump does: a
        // damaged table of contents loses none
        int p = 0;
        while (p < Math.min(MAX_HEADER, length) && bytes.get(p) != '\n') p++;
        for (p++; p + 6 <= length && page(bytes, id, p); p += bytes.getInt(p)) offsets.add(p);
        for (int offset : offsets) {
            Leaf leaf = leaf(bytes, id, version, block, offset);
            if (leaf != null) byMap.computeIfAbsent(leaf.map(), m -> new ArrayList<>()).add(leaf);
        }
    }

    /** Whether a page of the chunk starts at {@code offset}: its check value of chunk, offset and length is right. */
    private static boolean page(ByteBuffer chunk, int id, int offset) {
        if (offset < 0 || offset + 6 > chunk.limit()) return false;
        int pageLength = chunk.getInt(offset);
        int expected = DataUtils.getCheckValue(id) ^ DataUtils.getCheckValue(offset) ^ DataUtils.getCheckValue(pageLength);
        return chunk.getShort(offset + 4) == (short) expected && pageLength >= 6 && offset + (long) pageLength <= chunk.limit();
    }

    /** The newest version of the chunks written whole; -1 when there is none. */
    long newestWhole() {
        return newestWhole;
    }

    /** The newest version of the chunks whose footer is there and their own; -1 when there is none. */
    long newestWithFooter() {
        return newestWithFooter;
    }

    /** The leaf at {@code offset} of the chunk's bytes; null when no page starts there, or not a leaf. */
    private static Leaf leaf(ByteBuffer chunk, int id, long version, long block, int offset) {
        try {
            if (!page(chunk, id, offset)) return null;
            ByteBuffer b = chunk.duplicate();
            b.position(offset);
            int pageLength = b.getInt();
            b.getShort(); // its check value, right (page)
            int pageNo = DataUtils.readVarInt(b);
            int map = DataUtils.readVarInt(b);
            int keyCount = DataUtils.readVarInt(b);
            int type = b.get();
            if ((type & 1) != DataUtils.PAGE_TYPE_LEAF || pageNo < 0 || map < 0 || keyCount < 0) return null;
            return new Leaf(id, version, block, pageNo, map, block * BLOCK + offset, pageLength, keyCount);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static int hexInt(Map<String, String> fields, String name, int absent) {
        String v = fields.get(name);
        return v == null ? absent : (int) Long.parseLong(v, 16);
    }

    /** H2's hex text of bytes (DataUtils.parseHexBytes, not public). */
    private static byte[] hexBytes(String hex) {
        if (hex == null) return null;
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        return bytes;
    }

    /** Which pages of which chunks H2 counts as dead: the store's layout, its newest entries that read. */
    private void readLayout() {
        NavigableMap<String, String> entries = newest(LAYOUT_MAP, ChunkLeaves::strings, Comparator.naturalOrder(), null, null);
        for (Map.Entry<String, String> e : entries.entrySet()) {
            if (!e.getKey().startsWith(DataUtils.LAYOUT_CHUNK)) continue;
            try {
                Map<String, String> c = DataUtils.parseMap(e.getValue());
                int id = Integer.parseInt(e.getKey().substring(DataUtils.LAYOUT_CHUNK.length()), 16);
                long block = DataUtils.readHexLong(c, "block", -1);
                byte[] dead = hexBytes(c.get("occupancy"));
                layout.put(id, new Object[] {block, dead == null ? new BitSet() : BitSet.valueOf(dead)});
            } catch (RuntimeException ex) {
                // a damaged entry: that chunk's pages are taken by their versions alone
            }
        }
    }

    /** Whether the layout says the leaf is dead: its page marked so, or its chunk's id now another chunk's. */
    private boolean dead(Leaf leaf) {
        Object[] c = layout.get(leaf.chunk());
        if (c == null) return false; // not known
        return (long) c[0] != leaf.block() || ((BitSet) c[1]).get(leaf.pageNo());
    }

    /** The entries of the store's layout and meta maps: text keys and values. */
    static void strings(ByteBuffer page, int count, List<String> keys, List<String> values) {
        for (int i = 0; i < count; i++) keys.add(StringDataType.INSTANCE.read(page));
        for (int i = 0; i < count; i++) values.add(StringDataType.INSTANCE.read(page));
    }

    /**
     * The store's maps by name, with their ids, as its meta map's newest entries that read say
     * ("name.table.146" -> 0x92); the meta map's id is in the layout ("meta.id").
     */
    Map<String, Integer> mapIds() {
        if (mapIds == null) mapIds = readMapIds();
        return mapIds;
    }

    private Map<String, Integer> readMapIds() {
        String metaId = newest(LAYOUT_MAP, ChunkLeaves::strings, Comparator.naturalOrder(), null, null).get("meta.id"); // FileStore.META_ID_KEY
        int meta = 1; // H2's own when the layout's entry is lost
        try {
            if (metaId != null) meta = Integer.parseInt(metaId, 16);
        } catch (NumberFormatException e) {
            // as H2 makes it
        }
        Map<String, Integer> ids = new TreeMap<>();
        for (Map.Entry<String, String> e : newest(meta, ChunkLeaves::strings, Comparator.naturalOrder(), null, null).entrySet()) {
            if (!e.getKey().startsWith(DataUtils.META_NAME)) continue;
            try {
                ids.put(e.getKey().substring(DataUtils.META_NAME.length()), Integer.parseInt(e.getValue(), 16));
            } catch (NumberFormatException ex) {
                // a damaged entry
            }
        }
        return ids;
    }

    /** The ids of the maps that have leaves. */
    Set<Integer> maps() {
        return new TreeSet<>(byMap.keySet());
    }

    /** The leaves of a map, in no order. */
    List<Leaf> leaves(int map) {
        return byMap.getOrDefault(map, List.of());
    }

    /**
     * The entries of {@code map} whose keys are above {@code after} and below {@code before}
     * (null: no bound), each from the newest leaf that holds it and reads whole: {@code entries}
     * reads it to its last byte and throws nothing. An entry whose newest version has no value
     * (removed, not yet committed) is left out.
     */
    <K, V> NavigableMap<K, V> newest(int map, Entries<K, V> entries, Comparator<K> order, K after, K before) {
        List<Leaf> all = new ArrayList<>(leaves(map));
        // a chunk newer than every one written whole is a write cut short (a crash): H2 drops it, and so does this
        all.removeIf(leaf -> leaf.version() > newestWhole);
        all.sort(Comparator.comparingLong(Leaf::version).reversed());
        NavigableMap<K, V> taken = new TreeMap<>(order);
        Set<K> decided = new TreeSet<>(order);
        NavigableMap<K, K> spans = new TreeMap<>(order); // of newer versions, merged
        List<K[]> ofThisVersion = new ArrayList<>();
        long version = Long.MAX_VALUE;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (Leaf leaf : all) {
                if (leaf.version() != version) {
                    for (K[] s : ofThisVersion) span(spans, s[0], s[1], order);
                    ofThisVersion.clear();
                    version = leaf.version();
                }
                List<K> keys = new ArrayList<>();
                List<V> values = new ArrayList<>();
                if (!read(ch, leaf, entries, keys, values)) continue;
                boolean dead = dead(leaf);
                for (int i = 0; i < keys.size(); i++) {
                    K key = keys.get(i);
                    if (after != null && order.compare(key, after) <= 0 || before != null && order.compare(key, before) >= 0) continue;
                    if (decided.contains(key) || covered(spans, key, order)) continue;
                    decided.add(key);
                    // a dead leaf's entry was written anew since, in a leaf that no longer reads: an older one would be stale
                    if (!dead && values.get(i) != null) taken.put(key, values.get(i));
                }
                if (!keys.isEmpty()) {
                    @SuppressWarnings("unchecked")
                    K[] s = (K[]) new Object[] {keys.get(0), keys.get(keys.size() - 1)};
                    ofThisVersion.add(s);
                }
            }
        } catch (IOException e) {
            // what was read so far
        }
        return taken;
    }

    private static <K> void span(NavigableMap<K, K> spans, K from, K to, Comparator<K> order) {
        Map.Entry<K, K> before = spans.floorEntry(from);
        if (before != null && order.compare(before.getValue(), from) >= 0) {
            from = before.getKey();
            if (order.compare(before.getValue(), to) > 0) to = before.getValue();
        }
        for (Map.Entry<K, K> e = spans.ceilingEntry(from); e != null && order.compare(e.getKey(), to) <= 0; e = spans.ceilingEntry(from)) {
            if (order.compare(e.getValue(), to) > 0) to = e.getValue();
            spans.remove(e.getKey());
        }
        spans.put(from, to);
    }

    private static <K> boolean covered(NavigableMap<K, K> spans, K key, Comparator<K> order) {
        Map.Entry<K, K> e = spans.floorEntry(key);
        return e != null && order.compare(e.getValue(), key) >= 0;
    }

    /** Whether the leaf's entries read whole with {@code entries}. */
    <K, V> boolean readsWhole(Leaf leaf, Entries<K, V> entries) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return read(ch, leaf, entries, new ArrayList<>(), new ArrayList<>());
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads the leaf's entries; false when it does not read whole (a damaged page). */
    private static <K, V> boolean read(FileChannel ch, Leaf leaf, Entries<K, V> entries, List<K> keys, List<V> values) {
        try {
            ByteBuffer b = ByteBuffer.allocate(leaf.length());
            while (b.hasRemaining() && ch.read(b, leaf.at() + b.position()) > 0) {
                // read on
            }
            if (b.hasRemaining()) return false;
            b.flip();
            b.position(6);
            DataUtils.readVarInt(b); // its number
            DataUtils.readVarInt(b); // its map
            DataUtils.readVarInt(b); // its number of keys
            int type = b.get();
            b = LeafKeys.expanded(b, type, new CompressLZF(), new CompressDeflate());
            entries.read(b, leaf.keyCount(), keys, values);
            return !b.hasRemaining() && keys.size() == leaf.keyCount() && values.size() == leaf.keyCount();
        } catch (IOException | RuntimeException | AssertionError e) { // H2's assertions, on in tests
            keys.clear();
            values.clear();
            return false;
        }
    }
}
