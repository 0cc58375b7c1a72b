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
        var scaled = self
        switch brush {
        case "constant":
            scaled.width = scale(width, ConstantBrush.standard.width)
        case "pressure", "tilt-shading":
            scaled.width = scale(width, PressureBrush.standard.baseWidth)
            scaled.minimumWidth = scale(minimumWidth, PressureBrush.standard.minimumWidth)
        case "velocity":
            scaled.minimumWidth = scale(minimumWidth, VelocityBrush.standard.minimumWidth)
            scaled.maximumWidth = scale(maximumWidth, VelocityBrush.standard.maximumWidth)
        case "contact-radius":
            scaled.width = scale(width, ContactRadiusBrush.standard.baseWidth)
            scaled.minimumWidth = scale(minimumWidth, ContactRadiusBrush.standard.minimumWidth)
        case "fountain-pen":
            scaled.width = scale(width, FountainPenBrush.standard.width)
            scaled.minimumWidth = scale(minimumWidth, FountainPenBrush.standard.minimumWidth)
        case "highlighter":
            scaled.width = scale(width, HighlighterBrush.standard.width)
        default:
            break
        }
        return scaled
    }
}
