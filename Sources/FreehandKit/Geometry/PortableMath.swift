/// Sine, cosine, tangent, arctangents and powers built from IEEE 754's basic operations alone —
/// addition, subtraction, multiplication, division and square root, each correctly rounded on every
/// platform — so that the same samples give the same ink, bit for bit, on Linux, macOS and iOS.
///
/// The C library's `sin`, `atan2` or `pow` are not the same functions everywhere: glibc and Apple's
/// libm round differently in the last bit of some results, and a round cap, a join's sweep or a
/// knot interval would then differ between the phone that drew a signature and the server that
/// renders it. (Swift emits no fused multiply-adds unless asked, so its own arithmetic is the same
/// everywhere.) Each function here is within 2 units in the last place of the C library's result
/// for arguments ink meets (tested), `tan` within 3.
package enum PortableMath {
    // MARK: - Sine and cosine

    /// The sine and cosine of `x` (radians) at once. Accurate as stated for |x| ≤ 10⁷; beyond that
    /// the argument's reduction loses accuracy (still the same bits everywhere). Not finite → NaN.
    package static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        // Beyond ±10⁷ the angle is first brought into −π…π by the (exact) remainder of 2π's nearest
        // double: no longer the true angle's sine there, but finite and the same bits everywhere.
        // Then x = k·π/2 + r, |r| ≤ π/4, with π/2 in three parts, the first two of 30 bits so that
        // k times them is exact for |k| < 2²³.
        var r = abs(x) < 1e7 ? x : x.remainder(dividingBy: 6.283185307179586), quadrant = 0
        if abs(r) > 0.7853981633974483 {
            let k = (r * 0.6366197723675814).rounded(.toNearestOrEven)
            r = ((r - k * 1.570796325802803) - k * 9.920935791635221e-10) - k * 5.170182981794105e-19
            quadrant = Int(Int64(k) & 3)
        }
        let s = sinKernel(r), c = cosKernel(r)
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// The tangent of `x` radians (see `sinCos`): their quotient, within 3 ulp.
    package static func tan(_ x: Double) -> Double {
        let (s, c) = sinCos(x)
        return s / c
    }

    /// sin r for |r| ≤ π/4: its Taylor series to r¹⁹ (the next term is below 10⁻¹⁹ r).
    @inline(__always)
    private static func sinKernel(_ r: Double) -> Double {
        let z = r * r
        var p = -8.22063524662433e-18
        p = p * z + 2.8114572543455206e-15
        p = p * z - 7.647163731819816e-13
        p = p * z + 1.6059043836821613e-10
        p = p * z - 2.505210838544172e-08
        p = p * z + 2.7557319223985893e-06
        p = p * z - 0.0001984126984126984
        p = p * z + 0.008333333333333333
        p = p * z - 0.16666666666666666
        return r + (r * z) * p
    }

    /// cos r for |r| ≤ π/4: its Taylor series to r²⁰, with 1 − r²/2 formed so that its rounding
    /// error is added back.
    @inline(__always)
    private static func cosKernel(_ r: Double) -> Double {
        let z = r * r
        var p = 4.110317623312165e-19
        p = p * z - 1.5619206968586225e-16
        p = p * z + 4.779477332387385e-14
        p = p * z - 1.1470745597729725e-11
        p = p * z + 2.08767569878681e-09
        p = p * z - 2.755731922398589e-07
        p = p * z + 2.48015873015873e-05
        p = p * z - 0.001388888888888889
        p = p * z + 0.041666666666666664
        let half = 0.5 * z
        let w = 1 - half
        return w + (((1 - w) - half) + (z * z) * p)
    }

    // MARK: - Arctangents

    /// The arctangent of `x`, in −π/2…π/2 radians; NaN for NaN.
    package static func atan(_ x: Double) -> Double {
        guard !x.isNaN else { return .nan }
        let a = abs(x)
        let result: Double
        // atan a = atan c + atan t for a reference c near a, t = (a − c)/(1 + a·c), |t| ≤ 7/16.
        if a < 0.4375 {
            result = a - a * atanTail(a * a)
        } else {
            let t: Double, hi: Double, lo: Double
            if a < 0.6875 {
                (t, hi, lo) = ((2 * a - 1) / (2 + a), 0.4636476090008061, 2.2698777452961687e-17)
            } else if a < 1.1875 {
                (t, hi, lo) = ((a - 1) / (a + 1), 0.7853981633974483, 3.061616997868383e-17)
            } else if a < 2.4375 {
                (t, hi, lo) = ((a - 1.5) / (1 + 1.5 * a), 0.982793723247329, 1.3903311031230998e-17)
            } else {
                (t, hi, lo) = (-1 / a, 1.5707963267948966, 6.123233995736766e-17)
            }
            result = hi - ((t * atanTail(t * t) - lo) - t)
        }
        return x.sign == .minus ? -result : result
    }

    /// (t − atan t)/t as a series in z = t², |t| ≤ 7/16: z/3 − z²/5 + … to t⁴⁶ (the next term is
    /// below 10⁻¹⁹).
    @inline(__always)
    private static func atanTail(_ z: Double) -> Double {
        var p = 0.02127659574468085
        p = p * z - 0.022222222222222223
        p = p * z + 0.023255813953488372
        p = p * z - 0.024390243902439025
        p = p * z + 0.02564102564102564
        p = p * z - 0.02702702702702703
        p = p * z + 0.02857142857142857
        p = p * z - 0.030303030303030304
        p = p * z + 0.03225806451612903
        p = p * z - 0.034482758620689655
        p = p * z + 0.037037037037037035
        p = p * z - 0.04
        p = p * z + 0.043478260869565216
        p = p * z - 0.047619047619047616
        p = p * z + 0.05263157894736842
        p = p * z - 0.058823529411764705
        p = p * z + 0.06666666666666667
        p = p * z - 0.07692307692307693
        p = p * z + 0.09090909090909091
        p = p * z - 0.1111111111111111
        p = p * z + 0.14285714285714285
        p = p * z - 0.2
        p = p * z + 0.3333333333333333
        return z * p
    }

    /// The angle of the point (`x`, `y`) from the +x axis, in −π…π radians, with C's `atan2`
    /// conventions for zeros, infinities and NaN.
    package static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let pi = 3.141592653589793, piLow = 1.2246467991473532e-16, halfPi = 1.5707963267948966
        if y == 0 {
            // ±0 for x > 0 or +0, ±π for x < 0 or −0 (the sign of y).
            return x > 0 || (x == 0 && x.sign == .plus) ? y : (y.sign == .minus ? -pi : pi)
        }
        if x == 0 { return y > 0 ? halfPi : -halfPi }
        if x.isInfinite {
            let angle = y.isInfinite ? (x > 0 ? 0.7853981633974483 : 2.356194490192345) : (x > 0 ? 0 : pi)
            return y < 0 ? -angle : angle
        }
        if y.isInfinite { return y > 0 ? halfPi : -halfPi }
        let ratio = abs(y / x)
        // Past 2⁶⁰ the angle is ±π/2 to the last bit (and π − atan would round the wrong way).
        if ratio > 0x1p60 { return y > 0 ? halfPi : -halfPi }
        let z = atan(ratio)
        let angle = x > 0 ? z : pi - (z - piLow)
        return y < 0 ? -angle : angle
    }

    /// The arccosine of `x`, in 0…π radians; NaN outside −1…1.
    package static func acos(_ x: Double) -> Double {
        guard x >= -1, x <= 1 else { return .nan }
        // acos x = 2·atan(√((1 − x)/(1 + x))), each half under its own root.
        return 2 * atan2((1 - x).squareRoot(), (1 + x).squareRoot())
    }

}
