package org.emergo.store.db;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.Map;
import org.h2.compress.CompressDeflate;
import org.h2.compress.CompressLZF;
import org.h2.compress.Compressor;
import org.h2.mvstore.Chunk;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.type.DataType;

/**
 * A leaf page of a table's map read as far as its keys and the mark before its values: whether
 * every entry is committed (H2 2.4.240's {@code VersionedValueType} writes a 0 there for such a
 * page). After an unclean stop most written leaves hold only committed entries, and their values
 * (a position's row, its text above all) took most of the search's time, to be thrown away:
 * this reads the page's bytes as H2's {@code Page.read} does, up to that mark, past H2's page
 * cache. A page it does not read so (not saved, not a leaf, or not as expected) is left to H2.
 */
final class LeafKeys {

    /** The keys of a leaf, and whether all its entries are committed. */
    record Leaf(Object[] keys, boolean committed) {}

    private final FileStore<?> files;
    private final Map<Integer, ?> chunks;
    private final Method readBuffer;
    private final Compressor fast = new CompressLZF();
    private final Compressor high = new CompressDeflate();

    @SuppressWarnings("unchecked") // FileStore's chunks by id
    LeafKeys(FileStore<?> files) {
        this.files = files;
        try {
            Field field = FileStore.class.getDeclaredField("chunks");
            field.setAccessible(true);
            chunks = (Map<Integer, ?>) field.get(files);
            readBuffer = Chunk.class.getDeclaredMethod("readBufferForPage", FileStore.class, int.class, long.class);
            readBuffer.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("H2's FileStore.chunks or Chunk.readBufferForPage is not what H2 2.4.240 has", e);
        }
    }

    /** The leaf of {@code map} at {@code pos}; null where H2 is to read it. */
    Leaf read(MVMap<?, ?> map, long pos) {
        if (!DataUtils.isPageSaved(pos) || !DataUtils.isLeafPosition(pos)) return null;
        ByteBuffer buff = buffer(pos);
        if (buff == null) return null;
        try {
            return leaf(map, pos, buff);
        } catch (RuntimeException e) {
            return null; // not as expected (a chunk moved meanwhile, say): H2 reads it, and says what is wrong
        }
    }

    private Leaf leaf(MVMap<?, ?> map, long pos, ByteBuffer buff) {
        int start = buff.position();
        int pageLength = buff.getInt();
        short check = buff.getShort();
        int expected = DataUtils.getCheckValue(DataUtils.getPageChunkId(pos)) ^ DataUtils.getCheckValue(DataUtils.getPageOffset(pos))
                ^ DataUtils.getCheckValue(pageLength);
        if (pageLength < 4 || pageLength > buff.remaining() + 6 || check != (short) expected) return null;
        DataUtils.readVarInt(buff); // the page's number in its chunk
        if (DataUtils.readVarInt(buff) != map.getId()) return null;
        int keyCount = DataUtils.readVarInt(buff);
        int type = buff.get();
        if ((type & 1) != DataUtils.PAGE_TYPE_LEAF) return null;
        buff.limit(start + pageLength);
        buff = expanded(buff, type, fast, high);
        @SuppressWarnings("unchecked")
        DataType<Object> keyType = (DataType<Object>) map.getKeyType();
        Object storage = keyType.createStorage(keyCount);
        keyType.read(buff, storage, keyCount);
        return new Leaf((Object[]) storage, buff.get() == 0);
    }

    /**
     * A page's body after its header (whose type byte is {@code type}), read on from
     * {@code buff}: decompressed as H2's {@code Page.read} does when the type says so.
     */
    static ByteBuffer expanded(ByteBuffer buff, int type, Compressor fast, Compressor high) {
        if ((type & DataUtils.PAGE_COMPRESSED) == 0) return buff;
        Compressor compressor = (type & DataUtils.PAGE_COMPRESSED_HIGH) == DataUtils.PAGE_COMPRESSED_HIGH ? high : fast;
        int lenAdd = DataUtils.readVarInt(buff);
        byte[] comp = new byte[buff.remaining()];
        buff.get(comp);
        byte[] page = new byte[comp.length + lenAdd];
        compressor.expand(comp, 0, comp.length, page, 0, page.length);
        return ByteBuffer.wrap(page);
    }

    /**
     * The page's bytes; null where H2 is to read them: a chunk H2 has not taken in yet (H2 would
     * make it from the layout and put it among its chunks, which another thread may be changing
     * while a program writes through this one), or one still being written (in memory).
     */
    private ByteBuffer buffer(long pos) {
        try {
            Chunk<?> chunk = (Chunk<?>) chunks.get(DataUtils.getPageChunkId(pos));
            if (chunk == null || chunk.buffer != null) return null;
            return (ByteBuffer) readBuffer.invoke(chunk, files, DataUtils.getPageOffset(pos), pos);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof MVStoreException) return null; // H2's own read says what is wrong
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
