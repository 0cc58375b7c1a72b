/// Tangents of a cubic spline that is C2 (continuous curvature) within a window of samples: the
/// tangent at Pᵢ solves the spline's tridiagonal continuity equations over Pᵢ₋₁…Pᵢ₊₁ only, so it is
/// final once Pᵢ₊₂ is known (a global C2 spline would let every sample move every tangent).
///
/// Knot intervals are hⱼ = |Pⱼ₊₁ − Pⱼ|^alpha, stretched by the segment's duration where the samples
/// are timed (`durationFactor`). The continuity equation at an inner sample k is
/// hₖ·mₖ₋₁ + 2(hₖ₋₁ + hₖ)·mₖ + hₖ₋₁·mₖ₊₁ = 3(hₖ·(Pₖ − Pₖ₋₁)/hₖ₋₁ + hₖ₋₁·(Pₖ₊₁ − Pₖ)/hₖ)
/// (de Boor, "A Practical Guide to Splines", ch. IV). At the window's ends the tangent is the
/// derivative of the parabola through the end sample and its two neighbours — beyond the window
/// inside the stroke, or the first or last three samples at the stroke's true ends (there blended
/// with the end chord's direction, see `endChordWeight`).
///
/// Each span's Bézier arms are at most `armLimit` times its chord: where the pen turns sharply
/// between samples far apart, the tangents' length would otherwise fling the curve past the turn.
struct LocalC2Tangents {
    /// The knot exponent, 0…1.
    let alpha: Double
    /// Samples on each side of Pᵢ that its tangent depends on through the solve (one more on each
    /// side through the window's end conditions). A radius of 2 measured no better on real
    /// handwriting and commits one sample later.
    static let radius = 1

    /// The longest a span's Bézier arm (from an end sample to its control point) may be, as a
    /// fraction of the span's chord: 0.75. Longer arms are shortened, their direction kept, so the
    /// path stays G1 (tangent directions continuous) where it happens. On the shared recordings at
    /// 60 Hz it brings the mean overshoot under centripetal Catmull–Rom's and keeps the fidelity lead;
    /// see docs/default-technique.md.
    static let armLimit = 0.75

    /// The weight of the end chord's direction in the tangent at a stroke's first and last sample,
    /// the rest being the end parabola's derivative: 0.25. A parabola through a pen-down or lift-off
    /// hook bends its end tangent out of the stroke; the chord pulls it back in.
    static let endChordWeight = 0.25

    /// The knot interval between `a` and `b`, untimed.
    @inline(__always)
    func interval(_ a: Point2D, _ b: Point2D) -> Double {
        KnotSpacing(alpha: alpha).interval(b - a)
    }

    /// The knot interval of segment `j` (Pⱼ → Pⱼ₊₁): its length^alpha, times its duration's factor
    /// (`durationFactor`) when `times` are given (parallel to `points`, seconds, NaN where unknown;
    /// empty for none).
    @inline(__always)
    func interval(_ j: Int, of points: ArraySlice<Point2D>, times: ArraySlice<Double>) -> Double {
        let base = points.startIndex
        let spacing = interval(points[base + j], points[base + j + 1])
        guard !times.isEmpty else { return spacing }
        return spacing * Self.durationFactor(times[times.startIndex + j + 1] - times[times.startIndex + j])
    }

    /// How much a segment's duration (seconds) stretches its knot interval: (duration / 1/60 s)^(3/8)
    /// (`durationExponent`), the ratio clamped to 1/16…16 (a pause counts as at most 16 frames);
    /// exactly 1 for a duration that is unknown, not finite or under a microsecond, so that untimed
    /// samples keep the distance-only knots. Only ratios of neighbouring intervals shape the
    /// spline, so the reference duration is immaterial.
    @inline(__always)
    static func durationFactor(_ duration: Double) -> Double {
        // NaN compares false.
        guard duration >= TimedHermiteTechnique.minimumInterval, duration.isFinite else { return 1 }
        let ratio = Swift.min(Swift.max(duration / Sample.untimedInterval, 1.0 / 16), 16)
        // ratio^(3/8) with three square roots (a fraction of `pow`'s cost, once per segment).
        let eighth = ratio.squareRoot().squareRoot().squareRoot()
        return eighth * eighth * eighth
    }

