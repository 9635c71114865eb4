import CalorinaFiles
import CalorinaMonths
import CalorinaSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A document of the data folder that every device changes in a file of its own
/// (`devices/NAME/profile.json`, `devices/NAME/foods.json`), merged on read field by field: the
/// version of a field with the latest clock (`ChangeClock`) that any device holds is the one read.
public protocol MergedDocument: StoredDocument {
    /// The version the file `root/fileName` of a release from before devices is written in once
    /// its fields have moved into a device's file: newer than `supportedVersion`, so that an
    /// earlier release refuses the folder rather than miss what the devices' files hold.
    static var movedVersion: Int { get }
    /// The members merged a key or an item at a time (`targets`, `pastGoals`, `foods`); every
    /// other member (but `version`'s own) is one field.
    static var mergedMembers: [String: MergedMember] { get }
}

extension MergedDocument {
    /// True when `bytes` are a file from before devices whose fields have moved into the
    /// devices' files (see `DeviceDocumentFiles`): nothing in it is read.
    public static func isMoved(_ bytes: [UInt8]) -> Bool {
        DeviceDocumentFiles.isMoved(bytes, movedVersion: movedVersion)
    }

    /// How many fields a device's file (`devices/NAME/fileName`) holds, the removed among them;
    /// throws as reading it does when it cannot be read.
    public static func fieldCount(ofDeviceFile bytes: [UInt8], path: String) throws(StoreError) -> Int {
        try DeviceDocument.decode(bytes, path: path).count
    }
}

/// How a member of a `MergedDocument` merges: one field a key or an item, so that two devices'
/// changes to two targets or two foods both hold.
public enum MergedMember: Sendable {
    /// An object merged key by key (`targets` by nutrient, `choices` by phrase). `keptEmpty`:
    /// written as `{}` when it holds nothing, else left out.
    case dictionary(keptEmpty: Bool)
    /// An array merged item by item, each known by `key` (a past goal by the day it ended, a food
    /// by its name), ordered by its key (`byKey`: a history by its days) or else by when its key
    /// was first set. `keptEmpty` as for `dictionary`.
    case items(keptEmpty: Bool, byKey: Bool, key: @Sendable (JSONValue) -> String?)
}

/// One field of a device's document: its value as that device last set it (nil for removed: a
/// tombstone, which a later change of the field by any device overrides), when, and for an item
/// of an array when its key was first set (its place in the array).
package struct FieldVersion: Equatable {
    package var clock: ChangeClock
    package var value: JSONValue?
    package var since: ChangeClock?
}

