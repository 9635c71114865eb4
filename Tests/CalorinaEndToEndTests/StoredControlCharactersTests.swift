// Issue 25, F16 and F17, through the built binary: a month holding a food name with terminal
// escapes and a NUL (stored before imports refused them) is shown escaped by `today` and `export
// csv`, and the output goes on past the NUL (`fputs` stopped there, exit 0).

import Foundation
import Testing

@Suite("Stored control characters are shown escaped", .serialized)
struct StoredControlCharactersTests {
    /// A November month with the bad name first and an apple after it, as Calorina lays it out.
    static let month = """
        {
          "entries" : [
            {
              "date" : "2026-11-20",
              "food" : "Soup\\u001b]0;pwned\\u0007\\u001b[2J\\u0000",
              "grams" : 300,
              "id" : "00000000000000c1",
              "kcal" : 100,
              "meal" : "breakfast",
              "portion" : "1 bowl (300 g)",
              "quantity" : 1,
              "text" : "soup",
              "time" : "08:00",
              "unit" : "bowl"
            },
            {
              "date" : "2026-11-20",
              "food" : "Apple, raw",
              "grams" : 182,
              "id" : "00000000000000c2",
              "kcal" : 94.6,
              "meal" : "breakfast",
              "portion" : "1 apple (182 g)",
              "quantity" : 1,
              "text" : "an apple",
              "time" : "08:10",
              "unit" : "apple"
            }
          ],
          "month" : "2026-11",
          "version" : 1
        }

        """

    @Test func todayAndExportCsvShowTheNameEscapedAndGoOnPastItsNUL() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let journal = folder.appendingPathComponent("data/devices/local/journal")
            try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
            try Data(Self.month.utf8).write(to: journal.appendingPathComponent("2026-11.json"))
            for arguments in [["2026-11-20"], ["export", "csv"], ["--json", "2026-11-20"]] {
                let output = try BinaryRunner.run(
                    try BinaryRunner.productURL("calorina"),
                    arguments: ["--data-dir", folder.appendingPathComponent("data").path] + arguments, stdin: Data(),
                    environment: BinaryRunner.environment(home: folder, ["CALORINA_NOW": "2026-11-22T08:30:00"]),
                    timeout: .seconds(30))
                #expect(output.status == 0, "\(arguments): \(output)")
                #expect(output.stdout.contains("Apple, raw"), "\(arguments): the output stopped at the NUL: \(output)")
                let stray = output.stdout.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars.filter {
                    ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                }
                #expect(stray.isEmpty, "\(arguments): \(stray.map(\.value))")
                #expect(
                    output.stdout.lowercased().contains("soup\\u001b]0;pwned\\u0007\\u001b[2j\\u0000"),
                    "\(arguments): \(output)")
            }
        }
    }
}
