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

    /// True when the bytes are a JSON object whose `format` is a backup's.
    public static func isBackup(_ bytes: [UInt8]) -> Bool {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") else { return false }
        return (try? JSONDecoder().decode(Probe.self, from: Data(body)))?.format == formatName
    }

    /// The backup in the bytes, checked: a version this Calorina reads, documents of versions it
    /// reads, and entries with dates.
    ///
    /// - Throws: `Exchange.ReadError` saying what is wrong.
    public static func decode(_ bytes: [UInt8]) throws(Exchange.ReadError) -> Backup {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
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
    private static func describe(_ error: any Error) -> String {
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
