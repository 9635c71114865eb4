import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaExchange
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaSession
@testable import CalorinaSupport

/// Issue 25, F16, F17 and F23: an imported food name with terminal escapes was printed raw by
/// `today`, one with a NUL cut the output short, and one row of 5e307 kcal stopped the whole
/// import with a message about the data folder, naming no row. Imports now refuse such a row by
/// its line, and the renderer shows what is already stored escaped.
@Suite(.tags(.fast)) struct ControlCharacterTests {
    static let now = LocalMoment(date: CivilDate(daysSinceEpoch: 20_779), hour: 8, minute: 30)

    /// A file, and the line and words its refusal must have.
    struct Refused: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var line: Int
        var says: String
        var testDescription: String { name }
    }

    static let diaryHeader = "Date,Meal,Food Name,Calories\n2026-11-20,Lunch,Soup,300\n"

    static let refused: [Refused] = [
        Refused(
            name: "terminal escapes", file: diaryHeader + "2026-11-20,Lunch,\u{1B}]0;pwned\u{07}\u{1B}[2J,300\n",
            line: 3,
            says:
                "the food name '\\u001B]0;pwned\\u0007\\u001B[2J' holds a control character, U+001B (escape), at character 1"
        ),
        Refused(
            name: "a NUL", file: diaryHeader + "2026-11-20,Lunch,Rice\u{0}cake,120\n", line: 3,
            says: "U+0000 (NUL), at character 5"),
        Refused(
            name: "a C1 control", file: diaryHeader + "2026-11-20,Lunch,Tea\u{9B}2J,5\n", line: 3,
            says: "U+009B (control sequence introducer), at character 4"),
        Refused(
            name: "a bell in our JSON",
            file: #"{"version":1,"entries":[{"id":"a1","date":"2026-11-20","time":"08:00","meal":"breakfast","#
                + #""food":"Toast\u0007","quantity":1,"unit":"slice","portion":"","kcal":80,"text":"toast"}]}"#,
            line: 1, says: "entry 1 of the list: the food name 'Toast\\u0007' holds a control character, U+0007 (bell)"),
        Refused(
            name: "5e307 kcal", file: diaryHeader + "2026-11-20,Lunch,Stew,5e307\n", line: 3,
            says: "calories 5e+307 is more than one entry may say (at most 100,000 kcal)"),
        Refused(
            name: "a sodium of 1e300 mg in our CSV",
            file: Exchange.csvHeader
                + "2026-11-20,08:00,food,breakfast,Toast,1,slice,,80,,,,a1,,,toast,,,,1e300\r\n",
            line: 2, says: "sodium 1e+300 is more than one entry may say (at most 1,000,000,000 mg)"),
    ]

    @Test(arguments: refused)
    func anImportRowWithAControlCharacterOrAnAbsurdNumberIsRefusedByItsLine(_ case: Refused) throws {
        do {
            _ = try Exchange.read(bytes: Array(`case`.file.utf8), map: nil, now: Self.now)
            Issue.record("the file was read")
        } catch {
            #expect(error.line == `case`.line, "\(error)")
            #expect(error.message.contains(`case`.says), "\(error.message)")
        }
    }

    /// Through a session: nothing is imported, and the message names the file and line with no
    /// word of the data folder or `doctor`.
    @Test func aRefusedImportSavesNothingAndNamesTheRow() throws {
        try TestSession.with { session, folder in
            let file = folder.appendingPathComponent("diary.csv")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data((Self.diaryHeader + "2026-11-20,Lunch,Stew,5e307\n").utf8).write(to: file)
            guard case .failed(let failure) = session.handle("import \(file.path)") else {
                Issue.record("the import was not refused")
                return
            }
            let message = failure.problems.first?.message ?? ""
            #expect(message.hasPrefix("\(file.path):3: calories 5e+307"), "\(message)")
            #expect(!message.contains("doctor") && !message.contains("writable"), "\(message)")
            #expect(try session.store.entries(inMonth: "2026-11").isEmpty)
        }
    }

    /// `import /dev/zero` said to run `doctor`, which has nothing to do with a file a person names.
    @Test func importOfADeviceOrAFolderSaysWhatImportReads() throws {
        try TestSession.with { session, folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let fifo = folder.appendingPathComponent("pipe").path
            try #require(mkfifo(fifo, 0o600) == 0)
            var cases = [(fifo, "it is a FIFO, not a file"), (folder.path, "it is a folder, not a file")]
            // `import /dev/zero`, with a device node of the test's own (mknod needs root).
            let zero = folder.appendingPathComponent("zero").path
            if getuid() == 0 {
                try #require(mknod(zero, S_IFCHR | 0o644, dev_t((1 << 8) | 5)) == 0)
                cases.append((zero, "it is a device, not a file"))
            }
            for (path, kind) in cases {
                guard case .failed(let failure) = session.handle("import \(path)") else {
                    Issue.record("\(path) was imported")
                    continue
                }
                let message = failure.problems.first?.message ?? ""
                #expect(message == "\(path): \(kind); import reads a file: a CSV, a JSON export or a saved web page")
            }
        }
    }

    /// What is already stored is shown escaped: without colour every control character but line
    /// breaks; with colour, only the renderer's own colour sequences stay escapes.
    @Test func theRendererShowsStoredControlCharactersEscaped() {
        let stored = "Soup\u{1B}]0;pwned\u{07}\u{1B}[2J\u{0}\u{9B}31m\u{1B}[31m"
        let plain = Renderer(color: false).visible("  \(stored)\n")
        #expect(plain == "  Soup\\u001B]0;pwned\\u0007\\u001B[2J\\u0000\\u009B31m\\u001B[31m\n")
        let colored = Renderer(color: true)
        let shown = colored.visible(colored.paint("✓", .green) + " " + stored + "\n")
        #expect(shown == "\u{1B}[32m✓\u{1B}[0m Soup\\u001B]0;pwned\\u0007\\u001B[2J\\u0000\\u009B31m\u{1B}[31m\n")
        // The one escape left of the stored text is a colour, as `paint` writes: no title, no
        // clearing, no cursor movement.
        #expect(!shown.contains("\u{1B}]") && !shown.contains("\u{1B}[2J") && !shown.contains("\u{0}"))
    }

    /// Through `today` and `export csv`: a row with a NUL no longer ends the output, and the
    /// escapes are shown, not sent.
    @Test func todayAndExportShowAStoredNameEscapedAndGoOnPastANUL() throws {
        try TestSession.with { session, _ in
            let bad = Entry(
                id: "00000000000000b1", date: "2026-11-22", time: "08:00", meal: .breakfast,
                food: "Soup\u{1B}[2J\u{0}", quantity: 1, unit: "bowl", portion: "", grams: nil, kcal: 100, text: "soup")
            let good = Entry(
                id: "00000000000000b2", date: "2026-11-22", time: "08:10", meal: .breakfast, food: "Apple",
                quantity: 1, unit: "apple", portion: "", grams: nil, kcal: 95, text: "an apple")
            _ = try session.store.apply([.add(bad), .add(good)])
            for line in ["today", "export csv", "export json"] {
                let output = Renderer(color: false).text(session.handle(line)).stdout
                let stray = output.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars.filter {
                    ControlCharacters.isControl($0) && $0 != "\n"
                }
                #expect(stray.isEmpty, "\(line): \(stray.map(\.value))")
                #expect(output.contains("Apple"), "\(line): \(output)")
                #expect(output.lowercased().contains("soup\\u001b[2j\\u0000"), "\(line): \(output)")
            }
        }
    }
}
