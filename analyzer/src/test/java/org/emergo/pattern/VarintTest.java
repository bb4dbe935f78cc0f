package org.emergo.pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class VarintTest {

    /** The bytes stored in every database so far: LEB128 as the protocol buffers document it. */
    @Test
    void aValueIsWrittenSevenBitsAByteLowBitsFirst() {
        assertEquals("00", hex(0));
        assertEquals("7f", hex(127));
        assertEquals("8001", hex(128));
        assertEquals("ac02", hex(300));
        assertEquals("ffffffff0f", hex(0xFFFFFFFFL));
    }

    @Test
    void zigzagInterleavesTheSigns() {
        assertEquals(0, Varint.zigzag(0));
        assertEquals(1, Varint.zigzag(-1));
        assertEquals(2, Varint.zigzag(1));
        assertEquals(3, Varint.zigzag(-2));
        assertEquals(4294967295L, Varint.zigzag(Integer.MIN_VALUE));
    }

    @Property
    void whatIsWrittenIsReadBack(@ForAll long value, @ForAll int small) {
        Varint.Writer out = new Varint.Writer(1);
        out.varint(Varint.zigzag(value));
        out.varint(small & 0x7FFFFFFF);
        out.write(new byte[] {9, 8}, 0, 2);
        ByteBuffer in = ByteBuffer.wrap(out.toByteArray());
        assertEquals(value, Varint.unzigzag(Varint.read(in)));
        assertEquals(small & 0x7FFFFFFF, Varint.readInt(in));
        assertArrayEquals(new byte[] {9, 8}, new byte[] {in.get(), in.get()});
        assertEquals(0, in.remaining());
    }

    private static String hex(long v) {
        Varint.Writer out = new Varint.Writer(1);
        out.varint(v);
        return HexFormat.of().formatHex(out.toByteArray());
    }
}
