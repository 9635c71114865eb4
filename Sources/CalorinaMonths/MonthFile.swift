import CalorinaFiles
import CalorinaSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One month of the journal as it is stored in `journal/YYYY-MM.json`:
///
/// ```json
/// {
///   "entries" : [ { "date" : "2026-11-22", "id" : "…", … } ],
///   "month" : "2026-11",
///   "version" : 1
/// }
/// ```
///
/// Entries are kept by date, then time, then the order they were logged in. The file is written
/// pretty-printed with sorted keys so that people can read it, diff it and fix it by hand.
public struct MonthFile: Codable, Equatable, Sendable {
    /// The newest format this Calorina reads.
    ///
    /// - 1: the first.
    /// - 2: an entry may hold the nutrients besides the macros (`Nutrient.others`, each by its
    ///   `key`), which a release that reads only version 1 refuses as unknown fields.
    ///
    /// A month is written in the oldest version that holds its entries, so that a month with none
    /// of version 2's fields stays readable by an earlier release.
    /// - 3: the file names a log, `YYYY-MM.N.log` (`log`), whose lines are entries added after
    ///   the file was written (`MonthLog`); a release that does not read the log would miss them,
    ///   so it must refuse the file.
    /// - 4: the file ends with a checksum of its bytes, and each line of its log with one of the
    ///   line (`MonthChecksum`), which reading checks. Every month is written in version 4 now: a
    ///   file of an earlier version reads as it is and is upgraded when it is next rewritten
    ///   (kept first as `YYYY-MM.json.vN`, which an earlier release still reads).
    /// - 5: an entry may hold the words its food was found by and without (`matched`, `skipped`,
    ///   `skippedRoles`), which a release that reads only version 4 refuses as unknown fields. A
    ///   month none of whose entries holds them is written in version 4, and its log takes only
    ///   lines without them: an entry with words goes to the month by a rewrite in version 5.
    /// - 6: a device's month (`devices/NAME/journal/`): an entry may hold the clock of the
    ///   change that wrote it (`clock`), which a release that reads only version 5 refuses as an
    ///   unknown field. The months of a folder from before devices become stubs of version 6
    ///   (`DeviceJournal`), so that an earlier release refuses the folder rather than miss what
    ///   the devices' months hold.
    /// - 7: an entry may hold the clock of the version it replaced (`base`), by which a put-back
    ///   of an entry another device took out stands, and two edits made without seeing each
    ///   other are told apart; a release that reads only version 6 refuses it as unknown.
    package static let supportedVersion = 7

    /// The version of the empty month a folder from before devices keeps in place of each month
    /// moved into a device's journal (`DeviceJournal`): what an earlier release refuses.
    package static let stubVersion = 6

    /// The version a month is written in: 4, so that its bytes carry their checksum, 5 when an
    /// entry keeps its words, 6 when one holds its clock, 7 when one holds a `base`.
    package static func version(for entries: [Entry], log: Int? = nil) -> Int {
        var version = 4
        for entry in entries {
            version = max(version, Self.version(for: entry))
            if version == supportedVersion { break }
        }
        return version
    }

    /// The version a line of a month's log needs for `entry`.
    package static func version(for entry: Entry) -> Int {
        entry.base != nil ? 7 : entry.clock != nil ? 6 : entry.keepsWords ? 5 : 4
    }

    /// Keys whose numbers `JSONDecoder` reads as `Int`: a fraction there is a problem to point at.

    /// The format of the file.
    package var version: Int
    /// The month the file holds, `YYYY-MM`, the same as in its name.
    package var month: String
    /// The month's entries, in order.
    public var entries: [Entry]
    /// The number of the month's log, whose entries come after these; nil when it has none.
    public internal(set) var log: Int?

    /// A file of the oldest version that holds `entries` and `log`.
    public init(month: String, entries: [Entry], log: Int? = nil) {
        self.version = Self.version(for: entries, log: log)
        self.month = month
        self.entries = entries
        self.log = log
    }

