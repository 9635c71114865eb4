import Foundation
import Testing

/// The corpus rates README.md gives: a table between two marker lines, one row a corpus file.
/// Each corpus test prints its row (`README rate: FILE | CELLS`) and expects the README's row to
/// say the same, so that a README whose rates are not what the tests measure fails the suite;
/// `tools/readme-rates` runs those tests and writes their rows into the README.
enum ReadmeRates {
    /// The lines that open and close the table.
    static let opening = "<!-- corpus rates: written by tools/readme-rates"
    static let closing = "<!-- end of corpus rates -->"

    /// What the printed rows start with, for tools/readme-rates.
    static let printedPrefix = "README rate: "

    /// The table's rows, each file's cells after its name (`577 of 592 | 97.5 %`).
    static let rows: [String: String] = {
        let text = Corpus.text(Corpus.repositoryRoot.appendingPathComponent("README.md"))
        var rows: [String: String] = [:]
        var inside = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix(opening) {
                inside = true
            } else if line.hasPrefix(closing) {
                inside = false
            } else if inside, line.hasPrefix("| `") {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let file = cells.first, file.hasPrefix("`") else { continue }
                rows[file.trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells.dropFirst().joined(
                    separator: " | ")
            }
        }
        return rows
    }()

    /// "577 of 592 | 97.5 %": the share of `total` that was right, as the table gives it.
    static func cells(right: Int, of total: Int) -> String {
        let rate = total == 0 ? 0 : Double(right) / Double(total) * 100
        return "\(right) of \(total) | \(String(format: "%.1f", rate)) %"
    }

    /// Prints the row of `file` (a path under `grammar/examples/`) and expects the README's row
    /// to say the same.
    static func report(_ file: String, _ cells: String, sourceLocation: SourceLocation = #_sourceLocation) {
        print(printedPrefix + file + " | " + cells)
        #expect(
            rows[file] == cells,
            "README.md gives \(file) as '\(rows[file] ?? "no row")'; the test measured '\(cells)': run tools/readme-rates",
            sourceLocation: sourceLocation)
    }
}
