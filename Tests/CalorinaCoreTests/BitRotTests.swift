import CalorinaModel
import Foundation
import SeededRandom
import Testing

@testable import CalorinaDoctor
@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaResults
@testable import CalorinaSession

/// Bit rot is found (issue 25, item 7): a single flipped bit anywhere in a month file or in a line
/// of its log is either refused by reading, with the file's path, and named by `doctor`, or
/// provably harmless (the month reads exactly as written). Seeded, at many positions; before the
/// checksum, 147 of 600 such flips read as valid, changed values.
@Suite final class BitRotTests {
    let base: URL
    let journal: String

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-bitrot-\(UUID().uuidString)")
        journal = base.appendingPathComponent("journal").path
    }

    deinit { try? FileManager.default.removeItem(at: base) }

    /// A store that starts a log at 40 entries, so that one month has a file and a log.
    func engine() throws(StoreError) -> JournalEngine<SystemCalls> {
        try JournalEngine(rootPath: base.path, calls: SystemCalls(), logThreshold: 40)
    }

    static func entry(_ number: Int, _ random: inout SeededGenerator) -> Entry {
        let foods = ["Banana, raw", "Oatmeal, NFS", "Café au lait", "Pizza, cheese", "Egg, whole, fried"]
        var entry = Entry(
            id: "e\(number)", date: "2026-11-\(10 + number % 15)", time: "0\(number % 10):15",
            meal: Meal.allCases[number % Meal.allCases.count], food: foods[number % foods.count],
            code: number % 3 == 0 ? nil : 63_107_010 + number, quantity: Double(number % 4) + 0.5,
            unit: "serving", portion: "1 medium", grams: Double(Int.random(in: 50...400, using: &random)),
            kcal: Double(Int.random(in: 20...900, using: &random)) + 0.5,
            protein: 1.3, carbs: 27, fat: 0.4, text: "food \(number)")
        if number % 2 == 0 {
            entry.nutrients = Nutrients([.fiber: 3.1, .sugars: 14.4, .saturatedFat: nil, .sodium: 1])
        }
        return entry
    }

    /// A month of 40 entries in its file (which names a log) and 12 in the log.
    func writeMonth() throws -> [Entry] {
        var random = SeededGenerator(seed: 25)
        let store = try engine()
        let entries = (1...52).map { Self.entry($0, &random) }
        try store.apply(entries.prefix(40).map { .add($0) })
        for entry in entries.dropFirst(40) { try store.apply([.add(entry)]) }
        return try store.entries(inMonth: "2026-11")
    }

    enum Outcome { case refused, harmless }

    /// Reads the month after flipping bit `bit` of byte `offset` of `path`, then puts the file back.
    func readFlipped(_ path: String, offset: Int, bit: Int, expecting written: [Entry]) throws -> Outcome {
        let original = try #require(FileManager.default.contents(atPath: path))
        var bytes = [UInt8](original)
        bytes[offset] ^= UInt8(1 << bit)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? original.write(to: URL(fileURLWithPath: path)) }
        do throws(StoreError) {
            let read = try engine().entries(inMonth: "2026-11")
            #expect(read == written, "byte \(offset) bit \(bit) of \(path) read as changed values")
            return .harmless
        } catch {
            #expect(error.message.contains(path), "byte \(offset) bit \(bit): \(error.message)")
            // doctor names the same file.
            let health = Doctor.check(base.path + "/journal/2026-11.json")
            if case .good = health { Issue.record("doctor finds nothing wrong after byte \(offset) bit \(bit)") }
            return .refused
        }
    }

    @Test func everyFlippedBitOfAMonthFileOrItsLogIsFound() throws {
        let written = try writeMonth()
        let month = journal + "/2026-11.json"
        let monthText = String(decoding: try #require(FileManager.default.contents(atPath: month)), as: UTF8.self)
        #expect(monthText.contains(#""log" : 1"#))
        let log = journal + "/2026-11.1.log"
        var random = SeededGenerator(seed: 2025)
        var refused = 0
        var harmless = 0
        for (path, flips) in [(month, 900), (log, 600)] {
            let size = try #require(FileManager.default.contents(atPath: path)).count
            // Every byte of the file's last 40 (its checksum line and the end of the log's last
            // line), and seeded positions elsewhere.
            var positions = Array(max(0, size - 40)..<size)
            while positions.count < flips { positions.append(Int.random(in: 0..<size, using: &random)) }
            for offset in positions {
                switch try readFlipped(
                    path, offset: offset, bit: Int.random(in: 0..<8, using: &random), expecting: written)
                {
                case .refused: refused += 1
                case .harmless: harmless += 1
                }
            }
        }
        // A CRC-32 finds every flipped bit: none of them is harmless here.
        #expect(refused == 1_500 && harmless == 0)
    }

    @Test func doctorRestoreTakesTheBackupOfAMonthWhoseBytesChanged() throws {
        var random = SeededGenerator(seed: 7)
        let store = try engine()
        try store.apply([.add(Self.entry(1, &random))])
        try store.apply([.add(Self.entry(2, &random))])
        let month = journal + "/2026-11.json"
        let backup = try #require(FileManager.default.contents(atPath: month + ".bak"))
        var bytes = [UInt8](try #require(FileManager.default.contents(atPath: month)))
        // A digit of the first entry's kcal: the file still parses, as the same shape.
        let kcal = try #require(String(decoding: bytes, as: UTF8.self).range(of: "\"kcal\" : "))
        let at = String(decoding: bytes, as: UTF8.self).utf8.distance(
            from: String(decoding: bytes, as: UTF8.self).startIndex, to: kcal.upperBound)
        bytes[at] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: month))

        let report = try Doctor.run(root: base.path, restore: .everyBrokenFile, now: 1_764_000_000)
        let file = try #require(report.files.first { $0.path == month })
        #expect(file.restored?.from?.path == month + ".bak", "\(file)")
        #expect(file.salvage == nil, "a month whose bytes changed is not salvaged while it has a backup")
        #expect(FileManager.default.contents(atPath: month).map { [UInt8]($0) } == [UInt8](backup))
        #expect(try engine().entries(inMonth: "2026-11").map(\.id) == ["e1"])
    }
}
