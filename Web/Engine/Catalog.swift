import FreehandKit

/// The names the engine knows, as JSON: `{"techniques":[…],"brushes":[…],"presets":[…],
/// "defaultTechnique":…,"defaultBrush":…}`.
@_cdecl("fh_catalog")
func fh_catalog() -> Int32 {
    func list(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
    let text = "{\"techniques\":\(list(TechniqueCatalog.names)),\"brushes\":\(list(BrushCatalog.names)),"
        + "\"presets\":\(list(InkPreset.names)),\"defaultTechnique\":\"\(TechniqueCatalog.defaultName)\","
        + "\"defaultBrush\":\"\(BrushCatalog.defaultName)\"}"
    return Exchange.reply(text.utf8)
}
