import FreehandKit
import Testing

/// Each technique's exact output on small hand-checked inputs, as its definition states it.
struct TechniqueGeometryTests {
    let p: [Point2D] = [Point2D(0, 0), Point2D(10, 0), Point2D(20, 10), Point2D(30, 10), Point2D(40, 0), Point2D(50, 5), Point2D(60, 0), Point2D(70, 10)]

    @Test func linearJoinsEverySampleWithStraightSegments() {
        let path = LinearTechnique().path(through: Array(p[0..<4]))
        #expect(path.elements == [.move(to: p[0]), .line(to: p[1]), .line(to: p[2]), .line(to: p[3])])
    }

    @Test func bezierGroupsUseEveryThirdSampleAsEndPoint() {
        let path = BezierGroupsTechnique().path(through: Array(p[0..<7]))
        #expect(path.elements == [
            .move(to: p[0]),
            .cubic(control1: p[1], control2: p[2], to: p[3]),
            .cubic(control1: p[4], control2: p[5], to: p[6]),
        ])
    }

    @Test func bezierGroupsDrawLeftoversAsLineOrQuadratic() {
        let one = BezierGroupsTechnique().path(through: Array(p[0..<5]))
        #expect(one.elements.last == .line(to: p[4]))
        let two = BezierGroupsTechnique().path(through: Array(p[0..<6]))
        #expect(two.elements.last == .quad(control: p[4], to: p[5]))
    }

    @Test func midpointCubicMovesJunctionsToControlMidpoints() {
        let path = MidpointCubicTechnique().path(through: Array(p[0..<8]))
        #expect(path.elements == [
            .move(to: p[0]),
            .cubic(control1: p[1], control2: p[2], to: p[2].midpoint(p[4])),
            .cubic(control1: p[4], control2: p[5], to: p[5].midpoint(p[7])),
            .line(to: p[7]),
        ])
    }

    @Test func midpointCubicReachesTheLastSampleWithEveryLeftoverCount() {
        for count in 1...8 {
            let path = MidpointCubicTechnique().path(through: Array(p[0..<count]))
            #expect(path.endPoint == p[count - 1], "count \(count)")
        }
        let three = MidpointCubicTechnique().path(through: Array(p[0..<4]))
        #expect(three.elements == [.move(to: p[0]), .cubic(control1: p[1], control2: p[2], to: p[3])])
    }

    @Test func midpointQuadraticUsesSamplesAsControlsAndMidpointsAsEnds() {
        let path = MidpointQuadraticTechnique().path(through: Array(p[0..<4]))
        #expect(path.elements == [
            .move(to: p[0]),
            .line(to: p[0].midpoint(p[1])),
            .quad(control: p[1], to: p[1].midpoint(p[2])),
            .quad(control: p[2], to: p[2].midpoint(p[3])),
            .line(to: p[3]),
        ])
    }

    @Test func catmullRomPassesThroughEverySampleWithOneCubicPerSpan() throws {
        for alpha in [0.0, 0.5, 1.0] {
            let path = try CatmullRomTechnique(alpha: alpha).path(through: p)
            #expect(path.elements.count == p.count)
            let ends = path.elements.dropFirst().map(\.endPoint)
            #expect(ends == Array(p.dropFirst()))
        }
    }

    @Test func uniformCatmullRomHasTheTextbookControlPoints() {
        let path = CatmullRomTechnique.uniform.path(through: Array(p[0..<4]))
        // Inner span P1→P2: controls P1 + (P2 − P0)/6 and P2 − (P3 − P1)/6.
        #expect(path.elements[2] == .cubic(control1: p[1] + (p[2] - p[0]) / 6, control2: p[2] - (p[3] - p[1]) / 6, to: p[2]))
    }

    @Test func centripetalCatmullRomMatchesTheBarryGoldmanPyramid() {
        // Evaluate the span P1→P2 by the recursive (Barry–Goldman) definition at a few parameters
        // and compare with the emitted Bézier.
        let (p0, p1, p2, p3) = (p[1], p[2], p[3], p[4])
        let t0 = 0.0
        let t1 = t0 + (p1 - p0).length.squareRoot()
        let t2 = t1 + (p2 - p1).length.squareRoot()
        let t3 = t2 + (p3 - p2).length.squareRoot()
        func lerp(_ a: Point2D, _ b: Point2D, _ ta: Double, _ tb: Double, _ t: Double) -> Point2D {
            a * ((tb - t) / (tb - ta)) + b * ((t - ta) / (tb - ta))
        }
        let path = CatmullRomTechnique.centripetal.path(through: Array(p[1...4]))
        let span = path.elements[2]
        for step in 0...10 {
            let u = Double(step) / 10
            let t = t1 + (t2 - t1) * u
            let a1 = lerp(p0, p1, t0, t1, t), a2 = lerp(p1, p2, t1, t2, t), a3 = lerp(p2, p3, t2, t3, t)
            let b1 = lerp(a1, a2, t0, t2, t), b2 = lerp(a2, a3, t1, t3, t)
            let expected = lerp(b1, b2, t1, t2, t)
            #expect(span.point(at: u, from: p1).distance(to: expected) < 1e-9)
        }
    }

    @Test func catmullRomEndSpansUseReflectedPhantomPoints() {
        let path = CatmullRomTechnique.uniform.path(through: Array(p[0..<3]))
        let phantom = 2 * p[0] - p[1]
        let expected = PathElement.cubic(control1: p[0] + (p[1] - phantom) / 6, control2: p[1] - (p[2] - p[0]) / 6, to: p[1])
        #expect(path.elements[1].isClose(to: expected))
    }

    @Test func centripetalCatmullRomHasNoSelfIntersectionOnAHairpinWhereUniformLoops() {
        let hairpin = [Point2D(0, 0), Point2D(10, 0), Point2D(11, -0.3), Point2D(8.8, 0.6)]
        let uniform = CatmullRomTechnique.uniform.path(through: hairpin).flattened(.segmentsPerCurve(64))
        let centripetal = CatmullRomTechnique.centripetal.path(through: hairpin).flattened(.segmentsPerCurve(64))
        #expect(Polyline.selfIntersects(uniform))
        #expect(!Polyline.selfIntersects(centripetal))
    }

    @Test func hermiteUsesCentralTangentsInsideAndOneSidedAtTheEnds() {
        let path = HermiteTechnique().path(through: Array(p[0..<4]))
        let m0: Point2D = p[1] - p[0]
        let m1: Point2D = (p[2] - p[0]) / 2
        let m2: Point2D = (p[3] - p[1]) / 2
        let m3: Point2D = p[3] - p[2]
        let tangents = [m0, m1, m2, m3]
        var expected: [PathElement] = [.move(to: p[0])]
        for i in 0..<3 {
            let control1: Point2D = p[i] + tangents[i] / 3
            let control2: Point2D = p[i + 1] - tangents[i + 1] / 3
            expected.append(.cubic(control1: control1, control2: control2, to: p[i + 1]))
        }
        #expect(path.elements == expected)
    }

    @Test func everyTechniqueHasAStableUniqueName() throws {
        let names = TechniqueCatalog.all.map(\.name)
        #expect(names == TechniqueCatalog.names)
        #expect(Set(names).count == names.count)
        for name in names { #expect(try TechniqueCatalog.technique(named: name).name == name) }
        #expect(throws: ParameterError.self) { try TechniqueCatalog.technique(named: "spline") }
    }

    @Test func techniqueParametersAreValidatedAtConstruction() {
        #expect(throws: ParameterError.self) { try CatmullRomTechnique(alpha: 1.5) }
        #expect(throws: ParameterError.self) { try CatmullRomTechnique(alpha: .nan) }
        #expect(throws: ParameterError.self) { try FreehandTechnique(alpha: -0.1) }
        #expect(throws: ParameterError.self) { try FreehandTechnique(alpha: .nan) }
    }
}

