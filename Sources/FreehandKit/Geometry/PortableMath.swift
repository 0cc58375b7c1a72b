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

    // MARK: - Powers

    /// `x` raised to `y`, for a base of 0 or more; NaN for a negative base or NaN. 1 when `y` is 0
    /// or `x` is 1; 0 or +∞ for a zero or infinite base, as the sign of `y` says.
    package static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 || x == 1 { return 1 }
        guard !x.isNaN, !y.isNaN, x >= 0 else { return .nan }
        if x == 0 { return y > 0 ? 0 : .infinity }
        if x.isInfinite { return y > 0 ? .infinity : 0 }
        let (high, low) = log(x)
        let product = y * high
        // Where the power is far beyond a double's range (or y is too large to split), the rounded
        // product says so already.
        guard abs(product) < 800, abs(y) < 0x1p900 else { return exp(product + y * low) }
        // y·ln x to far below an ulp: the product's rounding error, exactly, and y·low, both added
        // to the reduced argument.
        let error = productError(y, high, product)
        return exp(product, plus: error + y * low)
    }

    /// The rounding error of `product` = a·b, exactly (Dekker's product, for |a|, |b| below 2⁹⁹⁶
    /// and a product that neither over- nor underflows: no fused multiply-add needed).
    @inline(__always)
    private static func productError(_ a: Double, _ b: Double, _ product: Double) -> Double {
        @inline(__always) func halves(_ value: Double) -> (Double, Double) {
            let scaled = 134217729 * value  // 2²⁷ + 1: the high half keeps 26 bits.
            let high = scaled - (scaled - value)
            return (high, value - high)
        }
        let (aHigh, aLow) = halves(a), (bHigh, bLow) = halves(b)
        return (((aHigh * bHigh - product) + aHigh * bLow) + aLow * bHigh) + aLow * bLow
    }

    /// The natural logarithm of a positive, finite `x` as a sum high + low (|low| at most half an
    /// ulp of high), to an absolute error below 2⁻⁵⁹ (what `pow` needs: e^(y·ln x) turns an
    /// absolute error into a relative one).
    @inline(__always)
    static func log(_ x: Double) -> (high: Double, low: Double) {
        // x = 2ᵏ·m, m in 1…2; m = F·(1 + u) with F = 1 + i/128 the table's point just below m
        // (m − F is exact) and 0 ≤ u < 2⁻⁷: ln x = k·ln 2 + ln F + ln(1 + u).
        // The exponent and significand read from the bits (a subnormal x scaled up by 2⁵⁴ first).
        var bits = x.bitPattern, shift = -1023
        if bits >> 52 == 0 {
            bits = (x * 0x1p54).bitPattern
            shift -= 54
        }
        let k = Double(Int(truncatingIfNeeded: bits >> 52) + shift)
        let m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
        let index = Int(truncatingIfNeeded: (bits >> 45) & 127)
        let f = m - (1 + Double(index) * 0.0078125)
        let entry = logTable[index]
        let u = f * entry.inverse
        // ln(1 + u) to u⁷ (the next term is below 2⁻⁵⁹), its terms paired (Estrin's scheme: a
        // shorter chain of dependent operations than Horner's).
        let u2 = u * u
        let p = (u * 0.3333333333333333 - 0.5) + u2 * ((u * 0.2 - 0.25) + u2 * (u * 0.14285714285714285 - 0.16666666666666666))
        let logOnePlusU = u + u2 * p
        // ln 2 in two parts, the first of 32 bits (k times it is exact).
        let (sum, error) = twoSum(k * 0.6931471803691238, entry.high)
        // Renormalized: the low part within half an ulp of the high one.
        let (high, low) = twoSum(sum, error + ((k * 1.9082149292705877e-10 + entry.low) + logOnePlusU))
        return (high, low)
    }

    /// a + b as their rounded sum and its rounding error, exactly (Knuth's two-sum).
    @inline(__always)
    private static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let sum = a + b
        let bPart = sum - a
        return (sum, (a - (sum - bPart)) + (b - bPart))
    }

    /// e raised to `x` + `correction` (a term of the order of x's rounding error, added to the
    /// reduced argument): +∞ above 709.78, 0 below −745.2.
    @inline(__always)
    static func exp(_ x: Double, plus correction: Double = 0) -> Double {
        if x.isNaN { return .nan }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        // x = (32n + j)·ln 2/32 + r, |r| ≤ ln 2/64: eˣ = 2ⁿ · 2^(j/32) · eʳ, the middle factor from
        // the table (with its rounding error beside it), eʳ − 1 by its Taylor series to r⁶ (terms paired).
        let k = (x * 46.16624130844683).rounded(.toNearestOrEven)
        let r = ((x - k * 0.02166084938653512) - k * 5.9631716539705866e-12) + correction
        let r2 = r * r
        let p = (r * 0.16666666666666666 + 0.5) + r2 * ((r * 0.008333333333333333 + 0.041666666666666664) + r2 * 0.001388888888888889)
        let expm1 = r + r2 * p
        let whole = Int(k)
        let entry = expTable[whole & 31], n = whole >> 5
        let scaled = entry.high + (entry.low + entry.high * expm1)
        // 2ⁿ in one factor where it is a normal number, else in two, so that neither over- or
        // underflows before the product.
        if n >= -1022 && n <= 1023 { return scaled * Double(bitPattern: UInt64(1023 + n) << 52) }
        let first = n / 2
        return scaled * Double(sign: .plus, exponent: first, significand: 1) * Double(sign: .plus, exponent: n - first, significand: 1)
    }

    /// 2^(j/32) for j = 0…31, each as its nearest double and that double's error.
    private static let expTable: [(high: Double, low: Double)] = [
        (1.0, 0.0),
        (1.0218971486541166, 5.109225028973444e-17),
        (1.0442737824274138, 8.551889705537965e-17),
        (1.0671404006768237, -7.899853966841582e-17),
        (1.0905077326652577, -3.046782079812471e-17),
        (1.1143867425958924, 1.0410278456845571e-16),
        (1.1387886347566916, 8.912812676025408e-17),
        (1.1637248587775775, 3.8292048369240935e-17),
        (1.189207115002721, 3.982015231465646e-17),
        (1.215247359980469, -7.712630692681488e-17),
        (1.241857812073484, 4.658027591836937e-17),
        (1.2690509571917332, 2.667932131342186e-18),
        (1.2968395546510096, 2.5382502794888315e-17),
        (1.3252366431597413, -2.8587312100388614e-17),
        (1.3542555469368927, 7.70094837980299e-17),
        (1.383909881963832, -6.770511658794786e-17),
        (1.4142135623730951, -9.667293313452913e-17),
        (1.4451808069770467, -3.0237581349939873e-17),
        (1.4768261459394993, -3.483994556892796e-17),
        (1.5091644275934228, -1.016455327754295e-16),
        (1.5422108254079407, 7.949834809697621e-17),
        (1.5759808451078865, -1.0136916471278304e-17),
        (1.6104903319492543, 2.4707192569797888e-17),
        (1.645755478153965, -1.0125679913674773e-16),
        (1.681792830507429, 8.199010020581497e-17),
        (1.718619298122478, -1.851380418263111e-17),
        (1.7562521603732995, 2.960140695448873e-17),
        (1.7947090750031072, 1.8227458427912087e-17),
        (1.8340080864093424, 3.283107224245627e-17),
        (1.8741676341103, -6.122763413004143e-17),
        (1.9152065613971474, -1.0619946056195963e-16),
        (1.9571441241754002, 8.960767791036668e-17),
    ]

    /// For i = 0…127 and F = 1 + i/128: 1/F, and ln F as its nearest double and that double's error.
    private static let logTable: [(inverse: Double, high: Double, low: Double)] = [
        (1.0, 0.0, 0.0),
        (0.9922480620155039, 0.007782140442054949, -1.2819179123343845e-20),
        (0.9846153846153847, 0.015504186535965254, -3.278321022892429e-19),
        (0.9770992366412213, 0.02316705928153438, -1.1769544932063305e-18),
        (0.9696969696969697, 0.030771658666753687, 1.0431732029005968e-18),
        (0.9624060150375939, 0.0383188643021366, -2.357996157351286e-18),
        (0.9552238805970149, 0.0458095360312942, 1.902959866474257e-18),
        (0.9481481481481482, 0.053244514518812285, -1.665575816973663e-18),
        (0.9411764705882353, 0.06062462181643484, 2.6424025938726934e-18),
        (0.9343065693430657, 0.06795066190850775, -1.2802141240611733e-18),
        (0.927536231884058, 0.07522342123758753, -5.930604196293241e-18),
        (0.920863309352518, 0.08244366921107459, 5.700437773813987e-18),
        (0.9142857142857143, 0.08961215868968714, -5.4268129336647135e-18),
        (0.9078014184397163, 0.09672962645855111, -5.597397486289965e-19),
        (0.9014084507042254, 0.10379679368164356, 5.47772415726659e-18),
        (0.8951048951048951, 0.11081436634029011, 1.183748342825649e-18),
        (0.8888888888888888, 0.11778303565638346, -1.1971685747593677e-18),
        (0.8827586206896552, 0.12470347850095724, -4.6522609636496624e-18),
        (0.8767123287671232, 0.13157635778871926, 1.1123000879729588e-17),
        (0.8707482993197279, 0.13840232285911913, 4.447777301357527e-18),
        (0.8648648648648649, 0.1451820098444979, 8.242418783022475e-18),
        (0.8590604026845637, 0.15191604202584197, 6.4838631244022194e-18),
        (0.8533333333333334, 0.15860503017663857, 1.1257003872182592e-17),
        (0.847682119205298, 0.16524957289530717, -1.0094935622322628e-17),
        (0.8421052631578947, 0.17185025692665923, -6.0224538210113705e-18),
        (0.8366013071895425, 0.1784076574728183, -1.2432553788701131e-17),
        (0.8311688311688312, 0.184922338494012, 3.0236614153574064e-18),
        (0.8258064516129032, 0.19139485299962947, -1.2129496905792884e-17),
        (0.8205128205128205, 0.19782574332991987, 1.2821194372980142e-17),
        (0.8152866242038217, 0.2042155414286909, 2.7338281018722773e-18),
        (0.810126582278481, 0.21056476910734964, -4.249405314729895e-18),
        (0.8050314465408805, 0.21687393830061436, 4.551026193234283e-18),
        (0.8, 0.22314355131420976, -9.091270597324799e-18),
        (0.7950310559006211, 0.22937410106484582, 9.927671823978025e-18),
        (0.7901234567901234, 0.2355660713127669, -2.3943371495187355e-18),
        (0.7852760736196319, 0.24171993688714516, 8.900990022166643e-18),
        (0.7804878048780488, 0.24783616390458127, -1.2432209578702523e-17),
        (0.7757575757575758, 0.25391520998096345, -8.048097394424201e-18),
        (0.7710843373493976, 0.25995752443692605, 2.069806938978935e-17),
        (0.7664670658682635, 0.26596354849713794, 5.3393802761314314e-18),
        (0.7619047619047619, 0.27193371548364176, 7.83319637697442e-19),
        (0.757396449704142, 0.2778684510034563, -9.16018294909263e-19),
        (0.7529411764705882, 0.2837681731306446, -2.032665581126656e-17),
        (0.7485380116959064, 0.28963329258304266, 2.0535953219858174e-17),
        (0.7441860465116279, 0.2954642128938359, -2.16461086040599e-17),
        (0.7398843930635838, 0.3012613305781618, -9.048511144048564e-18),
        (0.735632183908046, 0.3070250352949119, -1.2319916200101964e-17),
        (0.7314285714285714, 0.3127557100038969, -1.451808353098951e-17),
        (0.7272727272727273, 0.3184537311185346, 2.7114779367326236e-17),
        (0.7231638418079096, 0.324119468654212, -7.958214381893813e-18),
        (0.7191011235955056, 0.329753286372468, 2.122020616196946e-18),
        (0.7150837988826816, 0.3353555419211378, 1.834564437059473e-17),
        (0.7111111111111111, 0.3409265869705932, 1.7467136443544747e-17),
        (0.7071823204419889, 0.34646676734620857, 1.028583585496265e-17),
        (0.7032967032967034, 0.3519764231571782, -1.2953893030191963e-17),
        (0.6994535519125683, 0.3574558889218038, -2.5136910072413547e-17),
        (0.6956521739130435, 0.3629054936893685, -2.1492361455310972e-17),
        (0.6918918918918919, 0.3683255611587076, 2.690672380132659e-17),
        (0.6881720430107527, 0.37371640979358406, 2.1836211281198184e-17),
        (0.6844919786096256, 0.37907835293496944, 1.587939415338447e-17),
        (0.6808510638297872, 0.38441169891033206, -1.612149700764673e-17),
        (0.6772486772486772, 0.3897167511400252, 2.734172667856699e-17),
        (0.6736842105263158, 0.394993808240869, -1.5113724418336168e-17),
        (0.6701570680628273, 0.4002431641270127, -1.1349239205188711e-17),
        (0.6666666666666666, 0.4054651081081644, -2.8811380259626426e-18),
        (0.6632124352331606, 0.4106599249852684, 9.53814259997222e-18),
        (0.6597938144329897, 0.415827895143711, -2.48753990369597e-17),
        (0.6564102564102564, 0.42096929464412963, 3.729923775655343e-18),
        (0.6530612244897959, 0.4260843953109001, -2.499176776547466e-17),
        (0.649746192893401, 0.4311734648183713, 1.9420511053537492e-17),
        (0.6464646464646465, 0.43623676677491807, -1.8379648230620457e-18),
        (0.6432160804020101, 0.4412745608048752, 2.5088908423700173e-17),
        (0.64, 0.44628710262841953, -1.8182541194649598e-17),
        (0.6368159203980099, 0.45127464413945856, 2.6777397456140527e-17),
        (0.6336633663366337, 0.4562374334815876, 2.122222784062318e-17),
        (0.6305418719211823, 0.46117571512217015, 1.741614762798376e-17),
        (0.6274509803921569, 0.46608972992459924, -1.4116523239904406e-17),
        (0.624390243902439, 0.470979715218791, 6.232095439601591e-18),
        (0.6213592233009708, 0.4758459048699639, -6.181952722542219e-18),
        (0.6183574879227053, 0.4806885293457519, 5.0660455855585734e-18),
        (0.6153846153846154, 0.4855078157817008, -1.6618350693852048e-17),
        (0.6124401913875598, 0.4903039880451938, 2.1092325546314864e-17),
        (0.6095238095238096, 0.4950772667978515, -8.307950959627356e-18),
        (0.6066350710900474, 0.4998278695564493, 1.8560027823355852e-17),
        (0.6037735849056604, 0.5045560107523953, -2.4888518873597905e-17),
        (0.6009389671361502, 0.5092619017898079, 4.4229949554747315e-17),
        (0.5981308411214953, 0.5139457511022343, 3.397548559332142e-17),
        (0.5953488372093023, 0.5186077642080457, -3.07373792013847e-17),
        (0.5925925925925926, 0.5232481437645479, -3.1833882216350925e-17),
        (0.5898617511520737, 0.5278670896208424, -3.938876121973919e-18),
        (0.5871559633027523, 0.5324647988694718, -9.149239241180804e-19),
        (0.5844748858447488, 0.5370414658968836, 3.599743846939586e-17),
        (0.5818181818181818, 0.5415972824327444, -3.748764246125639e-17),
        (0.579185520361991, 0.5461324375981357, -2.785373590779381e-17),
        (0.5765765765765766, 0.5506471179526623, -2.239429485856908e-17),
        (0.5739910313901345, 0.5551415075405016, -2.9237930089834585e-17),
        (0.5714285714285714, 0.5596157879354227, 2.685492580212308e-17),
        (0.5688888888888889, 0.564070138284803, -4.713528538503788e-17),
        (0.5663716814159292, 0.5685047353526688, -5.4267346029482773e-17),
        (0.5638766519823789, 0.5729197535617855, 2.6028017871307396e-17),
        (0.5614035087719298, 0.5773153650348236, -8.903591846974013e-18),
        (0.5589519650655022, 0.5816917396346225, -2.4128853204003212e-17),
        (0.5565217391304348, 0.5860490450035782, -3.058363205263577e-17),
        (0.5541125541125541, 0.5903874466021763, 2.789809900502368e-17),
        (0.5517241379310345, 0.5947071077466928, 1.3751689964323675e-17),
        (0.5493562231759657, 0.5990081896460834, 2.169308759646737e-17),
        (0.5470085470085471, 0.6032908514380843, 9.9400563470175e-18),
        (0.5446808510638298, 0.6075552502245418, -2.5212767604971525e-17),
        (0.5423728813559322, 0.6118015411059929, -3.7397759448726e-17),
        (0.540084388185654, 0.616029877215514, -3.488611895632145e-17),
        (0.5378151260504201, 0.6202404097518576, -3.989161064307651e-17),
        (0.5355648535564853, 0.6244332880118935, 3.9598137234402294e-17),
        (0.5333333333333333, 0.6286086594223741, 4.3538742607970387e-17),
        (0.5311203319502075, 0.6327666695710378, 5.3103007491432875e-17),
        (0.5289256198347108, 0.6369074622370692, 5.422955873465247e-17),
        (0.5267489711934157, 0.6410311794209312, 5.023567605577645e-17),
        (0.5245901639344263, 0.6451379613735847, 9.346960920120906e-19),
        (0.5224489795918368, 0.6492279466251099, -3.408303836279946e-17),
        (0.5203252032520326, 0.6533012720127457, -4.306892322029408e-17),
        (0.5182186234817814, 0.65735807270836, 3.287034671639441e-17),
        (0.5161290322580645, 0.661398482245365, -7.603333785634003e-18),
        (0.5140562248995983, 0.6654226325450905, -3.769421986743112e-17),
        (0.512, 0.6694306539426292, 2.823733943928343e-17),
        (0.5099601593625498, 0.6734226752121667, 2.1065619172826132e-17),
        (0.5079365079365079, 0.6773988235918061, -2.0978183882652005e-18),
        (0.5059288537549407, 0.6813592248079031, -4.9888733319242566e-17),
        (0.5039370078740157, 0.6853040030989194, 4.893484946270261e-17),
        (0.5019607843137255, 0.689233281238809, -2.3207793837229205e-17),
    ]
}
