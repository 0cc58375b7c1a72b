/// A run of pixels on one row that a rasterized shape covers.
public enum CoverageRun {
    /// Pixels from column `first` on, each with its own coverage (0…1).
    case varying(first: Int, coverage: UnsafeBufferPointer<Float>)
    /// `count` pixels from column `first` on, all with the same coverage (0…1): the inside of a
    /// shape, to be filled in bulk.
    case solid(first: Int, count: Int, coverage: Float)
}