    /// Reads the bytes of the file for `month` at `path`, which must be of a version this Calorina
    /// reads, name the same month and hold only that month's days. A UTF-8 byte order mark at the
    /// start is skipped. An entry whose id an earlier entry has is refused, unless
    /// `allowingRepeatedIDs` (for `doctor`, which removes them).
    public static func decode(_ fileBytes: [UInt8], month: String, path: String, allowingRepeatedIDs: Bool = false)
        throws(StoreError) -> MonthFile
    {
        let bytes = Array(
            ByteOrderMark.dropped(from: fileBytes))
        func problem(at offset: Int, _ reason: String) -> StoreError {
            let (line, column) = JSONLocator.position(of: offset, in: bytes)
            return .unreadable(path: path, line: line, column: column, reason: reason)
        }
        func problem(at codingPath: [any CodingKey], _ reason: String) -> StoreError {
            problem(at: JSONLocator.offset(of: codingPath, in: bytes), reason)
        }

        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw problem(at: 0, "the file is empty")
        }
        // Bytes changed after Calorina wrote them (a failing disk, a bad copy): refused before
        // anything of them is believed.
        let checksum = MonthChecksum.verdict(of: bytes)
        if case .differs(let offset) = checksum {
            throw problem(
                at: offset,
                "the file's bytes are not those Calorina wrote (its checksum does not match them):"
                    + " they changed on the disk or in a copy")
        }
        let file: MonthFile
        let hasChecksum: Bool
        do {
            (file, hasChecksum) = try MonthCodec.decodeNotingChecksum(bytes)
        } catch {
            // The version first, so that a newer file is reported as newer rather than as corrupt.
            let data = Data(bytes)
            let decoder = JSONDecoder()
            if let version = try? decoder.decode(JSONFile.VersionProbe.self, from: data).version,
                version > supportedVersion
            {
                throw StoreError.newerVersion(path: path, found: version, supported: supportedVersion)
            }
            if case .unknownField(let field, let offset) = error {
                throw problem(at: offset, "'\(field)' is a field Calorina does not know")
            }
            // The slow reader says where and why; should it read the file after all, its reading
            // stands.
            do {
                file = try decoder.decode(MonthFile.self, from: data)
                // A checksum Foundation cannot read as text (a byte that is not UTF-8) counts as one.
                let probe = try? decoder.decode(JSONFile.VersionProbe.self, from: data)
                hasChecksum = probe == nil || probe?.checksum != nil
            } catch {
                throw JSONFile.diagnose(error, bytes: bytes, path: path)
            }
        }
        // A checksum anywhere but where Calorina writes it, or not as it writes it, was changed.
        if hasChecksum, checksum != .matches {
            throw problem(
                at: [PathKey("checksum")],
                "'checksum' is not as Calorina writes it (eight digits 0-9 and a-f, the file's last member):"
                    + " the file changed on the disk or in a copy")
        }
        if file.version > supportedVersion {
            throw StoreError.newerVersion(path: path, found: file.version, supported: supportedVersion)
        }
        guard file.version >= 1 else {
            throw problem(at: [PathKey("version")], "there is no version \(file.version)")
        }
        guard file.month == month else {
            throw problem(
                at: [PathKey("month")],
                "the file says it holds '\(file.month)' but its name says '\(month)'")
        }
        for (index, entry) in file.entries.enumerated()
        where MonthKey.month(ofDate: entry.date) != month {
            throw problem(
                at: [PathKey("entries"), PathKey(index), PathKey("date")],
                "the date '\(entry.date)' is not a day of \(month)")
        }
        // An entry in the file twice (a hand edit, a merge by a sync tool) would count twice.
        if !allowingRepeatedIDs, let (first, second) = firstRepeatedID(in: file.entries) {
            let (firstLine, _) = JSONLocator.position(
                of: JSONLocator.offset(of: [PathKey("entries"), PathKey(first)], in: bytes), in: bytes)
            throw problem(
                at: [PathKey("entries"), PathKey(second), PathKey("id")],
                "the id '\(file.entries[second].id)' is already the id of the entry on line \(firstLine):"
                    + " the same entry is in the file twice")
        }
        return file
    }

    /// The positions of the first entry whose id an earlier entry has, and of that earlier one.
    package static func firstRepeatedID(in entries: [Entry]) -> (first: Int, second: Int)? {
        var slotOfID: [String: Int] = [:]
        slotOfID.reserveCapacity(entries.count)
        for (slot, entry) in entries.enumerated() {
            if let first = slotOfID.updateValue(slot, forKey: entry.id) { return (first, slot) }
        }
        return nil
    }

}
