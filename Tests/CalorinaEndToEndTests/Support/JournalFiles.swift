// Reads a data folder's journal the way a person (or another program) would: with
// JSONSerialization, not with Calorina's own decoder, so that a file Calorina reads but JSON does
// not (or the other way round) is caught.

import Foundation
import Glibc

/// What is in `DATA/journal/`, checked file by file.
struct JournalFiles {
    /// One entry as a JSON object, with the fields the tests look at.
    struct Entry: Hashable {
        var id: String
        var date: String
        var food: String
        var text: String
    }

    /// `YYYY-MM` → the entries of `YYYY-MM.json`.
    var months: [String: [Entry]] = [:]
    /// `YYYY-MM` → the entries of `YYYY-MM.json.bak`.
    var backups: [String: [Entry]] = [:]
    /// `YYYY-MM` → the entries of `YYYY-MM.json.bak.1`, the backup before.
    var olderBackups: [String: [Entry]] = [:]
    /// Temporary files a killed writer left behind (`.YYYY-MM.json.tmp-PID`, `.….bak.tmp-PID`).
    var temporaryFiles: [String] = []
    /// Every problem found: a file that does not parse, a wrong version, an unknown file name…
    var problems: [String] = []

    /// Every entry of every month file (not the backups).
    var entries: [Entry] { months.keys.sorted().flatMap { months[$0] ?? [] } }

    /// Every id in the month files.
    var ids: Set<String> { Set(entries.map(\.id)) }

