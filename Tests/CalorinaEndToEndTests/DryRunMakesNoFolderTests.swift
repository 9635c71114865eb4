// Issue 25, F24: `--dry-run` created the data folder (and its journal) it promised not to touch.

import Foundation
import Testing

@Suite("--dry-run makes no data folder", .serialized)
struct DryRunMakesNoFolderTests {
    static let lines: [[String]] = [
        ["a", "banana"], ["today"], ["history", "30"], ["week"], ["set", "age", "30"],
        ["define", "bar", "=", "200", "kcal"],
        ["export", "csv", "to", "food.csv"], ["doctor"],
    ]

    @Test(arguments: lines)
    func aDryRunOnAFolderThatIsNotThereLeavesItNotThere(_ line: [String]) throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let data = folder.appendingPathComponent("data")
            let output = try BinaryRunner.run(
                try BinaryRunner.productURL("calorina"), arguments: ["--dry-run", "--data-dir", data.path] + line,
                stdin: Data(),
                environment: BinaryRunner.environment(home: folder, ["CALORINA_NOW": "2026-11-22T08:30:00"]),
                timeout: .seconds(30))
            #expect(output.status == 0, "\(output)")
            #expect(!FileManager.default.fileExists(atPath: data.path), "\(line) made the data folder")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("food.csv").path))
        }
    }

    /// A script too, and the folder stays missing after several lines.
    @Test func aDryRunScriptMakesNoFolder() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let data = folder.appendingPathComponent("data")
            let output = try BinaryRunner.run(
                try BinaryRunner.productURL("calorina"), arguments: ["--dry-run", "--data-dir", data.path],
                stdin: Data("a banana\n2 eggs lunch\ntoday\nundo\n".utf8),
                environment: BinaryRunner.environment(home: folder, ["CALORINA_NOW": "2026-11-22T08:30:00"]),
                timeout: .seconds(30))
            #expect(output.stdout.contains("Banana, raw"), "\(output)")
            #expect(!FileManager.default.fileExists(atPath: data.path))
        }
    }
}
