/// A heatmap of an N×M contrast (or difference) matrix, fed row block by row block so matrices larger than
/// memory can be drawn: each cell of the picture holds the *worst* value (smallest |value|) of the matrix entries it
/// covers, colored by threshold band. Small matrices get one cell per entry and the input colors as swatches.
public struct MatrixHeatmap: Sendable {
    /// A band of values at or above `threshold` (|value| for signed methods), drawn in `color`.
    public struct Band: Sendable {
        public let threshold: Float
        public let color: Scene.RGB
        public let label: String
        public init(_ threshold: Float, _ color: Scene.RGB, _ label: String) {
            self.threshold = threshold; self.color = color; self.label = label
        }
    }

    public let rows: Int, columns: Int
    /// Matrix rows and columns per picture cell.
    public let rowsPerCell: Int, columnsPerCell: Int
    public let cellRows: Int, cellColumns: Int
    public let bands: [Band]
    /// Color for values under every band's threshold.
    public let lowColor: Scene.RGB
    public let lowLabel: String
    private var cells: [Float]
    private var nextRow = 0

    /// - Parameters:
    ///   - maxCells: the most cells along each axis (larger matrices are pooled).
    ///   - bands: ascending thresholds.
    public init(rows: Int, columns: Int, maxCells: Int = 400, bands: [Band], lowColor: Scene.RGB, lowLabel: String) {
        precondition(rows >= 0 && columns >= 0 && maxCells > 0)
        self.rows = rows; self.columns = columns
        rowsPerCell = max(1, (rows + maxCells - 1) / maxCells)
        columnsPerCell = max(1, (columns + maxCells - 1) / maxCells)
        cellRows = (rows + rowsPerCell - 1) / rowsPerCell
        cellColumns = (columns + columnsPerCell - 1) / columnsPerCell
        self.bands = bands; self.lowColor = lowColor; self.lowLabel = lowLabel
        cells = [Float](repeating: .infinity, count: cellRows * cellColumns)
    }

    /// Adds the next `rowCount` full rows of the matrix (row-major, `columns` values each). NaN entries (e.g. a
    /// self-matrix diagonal) are ignored.
    /// - Complexity: O(rowCount · columns).
    public mutating func add(rows values: UnsafePointer<Float>, rowCount: Int) {
        for r in 0..<rowCount {
            let cr = (nextRow + r) / rowsPerCell
            guard cr < cellRows else { break }
            let row = values + r * columns
            for c in 0..<columns {
                let v = abs(row[c])
                if v.isNaN { continue }
                let i = cr * cellColumns + c / columnsPerCell
                if v < cells[i] { cells[i] = v }
            }
        }
        nextRow += rowCount
    }

    /// The worst |value| of the cell (∞ when it saw no value).
    public func cell(row: Int, column: Int) -> Float { cells[row * cellColumns + column] }

    func color(_ v: Float) -> Scene.RGB {
        if v == .infinity { return (220, 220, 220) }
        var c = lowColor
        for b in bands where v >= b.threshold { c = b.color }
        return c
    }

    /// The picture: title, legend, grid (cells of `cellSize` px) and, when given and the matrix is small enough
    /// for one cell per entry, the text and background colors as swatches along the axes.
    public func scene(title: String, subtitle: String, cellSize requested: Int? = nil,
                      textSwatches: [Scene.RGB] = [], backgroundSwatches: [Scene.RGB] = []) -> Scene {
        let cell = requested ?? max(2, min(24, 800 / max(1, max(cellRows, cellColumns))))
        let swatches = rowsPerCell == 1 && columnsPerCell == 1 && textSwatches.count == rows
            && backgroundSwatches.count == columns && cell >= 6
        let margin = 16, top = 56, axis = swatches ? cell + 4 : 0
        let gridW = cellColumns * cell, gridH = cellRows * cell
        let legend = ([lowLabel] + bands.map(\.label)).reduce(0) { $0 + 40 + Int(Scene.textWidth($1, size: 12).rounded(.up)) }
        let text = max(Scene.textWidth(title, size: 17, weight: .bold), Scene.textWidth(subtitle, size: 12))
        let width = max(margin * 2 + axis + gridW, 520, margin * 2 + legend, margin * 2 + Int(text.rounded(.up)))
        let height = top + axis + gridH + 48
        var s = Scene(width: width, height: height, title: title)
        s.text(title, x: Double(margin), y: 28, (20, 20, 20), size: 17, weight: .bold)
        s.text(subtitle, x: Double(margin), y: 46, (90, 90, 90), size: 12)
        let gx = margin + axis, gy = top + axis
        if swatches {
            for (j, c) in backgroundSwatches.enumerated() { s.rect(gx + j * cell, top, cell, cell, c) }
            for (i, c) in textSwatches.enumerated() { s.rect(margin, gy + i * cell, cell, cell, c) }
        }
        for r in 0..<cellRows {
            for c in 0..<cellColumns { s.rect(gx + c * cell, gy + r * cell, cell, cell, color(cells[r * cellColumns + c])) }
        }
        var lx = margin
        let ly = gy + gridH + 16
        for (col, label) in [(lowColor, lowLabel)] + bands.map({ ($0.color, $0.label) }) {
            s.rect(lx, ly, 14, 14, col)
            s.text(label, x: Double(lx + 20), y: Double(ly + 12), (40, 40, 40), size: 12)
            lx += 20 + Int(Scene.textWidth(label, size: 12).rounded(.up)) + 20
        }
        return s
    }
}