    /// The exponent of a segment's duration in its knot interval: 3/8. Where samples arrive
    /// unevenly (a busy main thread, a browser's pointer events) a late sample's segment gets a
    /// longer interval, as the pen took longer over it; on the shared recordings at 30 Hz it brings
    /// the held-back samples 1.5 % closer (docs/default-technique.md).
    static let durationExponent = 0.375

    /// The knot intervals of `points` from segment `first` (Pfirst → Pfirst+1) on, computed once
    /// and shared by every tangent and span over them (a power per segment, not ten).
    /// Brings `knots` (intervals of the same points kept from an earlier call, or nil) up to every
    /// segment of `points` from `first` on, in place: only the segments past it are computed.
    func extend(_ knots: inout KnotIntervals?, of points: ArraySlice<Point2D>, times: ArraySlice<Double>, from first: Int) {
        let first = Swift.max(0, Swift.min(first, points.count - 1))
        // Read without binding a copy, so that the values are still uniquely held when appended to.
        guard let heldFirst = knots?.first, let end = knots?.end, heldFirst <= first, end >= first else {
            knots = intervals(of: points, times: times, from: first)
            return
        }
        knots!.forget(before: first)
        for j in end..<Swift.max(end, points.count - 1) { knots!.append(interval(j, of: points, times: times)) }
    }

    /// The intervals a stream's `KnotIntervals` holds at most: the stale ones `forget` lets pile
    /// up, and the window the next spans read.
    static let streamedIntervals = 40

    func intervals(of points: ArraySlice<Point2D>, times: ArraySlice<Double> = [], from first: Int) -> KnotIntervals {
        let first = Swift.max(0, Swift.min(first, points.count - 1))
        var values: [Double] = []
        // Room for the window a stream keeps (`forget` lets at most 32 stale ones pile up), so that
        // a live stroke's intervals are not regrown from a handful.
        values.reserveCapacity(Swift.max(Self.streamedIntervals, points.count - 1 - first))
        for j in first..<Swift.max(first, points.count - 1) { values.append(interval(j, of: points, times: times)) }
        return KnotIntervals(first: first, values: values)
    }

    /// The tangent (derivative with respect to the knot parameter) at `points[i]`, where `points`
    /// holds every sample known and the stroke is taken to end at its last one. Needs ≥ 2 points,
    /// and `h` must hold the intervals from segment i − 3 (or 0) on.
    func tangent(at i: Int, in points: ArraySlice<Point2D>, intervals h: KnotIntervals) -> Point2D {
        let base = points.startIndex, n = points.count
        @inline(__always) func p(_ k: Int) -> Point2D { points[base + k] }
        guard n >= 3 else { return (p(1) - p(0)) / h[0] }
        let first = Swift.max(0, i - Self.radius), last = Swift.min(n - 1, i + Self.radius)
        let size = last - first + 1
        if size == 3, i - first == 1 {
            return interiorTangent(at: i, in: points, intervals: h)
        }
        // Tridiagonal system: sub[j]·m[j−1] + diagonal[j]·m[j] + sup[j]·m[j+1] = rhs[j], j in 0..<size.
        var sub = FiveValues(repeating: 0.0), diagonal = sub, sup = sub
        var rhs = FiveValues(repeating: Point2D.zero)
        for j in 1..<(size - 1) {
            let k = first + j
            let h0 = h[k - 1], h1 = h[k]
            sub[j] = h1
            diagonal[j] = 2 * (h0 + h1)
            sup[j] = h0
            rhs[j] = continuityRight(at: k, in: points, intervals: h)
        }
        diagonal[0] = 1
        rhs[0] = windowEndTangent(at: first, in: points, intervals: h)
        diagonal[size - 1] = 1
        rhs[size - 1] = windowEndTangent(at: last, in: points, intervals: h)
        // Thomas algorithm: forward elimination, then back substitution down to the wanted row.
        for j in 1..<size {
            let factor = sub[j] / diagonal[j - 1]
            diagonal[j] -= factor * sup[j - 1]
            rhs[j] -= factor * rhs[j - 1]
        }
        var solution = rhs[size - 1] / diagonal[size - 1]
        var j = size - 2
        while j >= i - first {
            solution = (rhs[j] - sup[j] * solution) / diagonal[j]
            j -= 1
        }
        return solution
    }

