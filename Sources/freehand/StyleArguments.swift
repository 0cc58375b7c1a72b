import ArgumentParser
import FreehandDocument
import FreehandKit

/// The options that choose a technique.
struct TechniqueArguments: ParsableArguments {
    @Option(help: "The smoothing technique: \(TechniqueCatalog.names.joined(separator: ", ")) (default: each stroke's saved one, else \(TechniqueCatalog.defaultName)).")
    var technique: String?

    @Option(parsing: .unconditional, help: "Knot exponent for catmull-rom (default 0.5) and freehand (default 0.15), 0 … 1.")
    var alpha: Double?

    @Option(parsing: .unconditional, help: "The freehand technique's denoising window, ± milliseconds, 0 … 100 (default 24; 0 for the spline alone, through every sample).")
    var denoise: Double?

    @Option(help: "Steady the pen before smoothing: string:S (a pulled string) or average:S (a distance-weighted average), strength S 0 … 1 — the ink trails the pen by up to 16·S points and catches up when it lifts; none turns a saved one off (default: each stroke's saved one, else none).")
    var stabilizer: String?

    func validate() throws {
        if let alpha, !(alpha.isFinite && alpha >= 0 && alpha <= 1) { throw ValidationError("--alpha must be in 0…1, got \(alpha)") }
        if let denoise, !(denoise.isFinite && denoise >= 0 && denoise <= 100) { throw ValidationError("--denoise must be in 0…100 milliseconds, got \(denoise)") }
        if denoise != nil, let technique, technique != "freehand" { throw ValidationError("--denoise applies to the freehand technique, not \(technique)") }
        if let technique {
            do { _ = try InkInput.technique(named: technique, alpha: alpha) } catch { throw ValidationError("\(error)") }
        }
        if let stabilizer, stabilizer != "none" {
            do { _ = try Stabilizer(parsing: stabilizer) } catch { throw ValidationError("--stabilizer: \(error)") }
        }
    }

    /// The stabilizer for `stroke`: what the option names (checked by `validate`), else what the
    /// stroke saved.
    func stabilizer(for stroke: StrokeRecord) -> Stabilizer? {
        guard let stabilizer else { return stroke.stabilizer }
        return stabilizer == "none" ? nil : try? Stabilizer(parsing: stabilizer)
    }

    /// `style` with the stabilizer for `stroke`.
    func style(_ style: InkStyle, for stroke: StrokeRecord) -> InkStyle {
        var steadied = style
        steadied.stabilizer = stabilizer(for: stroke)
        return steadied
    }

    func make() throws -> any InterpolationTechnique {
        if let denoise {
            // Checked by `validate`: the freehand technique, a window in range.
            return try FreehandTechnique(alpha: alpha ?? FreehandTechnique.standard.alpha, denoising: TimeWindowDenoiser(window: denoise / 1000))
        }
        return try InkInput.technique(named: technique ?? TechniqueCatalog.defaultName, alpha: alpha)
    }

    /// The technique for `stroke`: what the options name, else what the stroke saved.
    func make(for stroke: StrokeRecord) throws -> any InterpolationTechnique {
        guard technique == nil, alpha == nil, denoise == nil else { return try make() }
        do {
            return try stroke.makeTechnique()
        } catch {
            throw CommandLineFailure("a stroke's technique '\(stroke.technique)': \(error)")
        }
    }
}

/// The options that choose a brush and its taper.
struct BrushArguments: ParsableArguments {
    @Option(help: "The brush: \(BrushCatalog.names.joined(separator: ", ")) (default: each stroke's saved one, else pressure).")
    var brush: String?

    @Option(parsing: .unconditional, help: "Width in points (constant), or the width without force/radius (pressure, contact-radius).")
    var width: Double?

    @Option(parsing: .unconditional, help: "Smallest width in points (pressure, velocity, contact-radius).")
    var minWidth: Double?

    @Option(parsing: .unconditional, help: "Largest width in points (velocity).")
    var maxWidth: Double?

    @Option(parsing: .unconditional, help: "Points of width per unit of force (pressure, tilt-shading upright).")
    var sensitivity: Double?

    @Option(help: "Force response: linear, ease-in, ease-out, ease-in-out or gamma:E (pressure).")
    var response: String?

    @Option(parsing: .unconditional, help: "Low-pass weight of the previous width, 0 … 1 (velocity).")
    var smoothing: Double?

    @Option(parsing: .unconditional, help: "Share of the previous point's width and opacity each point keeps, 0 … 0.95 (default: \(InkStyle.default.widthSmoothing)).")
    var widthSmoothing: Double?

    @Option(parsing: .unconditional, help: "Start taper length in points (default: the stroke's saved one, else 0).")
    var taperStart: Double?

    @Option(parsing: .unconditional, help: "End taper length in points (default: the stroke's saved one, else 0).")
    var taperEnd: Double?

