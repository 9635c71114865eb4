import CalorinaModel
import Foundation
import SeededRandom
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaResolver
@testable import CalorinaSupport

/// The hand-written month reader and writer against Foundation's, the reference: the same bytes
/// out, the same entries in, and never a file one reads that the other refuses (but for fields
/// Calorina does not know, which only the hand-written reader refuses).
@Suite struct MonthCodecTests {
    static let texts = [
        "a banana", "", "Crème brûlée", "1/2 \"cup\" of \\ milk", "tab\there", "line\nbreak", "\u{1}\u{1F}",
        "emoji 🍌🥑", "right-to-left ‏שלום", "slash/s", "\u{2028}", "nul\u{0}byte",
    ]
    static let numbers: [Double] = [
        0, 1, 122.2, 0.1 + 0.2, 1e-7, 1e21, 1.2345678901234568e17, 99_999_999_999_999, 1e15, -2.5,
        .leastNonzeroMagnitude,
        1.7976931348623157e308,
    ]

    static func randomEntry(_ random: inout SeededGenerator) -> Entry {
        func pick<T>(_ list: [T]) -> T { list[Int.random(in: 0..<list.count, using: &random)] }
        func maybe(_ value: Double) -> Double? { Bool.random(using: &random) ? value : nil }
        var entry = Entry(
            id: String(random.next() >> 1, radix: 16), date: "2026-11-\(Int.random(in: 10...30, using: &random))",
            time: "08:30", meal: pick(Meal.allCases), food: pick(texts),
            code: Bool.random(using: &random) ? Int.random(in: -5...99_999_999, using: &random) : nil,
            quantity: pick(numbers), unit: pick(texts), portion: pick(texts), grams: maybe(pick(numbers)),
            kcal: pick(numbers), protein: maybe(pick(numbers)), carbs: maybe(pick(numbers)),
            fat: maybe(pick(numbers)), text: pick(texts),
            kind: Bool.random(using: &random) ? nil : pick([EntryKind.exercise, .water, .weight]),
            nutrients: Bool.random(using: &random)
                ? Nutrients()
                : Nutrients([
                    .fiber: maybe(pick(numbers)), .sugars: maybe(pick(numbers)), .saturatedFat: maybe(pick(numbers)),
                    .sodium: maybe(pick(numbers)),
                ]))
        // The words of version 5: none, or lists of none, one or several (escapes and all).
        if Bool.random(using: &random) {
            func words() -> [String] { (0..<Int.random(in: 0...3, using: &random)).map { _ in pick(texts) } }
            let skipped = words()
            entry.words = EntryWords(
                matched: words(), skipped: skipped, skippedRoles: skipped.map { _ in pick(["filler", "preparation"]) })
        }
        return entry
    }

    static func foundationBytes(_ file: MonthFile) throws -> [UInt8] {
        [UInt8](try JSONFile.makeEncoder().encode(file)) + [UInt8(ascii: "\n")]
    }

