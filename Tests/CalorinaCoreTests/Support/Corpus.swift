import Foundation
import Testing

/// The grammar's example files, read from the repository so that `grammar/` stays the single
/// source: tests find the repository from this file's own path, never from the working directory.
enum Corpus {
    /// The folder holding `Package.swift`, found by walking up from this source file.
    static let repositoryRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        preconditionFailure("no Package.swift above \(#filePath)")
    }()

    /// `grammar/examples`.
    static var examples: URL {
        repositoryRoot.appendingPathComponent("grammar/examples", isDirectory: true)
    }

    /// `grammar/examples/transcripts`.
    static var transcripts: URL {
        examples.appendingPathComponent("transcripts", isDirectory: true)
    }

    /// A file's text; a missing file reads as empty, so the count tests fail rather than crash.
    static func text(_ url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }

    // MARK: Example lines

    /// One `LINE  =>  EXPECTED` line of an example file.
    struct Example: Sendable, CustomTestStringConvertible {
        /// The file's name, for messages.
        var file: String
        /// The 1-based line number in the file.
        var lineNumber: Int
        /// The line to parse.
        var input: String
        /// What it should give.
        var expected: String

        var testDescription: String { "\(file):\(lineNumber) \(input)" }
    }

    /// The cases of an example file: `#` comment lines and blank lines are skipped; each other line
    /// splits at its last ` => `, both sides trimmed. A line without the separator is kept with
    /// an empty input so that the test reports it instead of skipping it.
    static func examples(_ name: String) -> [Example] {
        let lines = text(examples.appendingPathComponent(name)).split(separator: "\n", omittingEmptySubsequences: false)
        var cases: [Example] = []
        for (offset, raw) in lines.enumerated() {
            let line = String(raw).corpusTrimmed
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let separator = line.range(of: " => ", options: .backwards) else {
                cases.append(Example(file: name, lineNumber: offset + 1, input: "", expected: line))
                continue
            }
            cases.append(
                Example(
                    file: name, lineNumber: offset + 1, input: String(line[..<separator.lowerBound]).corpusTrimmed,
                    expected: String(line[separator.upperBound...]).corpusTrimmed))
        }
        return cases
    }

    /// The valid lines and their summaries.
    static var valid: [Example] { examples("valid.txt") }
    /// The invalid lines and their `COLUMN: MESSAGE`.
    static var invalid: [Example] { examples("invalid.txt") }

    // MARK: Transcripts

    /// The transcript files' names, sorted.
    static func transcriptNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: transcripts.path)) ?? []
        return names.filter { $0.hasSuffix(".txt") }.sorted()
    }
}

extension String {
    /// The string without white space at either end.
    var corpusTrimmed: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
