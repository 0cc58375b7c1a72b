/// Narrowing of the ink over the first and last stretch of a stroke, like a brush touching down
/// and lifting off.
public struct Taper: Hashable, Sendable {
    /// The length of the start taper along the stroke, points (0 = none), 0…10000.
    public let startLength: Double
    /// The length of the end taper, points (0 = none), 0…10000. The end is known only when the
    /// stroke ends, so ink within this distance of the newest point stays provisional.
    public let endLength: Double
    /// The width factor at the very tip, 0…1 (0 = a sharp point).
    public let tipScale: Double
    /// How the width grows from the tip to full over the taper length.
    public let easing: ResponseCurve

    /// No taper.
    public static let none = Taper(checkedStart: 0, end: 0, tipScale: 1, easing: .linear)

    /// A taper; throws `ParameterError` for a value outside its range.
    public init(startLength: Double = 0, endLength: Double = 0, tipScale: Double = 0.15, easing: ResponseCurve = .easeOut) throws(ParameterError) {
        try ParameterError.check("startLength", startLength, in: 0...10000)
        try ParameterError.check("endLength", endLength, in: 0...10000)
        try ParameterError.check("tipScale", tipScale, in: 0...1)
        self.init(checkedStart: startLength, end: endLength, tipScale: tipScale, easing: easing)
    }

    private init(checkedStart: Double, end: Double, tipScale: Double, easing: ResponseCurve) {
        self.startLength = checkedStart
        self.endLength = end
        self.tipScale = tipScale
        self.easing = easing
    }

    /// The width factor (tipScale…1) at `distanceFromStart` points from the start and
    /// `distanceToEnd` points before the end (pass infinity while the end is unknown).
    ///
    /// A stroke shorter than `settledLength` (twice both tapers together) tapers over half its
    /// length, each taper in proportion: a dash keeps its full width along its middle instead of
    /// narrowing into a lozenge, a dot (length 0) keeps all of it, so a tap never fades to the
    /// tip's width. A stroke's taper is final once it is `settledLength` long.
    public func scale(distanceFromStart: Double, distanceToEnd: Double) -> Double {
        let length = distanceFromStart + distanceToEnd
        let fit = length < settledLength ? Swift.max(0, length) / settledLength : 1
        func ramp(_ distance: Double, _ length: Double) -> Double {
            guard length > 0, distance < length else { return 1 }
            return tipScale + (1 - tipScale) * easing.apply(Swift.max(0, distance) / length)
        }
        return ramp(distanceFromStart, startLength * fit) * ramp(distanceToEnd, endLength * fit)
    }

    /// Both taper lengths together, points.
    public var fullLength: Double { startLength + endLength }
    /// The length from which a stroke tapers fully, points: twice `fullLength` (a shorter stroke
    /// tapers over half its length).
    public var settledLength: Double { 2 * fullLength }
}