    /// A day read alone (`decode(_:onlyDay:)`, for `today` on a long month) is the day of the
    /// month read whole, whatever the other entries' text holds: braces, brackets, quotes, and a
    /// `"date" : "…"` of another day inside a string.
    @Test func aDayReadAloneIsTheDayOfTheWholeMonth() throws {
        var random = SeededGenerator(seed: 23)
        let tricky = [#"}{ "date" : "2026-11-12" ]["#, #"\"date\":\"2026-11-13\""#, "date", #"{"date":"2026-11-14"}"#]
        for count in [0, 1, 5, 60] {
            for _ in 0..<20 {
                let entries = (0..<count).map { _ -> Entry in
                    var entry = Self.randomEntry(&random)
                    if Bool.random(using: &random) {
                        entry.text = tricky[Int.random(in: 0..<tricky.count, using: &random)]
                    }
                    if Bool.random(using: &random) {
                        entry.food = tricky[Int.random(in: 0..<tricky.count, using: &random)]
                    }
                    return entry
                }
                let bytes = try #require(MonthCodec.encode(MonthFile(month: "2026-11", entries: entries)))
                let whole = try MonthCodec.decode(bytes)
                for day in ["2026-11-12", "2026-11-13", "2026-11-14", "2026-11-20", "2026-11-31"] {
                    let alone = try MonthCodec.decode(bytes, onlyDay: day)
                    #expect(alone.entries == whole.entries.filter { $0.date == day })
                    #expect(alone.month == whole.month && alone.version == whole.version && alone.log == whole.log)
                }
            }
        }
    }

    @Test func theWriterWritesWhatJSONEncoderWrites() throws {
        var random = SeededGenerator(seed: 7)
        for count in [0, 1, 2, 40] {
            for _ in 0..<25 {
                let file = MonthFile(month: "2026-11", entries: (0..<count).map { _ in Self.randomEntry(&random) })
                let ours = try #require(MonthCodec.encode(file))
                // Foundation's, but for the checksum line Calorina's writer ends the file with.
                #expect(MonthChecksum.verdict(of: ours) == .matches)
                #expect(MonthFileEdits.withoutChecksum(ours) == (try Self.foundationBytes(file)))
                #expect(try MonthCodec.decode(ours) == file)
            }
        }
    }

    /// Numbers are read without a string when they are short decimals: every such reading must be
    /// the correctly rounded double, the one `Double(String)` gives.
    @Test func numbersReadAsDoubleReadsThem() throws {
        var random = SeededGenerator(seed: 99)
        var literals = [
            "0", "-0", "1", "0.5", "122.2", "-2.5", "0.1", "0.30000000000000004", "999999999999999",
            "9999999999999999", "1.5e3", "1E-7", "123456.789012345", "0.000000000000001", "-0.0",
        ]
        for _ in 0..<20_000 {
            let whole = String(
                UInt64.random(in: 0..<1_000_000_000, using: &random) >> UInt64.random(in: 0...29, using: &random))
            let fraction = String(UInt64.random(in: 0..<10_000_000_000, using: &random)).prefix(
                Int.random(in: 0...9, using: &random))
            literals.append((Bool.random(using: &random) ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction))
        }
        for literal in literals {
            let text = """
                {"version": 1, "month": "2026-11", "entries": [{"id": "a", "date": "2026-11-22", "time": "08:00",
                "meal": "lunch", "food": "x", "quantity": 1, "unit": "g", "portion": "", "kcal": \(literal), "text": ""}]}
                """
            let file = try MonthCodec.decode(Array(text.utf8))
            let kcal = try #require(file.entries.first?.kcal)
            let expected = try #require(Double(literal))
            #expect(kcal.bitPattern == expected.bitPattern, "\(literal): \(kcal) != \(expected)")
        }
    }

    @Test func aNumberJSONCannotHoldIsNotWritten() {
        var random = SeededGenerator(seed: 11)
        var entry = Self.randomEntry(&random)
        entry.kcal = .nan
        #expect(MonthCodec.encode(MonthFile(month: "2026-11", entries: [entry])) == nil)
        entry.kcal = 1
        entry.nutrients[.fat] = .infinity
        #expect(MonthCodec.encode(MonthFile(month: "2026-11", entries: [entry])) == nil)
        entry.nutrients[.fat] = 1
        entry.nutrients[.sodium] = .nan
        #expect(MonthCodec.encode(MonthFile(month: "2026-11", entries: [entry])) == nil)
    }

    /// Every month is written in version 4 (5 when an entry keeps its words), ending with the
    /// CRC-32 of the bytes before its line; files of versions 1 to 3 (no checksum) read as they are.
    @Test func aMonthIsWrittenInVersionFourWithItsChecksumLast() throws {
        var random = SeededGenerator(seed: 11)
        var entry = Self.randomEntry(&random)
        entry.nutrients[.sodium] = 410
        entry.words = nil
        var worded = entry
        worded.words = EntryWords(matched: ["banana"], skipped: [])
        let wordedText = String(
            decoding: try #require(MonthCodec.encode(MonthFile(month: "2026-11", entries: [worded]))), as: UTF8.self)
        #expect(wordedText.contains("\"version\" : 5,\n"))
        let bytes = try #require(MonthCodec.encode(MonthFile(month: "2026-11", entries: [entry])))
        let text = String(decoding: bytes, as: UTF8.self)
        var crc = CRC32()
        crc.update(bytes.dropLast(28))
        let trailer = "  \"checksum\" : \"\(crc.hex)\"\n}\n"
        #expect(text.hasSuffix("\"version\" : 4,\n" + trailer))
        #expect(text.contains("\"sodium\" : 410"))
        #expect(try MonthFile.decode(bytes, month: "2026-11", path: "x").entries.first?.nutrients[.sodium] == 410)
        for version in 1...3 {
            var old = MonthFile(month: "2026-11", entries: [entry])
            old.version = version
            let oldBytes = try #require(MonthCodec.encode(old))
            #expect(String(decoding: oldBytes, as: UTF8.self).hasSuffix("\"version\" : \(version)\n}\n"))
            #expect(try MonthFile.decode(oldBytes, month: "2026-11", path: "x") == old)
        }
    }

    /// The CRC is zlib's: the standard check value, and the empty input.
    @Test func theChecksumIsZlibsCRC32() {
        #expect(CRC32.of(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.of([UInt8]()) == 0)
        var crc = CRC32()
        crc.update(Array("1234".utf8))
        crc.update(Array("56789".utf8))
        #expect(crc.hex == "cbf43926")
        // Longer than a step of eight, with a tail, and in pieces of every length (values from
        // Python's zlib.crc32).
        let bytes = Array((0..<3).flatMap { _ in (0...255).map { UInt8($0) } })
        #expect(CRC32.of(bytes) == 0xB0C0_DF2A)
        #expect(CRC32.of(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        for piece in 1...17 {
            var pieces = CRC32()
            for start in stride(from: 0, to: bytes.count, by: piece) {
                pieces.update(bytes[start..<min(start + piece, bytes.count)])
            }
            #expect(pieces.value == 0xB0C0_DF2A, "in pieces of \(piece)")
        }
    }

    /// Files changed a byte at a time, cut short and spliced: whenever the hand-written reader
    /// reads one, Foundation reads the same; when it refuses one that Foundation reads, the reason
    /// is a field it does not know.
    @Test func theReaderAgreesWithFoundationOnDamagedFiles() throws {
        var random = SeededGenerator(seed: 42)
        let decoder = JSONDecoder()
        let alphabet = Array(#"{}[]",:0123456789.eE+-\ntruefalsenull"abc\u00e9"#.utf8) + [0x00, 0xC3, 0xA9, 0xFF]
        var agreed = 0
        var unknown = 0
        for round in 0..<3000 {
            let file = MonthFile(month: "2026-11", entries: (0..<3).map { _ in Self.randomEntry(&random) })
            var bytes = try #require(MonthCodec.encode(file))
            switch round % 4 {
            case 0:
                for _ in 0...Int.random(in: 0...3, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] =
                        alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                }
            case 1:
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            case 2:
                let at = Int.random(in: 0..<bytes.count, using: &random)
                bytes.insert(contentsOf: alphabet.shuffled(using: &random).prefix(3), at: at)
            default:
                let at = Int.random(in: 0..<bytes.count, using: &random)
                bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...4, using: &random)))
            }
            // A checksum that is not text is refused by the hand-written reader and ignored by
            // Foundation's, which knows no checksum: it is taken as Foundation reading nothing.
            let reference =
                (try? decoder.decode(JSONFile.VersionProbe.self, from: Data(bytes))) == nil
                ? nil : try? decoder.decode(MonthFile.self, from: Data(bytes))
            do {
                let ours = try MonthCodec.decode(bytes)
                #expect(ours == reference, "read differently: \(String(decoding: bytes, as: UTF8.self))")
                agreed += 1
            } catch .unknownField {
                unknown += 1
            } catch {
                #expect(reference == nil, "refused what Foundation reads: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        // The damage must leave some files readable, or this test says nothing.
        #expect(agreed > 100)
        #expect(unknown > 10)
    }
}

/// `ShortDecimal` reads what `Double(_:)` reads, to the bit, or leaves it to it.
@Suite(.tags(.fast)) struct ShortDecimalTests {
    @Test(arguments: [
        "0", "-0", "7", "122.2", "-3.25", "0.1", "0.30", "2104.5", "81.2", "999999999999999", "123456789.012345",
    ])
    func shortDecimalsAreReadExactly(_ text: String) throws {
        let value = try #require(ShortDecimal.value(of: Array(text.utf8)))
        #expect(value.bitPattern == Double(text)?.bitPattern)
    }

    @Test(arguments: ["", "-", ".5", "5.", "1e5", "1.2.3", "--1", "1-", "x", "1234567890123456", "inf"])
    func anythingElseIsLeftToDouble(_ text: String) {
        #expect(ShortDecimal.value(of: Array(text.utf8)) == nil)
    }
}
