/// Least-squares fits of circles and ellipses to points (algebraic fits: a small linear system each).
enum ConicFit {
    /// The circle closest to `points` (Kåsa's fit): centre and radius; nil when the points are
    /// (nearly) collinear.
    static func circle(through points: [Point2D]) -> (center: Point2D, radius: Double)? {
        guard points.count >= 3 else { return nil }
        let mean = points.reduce(Point2D.zero, +) / Double(points.count)
        let scale = (points.reduce(0) { $0 + ($1 - mean).lengthSquared } / Double(points.count)).squareRoot()
        guard scale > 0, scale.isFinite else { return nil }
        // x² + y² + D x + E y + F = 0, in coordinates centred on the mean and scaled to unit spread.
        var normal = [[Double]](repeating: [0, 0, 0], count: 3)
        var right = [0.0, 0, 0]
        for point in points {
            let p = (point - mean) / scale
            let features = [p.x, p.y, 1.0]
            let target = -p.lengthSquared
            for row in 0..<3 {
                for column in 0..<3 { normal[row][column] += features[row] * features[column] }
                right[row] += features[row] * target
            }
        }
        guard let solution = LinearSolver.solve(normal, right) else { return nil }
        let center = Point2D(-solution[0] / 2, -solution[1] / 2)
        let squared = center.lengthSquared - solution[2]
        guard squared > 0, squared.isFinite else { return nil }
        return (mean + center * scale, squared.squareRoot() * scale)
    }

    /// The ellipse closest to `points`, its axes along and across the points' main direction of spread:
    /// centre, semi-axes (the first the longer) and the first axis's angle, radians; nil when no ellipse fits.
    static func ellipse(through points: [Point2D]) -> (center: Point2D, radii: SIMD2<Double>, rotation: Double)? {
        guard points.count >= 5, let axis = LineFit(points) else { return nil }
        let scale = (points.reduce(0) { $0 + ($1 - axis.center).lengthSquared } / Double(points.count)).squareRoot()
        guard scale > 0, scale.isFinite else { return nil }
        let across = Point2D(-axis.direction.y, axis.direction.x)
        // u X² + v Y² + g X + h Y = 1 in the frame of the axes, centred on the centroid, unit spread.
        var normal = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        var right = [0.0, 0, 0, 0]
        for point in points {
            let d = (point - axis.center) / scale
            let x = d.dot(axis.direction), y = d.dot(across)
            let features = [x * x, y * y, x, y]
            for row in 0..<4 {
                for column in 0..<4 { normal[row][column] += features[row] * features[column] }
                right[row] += features[row]
            }
        }
        guard let solution = LinearSolver.solve(normal, right) else { return nil }
        let (u, v, g, h) = (solution[0], solution[1], solution[2], solution[3])
        guard u > 0, v > 0 else { return nil }
        let x0 = -g / (2 * u), y0 = -h / (2 * v)
        let k = 1 + u * x0 * x0 + v * y0 * y0
        guard k > 0 else { return nil }
        var a = (k / u).squareRoot() * scale, b = (k / v).squareRoot() * scale
        var rotation = PortableMath.atan2(axis.direction.y, axis.direction.x)
        if a < b {
            swap(&a, &b)
            rotation += Double.pi / 2
        }
        guard a.isFinite, b > 0 else { return nil }
        let center = axis.center + (axis.direction * x0 + across * y0) * scale
        return (center, SIMD2(a, b), rotation)
    }

    /// The distance of `point` from the ellipse along the ray from its centre: a close approximation
    /// of the true distance when the ellipse is not very flat (exact for a circle).
    static func radialDistance(of point: Point2D, center: Point2D, radii: SIMD2<Double>, rotation: Double) -> Double {
        let (sin, cos) = PortableMath.sinCos(rotation)
        let d = point - center
        let x = d.x * cos + d.y * sin, y = -d.x * sin + d.y * cos
        let r = Point2D(x, y).length
        guard r > 0 else { return Swift.min(radii.x, radii.y) }
        let cx = x / r, sy = y / r
        let onEllipse = radii.x * radii.y / ((radii.y * cx) * (radii.y * cx) + (radii.x * sy) * (radii.x * sy)).squareRoot()
        return abs(r - onEllipse)
    }
}

/// Solves small dense linear systems (Gaussian elimination with partial pivoting).
enum LinearSolver {
    /// The x with `matrix` · x = `right`, or nil when the matrix is (nearly) singular.
    static func solve(_ matrix: [[Double]], _ right: [Double]) -> [Double]? {
        let n = right.count
        var a = matrix, b = right
        let largest = a.flatMap { $0 }.map(abs).max() ?? 0
        guard largest > 0, largest.isFinite else { return nil }
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }),
                  abs(a[pivot][column]) > largest * 1e-12 else { return nil }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = a[row][column] / a[column][column]
                for k in column..<n { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n { sum -= a[row][k] * x[k] }
            x[row] = sum / a[row][row]
        }
        return x.allSatisfy { $0.isFinite } ? x : nil
    }
}
