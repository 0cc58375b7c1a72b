import ArgumentParser
import FreehandKit

/// `freehand names`: the stable names the library takes — techniques, brushes, presets — one a line,
/// from the catalogues themselves, so that scripts and pages read them instead of keeping copies.
struct NamesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "names",
        abstract: "List the technique, brush or preset names, one a line (the first is the default).")

    /// Which list.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case techniques, brushes, presets
    }

    @Argument(help: "techniques, brushes or presets.")
    var kind: Kind

    func run() throws {
        let names: [String] = switch kind {
        case .techniques: [TechniqueCatalog.defaultName] + TechniqueCatalog.names.filter { $0 != TechniqueCatalog.defaultName }
        case .brushes: [BrushCatalog.defaultName] + BrushCatalog.names.filter { $0 != BrushCatalog.defaultName }
        case .presets: InkPreset.names
        }
        print(names.joined(separator: "\n"))
    }
}
