package org.emergo.pattern;

import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The one varint coding of emergo's stored bytes (a game's boards, the pattern index): unsigned
 * LEB128, seven bits a byte, low bits first, with zigzag for signed values.
 */
public final class Varint {

    private Varint() {}

    /** A signed value as an unsigned one: 0, -1, 1, -2 ... become 0, 1, 2, 3 ... */
    public static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    public static long unzigzag(long z) {
        return (z >>> 1) ^ -(z & 1);
    }

    /** The next varint of {@code in}. */
    public static long read(ByteBuffer in) {
        long v = 0;
        int shift = 0;
        int x;
        do {
            x = in.get();
            v |= (long) (x & 0x7f) << shift;
            shift += 7;
        } while ((x & 0x80) != 0);
        return v;
    }

    /** The next varint of {@code in} that fits an int (a count, a size). */
    public static int readInt(ByteBuffer in) {
        return (int) read(in);
    }

    /** A growing byte array that writes varints (ByteArrayOutputStream locks on every byte). */
    public static final class Writer extends OutputStream {
        private byte[] buf;
        private int size;

        public Writer(int capacity) {
            buf = new byte[Math.max(16, capacity)];
        }

        @Override
        public void write(int b) {
            if (size == buf.length) buf = Arrays.copyOf(buf, size * 2);
            buf[size++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (size + len > buf.length) buf = Arrays.copyOf(buf, Math.max(size * 2, size + len));
            System.arraycopy(b, off, buf, size, len);
            size += len;
        }

        /** {@code v} as an unsigned varint (a negative value takes ten bytes: zigzag it first). */
        public void varint(long v) {
            while ((v & ~0x7fL) != 0) {
                write((int) (v & 0x7f) | 0x80);
                v >>>= 7;
            }
            write((int) v);
        }

        public byte[] toByteArray() {
            return Arrays.copyOf(buf, size);
        }
    }
}
