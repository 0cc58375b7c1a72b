extension BrushOptions {
    /// These options with every width the brush called `brush` reads — its own default where unset —
    /// multiplied by `factor` (a positive number), each kept within 0.01…1000 points (0 stays 0): the same ink
    /// drawn `factor` times wider, for a selection scaled with its ink. Options the brush does not
    /// read, and an unknown brush's options, are returned as they are.
    public func scaled(by factor: Double, forBrush brush: String) -> BrushOptions {
        guard factor.isFinite, factor > 0 else { return self }
        func scale(_ value: Double?, _ standard: Double) -> Double {
            let scaled = (value ?? standard) * factor
            return scaled == 0 ? 0 : Swift.min(1000, Swift.max(0.01, scaled))
        }
        // The widths each brush reads, with its own default for an unset one.
        let widths: [(option: WidthOption, standard: Double)]
        switch brush {
        case "constant": widths = [(.width, ConstantBrush.standard.width)]
        case "pressure", "tilt-shading": widths = [(.width, PressureBrush.standard.baseWidth), (.minimumWidth, PressureBrush.standard.minimumWidth)]
        case "velocity": widths = [(.minimumWidth, VelocityBrush.standard.minimumWidth), (.maximumWidth, VelocityBrush.standard.maximumWidth)]
        case "contact-radius": widths = [(.width, ContactRadiusBrush.standard.baseWidth), (.minimumWidth, ContactRadiusBrush.standard.minimumWidth)]
        case "fountain-pen": widths = [(.width, FountainPenBrush.standard.width), (.minimumWidth, FountainPenBrush.standard.minimumWidth)]
        case "highlighter": widths = [(.width, HighlighterBrush.standard.width)]
        default: widths = []
        }
        var scaled = self
        for (option, standard) in widths { scaled[option] = scale(self[option], standard) }
        return scaled
    }
}

/// One of the width options a brush reads (a closed set where a key path would do: Embedded Swift,
/// the WebAssembly build, has no key paths).
private enum WidthOption {
    case width, minimumWidth, maximumWidth
}

extension BrushOptions {
    /// The width option `option`, read and written.
    fileprivate subscript(option: WidthOption) -> Double? {
        get {
            switch option {
            case .width: width
            case .minimumWidth: minimumWidth
            case .maximumWidth: maximumWidth
            }
        }
        set {
            switch option {
            case .width: width = newValue
            case .minimumWidth: minimumWidth = newValue
            case .maximumWidth: maximumWidth = newValue
            }
        }
    }
}