/// The file of one device's changes to a document, and the merge of every device's.
///
/// ```
/// {"version": 1, "fields": {
///   "age": {"clock": "1764263103123-0-laptop", "value": 34},
///   "goalWeightKg": {"clock": "1764263109000-0-desk", "removed": true},
///   "pastGoals.2026-11-21": {"clock": "1764263103123-0-laptop", "since": "…", "value": {…}},
///   "targets.protein": {"clock": "1764263103123-0-laptop", "value": {…}}
/// }}
/// ```
///
/// A field is a member of the document (`age`), or `MEMBER.KEY` for a key or an item of a
/// member that merges a piece at a time (`MergedMember`).
package enum DeviceDocument {
    /// The newest format of a device's file this Calorina reads, and the one it writes.
    package static let supportedVersion = 1

    /// The clock below every device's: of a field no device set (the document's default, or
    /// the folder's file from before devices).
    package static let floor = ChangeClock(milliseconds: 0, counter: 0, device: "")

    // MARK: The file

    /// The fields of a device's file; throws when it cannot be read.
    package static func decode(_ bytes: [UInt8], path: String) throws(StoreError) -> [String: FieldVersion] {
        func unreadable(_ reason: String) -> StoreError {
            StoreError.unreadable(path: path, line: 1, column: 1, reason: reason)
        }
        guard let value = JSONValueReader.value(of: bytes) else {
            // Where it breaks, as `JSONDecoder` finds it.
            do {
                _ = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
            } catch {
                throw JSONFile.diagnose(error, bytes: bytes, path: path)
            }
            throw unreadable("it is no JSON text Calorina reads")
        }
        guard case .object(let members) = value else { throw unreadable("it is no JSON object") }
        let top = Dictionary(members, uniquingKeysWith: { first, _ in first })
        guard case .number(let version)? = top["version"] else { throw unreadable("it has no version") }
        if Int(version) > supportedVersion {
            throw StoreError.newerVersion(path: path, found: Int(version), supported: supportedVersion)
        }
        guard case .object(let fields)? = top["fields"] else { throw unreadable("it has no fields") }
        var result: [String: FieldVersion] = [:]
        for (name, field) in fields {
            guard case .object(let parts) = field else { throw unreadable("the field '\(name)' is no object") }
            let part = Dictionary(parts, uniquingKeysWith: { first, _ in first })
            guard case .string(let clockText)? = part["clock"], let clock = ChangeClock(clockText) else {
                throw unreadable("the field '\(name)' has no clock")
            }
            var since: ChangeClock?
            if case .string(let text)? = part["since"] { since = ChangeClock(text) }
            if case .bool(true)? = part["removed"] {
                result[name] = FieldVersion(clock: clock, value: nil, since: since)
            } else if let value = part["value"] {
                result[name] = FieldVersion(clock: clock, value: value, since: since)
            } else {
                throw unreadable("the field '\(name)' has neither a value nor 'removed'")
            }
        }
        return result
    }

    /// The bytes of a device's file holding `fields`: a field a line, in name order.
    package static func encoded(_ fields: [String: FieldVersion]) -> [UInt8] {
        var text = "{\"version\": \(supportedVersion), \"fields\": {"
        for (offset, name) in fields.keys.sorted().enumerated() {
            guard let field = fields[name] else { continue }
            var parts: [(String, JSONValue)] = [("clock", .string(field.clock.description))]
            if let since = field.since { parts.append(("since", .string(since.description))) }
            if let value = field.value {
                parts.append(("value", canonical(value)))
            } else {
                parts.append(("removed", .bool(true)))
            }
            text += (offset == 0 ? "\n  " : ",\n  ") + JSONValue.string(name).serialized() + ": "
            text += JSONValue.object(parts).serialized()
        }
        text += "\n}}\n"
        return Array(text.utf8)
    }

    // MARK: Fields of a document

    /// A field's value and, for an item of an array, its place there.
    package struct Piece {
        package var value: JSONValue
        package var index: Int?
    }

    /// The fields of a document (its JSON, as `JSONEncoder` writes it), `version` among them.
    package static func fields(of document: JSONValue, members: [String: MergedMember]) -> [String: Piece] {
        guard case .object(let top) = document else { return [:] }
        var fields: [String: Piece] = [:]
        for (name, value) in top {
            if case .null = value { continue }
            switch (members[name], value) {
            case (.dictionary?, .object(let pairs)):
                for (key, item) in pairs { fields[name + "." + key] = Piece(value: item, index: nil) }
            case (.items(_, _, let key)?, .array(let items)):
                for (index, item) in items.enumerated() {
                    var field = name + "." + (key(item) ?? "#\(index)")
                    // Two items of one key (a file edited by hand): the second is kept apart.
                    if fields[field] != nil { field += "#\(index)" }
                    fields[field] = Piece(value: item, index: index)
                }
            default:
                fields[name] = Piece(value: value, index: nil)
            }
        }
        return fields
    }

    /// The document's JSON made of `fields` (the latest version of each, removed ones left out).
    package static func document(of fields: [String: FieldVersion], members: [String: MergedMember]) -> JSONValue {
        var top: [(String, JSONValue)] = []
        var dictionaries: [String: [(String, JSONValue)]] = [:]
        var items: [String: [(order: ChangeClock, key: String, value: JSONValue)]] = [:]
        for (field, version) in fields {
            guard let value = version.value else { continue }
            let parts = field.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            switch members[name] {
            case .dictionary? where parts.count == 2:
                dictionaries[name, default: []].append((String(parts[1]), value))
            case .items? where parts.count == 2:
                items[name, default: []].append((version.since ?? version.clock, String(parts[1]), value))
            default:
                if parts.count == 1 { top.append((name, value)) }
            }
        }
        for (name, member) in members {
            switch member {
            case .dictionary(let keptEmpty):
                let pairs = dictionaries[name, default: []].sorted { $0.0 < $1.0 }
                if keptEmpty || !pairs.isEmpty { top.append((name, .object(pairs))) }
            case .items(let keptEmpty, let byKey, _):
                let sorted = items[name, default: []].sorted { a, b in
                    byKey || a.order == b.order ? a.key < b.key : a.order < b.order
                }
                if keptEmpty || !sorted.isEmpty { top.append((name, .array(sorted.map(\.value)))) }
            }
        }
        return .object(top.sorted { $0.0 < $1.0 })
    }

    /// Every device's fields merged: for each field, the version with the latest clock.
    /// `base` (the document's defaults and the folder's file from before devices) holds where no
    /// device set the field. The order of `devices` does not matter.
    package static func merged(base: [String: FieldVersion], devices: [[String: FieldVersion]]) -> [String:
        FieldVersion]
    {
        var merged = base
        for fields in devices {
            for (name, version) in fields {
                if let earlier = merged[name], earlier.clock >= version.clock { continue }
                merged[name] = version
            }
        }
        return merged
    }

    /// A value with every object's members sorted by name, so that equal values write equal.
    package static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members): .object(members.map { ($0.0, canonical($0.1)) }.sorted { $0.0 < $1.0 })
        case .array(let values): .array(values.map(canonical))
        default: value
        }
    }
}
