import CalorinaFoods
import CalorinaJournal
import CalorinaSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `export all`: the whole data folder in one JSON document, which `import` restores into an
/// empty data folder so that `export all` there writes the same bytes again.
///
/// Its shape (README, "A complete backup"), keys sorted, two-space indents, a newline at the end:
///
///     {
///       "foods": { …foods.json as it is: version, foods, aliases, recipes, choices… },
///       "format": "calorina-backup",
///       "journal": [ …every entry, oldest month first, each month in its file's order… ],
///       "profile": { …profile.json as it is: version, the settings, the goal, pastGoals… },
///       "version": 1
///     }
///
/// `foods` and `profile` are left out when the folder has no such file; each keeps the
/// `version` of its own file, so that a restore reads it as that file would be read. `undo.json`
/// is not kept: a restored folder starts with no history of changes.
///
/// A new document of the data folder is one more optional member here (and a line in
/// `Session.exportAll` and `Session.restore`), with the backup's version raised.
public struct Backup: Codable, Equatable, Sendable {
    /// The value of `format` that says a JSON file is a backup.
    public static let formatName = "calorina-backup"
    /// The newest backup this Calorina reads, and the one it writes.
    public static let supportedVersion = 1

    public var format = Backup.formatName
    public var version = Backup.supportedVersion
    /// `foods.json`: the user's foods, aliases, recipes and remembered picks.
    public var foods: UserFoods?
    /// `profile.json`: the profile, the goal and the goals before it.
    public var profile: Profile?
    /// Every entry of every month file, in the files' order.
    public var journal: [Entry]

    /// Creates a backup.
    public init(foods: UserFoods?, profile: Profile?, journal: [Entry]) {
        self.foods = foods
        self.profile = profile
        self.journal = journal
    }

    /// The document as it is written: sorted keys, indented, ending with a newline.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return [] }
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// The document's text before its journal's entries and after them (the list's `]`
    /// excepted): a long journal is written a month at a time between the two
    /// (`MonthCodec.listItems`), and the whole reads as `encoded()` would have written it.
    public func aroundJournal() -> (head: [UInt8], tail: [UInt8]) {
        var empty = self
        empty.journal = []
        let text = empty.encoded()
        // The journal is a member of the top object, the only one indented by two spaces.
        let member = Array("\n  \"journal\" : [".utf8)
        let emptyList = member + MonthCodec.listEnd(empty: true)
        guard let start = text.firstRange(of: emptyList) else { return (text, []) }
        return (Array(text[..<start.lowerBound]) + member, Array(text[start.upperBound...]))
    }

    /// Just enough of a JSON file to tell a backup from our other JSON.
    private struct Probe: Decodable {
        var format: String?
    }

    /// True when the bytes are a JSON object whose `format` is a backup's. Only the document
    /// around the journal is decoded for it: a backup of years is not made a tree to be told.
    public static func isBackup(_ bytes: [UInt8]) -> Bool {
        isBackup(ByteFeed(bytes))
    }

    /// `isBackup(_:)` of a file read a piece at a time.
    public static func isBackup(_ file: ReadableFile) -> Bool {
        isBackup(ByteFeed(file: file))
    }

    private static func isBackup(_ feed: ByteFeed) -> Bool {
        let first = ByteOrderMark.dropped(from: feed.lookahead).drop(while: { [0x20, 0x09, 0x0A, 0x0D].contains($0) })
            .first
        guard first == UInt8(ascii: "{"), let outside = try? BackupStream.read(feed, entry: { _, _ in }) else {
            return false
        }
        return (try? JSONDecoder().decode(Probe.self, from: Data(outside)))?.format == formatName
    }

    /// The journal entry numbered `number` (from 1) whose JSON object is `bytes`.
    package static func entry(_ bytes: [UInt8], number: Int) throws(Exchange.ReadError) -> Entry {
        if let entry = MonthCodec.entry(bytes) { return entry }
        do {
            return try JSONDecoder().decode(Entry.self, from: Data(bytes))
        } catch {
            throw Exchange.ReadError(
                line: 1, message: "not a backup Calorina can read: journal entry \(number): \(describe(error))")
        }
    }

    /// The journal entry numbered `number` whose JSON object is `bytes`, checked as a restore
    /// takes it: a real date, an id not in `ids` (which keeps it), and values Calorina logs.
    package static func checkedEntry(
        _ bytes: [UInt8], number: Int, ids: inout Set<String>
    ) throws(Exchange.ReadError) -> Entry {
        let entry = try Backup.entry(bytes, number: number)
        guard CivilDate(entry.date) != nil else {
            throw Exchange.ReadError(line: 1, message: "the entry \(entry.id) has no date ('\(entry.date)')")
        }
        guard ids.insert(entry.id).inserted else {
            throw Exchange.ReadError(line: 1, message: "the entry \(entry.id) is in the backup twice")
        }
        if let trouble = Exchange.problem(with: entry) {
            throw Exchange.ReadError(line: 1, message: "journal entry \(number): \(trouble)")
        }
        return entry
    }

    /// What a restore's reading throws to stop when the journal cannot be saved; the restore then
    /// says why.
    package static let journalNotSaved = Exchange.ReadError(line: 1, message: "the journal could not be saved")

