/// Converting a recording's own units to points, so that every technique and filter is measured
/// in the units an app would feed it.
public enum RecordingUnits {
    /// Points per recording unit, read from a recording's free-text `units` description: UIKit points
    /// and Flutter logical pixels 1, CSS pixels 0.75 (96 per inch), millimetres 72/25.4, Wacom tablet
    /// units (0.01 mm) 0.72/25.4. Unknown descriptions count as points.
    public static func pointsPerUnit(describedBy units: String?) -> Double {
        guard let units = units?.lowercased() else { return 1 }
        if units.contains("tablet units") { return 0.72 / 25.4 }
        if units.contains("millimetre") || units.contains("millimeter") { return 72 / 25.4 }
        if units.contains("css px") { return 0.75 }
        return 1
    }
}
