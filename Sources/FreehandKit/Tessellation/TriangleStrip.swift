/// A variable-width stroke as a triangle strip: two vertices per centreline point, one each side,
/// perpendicular to the direction of travel at half the width (the signature-capture technique,
/// ready for a GPU). Vertex order: left₀, right₀, left₁, right₁, …; consecutive triples are the
/// triangles.
///
/// At a vertex the perpendicular bisects the two segments' normals. Where a pair would make the
/// strip fold back on itself — on the inside of a turn tighter than the width — that centreline
/// point is skipped (its neighbours' triangles cover it), so no triangle is ever flipped. A strip
/// has no caps; pair it with the outline's round ends where they matter.
public struct TriangleStrip: Hashable, Sendable {
    /// The strip's vertices, left and right alternating, in points.
    public private(set) var vertices: [Point2D] = []
    /// For each vertex, the opacity at its centreline point.
    public private(set) var opacities: [Double] = []
    /// How many centreline points were skipped to avoid a flip.
    public private(set) var skippedPoints = 0

    private var lastCentre: Point2D?
    private var lastDirection: Point2D?

    /// An empty strip.
    public init() {}

    /// The strip along `vertices` (see the type's description).
    public init(along centreline: [CentrelineVertex]) {
        let kept = Outline.distinct(centreline[...])
        for (index, vertex) in kept.enumerated() {
            let next = index + 1 < kept.count ? kept[index + 1].position : nil
            append(vertex, next: next)
        }
    }

    /// A strip that continues `other` from its last pair: it holds that pair (so its first triangle
    /// joins on) but none of the vertices before it.
    public init(continuing other: TriangleStrip) {
        if other.vertices.count >= 2 {
            vertices = Array(other.vertices.suffix(2))
            opacities = Array(other.opacities.suffix(2))
        }
        lastCentre = other.lastCentre
        lastDirection = other.lastDirection
    }

    /// The number of triangles.
    public var triangleCount: Int { Swift.max(0, vertices.count - 2) }

    /// Adds a centreline point; `next` is the following centreline position when known (it sets the
    /// direction at this point; without it the direction of the last segment is used).
    public mutating func append(_ vertex: CentrelineVertex, next: Point2D?) {
        let incoming: Point2D? = lastCentre.flatMap { previous in unit(vertex.position - previous) }
        let outgoing: Point2D? = next.flatMap { unit($0 - vertex.position) }
        guard let direction = bisector(incoming, outgoing) ?? lastDirection else {
            // A single point so far: nothing to orient it by yet.
            lastCentre = vertex.position
            return
        }
        if vertices.isEmpty, let previous = lastCentre, let first = incoming {
            // The first pair, held back until the direction was known.
            let firstNormal = Outline.normal(first)
            vertices += [previous + firstNormal * vertex.radius, previous - firstNormal * vertex.radius]
            opacities += [vertex.opacity, vertex.opacity]
        }
        let normal = Outline.normal(direction)
        let left = vertex.position + normal * vertex.radius, right = vertex.position - normal * vertex.radius
        if vertices.count >= 2 {
            let previousLeft = vertices[vertices.count - 2], previousRight = vertices[vertices.count - 1]
            // The quad's two triangles must both keep the strip's orientation, or it folds over.
            if Self.orientedArea(previousLeft, previousRight, left) < 0 || Self.orientedArea(previousRight, right, left) < 0 {
                skippedPoints += 1
                return
            }
        }
        vertices += [left, right]
        opacities += [vertex.opacity, vertex.opacity]
        lastCentre = vertex.position
        lastDirection = direction
    }

    /// Twice the signed area of the triangle a, b, c: positive when it turns the strip's way (the
    /// left side ahead of the right, in the +x-towards-+y sense).
    static func orientedArea(_ a: Point2D, _ b: Point2D, _ c: Point2D) -> Double {
        (b - a).cross(c - a)
    }

    /// The signed area of every triangle, positive for a triangle that keeps the strip's
    /// orientation (left side on the left of the direction of travel); a negative one is flipped.
    public var orientedAreas: [Double] {
        guard vertices.count >= 3 else { return [] }
        var areas: [Double] = []
        for index in 0..<(vertices.count - 2) {
            let a = vertices[index], b = vertices[index + 1], c = vertices[index + 2]
            // Strip order alternates the winding of consecutive triangles; undo that.
            areas.append((index % 2 == 0 ? 1 : -1) * Self.orientedArea(a, b, c) / 2)
        }
        return areas
    }

    private func unit(_ vector: Point2D) -> Point2D? {
        let length = vector.length
        return length > Outline.minimumSegment ? vector / length : nil
    }

    private func bisector(_ a: Point2D?, _ b: Point2D?) -> Point2D? {
        switch (a, b) {
        case (let a?, let b?):
            let sum = a + b
            return sum.length > 1e-6 ? sum / sum.length : a
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (nil, nil): return nil
        }
    }
}
