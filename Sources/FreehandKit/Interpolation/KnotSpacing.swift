/// The knot interval of the non-uniform splines (Catmull–Rom, the default's local C2 spline):
/// |Pᵢ₊₁ − Pᵢ|^alpha, 0 uniform, 0.5 centripetal, 1 chordal. One home for the formula and its floor.
struct KnotSpacing: Hashable, Sendable {
    /// The knot exponent, 0…1.
    let alpha: Double

    /// The smallest interval: keeps the divisions finite when two samples are a hair apart.
    static let floor = 1e-12

    /// The interval for a step of `delta` between two points.
    @inline(__always)
    func interval(_ delta: Point2D) -> Double {
        let value: Double
        switch alpha {
        case 0: return 1
        case 0.5: value = delta.lengthSquared.squareRoot().squareRoot()
        case 1: value = delta.length
        default: value = PortableMath.pow(delta.lengthSquared, alpha / 2)
        }
        return Swift.max(value, Self.floor)
    }
}