/// Geometry checks on polylines used by the tests.
enum Polyline {
    /// True when two non-adjacent segments of `points` properly cross.
    static func selfIntersects(_ points: [Point2D]) -> Bool {
        guard points.count >= 4 else { return false }
        for i in 0..<(points.count - 1) {
            for j in stride(from: i + 2, to: points.count - 1, by: 1) where segmentsCross(points[i], points[i + 1], points[j], points[j + 1]) {
                return true
            }
        }
        return false
    }

    static func segmentsCross(_ a: Point2D, _ b: Point2D, _ c: Point2D, _ d: Point2D) -> Bool {
        let d1 = (b - a).cross(c - a), d2 = (b - a).cross(d - a)
        let d3 = (d - c).cross(a - c), d4 = (d - c).cross(b - c)
        return d1 * d2 < 0 && d3 * d4 < 0
    }

    /// The distance from `point` to the nearest segment of `polyline`.
    static func distance(from point: Point2D, to polyline: [Point2D]) -> Double {
        guard polyline.count > 1 else { return polyline.first.map { $0.distance(to: point) } ?? .infinity }
        var best = Double.infinity
        for i in 0..<(polyline.count - 1) {
            let a = polyline[i], b = polyline[i + 1]
            let ab = b - a
            let t = ab.lengthSquared > 0 ? min(1, max(0, (point - a).dot(ab) / ab.lengthSquared)) : 0
            best = min(best, (a + ab * t).distance(to: point))
        }
        return best
    }
}

extension PathElement {
    /// The points of the element, control points included, in order.
    var points: [Point2D] {
        switch self {
        case .move(let to), .line(let to): return [to]
        case .quad(let c, let to): return [c, to]
        case .cubic(let c1, let c2, let to): return [c1, c2, to]
        }
    }

    /// The element's case, without its points.
    var kind: String {
        switch self {
        case .move: return "move"
        case .line: return "line"
        case .quad: return "quad"
        case .cubic: return "cubic"
        }
    }

    /// True when `other` is the same kind of element with every point within `tolerance`.
    func isClose(to other: PathElement, tolerance: Double = 1e-9) -> Bool {
        let mine = points, theirs = other.points
        guard kind == other.kind else { return false }
        return zip(mine, theirs).allSatisfy { $0.distance(to: $1) <= tolerance }
    }
}