    /// Reads `data/journal` (a missing folder is an empty journal).
    init(data: URL) {
        let journal = data.appendingPathComponent("devices/local/journal")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: journal.path)) ?? []
        for name in names.sorted() {
            let path = journal.appendingPathComponent(name).path
            if name.hasPrefix("."), name.contains(".json."), name.contains(".tmp-") {
                temporaryFiles.append(name)
            } else if let month = Self.month(of: name, suffix: ".json") {
                months[month] = read(path, month: month)
            } else if let month = Self.month(of: name, suffix: ".json.bak") {
                backups[month] = read(path, month: month)
            } else if let month = Self.month(of: name, suffix: ".json.bak.1") {
                olderBackups[month] = read(path, month: month)
            } else if let month = Self.month(of: name, suffix: ".json.v1") ?? Self.month(of: name, suffix: ".json.v2")
                ?? Self.month(of: name, suffix: ".json.v3") ?? Self.month(of: name, suffix: ".json.v4")
                ?? Self.month(of: name, suffix: ".json.v5")
            {
                // A month as it was before it was first written in a newer version.
                _ = read(path, month: month)
            } else if name.hasSuffix(".log"), Self.month(of: String(name.prefix(7)), suffix: "") != nil {
                // A month's log (MonthLog): read with the month file that names it.
                continue
            } else {
                problems.append("\(name): an unexpected file in the journal folder")
            }
        }
        var seen: Set<String> = []
        for entry in entries where !seen.insert(entry.id).inserted {
            problems.append("entry \(entry.id) is in the journal twice")
        }
    }

    /// `YYYY-MM` when `name` is `YYYY-MM` + `suffix`.
    static func month(of name: String, suffix: String) -> String? {
        guard name.hasSuffix(suffix) else { return nil }
        let month = String(name.dropLast(suffix.count))
        let bytes = Array(month.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
            bytes.enumerated().allSatisfy({ $0.offset == 4 || (48...57).contains($0.element) })
        else { return nil }
        return month
    }

    /// The entries of one file, recording a problem when it is not a whole journal file.
    private mutating func read(_ path: String, month: String) -> [Entry] {
        guard let data = FileManager.default.contents(atPath: path) else {
            problems.append("\(path): cannot be read")
            return []
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            problems.append("\(path): not JSON (\(data.count) bytes): \(error)")
            return []
        }
        guard let file = object as? [String: Any] else {
            problems.append("\(path): not a JSON object")
            return []
        }
        // Version 2 months hold entries with nutrients; version 1, none; version 3 names a log of
        // entries added since (MonthLog); version 4, which Calorina writes now, ends with the
        // CRC-32 of the bytes before its checksum line, as zlib computes it; version 5 is version 4
        // whose entries may keep the words their foods were found by.
        guard let version = file["version"] as? Int, (1...6).contains(version) else {
            problems.append("\(path): version is \(String(describing: file["version"])), not 1 to 6")
            return []
        }
        if version >= 4, let checksum = file["checksum"] as? String {
            let bytes = [UInt8](data)
            let line = Array("  \"checksum\" : \"\(checksum)\"\n}\n".utf8)
            if bytes.count < line.count || Array(bytes.suffix(line.count)) != line
                || Self.hex(Self.crc32(bytes.dropLast(line.count))) != checksum
            {
                problems.append("\(path): its checksum \(checksum) is not the CRC-32 of the bytes before its line")
            }
        }
        guard file["month"] as? String == month else {
            problems.append("\(path): month is \(String(describing: file["month"])), not \(month)")
            return []
        }
        guard var entries = file["entries"] as? [[String: Any]] else {
            problems.append("\(path): 'entries' is not a list of objects")
            return []
        }
        if let log = file["log"] as? Int {
            guard version >= 3 else {
                problems.append("\(path): names a log but is version \(version)")
                return []
            }
            // One entry a line; a last line without its newline was cut short, and is left out.
            let logPath = String(path.dropLast(5)) + ".\(log).log"
            let text = FileManager.default.contents(atPath: logPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            lines.removeLast()
            var ids = Set(entries.compactMap { $0["id"] as? String })
            for (number, line) in lines.enumerated() where !line.isEmpty {
                guard let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    problems.append("\(logPath):\(number + 1): not a JSON object")
                    continue
                }
                if let id = entry["id"] as? String, ids.insert(id).inserted { entries.append(entry) }
            }
        }
        var result: [Entry] = []
        for (index, entry) in entries.enumerated() {
            // A device's mark that an entry is taken out (version 6): not an entry.
            if entry["removed"] != nil { continue }
            guard let id = entry["id"] as? String, let date = entry["date"] as? String,
                let food = entry["food"] as? String, entry["kcal"] is NSNumber,
                date.hasPrefix(month + "-")
            else {
                problems.append("\(path): entries[\(index)] is not a whole entry: \(entry)")
                continue
            }
            result.append(Entry(id: id, date: date, food: food, text: entry["text"] as? String ?? ""))
        }
        return result
    }

    /// The mode bits (`0o777`) of the file at `path`, or nil when there is none.
    static func mode(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o777)
    }
}

/// The ids of the entries that `--json` output reports as logged: every complete line that is a
/// JSON object with `"ok": true` and an `entries` list.
func loggedIDs(inJSONLines lines: [String]) -> [String] {
    loggedIDs(
        inObjects: lines.compactMap { line in
            guard line.hasPrefix("{") else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        })
}

/// The ids of the entries that `--json` objects report as logged (a day shown has a `date` and
/// is left out).
func loggedIDs(inObjects objects: [[String: Any]]) -> [String] {
    var ids: [String] = []
    for object in objects {
        guard object["ok"] as? Bool == true, object["date"] == nil,
            let entries = object["entries"] as? [[String: Any]]
        else { continue }
        ids += entries.compactMap { $0["id"] as? String }
    }
    return ids
}

extension JournalFiles {
    /// CRC-32 as zlib computes it, bit by bit: a second implementation to hold Calorina's to.
    static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Eight lowercase hexadecimal digits.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// A month file's text as Calorina writes it now: version 4 (5 when an entry keeps its words),
    /// its checksum last.
    static func asWritten(_ text: String) -> String {
        guard let range = text.range(of: "\"version\" : ", options: .backwards) else { return text }
        let version = text.contains("\"matched\" : [") ? 5 : 4
        let body = String(text[..<range.lowerBound]) + "\"version\" : \(version),\n"
        return body + "  \"checksum\" : \"\(hex(crc32(Array(body.utf8))))\"\n}\n"
    }
}
