package org.emergo.rules;

/**
 * A column: J jailers of the owner's colour on top of P prisoners of the other colour
 * (docs/rules.md#pieces-and-columns). Inside positions a column is a packed int, 0 for an empty square:
 * bit 0 the owner (0 white, 1 black), bits 1-15 the prisoners, bits 16-30 the jailers.
 */
public record Column(Side owner, int jailers, int prisoners) {

    /** The most men of one kind a packed column holds. */
    public static final int MAX_MEN = 0x7fff;

    public Column {
        if (owner == null) throw new IllegalArgumentException("a column has an owner");
        if (jailers < 1 || jailers > MAX_MEN) throw new IllegalArgumentException("jailers out of range: " + jailers);
        if (prisoners < 0 || prisoners > MAX_MEN) throw new IllegalArgumentException("prisoners out of range: " + prisoners);
    }

    public int height() {
        return jailers + prisoners;
    }

    public int pack() {
        return pack(owner, jailers, prisoners);
    }

    public static Column unpack(int packed) {
        return packed == 0 ? null : new Column(owner(packed), jailers(packed), prisoners(packed));
    }

    /** Column notation of docs/formats.md#position-strings: {@code w}, {@code w3b2}, {@code bw4}. */
    @Override
    public String toString() {
        char[] out = new char[12];
        return new String(out, 0, PositionText.writeColumn(out, 0, pack()));
    }

    static int pack(Side owner, int jailers, int prisoners) {
        return (jailers << 16) | (prisoners << 1) | owner.ordinal();
    }

    static int ownerBit(int packed) {
        return packed & 1;
    }

    static Side owner(int packed) {
        return (packed & 1) == 0 ? Side.WHITE : Side.BLACK;
    }

    static int jailers(int packed) {
        return packed >>> 16;
    }

    static int prisoners(int packed) {
        return (packed >>> 1) & MAX_MEN;
    }

    /** The capturing column after taking one more prisoner (docs/rules.md#captures). */
    static int addPrisoner(int packed) {
        return packed + 2;
    }

    /**
     * The jumped column after losing its top man (docs/rules.md#captures): J-1 jailers over P prisoners;
     * with no jailer left the prisoners are liberated and change owner; nothing left is 0.
     */
    static int removeTop(int packed) {
        int j = jailers(packed) - 1;
        if (j > 0) return packed - (1 << 16);
        int p = prisoners(packed);
        return p == 0 ? 0 : (p << 16) | (ownerBit(packed) ^ 1);
    }
}