    /// Value errors are usage errors (exit 64) naming the option, found before any file is read:
    /// each option given is built with `--brush` (or, when each stroke keeps its own brush, with
    /// the first brush that reads it); the taper and the width smoothing as they are.
    func validate() throws {
        func check(_ name: String, _ options: BrushOptions) throws {
            do {
                _ = try BrushCatalog.brush(named: name, options: options)
            } catch {
                throw ValidationError(describe(error, brush: name))
            }
        }
        if let response {
            do { _ = try ResponseCurve(named: response) } catch { throw ValidationError("--response: \(error)") }
        }
        if let brush {
            // An unknown name passes `checkOptions` and is refused by the catalogue in `check`.
            do { try checkOptions(apply: brush) } catch let failure as CommandLineFailure { throw ValidationError(failure.description) }
            try check(brush, options(over: BrushOptions()))
        } else {
            let given: [(BrushCatalog.Option, BrushOptions)] = [
                (.width, BrushOptions(width: width)), (.minimumWidth, BrushOptions(minimumWidth: minWidth)),
                (.maximumWidth, BrushOptions(maximumWidth: maxWidth)), (.sensitivity, BrushOptions(sensitivity: sensitivity)),
                (.smoothing, BrushOptions(smoothing: smoothing)),
            ]
            for (option, options) in given where options != BrushOptions() {
                if let reader = BrushCatalog.names.first(where: { BrushCatalog.options(readBy: $0)?.contains(option) == true }) {
                    try check(reader, options)
                }
            }
        }
        do {
            _ = try Taper(startLength: taperStart ?? 0, endLength: taperEnd ?? 0)
            _ = try InkStyle(widthSmoothing: widthSmoothing ?? InkStyle.default.widthSmoothing)
        } catch {
            throw ValidationError(describe(error, brush: brush ?? BrushCatalog.defaultName))
        }
    }

    func make() throws -> InkStyle {
        try make(brush: brush ?? BrushCatalog.defaultName, options: BrushOptions(), taper: (0, 0))
    }

    /// `saved` with the options given laid over it (the response as checked by `validate`).
    private func options(over saved: BrushOptions) -> BrushOptions {
        saved.overridden(by: BrushOptions(
            width: width, minimumWidth: minWidth, maximumWidth: maxWidth, sensitivity: sensitivity,
            response: response.flatMap { try? ResponseCurve(named: $0) }, smoothing: smoothing))
    }

    /// The style for `stroke`: the stroke's saved brush, options and taper, each overridden by
    /// the options given.
    func make(for stroke: StrokeRecord) throws -> InkStyle {
        // Another brush's saved settings need not apply to the brush named here (`LookOverride`'s rule).
        let styled = LookOverride(brush: brush).applied(to: stroke)
        return try make(brush: styled.brush, options: styled.brushOptions, taper: (stroke.taperStart, stroke.taperEnd))
    }

    /// Throws when an option given does not apply to the brush `name` (it would be ignored silently).
    private func checkOptions(apply name: String) throws {
        guard let read = BrushCatalog.options(readBy: name) else { return }
        let given: [(BrushCatalog.Option, String, Bool)] = [
            (.width, "--width", width != nil), (.minimumWidth, "--min-width", minWidth != nil), (.maximumWidth, "--max-width", maxWidth != nil),
            (.sensitivity, "--sensitivity", sensitivity != nil), (.response, "--response", response != nil), (.smoothing, "--smoothing", smoothing != nil),
        ]
        for (option, flag, isGiven) in given where isGiven && !read.contains(option) {
            let accepted = given.filter { read.contains($0.0) }.map(\.1)
            throw CommandLineFailure("\(flag) does not apply to the \(name) brush (it takes \(accepted.joined(separator: ", ")))")
        }
    }

    private func make(brush name: String, options saved: BrushOptions, taper: (start: Double, end: Double)) throws -> InkStyle {
        try checkOptions(apply: name)
        do {
            return try InkStyle(
                brush: try BrushCatalog.brush(named: name, options: options(over: saved)),
                taper: try Taper(startLength: taperStart ?? taper.start, endLength: taperEnd ?? taper.end),
                widthSmoothing: widthSmoothing ?? InkStyle.default.widthSmoothing)
        } catch {
            // Everything in the block throws ParameterError.
            throw CommandLineFailure(describe(error, brush: name))
        }
    }

    /// A parameter error in the words of the command line: the option, not the property.
    func describe(_ error: ParameterError, brush: String) -> String {
        guard case .outOfRange(let parameter, let value, let range) = error else { return "--brush \(brush): \(error)" }
        let options = [
            "startLength": "--taper-start", "endLength": "--taper-end", "width": "--width", "baseWidth": "--width",
            "minimumWidth": "--min-width", "maximumWidth": "--max-width", "sensitivity": "--sensitivity",
        ]
        let option = parameter == "widthSmoothing" ? "--width-smoothing" : parameter == "smoothing" ? "--smoothing" : options[parameter]
        guard let option else { return "--brush \(brush): \(error)" }
        return "\(option) must be in \(range.lowerBound.formatted())…\(range.upperBound.formatted()) for the \(brush) brush, got \(value.formatted())"
    }
}
