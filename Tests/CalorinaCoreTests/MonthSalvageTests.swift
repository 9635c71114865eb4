import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaResolver

/// Issue 16.7: `doctor restore` put back the backup, which lacks the file's last change. What can
/// be read of a damaged month file is read one entry at a time; each case damages one place of a
/// file of three entries and says which entries must still be read and where the damage is said
/// to be.
@Suite struct MonthSalvageTests {
    /// Three entries of 2026-11, one a line on lines 3, 4 and 5 (with their ids a1, a2, a3).
    static let entries = ["a1", "a2", "a3"].enumerated().map { offset, id in
        Entry(
            id: id, date: "2026-11-2\(offset)", time: "08:30", meal: .breakfast, food: "Banana {raw}",
            quantity: 1, unit: "banana", portion: "", grams: nil, kcal: 100 + Double(offset), text: "a {banana}")
    }

    /// The file, its entries one a line (the `{` of entry n at column 5 of line n + 2).
    static let file: String = {
        let lines = entries.map { entry -> String in
            let json = String(decoding: (try? JSONEncoder().encode(entry)) ?? Data(), as: UTF8.self)
            return "    " + json
        }
        return "{\n  \"entries\" : [\n" + lines.joined(separator: ",\n") + "\n  ],\n  \"month\" : \"2026-11\",\n"
            + "  \"version\" : 1\n}\n"
    }()

    struct Damage: Sendable, CustomTestStringConvertible {
        var name: String
        /// The damaged file.
        var text: String
        /// The ids that must be read, in order.
        var read: [String]
        /// The lines said to hold what could not be read.
        var lines: [Int]
        var repeats = 0
        var testDescription: String { name }
    }

    static func replacing(_ old: String, with new: String, nth: Int = 0) -> String {
        let ranges = file.ranges(of: old)
        return file.replacingCharacters(in: ranges[nth], with: new)
    }

    static let damages: [Damage] = [
        Damage(
            name: "cut in the third entry",
            text: String(
                file.prefix(
                    file.distance(
                        from: file.startIndex, to: file.ranges(of: "\"a3\"")[0].lowerBound))), read: ["a1", "a2"],
            lines: [5]),
        Damage(
            name: "cut between two entries", text: String(file[..<file.ranges(of: "},\n")[1].upperBound]),
            read: ["a1", "a2"], lines: [5]),
        Damage(
            name: "a stray byte in the second", text: replacing("101", with: "1x1"), read: ["a1", "a3"], lines: [4]),
        Damage(
            name: "the second's brace gone", text: replacing(",\n    {", with: ",\n    ", nth: 0), read: ["a1", "a3"],
            lines: [4]),
        Damage(
            name: "the second of another month", text: replacing("2026-11-21", with: "2026-12-21"),
            read: ["a1", "a3"], lines: [4]),
        Damage(
            name: "a field Calorina does not know", text: replacing("\"kcal\"", with: "\"mood\":1,\"kcal\"", nth: 1),
            read: ["a1", "a3"], lines: [4]),
        Damage(
            name: "the version as text", text: replacing("\"version\" : 1", with: "\"version\" : \"1\""),
            read: ["a1", "a2", "a3"], lines: [1]),
        Damage(name: "only a brace", text: "{", read: [], lines: [1]),
        Damage(
            name: "a repeat and a stray byte",
            text: replacing("\"a2\"", with: "\"a1\"").replacingOccurrences(
                of: "102", with: "1x2"), read: ["a1"], lines: [5], repeats: 1),
    ]

    @Test(arguments: damages)
    func whatCanBeReadIsReadAndTheRestIsPlaced(_ damage: Damage) throws {
        #expect(throws: StoreError.self) { try MonthFile.decode(Array(damage.text.utf8), month: "2026-11", path: "p") }
        let salvage = MonthSalvage(Array(damage.text.utf8), month: "2026-11")
        #expect(salvage.entries.map(\.id) == damage.read)
        #expect(salvage.unreadableLines == damage.lines)
        #expect(salvage.repeatsRemoved == damage.repeats)
        #expect(!salvage.isWhole)
        for entry in salvage.entries {
            #expect(Self.entries.contains(entry), "an entry read is one of the file's, as it was")
        }
    }

    @Test func aFileWhoseOnlyFaultIsARepeatIsWhole() {
        let text = Self.replacing("\"a2\"", with: "\"a1\"")
        let salvage = MonthSalvage(Array(text.utf8), month: "2026-11")
        #expect(salvage.isWhole && salvage.unreadableLines.isEmpty)
        #expect(salvage.entries.map(\.id) == ["a1", "a3"] && salvage.repeatsRemoved == 1)
    }

    /// Every prefix of the file, and every one-byte change of it: what is read is never more than
    /// was there, a cut loses only the entries it cuts, a changed byte at most one entry, and a
    /// file that is not whole always says where.
    @Test func everyCutAndByteChangeLosesOnlyTheEntriesItTouches() {
        let good = Array(Self.file.utf8)
        // Where each entry's closing brace is: the end of its line, but for the comma.
        let lines = Self.file.split(separator: "\n", omittingEmptySubsequences: false)
        let ends = (0..<Self.entries.count).map { index in
            lines[..<(index + 2)].reduce(0) { $0 + $1.utf8.count + 1 } + lines[index + 2].utf8.count
                - (lines[index + 2].hasSuffix(",") ? 1 : 0)
        }
        for length in 0..<good.count {
            let salvage = MonthSalvage(Array(good[..<length]), month: "2026-11")
            let whole = Self.entries.indices.filter { ends[$0] <= length }.map { Self.entries[$0] }
            #expect(salvage.entries == whole, "cut at \(length)")
            // Only the last newline can go without a loss.
            #expect(salvage.isWhole == (length == good.count - 1), "cut at \(length)")
            #expect(salvage.isWhole || !salvage.unreadableLines.isEmpty, "cut at \(length)")
        }
        for index in good.indices {
            for replacement: UInt8 in [0x22, 0x7B, 0x7D, 0x5D, 0x2C, 0x31, 0x78, 0x20, 0xFF, 0x00]
            where good[index] != replacement {
                var changed = good
                changed[index] = replacement
                let salvage = MonthSalvage(changed, month: "2026-11")
                let kept = salvage.entries.count + salvage.repeatsRemoved
                #expect(kept >= Self.entries.count - 1, "byte \(index) as \(replacement)")
                if kept < Self.entries.count {
                    #expect(!salvage.isWhole && !salvage.unreadableLines.isEmpty, "byte \(index) as \(replacement)")
                }
            }
        }
    }
}
