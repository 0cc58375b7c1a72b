import FreehandDocument
import FreehandKit

extension LiveSession {
    /// What new strokes look like and which tool a pointer gets.
    public struct Settings: Codable, Sendable, Equatable {
        /// The technique's stable name.
        public var technique = TechniqueCatalog.defaultName
        /// The brush's stable name.
        public var brush = BrushCatalog.defaultName
        /// The ink colour (CSS #rrggbb or #rrggbbaa).
        public var color = "#1a1a1a"
        /// The brush width in points, or nil for the brush's default.
        public var width: Double?
        /// "pen": pens and mice draw, fingers draw until a pen has touched the page and erase after
        /// (PencilKit's default); "eraser": every pointer erases; "lasso": every pointer selects (a
        /// loop round strokes selects them, a drag on the selection moves it).
        public var tool = "pen"
        /// The stabilizer as `MODE:STRENGTH` (`string:0.3`, `average:0.5`), or nil for none.
        public var stabilizer: String?
        /// Hold to snap: a stroke whose pen rests 0.5 s at its end becomes the clean shape it traces.
        public var snap = false

        /// Settings at their defaults.
        public init() {}

        /// Settings from JSON; a field left out keeps its default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let defaults = Settings()
            technique = try container.decodeIfPresent(String.self, forKey: .technique) ?? defaults.technique
            brush = try container.decodeIfPresent(String.self, forKey: .brush) ?? defaults.brush
            color = try container.decodeIfPresent(String.self, forKey: .color) ?? defaults.color
            width = try container.decodeIfPresent(Double.self, forKey: .width)
            tool = try container.decodeIfPresent(String.self, forKey: .tool) ?? defaults.tool
            stabilizer = try container.decodeIfPresent(String.self, forKey: .stabilizer)
            snap = try container.decodeIfPresent(Bool.self, forKey: .snap) ?? defaults.snap
        }
    }

    /// The preset new strokes are drawn in under `settings`, checked: the technique, brush, width
    /// and stabilizer must be ones the library takes, the colour one it reads.
    static func checkedPreset(_ settings: Settings) throws(PlaygroundError) -> InkPreset {
        guard RGBAColor(parsing: settings.color) != nil else { throw PlaygroundError("color: '\(settings.color)' is not a colour") }
        var stabilizer: Stabilizer?
        if let text = settings.stabilizer {
            do { stabilizer = try Stabilizer(parsing: text) } catch { throw PlaygroundError("stabilizer: \(error)") }
        }
        _ = try technique(named: settings.technique)
        do {
            return try InkPreset.custom(technique: settings.technique, brush: settings.brush, brushOptions: BrushOptions(width: settings.width), stabilizer: stabilizer)
        } catch {
            throw PlaygroundError("brush: \(error)")
        }
    }

    /// The default settings' preset (known good).
    static func preset(_ settings: Settings) -> InkPreset {
        (try? checkedPreset(settings)) ?? .handwriting
    }

    /// The colour of `settings` (black when it cannot be read: `checkedPreset` refuses those).
    static func color(_ settings: Settings) -> RGBAColor {
        RGBAColor(parsing: settings.color) ?? .black
    }

    /// The technique called `name`, or an error naming the setting.
    static func technique(named name: String) throws(PlaygroundError) -> any InterpolationTechnique {
        do { return try TechniqueCatalog.technique(named: name) } catch { throw PlaygroundError("technique: \(error)") }
    }
}
