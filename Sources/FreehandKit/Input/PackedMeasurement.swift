/// An optional measurement stored in the eight bytes of a `Double` (an optional `Double` takes
/// sixteen): one quiet NaN bit pattern, which no arithmetic produces, stands for nil. Every other
/// value, every other NaN included, is kept exactly as given; the reserved pattern given as a
/// value reads back as nil. `Sample` keeps its optional measurements this way.
@propertyWrapper
public struct PackedMeasurement: Sendable {
    private var stored: Double

    /// The quiet NaN with payload 0xA65E7 ("absent").
    static var absentBits: UInt64 { 0x7FF8_0000_000A_65E7 }

    /// A measurement of `wrappedValue`, or none for nil.
    @inline(__always)
    public init(wrappedValue: Double?) {
        stored = wrappedValue ?? Double(bitPattern: Self.absentBits)
    }

    /// The measurement, or nil when there is none.
    public var wrappedValue: Double? {
        @inline(__always) get { stored.bitPattern == Self.absentBits ? nil : stored }
        @inline(__always) set { stored = newValue ?? Double(bitPattern: Self.absentBits) }
    }
}
