import Foundation
import Testing

@testable import CalorinaDoctor
@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaSession

/// A large month's log (`MonthLog`): additions are appended without reading or rewriting the
/// month, any other change rewrites it naming a new log, and a log cut short or left behind never
/// shows an entry that does not belong. On real files, with a log started at four entries.
@Suite(.tags(.fast)) final class MonthLogTests {
    let base: URL
    let journal: String

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-log-\(UUID().uuidString)")
        journal = base.appendingPathComponent("journal").path
    }

    deinit { try? FileManager.default.removeItem(at: base) }

    func engine() throws -> JournalEngine<SystemCalls> {
        try JournalEngine(rootPath: base.path, calls: SystemCalls(), logThreshold: 4)
    }

    static func entry(_ number: Int, day: Int = 22, time: String = "08:00") -> Entry {
        Entry(
            id: "e\(number)", date: "2026-11-\(day)", time: time, meal: .breakfast, food: "Food \(number)",
            quantity: 1, unit: "serving", portion: "", grams: nil, kcal: Double(number), text: "food \(number)")
    }

    func text(_ name: String) -> String? {
        FileManager.default.contents(atPath: journal + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    func ids(_ engine: JournalEngine<SystemCalls>) throws -> [String] {
        try engine.entries(inMonth: "2026-11").map(\.id)
    }

    @Test func additionsGoToTheLogWithoutReadingOrRewritingTheMonth() throws {
        let writer = try engine()
        try writer.apply((1...5).map { .add(Self.entry($0)) })
        let month = try #require(text("2026-11.json"))
        #expect(month.contains(#""log" : 1"#) && month.contains(#""version" : 4"#))
        #expect(text("2026-11.1.log") == nil)

        // More than the writer keeps in memory (twice the threshold), one change at a time.
        for number in 6...20 { try writer.apply([.add(Self.entry(number, time: "09:00"))]) }
        #expect(text("2026-11.json") == month, "the month file is not rewritten")
        let log = try #require(text("2026-11.1.log"))
        #expect(log.split(separator: "\n").count == 15 && log.hasSuffix("\n"))
        #expect(log.hasPrefix(#"{"date":"2026-11-22","food":"Food 6","id":"e6","#))
        // Each line ends with its own checksum.
        #expect(log.split(separator: "\n").allSatisfy { $0.hasSuffix("\"}") && $0.contains(#","checksum":""#) })
        #expect(writer.monthReads == 0, "appending read nothing")
        #expect(writer.knownRewriteSize(inMonth: "2026-11") == 0)

        // A day asked for first, as one-shot `today` does, has the log's entries too.
        #expect(try engine().entries(on: "2026-11-22").map(\.id) == (1...20).map { "e\($0)" })
        let reader = try engine()
        #expect(try ids(reader) == (1...20).map { "e\($0)" })
        // An addition earlier in the day than the log's takes its place by time when read.
        try writer.apply([.add(Self.entry(21, time: "07:00"))])
        #expect(try ids(reader).first == "e21")
    }

    /// An entry that keeps its words (version 5) is never appended to a log of version 4, which
    /// an earlier release reads without knowing those fields: the month is rewritten in version 5
    /// (the version 4 file kept beside it), and later entries with words append to its log.
    @Test func anEntryWithWordsGoesToAMonthOfVersion5() throws {
        let writer = try engine()
        try writer.apply((1...5).map { .add(Self.entry($0)) })
        try writer.apply([.add(Self.entry(6))])
        #expect(text("2026-11.json")?.contains(#""version" : 4"#) == true)
        var worded = Self.entry(7)
        worded.words = EntryWords(matched: ["banana"], skipped: ["ripe"], skippedRoles: ["description"])
        try writer.apply([.add(worded)])
        let month = try #require(text("2026-11.json"))
        #expect(month.contains(#""version" : 5"#) && month.contains(#""matched" : ["#))
        #expect(text("2026-11.json.v4") != nil, "the version 4 file is kept for an earlier release")
        var next = Self.entry(8)
        next.words = EntryWords(matched: ["apple"], skipped: [])
        try writer.apply([.add(next)])
        #expect(text("2026-11.json") == month, "a month of version 5 takes words in its log")
        let read = try engine().entries(inMonth: "2026-11")
        #expect(read.map(\.id) == (1...8).map { "e\($0)" })
        #expect(read.first { $0.id == "e7" }?.words == worded.words)
        #expect(read.first { $0.id == "e8" }?.words == next.words)
    }

    @Test func anyOtherChangeRewritesTheMonthNamingANewLog() throws {
        let writer = try engine()
        try writer.apply((1...5).map { .add(Self.entry($0)) })
        try writer.apply([.add(Self.entry(6)), .add(Self.entry(7))])
        #expect(text("2026-11.1.log") != nil)
        try writer.apply([.remove(id: "e6", date: "2026-11-22")])
        #expect(text("2026-11.json")?.contains(#""log" : 2"#) == true)
        #expect(text("2026-11.1.log") == nil, "the log no month file names is removed")
        #expect(try ids(try engine()) == ["e1", "e2", "e3", "e4", "e5", "e7"])

        // Fewer entries than the threshold: no log.
        try writer.apply((1...4).map { .remove(id: "e\($0)", date: "2026-11-22") })
        let month = try #require(text("2026-11.json"))
        #expect(!month.contains(#""log""#) && month.contains(#""version" : 4"#))
        #expect(try ids(try engine()) == ["e5", "e7"])
    }

    @Test func aLastLineCutShortIsLeftOutAndTheMonthRewrittenBeforeAnyAppend() throws {
        let writer = try engine()
        try writer.apply((1...5).map { .add(Self.entry($0)) })
        try writer.apply([.add(Self.entry(6))])
        // A power cut during an append: part of a line, no newline.
        let handle = try #require(FileHandle(forWritingAtPath: journal + "/2026-11.1.log"))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"date":"2026-11-22","food":"Hal"#.utf8))
        handle.closeFile()

        let reader = try engine()
        #expect(try ids(reader) == (1...6).map { "e\($0)" })
        try reader.apply([.add(Self.entry(7))])
        #expect(text("2026-11.json")?.contains(#""log" : 2"#) == true, "rewritten, not appended after the cut line")
        #expect(text("2026-11.1.log") == nil)
        #expect(try ids(try engine()) == (1...7).map { "e\($0)" })
    }

    /// Issue 27, item 7: a log cut inside a line is never "read cleanly": `doctor` reports it
    /// and `doctor restore` writes the month again with the log's whole lines.
    @Test func doctorReportsALogCutInsideALineAndRestoreKeepsItsWholeLines() throws {
        let writer = try engine()
        try writer.apply((1...5).map { .add(Self.entry($0)) })
        try writer.apply([.add(Self.entry(6))])
        try writer.apply([.add(Self.entry(7))])
        let handle = try #require(FileHandle(forWritingAtPath: journal + "/2026-11.1.log"))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"date":"2026-11-22","food":"Hal"#.utf8))
        handle.closeFile()

        let examined = try Doctor.run(root: base.path, restore: nil)
        let month = try #require(examined.files.first { $0.path.hasSuffix("2026-11.json") })
        guard case .bad = month.health else {
            Issue.record("a log cut inside a line read cleanly: \(month.health)")
            return
        }
        #expect(!examined.healthy)
        let text = Renderer(color: false).doctorText(examined).stderr
        #expect(text.contains("log's last line was cut short"), "\(text)")
        #expect(text.contains("calorina doctor restore 2026-11"), "\(text)")

        let restored = try Doctor.run(root: base.path, restore: .everyBrokenFile, now: 1_764_000_000)
        #expect(restored.files.contains { $0.restored != nil })
        #expect(try ids(try engine()) == (1...7).map { "e\($0)" })
        #expect(try Doctor.run(root: base.path, restore: nil).healthy)
    }

    /// Issue 27, item 7: a rewrite never removes a log it did not name. A month put back from an
    /// older copy names an earlier log than the one its newer entries went to; the rewrite names
    /// the next free number, and the other log stays (with entries the month lacks).
    @Test func aRewriteNeverRemovesALogWithALaterName() throws {
        let writer = try engine()
        try writer.apply((1...5).map { .add(Self.entry($0)) })
        try writer.apply([.add(Self.entry(6))])
        let later = try #require(text("2026-11.1.log"))
        try Data(later.utf8).write(to: URL(fileURLWithPath: journal + "/2026-11.2.log"))
        try writer.apply([.remove(id: "e1", date: "2026-11-22")])
        #expect(text("2026-11.json")?.contains(#""log" : 3"#) == true)
        #expect(text("2026-11.2.log") == later, "the log with the later name is left as it was")
    }

    /// Issue 27, item 7: a log is never orphaned in silence. A month put back from an older copy
    /// names an earlier log than the one its newer entries went to: `doctor` names that log and
    /// how many entries the month lacks, and `doctor restore` puts them in the month.
    @Test func doctorFindsALogTheMonthDoesNotNameAndRestorePutsItsEntriesIn() throws {
        let writer = try engine()
        try writer.apply((1...5).map { .add(Self.entry($0)) })
        let older = try #require(text("2026-11.json"))
        try writer.apply([.add(Self.entry(6)), .add(Self.entry(7))])
        // The month as it was before the log had any line: e6 and e7 are only in the log.
        try Data(older.utf8).write(to: URL(fileURLWithPath: journal + "/2026-11.json"))
        try FileManager.default.moveItem(atPath: journal + "/2026-11.1.log", toPath: journal + "/2026-11.2.log")
        // A backup of the month as it is: a backup is judged by what it holds, not by the logs.
        try Data(older.utf8).write(to: URL(fileURLWithPath: journal + "/2026-11.json.bak"))
        #expect(try ids(try engine()) == (1...5).map { "e\($0)" })

        let examined = try Doctor.run(root: base.path, restore: nil)
        #expect(!examined.healthy)
        let month = try #require(examined.files.first { $0.path.hasSuffix("2026-11.json") })
        #expect(month.strayLogs.map(\.entries) == [2])
        guard case .good = try #require(month.backups.first).health else {
            Issue.record("the backup was judged by a log it does not name: \(month.backups)")
            return
        }
        let said = Renderer(color: false).doctorText(examined).stderr
        #expect(said.contains("2026-11.2.log, a log the month does not name, holds 2 entries"), "\(said)")

        _ = try Doctor.run(root: base.path, restore: .everyBrokenFile, now: 1_764_000_000)
        #expect(try ids(try engine()) == (1...7).map { "e\($0)" })
        #expect(try Doctor.run(root: base.path, restore: nil).healthy)
    }

    @Test func aBrokenLineInsideTheLogIsReportedWithItsLine() throws {
        let writer = try engine()
        try writer.apply((1...5).map { .add(Self.entry($0)) })
        try writer.apply([.add(Self.entry(6))])
        try writer.apply([.add(Self.entry(7))])
        let path = journal + "/2026-11.1.log"
        let lines = try #require(text("2026-11.1.log")).split(separator: "\n")
        try Data((lines[0] + "\n{\"date\": 12}\n" + lines[1] + "\n").utf8).write(to: URL(fileURLWithPath: path))
        #expect(
            throws: StoreError.unreadable(
                path: path, line: 2, column: 1, reason: "the line is not an entry Calorina reads")
        ) {
            try self.engine().entries(inMonth: "2026-11")
        }
    }

    @Test func aFileLeftWithTheNewLogsNameIsRemovedBeforeTheMonthNamesIt() throws {
        let writer = try engine()
        // Left by a rewrite cut short long ago: an entry that does not belong to the month.
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        let stray = String(decoding: MonthLog.lines([Self.entry(99)]), as: UTF8.self)
        try Data(stray.utf8).write(to: URL(fileURLWithPath: journal + "/2026-11.1.log"))
        try writer.apply((1...5).map { .add(Self.entry($0)) })
        #expect(try ids(try engine()) == (1...5).map { "e\($0)" })
        try writer.apply([.add(Self.entry(6))])
        #expect(try ids(try engine()) == (1...6).map { "e\($0)" })
    }

    @Test func anotherWritersAppendIsSeenAndReported() throws {
        let first = try engine()
        let second = try engine()
        try first.apply((1...5).map { .add(Self.entry($0)) })
        #expect(try second.apply([.add(Self.entry(6))]) == ["2026-11"], "the second had not read the month")
        #expect(try first.apply([.add(Self.entry(7))]) == ["2026-11"], "the second appended since")
        #expect(try first.apply([.add(Self.entry(8))]) == [])
        #expect(try ids(second) == (1...8).map { "e\($0)" })
        // The summary of the month's days follows the log too.
        #expect(try first.daySums(inMonth: "2026-11").first?.entryCount == 8)
        try second.apply([.add(Self.entry(9))])
        #expect(try first.daySums(inMonth: "2026-11").first?.entryCount == 9)
        #expect(try engine().daySums(inMonth: "2026-11").first?.entryCount == 9)
    }

    @Test func aVersionOneMonthThatStartsALogKeepsItsFile() throws {
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        // As the release before logs wrote it.
        var oldFile = MonthFile(month: "2026-11", entries: (1...3).map { Self.entry($0) })
        oldFile.version = 1
        let old = MonthCodec.encode(oldFile)!
        try Data(old).write(to: URL(fileURLWithPath: journal + "/2026-11.json"))
        let writer = try engine()
        try writer.apply([.add(Self.entry(4)), .add(Self.entry(5))])
        #expect(text("2026-11.json.v1").map { Array($0.utf8) } == old)
        #expect(text("2026-11.json")?.contains(#""version" : 4"#) == true)
        #expect(try ids(try engine()) == (1...5).map { "e\($0)" })
    }

    /// A version 3 month (a log, lines without checksums) is read as it is; its next addition
    /// is not appended to that log in the new form but rewrites the month in version 4 with a new
    /// log, keeping the version 3 file.
    @Test func aVersionThreeMonthWithALogIsUpgradedNotAppendedTo() throws {
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        var oldFile = MonthFile(month: "2026-11", entries: (1...4).map { Self.entry($0) }, log: 1)
        oldFile.version = 3
        let old = try #require(MonthCodec.encode(oldFile))
        try Data(old).write(to: URL(fileURLWithPath: journal + "/2026-11.json"))
        // A line as version 3 wrote it: the entry alone.
        var line = Array(MonthCodec.line(Self.entry(5)))
        let checksum = try #require(line.firstRange(of: Array(#","checksum":""#.utf8)))
        line = Array(line[..<checksum.lowerBound]) + Array("}\n".utf8)
        try Data(line).write(to: URL(fileURLWithPath: journal + "/2026-11.1.log"))
        #expect(try ids(try engine()) == (1...5).map { "e\($0)" })

        let writer = try engine()
        try writer.apply([.add(Self.entry(6))])
        let month = try #require(text("2026-11.json"))
        #expect(month.contains(#""version" : 4"#) && month.contains(#""log" : 2"#))
        #expect(text("2026-11.json.v3").map { Array($0.utf8) } == old)
        #expect(text("2026-11.1.log") == nil)
        #expect(try ids(try engine()) == (1...6).map { "e\($0)" })
    }

    @Test func aLogIsNamedAfterItsMonthAndNumber() {
        #expect(MonthLog.path(ofMonthFile: "/d/journal/2026-11.json", log: 2) == "/d/journal/2026-11.2.log")
    }
}
