import ColorCore
import ColorKernels

/// `huebench simulate --cvd protan|deutan|tritan|achroma [--severity 0..1] [COLOR…]`: colors as a color-vision
/// deficiency sees them.
enum SimulateCommand: Command {
    static let name = "simulate"
    static let summary = "simulate color-vision deficiency (Machado 2009; achromatopsia as luminance)"
    static var help: String { """
    usage: huebench simulate --cvd TYPE [--severity S] [--json] [COLOR…]

    Prints each CSS color as a color-vision deficiency sees it, in sRGB, with its hex code. The simulation is one
    3×3 matrix in linear sRGB, then clamped to 0…1 as a display shows it:
      protan, deutan, tritan   Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
                               Simulation of Color Vision Deficiency": the authors' published matrices for
                               severity 0.1 … 1.0, blended linearly between them (severity 1 = dichromacy:
                               protanopia, deuteranopia, tritanopia; less = anomalous trichromacy)
      achroma                  achromatopsia: every channel becomes the relative luminance
                               Y = 0.212639 R + 0.715169 G + 0.072192 B (blended with the color by severity)
    With no COLOR, reads one color per line from standard input, as the streaming commands do: a line may
    carry a label (LABEL<TAB>COLOR or --name: COLOR;), printed before its row (control characters such as
    ESC as \\u{1B}); a bad line prints `error` in its row (the message goes to stderr), so row i is input
    line i. Alpha is kept.

    options:
      --cvd TYPE       protan, deutan, tritan or achroma (also protanopia, deuteranomaly, … achromatopsia)
      --severity S     0 (normal vision) … 1 (full deficiency, default)
      --json           one JSON object per input: {"input", "cvd", "severity", "space", "coords", "alpha", "css",
                       "hex"} or {"input", "error"}

    exit status: 0 all simulated, 1 some input failed, 2 bad usage (e.g. unknown type)

    example:
    \(example)
    """ }

    static let example = """
      $ huebench simulate --cvd deutan red '#00b386' 'oklch(0.6 0.2 260)'
      srgb          0.6400596   0.5658069   0.0000000  #a39000  color(srgb 0.64006 0.565807 0)
      srgb          0.6127401   0.5964829   0.5374298  #9c9889  color(srgb 0.61274 0.596483 0.53743)
      srgb          0.0000000   0.4608992   0.9504130  #0076f2  color(srgb 0 0.460899 0.950413)
      $ printf '#00b386\\n' | huebench simulate --cvd tritan --severity 0.5 --json
      {"input":"#00b386","cvd":"tritan","severity":0.5,"space":"srgb","coords":[0.02095425056558161,0.6967856122637984,0.5745989706523635],"alpha":1,"css":"color(srgb 0.0209543 0.696786 0.574599)","hex":"#05b293"}
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: ["json"], options: ["cvd", "severity"])
        let wb = Workbench.standard
        let known = CVDType.allCases.map(\.rawValue).joined(separator: ", ")
        guard let typeName = a.value("cvd") else { throw UsageError("needs --cvd TYPE: one of \(known) (huebench simulate)") }
        let type: CVDType
        do { type = try CVDSimulation.type(named: typeName) } catch {
            throw UsageError("--cvd '\(ColorCoreError.excerpt(typeName))' is not one of \(known)\(Suggest.phrase(typeName, among: CVDType.allCases.map(\.rawValue))) (huebench simulate)")
        }
        let severity = try a.double("severity", command: name) ?? 1
        let sim: CVDSimulation
        do { sim = try CVDSimulation(type, severity: severity) } catch {
            throw UsageError("--severity \(severity) is outside 0…1; give a number from 0 (normal vision) to 1 (full) (huebench simulate)")
        }
        let stream = try ColorStream(.simulate(sim), json: a.has("json"), workbench: wb)
        return StreamLoop.run(command: name, stream: stream, arguments: a.positionals)
    }
}
