import FreehandDocument
import FreehandKit

/// The outline of each stroke of the ink file in input slot 0 (FreehandKit JSON, recording JSON,
/// signature_pad JSON, binary or InkML), as JSON text: exactly what `freehand outline --precision
/// exact` writes for the same file — and with a brush name in slot 1 and/or a technique name in
/// slot 2, what `--brush` and `--technique` make of it. Returns 0, or an `ErrorCode` with the
/// message as text.
@_cdecl("fh_outline")
func fh_outline() -> Int32 {
    let data = Data(Exchange.bytes(Exchange.Slot.main))
    guard let format = InkFileFormat.sniff(data) else {
        return Exchange.fail(.unreadable, "not an ink file this engine reads (JSON, binary .fhb, InkML, signature_pad)")
    }
    let brush = Exchange.name(Exchange.Slot.brush), technique = Exchange.name(Exchange.Slot.technique)
    do throws(InkFormatError) {
        let pieces = try format.outlines(data) { look throws(InkFormatError) in
            do throws(ParameterError) {
                // As `freehand outline --brush --technique` lays them over the saved look.
                let styled = LookOverride(technique: technique, brush: brush).applied(to: look)
                return (try styled.makeTechnique(), try styled.makeStyle().fitted(toPixelsPerPoint: 1))
            } catch {
                throw .invalidValue(error.description)
            }
        }
        return Exchange.reply(OutlineJSON.bytes(for: pieces, precision: .exact))
    } catch {
        return Exchange.fail(.unreadable, error.description)
    }
}
