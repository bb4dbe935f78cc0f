package org.emergo.cli;

import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import picocli.CommandLine;

/** {@code --variant emergo|hexemergo}, shared by the commands that read positions. */
final class VariantOption {
    @CommandLine.Option(
            names = "--variant",
            paramLabel = "V",
            description = "emergo (default) or hexemergo.",
            converter = VariantOption.Converter.class,
            defaultValue = "emergo")
    Variant variant = Variant.EMERGO;

    /** A position argument of this variant; a malformed one is a usage error (exit 2) naming the bad token. */
    Position position(String text, CommandLine.Model.CommandSpec spec) {
        try {
            return PositionText.parse(text, variant);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    static final class Converter implements CommandLine.ITypeConverter<Variant> {
        @Override
        public Variant convert(String value) {
            try {
                return Variant.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
