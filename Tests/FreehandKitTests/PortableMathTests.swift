import Foundation
@testable import FreehandKit
import Testing

/// `PortableMath` against the system's C library, and pinned to its own bits.
struct PortableMathTests {
    /// A small seeded generator, so that every run checks the same arguments.
    struct Arguments {
        var state: UInt64
        mutating func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) * 0x1p-53
        }
        mutating func uniform(_ range: ClosedRange<Double>) -> Double { range.lowerBound + (range.upperBound - range.lowerBound) * unit() }
        /// A positive number spread evenly in its logarithm over `decades`.
        mutating func spread(_ decades: ClosedRange<Double>) -> Double { Foundation.pow(10, uniform(decades)) }
    }

    /// How many units in the last place `value` is from `reference`.
    func ulps(_ value: Double, from reference: Double) -> Double {
        if value == reference { return 0 }
        return abs(value - reference) / reference.ulp
    }

    @Test func sineAndCosineStayWithinTwoUnitsInTheLastPlaceOfTheCLibrarysAndTangentWithinThree() {
        var arguments = Arguments(state: 1)
        var worst = (ulps: 0.0, name: "", x: 0.0), worstTangent = 0.0
        func note(_ name: String, _ x: Double, _ value: Double, _ reference: Double) {
            let error = ulps(value, from: reference)
            if error > worst.ulps { worst = (error, name, x) }
        }
        for index in 0..<200_000 {
            let x = index % 2 == 0 ? arguments.uniform(-7...7) : arguments.uniform(-1e6...1e6)
            let (s, c) = PortableMath.sinCos(x)
            note("sin", x, s, Foundation.sin(x))
            note("cos", x, c, Foundation.cos(x))
            if abs(Foundation.cos(x)) > 1e-3 { worstTangent = max(worstTangent, ulps(PortableMath.tan(x), from: Foundation.tan(x))) }
        }
        #expect(worst.ulps <= 2, "worst \(worst)")
        #expect(worstTangent <= 3, "tan: worst \(worstTangent) ulp")
    }

    @Test func arctangentsAndArccosineStayWithinTwoUnitsInTheLastPlaceOfTheCLibrarys() {
        var arguments = Arguments(state: 2)
        var worst = 0.0
        for _ in 0..<200_000 {
            let x = arguments.spread(-12...12) * (arguments.unit() < 0.5 ? -1 : 1)
            worst = max(worst, ulps(PortableMath.atan(x), from: Foundation.atan(x)))
            let y = arguments.uniform(-1e3...1e3), z = arguments.uniform(-1e3...1e3)
            worst = max(worst, ulps(PortableMath.atan2(y, z), from: Foundation.atan2(y, z)))
            let c = arguments.uniform(-1...1)
            worst = max(worst, ulps(PortableMath.acos(c), from: Foundation.acos(c)))
        }
        #expect(worst <= 2, "worst \(worst) ulp")
    }

    @Test func powersStayWithinTwoUnitsInTheLastPlaceOfTheCLibrarys() {
        var arguments = Arguments(state: 3)
        var worst = 0.0, worstArguments = (0.0, 0.0)
        for _ in 0..<200_000 {
            // Knot intervals (squared lengths to a small power) and response curves (0…1 to 0.2…5).
            let (x, y) = arguments.unit() < 0.5
                ? (arguments.spread(-24...19), arguments.uniform(0...0.5))
                : (arguments.unit(), arguments.uniform(0.2...5))
            let reference = Foundation.pow(x, y)
            let error = ulps(PortableMath.pow(x, y), from: reference)
            if error > worst { (worst, worstArguments) = (error, (x, y)) }
        }
        #expect(worst <= 2, "worst \(worst) ulp at pow\(worstArguments)")
    }

    @Test func zerosInfinitiesAndNaNFollowTheCLibrarysConventions() {
        let specials: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        func same(_ a: Double, _ b: Double) -> Bool { a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern }
        for y in specials {
            for x in specials {
                #expect(same(PortableMath.atan2(y, x), Foundation.atan2(y, x)), "atan2(\(y), \(x))")
            }
            #expect(same(PortableMath.atan(y), Foundation.atan(y)), "atan(\(y))")
        }
        for x: Double in [0, 1, .infinity] {
            for y: Double in [0, -0.0, 0.5, -0.5, 3, .infinity, -.infinity] {
                #expect(same(PortableMath.pow(x, y), Foundation.pow(x, y)), "pow(\(x), \(y))")
            }
        }
        for (x, y) in [(Double.leastNonzeroMagnitude, 0.5), (.greatestFiniteMagnitude, -0.5)] {
            #expect(ulps(PortableMath.pow(x, y), from: Foundation.pow(x, y)) <= 2)
        }
        #expect(PortableMath.pow(-2, 0.5).isNaN)
        #expect(PortableMath.acos(1.5).isNaN && PortableMath.acos(.nan).isNaN)
        #expect(PortableMath.acos(1) == 0 && PortableMath.acos(-1) == .pi)
        #expect(PortableMath.sinCos(.infinity).sin.isNaN && PortableMath.sinCos(.nan).cos.isNaN)
        // Huge angles stay finite.
        for x in [1e8, -3e15, 1e300] {
            let (s, c) = PortableMath.sinCos(x)
            #expect(abs(s) <= 1 && abs(c) <= 1, "sinCos(\(x))")
        }
    }

    /// The bits these arguments give here, pinned: built from basic IEEE 754 operations only, they
    /// must come out the same on every platform — a run on macOS or iOS that differs has found a
    /// compiler or library that breaks that promise.
    @Test func resultsArePinnedToTheSameBitsOnEveryPlatform() {
        let pinned: [(String, Double, UInt64)] = [
            ("sin", PortableMath.sinCos(0.3).sin, 0x3FD2E9CD95BABA33),
            ("cos", PortableMath.sinCos(2.5).cos, 0xBFE9A2F7EF858B7D),
            ("tan", PortableMath.tan(-1.2), 0xC00493C43ACB164C),
            ("atan", PortableMath.atan(0.6), 0x3FE14B1DD5F90CE1),
            ("atan2", PortableMath.atan2(-3, -4), 0xC003FC176B7A8560),
            ("acos", PortableMath.acos(0.2), 0x3FF5E9383EFAD0D1),
            ("pow", PortableMath.pow(1234.5, 0.075), 0x3FFB49E3FE24EE75),
            ("pow", PortableMath.pow(0.37, 2.2), 0x3FBCBA006CCBE5B5),
        ]
        for (name, value, bits) in pinned {
            #expect(value.bitPattern == bits, "\(name): \(String(value.bitPattern, radix: 16))")
        }
    }

    /// The library's ink goes through `PortableMath` only: no module of it calls a C math function
    /// whose last bit depends on the platform.
    @Test func noLibraryModuleCallsTheCMathLibrary() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let call = try Regex(#"(^|[^\w.])(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|exp|exp2|expm1|log|log2|log10|log1p|pow|hypot|cbrt)\("#)
        var offenders: [String] = []
        for module in ["FreehandKit", "FreehandRender", "FreehandDocument"] {
            let folder = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" && !file.lastPathComponent.hasPrefix("PortableMath") {
                let text = try String(contentsOf: file, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    if code.contains(call) { offenders.append("\(module)/\(file.lastPathComponent):\(number + 1)") }
                }
            }
        }
        #expect(offenders.isEmpty, "calls the C math library: \(offenders)")
    }
}