    /// `tangent(at:in:intervals:)` for the commonest case — Pᵢ₋₁ and Pᵢ₊₁ both in the stroke —
    /// with the three-row solve written out: the same operations in the same order as the general
    /// Thomas algorithm on that system (rows 0 and 2 are the end conditions), so the same bits,
    /// without the general solve's loops and fixed-size buffers.
    @inline(__always)
    private func interiorTangent(at i: Int, in points: ArraySlice<Point2D>, intervals h: KnotIntervals) -> Point2D {
        let h0 = h[i - 1], h1 = h[i]
        let sub1 = h1, diagonal1 = 2 * (h0 + h1), sup1 = h0
        let rhs1 = continuityRight(at: i, in: points, intervals: h)
        let rhs0 = windowEndTangent(at: i - 1, in: points, intervals: h)
        let rhs2 = windowEndTangent(at: i + 1, in: points, intervals: h)
        // Forward elimination (row 0: diagonal 1, superdiagonal 0; row 2: subdiagonal 0, diagonal 1).
        let factor1 = sub1 / 1.0
        let eliminated1 = diagonal1 - factor1 * 0.0
        let reduced1 = rhs1 - factor1 * rhs0
        let factor2 = 0.0 / eliminated1
        let eliminated2 = 1.0 - factor2 * sup1
        let reduced2 = rhs2 - factor2 * reduced1
        // Back substitution to row 1.
        let solution2 = reduced2 / eliminated2
        return (reduced1 - sup1 * solution2) / eliminated1
    }

    /// The right-hand side of the continuity equation at inner sample `k` (see the type's note).
    @inline(__always)
    private func continuityRight(at k: Int, in points: ArraySlice<Point2D>, intervals h: KnotIntervals) -> Point2D {
        let base = points.startIndex
        let h0 = h[k - 1], h1 = h[k]
        return 3 * (h1 * (points[base + k] - points[base + k - 1]) / h0 + h0 * (points[base + k + 1] - points[base + k]) / h1)
    }

    /// The tangent a window ending at sample `k` fixes there: the derivative of the parabola
    /// through `k` and its neighbours, or through the first or last three samples at the
    /// stroke's true ends.
    @inline(__always)
    private func windowEndTangent(at k: Int, in points: ArraySlice<Point2D>, intervals h: KnotIntervals) -> Point2D {
        let base = points.startIndex, n = points.count
        @inline(__always) func p(_ j: Int) -> Point2D { points[base + j] }
        if k == 0 {
            let parabola = parabolaDerivative(p(0), p(1), p(2), h[0], h[1], at: 0)
            return endTangent(parabola: parabola, chord: (p(1) - p(0)) / h[0])
        }
        if k == n - 1 {
            let parabola = parabolaDerivative(p(n - 3), p(n - 2), p(n - 1), h[n - 3], h[n - 2], at: 2)
            return endTangent(parabola: parabola, chord: (p(n - 1) - p(n - 2)) / h[n - 2])
        }
        return parabolaDerivative(p(k - 1), p(k), p(k + 1), h[k - 1], h[k], at: 1)
    }

    /// The tangent at a stroke's true end: the end parabola's derivative pulled toward the end
    /// chord's (both with respect to the knot parameter) by `endChordWeight`.
    @inline(__always)
    private func endTangent(parabola: Point2D, chord: Point2D) -> Point2D {
        (1 - Self.endChordWeight) * parabola + Self.endChordWeight * chord
    }

