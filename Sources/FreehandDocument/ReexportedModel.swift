// The drawing model and its file formats live in FreehandDrawing, a library that links neither the
// rasterizer nor zlib (for an app that only reads and writes ink files). Everything that imports
// FreehandDocument sees them as before.
@_exported import FreehandDrawing
