/// Huebench in one import: `import Huebench` brings every public module — color values and reference math
/// (ColorCore), files and text (ColorIO), the SIMD batch engine (ColorKernels), palettes and themes (Palettes),
/// exporters and builds (ColorExport), ramp studies (RampLab) and the Lua host (ColorScript). Depend on a single module's product
/// instead (e.g. `ColorCore`) to build less.
@_exported import ColorCore
@_exported import ColorIO
@_exported import ColorKernels
@_exported import Palettes
@_exported import ColorExport
@_exported import RampLab
@_exported import ColorScript