    /// The derivative, at sample `at` (0, 1 or 2), of the parabola through q0, q1, q2 with knot
    /// intervals h0 (q0 → q1) and h1 (q1 → q2).
    private func parabolaDerivative(_ q0: Point2D, _ q1: Point2D, _ q2: Point2D, _ h0: Double, _ h1: Double, at index: Int) -> Point2D {
        let t0 = 0.0, t1 = h0, t2 = h0 + h1
        let t = index == 0 ? t0 : (index == 1 ? t1 : t2)
        let l0 = (2 * t - t1 - t2) / ((t0 - t1) * (t0 - t2))
        let l1 = (2 * t - t0 - t2) / ((t1 - t0) * (t1 - t2))
        let l2 = (2 * t - t0 - t1) / ((t2 - t0) * (t2 - t1))
        return l0 * q0 + l1 * q1 + l2 * q2
    }

    /// The span from `points[k − 1]` to `points[k]` as a cubic Bézier, given the tangents at its ends
    /// and its knot interval `h`; each arm at most `armLimit` times the chord.
    func span(endingAt k: Int, in points: ArraySlice<Point2D>, startTangent m0: Point2D, endTangent m1: Point2D, interval h: Double) -> PathElement {
        let start = points[points.startIndex + k - 1], end = points[points.startIndex + k]
        let longest = Self.armLimit * Self.armLimit * (end - start).lengthSquared
        return .cubic(control1: start + Self.arm(m0 * (h / 3), within: longest), control2: end - Self.arm(m1 * (h / 3), within: longest), to: end)
    }

    /// `arm` shortened, its direction kept, to a squared length of at most `longestSquared`.
    @inline(__always)
    private static func arm(_ arm: Point2D, within longestSquared: Double) -> Point2D {
        let squared = arm.lengthSquared
        // NaN compares false: a non-finite arm is left for the path's own checks.
        guard squared > longestSquared else { return arm }
        return arm * (longestSquared / squared).squareRoot()
    }
}

/// Knot intervals hⱼ = |Pⱼ₊₁ − Pⱼ|^alpha for the segments from `first` on, read by segment index.
struct KnotIntervals: Hashable, Sendable {
    /// The first segment held.
    private(set) var first: Int
    /// hfirst, hfirst+1, …
    private(set) var values: [Double]

    init(first: Int, values: [Double]) {
        self.first = first
        self.values = values
    }

    /// The segments held: `first` up to, not including, this one.
    var end: Int { first + values.count }

    /// Appends the interval of the next segment.
    mutating func append(_ value: Double) { values.append(value) }

    /// Forgets the segments before `segment` once enough have piled up (so that keeping them
    /// costs O(1) amortized per segment).
    mutating func forget(before segment: Int) {
        let stale = segment - first
        guard stale >= 32 else { return }
        values.removeFirst(stale)
        first = segment
    }

    /// The interval of segment `j` (Pⱼ → Pⱼ₊₁); j ≥ `first`.
    @inline(__always)
    subscript(j: Int) -> Double { values[j - first] }
}

/// Five values kept inline, for the small fixed-size systems of the local solve (no heap allocation
/// per sample). Indices 0…4.
struct FiveValues<Element> {
    private var storage: (Element, Element, Element, Element, Element)

    init(repeating value: Element) {
        storage = (value, value, value, value, value)
    }

    subscript(index: Int) -> Element {
        get {
            switch index {
            case 0: storage.0
            case 1: storage.1
            case 2: storage.2
            case 3: storage.3
            case 4: storage.4
            default: preconditionFailure("FiveValues index outside 0…4")
            }
        }
        set {
            switch index {
            case 0: storage.0 = newValue
            case 1: storage.1 = newValue
            case 2: storage.2 = newValue
            case 3: storage.3 = newValue
            case 4: storage.4 = newValue
            default: preconditionFailure("FiveValues index outside 0…4")
            }
        }
    }
}