    /// The backup in the bytes, checked: a version this Calorina reads, documents of versions it
    /// reads, and entries with dates.
    ///
    /// - Throws: `Exchange.ReadError` saying what is wrong.
    public static func decode(_ bytes: [UInt8]) throws(Exchange.ReadError) -> Backup {
        let body = Array(ByteOrderMark.dropped(from: bytes))
        let backup: Backup
        do {
            backup = try JSONDecoder().decode(Backup.self, from: Data(body))
        } catch {
            if let version = try? JSONDecoder().decode(VersionOnly.self, from: Data(body)).version,
                version > supportedVersion
            {
                throw Exchange.ReadError(line: 1, message: newer("backup", version, supportedVersion))
            }
            throw Exchange.ReadError(line: 1, message: "not a backup Calorina can read: \(Backup.describe(error))")
        }
        if backup.version > supportedVersion {
            throw Exchange.ReadError(line: 1, message: newer("backup", backup.version, supportedVersion))
        }
        if let profile = backup.profile, profile.version > Profile.supportedVersion {
            throw Exchange.ReadError(line: 1, message: newer("profile", profile.version, Profile.supportedVersion))
        }
        if let foods = backup.foods, foods.version > UserFoods.supportedVersion {
            throw Exchange.ReadError(line: 1, message: newer("foods", foods.version, UserFoods.supportedVersion))
        }
        var ids = Set<String>()
        for entry in backup.journal {
            guard CivilDate(entry.date) != nil else {
                throw Exchange.ReadError(line: 1, message: "the entry \(entry.id) has no date ('\(entry.date)')")
            }
            guard ids.insert(entry.id).inserted else {
                throw Exchange.ReadError(line: 1, message: "the entry \(entry.id) is in the backup twice")
            }
        }
        return backup
    }

    private struct VersionOnly: Decodable {
        var version: Int
    }

    private static func newer(_ what: String, _ found: Int, _ supported: Int) -> String {
        "the \(what) is from a newer Calorina (version \(found); this one reads up to \(supported)): update Calorina"
    }

    /// What `JSONDecoder` threw, in a few words with the path of the member at fault.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)).\(key.stringValue) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)) is not what it should be"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "\(path(context)) is not what it should be"
        @unknown default: return "\(error)"
        }
    }
}

/// A backup read a piece at a time (issue 25: restoring ten years held the document and its tree,
/// 118 MiB): its journal's entries one at a time, and the document around them, with an empty
/// journal in their place, whole (the foods and the profile are small).
package enum BackupStream {
    /// Reads the JSON document `feed` gives, handing each element of its top-level member
    /// `journal` (a list) to `entry` with its number from 1; returns the document with `[]` in
    /// the place of that list. A document with no such list is returned whole.
    ///
    /// - Throws: what `entry` throws; `Exchange.ReadError` when the document ends inside the list.
    package static func read(
        _ feed: ByteFeed, entry: ([UInt8], Int) throws(Exchange.ReadError) -> Void
    ) throws(Exchange.ReadError) -> [UInt8] {
        feed.skipByteOrderMark()
        var outside: [UInt8] = []
        // Before the list: the top object's keys, to find `"journal" : [`.
        var finder = JSONMemberFinder(member: "journal")
        while let byte = feed.current {
            feed.advance()
            outside.append(byte)
            if byte == UInt8(ascii: "\"") {
                let start = outside.count
                let closed = copyString(feed, to: &outside)
                finder.string(outside[start..<(closed ? outside.count - 1 : outside.count)])
            } else if finder.punctuation(byte) {
                outside.append(UInt8(ascii: "]"))
                try elements(feed, entry)
                // `elements` read the list through its `]`.
                _ = finder.punctuation(UInt8(ascii: "]"))
            }
        }
        return outside
    }

    /// The elements of a list whose `[` was read, each to `entry`, through its `]`.
    private static func elements(
        _ feed: ByteFeed, _ entry: ([UInt8], Int) throws(Exchange.ReadError) -> Void
    ) throws(Exchange.ReadError) {
        var element: [UInt8] = []
        var depth = 0
        var number = 0
        while let byte = feed.current {
            feed.advance()
            if depth == 0 {
                switch byte {
                case UInt8(ascii: "]"):
                    if !element.isEmpty { throw Exchange.ReadError(line: 1, message: "the journal's list is not JSON") }
                    return
                case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                    continue
                default:
                    break
                }
            }
            element.append(byte)
            switch byte {
            case UInt8(ascii: "\""):
                _ = copyString(feed, to: &element)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            default:
                break
            }
            if depth == 0 {
                number += 1
                try entry(element, number)
                element.removeAll(keepingCapacity: true)
            }
        }
        throw Exchange.ReadError(line: 1, message: "the file ends inside the journal's list")
    }

    /// Copies the rest of a string whose opening quote was read, through its closing quote, to
    /// `bytes`; false when the feed ends first.
    private static func copyString(_ feed: ByteFeed, to bytes: inout [UInt8]) -> Bool {
        while let byte = feed.current {
            feed.advance()
            bytes.append(byte)
            if byte == UInt8(ascii: "\\"), let escaped = feed.current {
                feed.advance()
                bytes.append(escaped)
            } else if byte == UInt8(ascii: "\"") {
                return true
            }
        }
        return false
    }
}
