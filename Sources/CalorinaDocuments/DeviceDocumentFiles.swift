import CalorinaFiles
import CalorinaMonths
import CalorinaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a `MergedDocument` lives in a data folder that several devices share, and how it is
/// read and written there (`DocumentStore` in its devices' form):
///
/// ```
/// root/
///   profile.json            from before devices: read as the base of every field no device
///                           set, until this device first writes; then its fields move into
///                           this device's file, it is kept as profile.json.vN and left as an
///                           empty file of `movedVersion`, which an earlier release refuses
///   devices/
///     laptop/
///       .lock               the device's writers' lock
///       profile.json        the fields `laptop` set, each with its clock (`DeviceDocument`)
///     desktop/profile.json  the same, written only by `desktop`
/// ```
///
/// Reading merges every device's file, field by field, the latest clock winning; the result
/// depends only on the files, never on the order they arrived in. Another device's file that
/// cannot be read yet (still arriving, cut short) is left out until it can be; this device's own
/// is read as ever, an error stopping the command.
public final class DeviceDocumentFiles {
    /// The time now, in milliseconds since 1970.
    public static func wallMilliseconds() -> Int64 {
        var moment = timespec()
        clock_gettime(CLOCK_REALTIME, &moment)
        return Int64(moment.tv_sec) * 1000 + Int64(moment.tv_nsec) / 1_000_000
    }

    package let rootPath: String
    /// This device's name.
    package let device: String
    package let fileName: String
    package let movedVersion: Int
    package let members: [String: MergedMember]
    /// The time now, in milliseconds since 1970, for the clocks of changes.
    package let now: () -> Int64

    package var devicesPath: String { rootPath + "/devices" }
    package var devicePath: String { devicesPath + "/" + device }
    package var ownPath: String { devicePath + "/" + fileName }
    package var legacyPath: String { rootPath + "/" + fileName }
    package var lockPath: String { devicePath + "/.lock" }

    /// The devices' names, as `devices/` was when they were listed.
    private var listed: (stamp: FileStamp?, names: [String])?
    /// Each device's fields, by path, with the stamp of the file they were read from.
    private var parsed: [String: (stamp: FileStamp, fields: [String: FieldVersion])] = [:]
    /// The clock of this device's last change.
    private var lastClock: ChangeClock?

    package init(
        rootPath: String, device: String, fileName: String, movedVersion: Int, members: [String: MergedMember],
        now: @escaping () -> Int64
    ) {
        self.rootPath = rootPath
        self.device = device
        self.fileName = fileName
        self.movedVersion = movedVersion
        self.members = members
        self.now = now
    }

    /// The devices with a folder, by name, this one among them.
    private func names(_ disk: DataDisk, devicesStamp: FileStamp?) -> [String] {
        if let listed, listed.stamp == devicesStamp { return listed.names }
        let found = ((try? disk.names(devicesPath)) ?? []).filter { DeviceName.isValid($0) }
        let names = Set(found + [device]).sorted()
        listed = (devicesStamp, names)
        return names
    }

    /// The stamps of every file the document is read from: equal while none of them changed.
    package func stamps(_ disk: DataDisk) throws(StoreError) -> [FileStamp?] {
        let devicesStamp = try disk.stamp(devicesPath)
        var stamps = [try disk.stamp(legacyPath), devicesStamp]
        for name in names(disk, devicesStamp: devicesStamp) {
            stamps.append(try disk.stamp(devicesPath + "/" + name + "/" + fileName))
        }
        return stamps
    }

    /// True when some file holds the document: the file from before devices, or a device's.
    package func isStored(_ disk: DataDisk) throws(StoreError) -> Bool {
        let stamps = try stamps(disk)
        return stamps[0] != nil || stamps.dropFirst(2).contains { $0 != nil }
    }

    /// What the files say now.
    package struct Reading {
        /// Every field, merged: the document's defaults, the file from before devices, then each
        /// device's latest.
        package var fields: [String: FieldVersion]
        /// This device's own fields.
        package var own: [String: FieldVersion]
        /// The file from before devices, when it has not moved yet: its fields and version.
        package var legacy: (pieces: [String: DeviceDocument.Piece], version: Int)?
        /// The stamps of the files, as `stamps` gives them, taken before they were read.
        package var stamps: [FileStamp?]
    }

    /// Reads every file: the one from before devices (`legacy` turns its bytes into the document's
    /// JSON, or throws), each device's, merged over `defaults` (the JSON of an empty document).
    package func read(
        _ disk: DataDisk, defaults: JSONValue, legacy decodeLegacy: ([UInt8], String) throws(StoreError) -> JSONValue
    ) throws(StoreError) -> Reading {
        let stamps = try stamps(disk)
        var base: [String: FieldVersion] = [:]
        for (name, piece) in DeviceDocument.fields(of: defaults, members: members) {
            base[name] = FieldVersion(clock: DeviceDocument.floor, value: piece.value, since: DeviceDocument.floor)
        }
        var legacy: (pieces: [String: DeviceDocument.Piece], version: Int)?
        if case .bytes(let bytes, _) = try disk.readDataFile(legacyPath) {
            // Moved into the devices' files: nothing left to read.
            if !Self.isMoved(bytes, movedVersion: movedVersion) {
                let version = (try? JSONDecoder().decode(MovedProbe.self, from: Data(bytes)))?.version
                let json = try decodeLegacy(bytes, legacyPath)
                let pieces = DeviceDocument.fields(of: json, members: members)
                legacy = (pieces, version ?? 1)
                for (name, piece) in pieces {
                    let since = ChangeClock(milliseconds: 0, counter: piece.index ?? 0, device: "")
                    base[name] = FieldVersion(clock: DeviceDocument.floor, value: piece.value, since: since)
                }
            }
        }
        var devices: [[String: FieldVersion]] = []
        var own: [String: FieldVersion] = [:]
        for name in names(disk, devicesStamp: stamps[1]) {
            let path = devicesPath + "/" + name + "/" + fileName
            let fields: [String: FieldVersion]
            if name == device {
                fields = try readDevice(path, disk) ?? [:]
                own = fields
            } else {
                do {
                    fields = try readDevice(path, disk) ?? [:]
                } catch {
                    // A newer format is refused rather than missed; anything else is a file
                    // still arriving, read once it can be.
                    if case .newerVersion = error { throw error }
                    continue
                }
            }
            devices.append(fields)
        }
        return Reading(
            fields: DeviceDocument.merged(base: base, devices: devices), own: own, legacy: legacy, stamps: stamps)
    }

    /// A device's fields, from memory while its file has not changed; nil when it has none.
    private func readDevice(_ path: String, _ disk: DataDisk) throws(StoreError) -> [String: FieldVersion]? {
        guard let stamp = try disk.stamp(path) else { return nil }
        if let known = parsed[path], known.stamp == stamp { return known.fields }
        guard case .bytes(let bytes, let readStamp) = try disk.readDataFile(path) else { return nil }
        let fields = try DeviceDocument.decode(bytes, path: path)
        parsed[path] = (readStamp, fields)
        return fields
    }

    /// Writes what changed from `before` to `after` (the document's JSON) as this device's
    /// changes, each with a clock later than any the field had; the first write moves the file
    /// from before devices into this device's. Call under `lockPath`'s lock, with `reading` made
    /// under it. Returns the reading as it is once written; nil when nothing was written.
    package func write(before: JSONValue, after: JSONValue, reading: Reading, disk: DataDisk) throws(StoreError)
        -> Reading?
    {
        let old = DeviceDocument.fields(of: before, members: members)
        let new = DeviceDocument.fields(of: after, members: members)
        let changed = Set(old.keys).union(new.keys).filter { name in
            old[name].map { DeviceDocument.canonical($0.value) } != new[name].map { DeviceDocument.canonical($0.value) }
        }
        guard !changed.isEmpty else { return nil }
        var own = reading.own
        // The file from before devices moves in with the first change: each field at a clock
        // below any a device set.
        if let legacy = reading.legacy {
            for (name, piece) in legacy.pieces where own[name] == nil {
                own[name] = FieldVersion(
                    clock: ChangeClock(milliseconds: 0, device: device), value: piece.value,
                    since: ChangeClock(milliseconds: 0, counter: piece.index ?? 0, device: device))
            }
        }
        var seen = lastClock
        for name in changed {
            if let clock = reading.fields[name]?.clock, seen.map({ clock > $0 }) ?? true { seen = clock }
        }
        // An item's place (`since`) may run ahead of its clock (below): past those too.
        for version in own.values {
            for clock in [version.clock, version.since].compactMap({ $0 }) where seen.map({ clock > $0 }) ?? true {
                seen = clock
            }
        }
        let clock = ChangeClock.next(now: now(), device: device, after: seen)
        lastClock = clock
        var fields = reading.fields
        // Items new in this change take their places in the order the document holds them.
        var places: [String: ChangeClock] = [:]
        var added: [(name: String, index: Int)] = []
        for name in changed where old[name] == nil {
            if let index = new[name]?.index { added.append((name, index)) }
        }
        added.sort { a, b in a.index != b.index ? a.index < b.index : a.name < b.name }
        for (offset, item) in added.enumerated() {
            places[item.name] = ChangeClock(
                milliseconds: clock.milliseconds, counter: clock.counter + offset, device: device)
        }
        for name in changed.sorted() {
            guard let piece = new[name] else {
                own[name] = FieldVersion(clock: clock, value: nil, since: nil)
                fields[name] = own[name]
                continue
            }
            var since: ChangeClock?
            if piece.index != nil {
                if old[name] != nil, let earlier = reading.fields[name] {
                    since = earlier.since ?? earlier.clock
                } else {
                    since = renamedFrom(name, at: piece.index, old: old, new: new, reading: reading) ?? places[name]
                }
                if let kept = since, kept.device.isEmpty {
                    since = ChangeClock(milliseconds: kept.milliseconds, counter: kept.counter, device: device)
                }
            }
            own[name] = FieldVersion(clock: clock, value: piece.value, since: since)
            fields[name] = own[name]
        }
        try disk.makeSubfolder(devicesPath)
        try disk.makeSubfolder(devicePath)
        let stamp = try disk.replaceFile(ownPath, DeviceDocument.encoded(own))
        parsed[ownPath] = (stamp, own)
        if let legacy = reading.legacy { try moved(legacy.version, disk) }
        return Reading(fields: fields, own: own, legacy: nil, stamps: try stamps(disk))
    }

    /// The place a renamed item kept: an item new at `index` takes the place of the one that was
    /// there and is gone.
    private func renamedFrom(
        _ name: String, at index: Int?, old: [String: DeviceDocument.Piece], new: [String: DeviceDocument.Piece],
        reading: Reading
    ) -> ChangeClock? {
        guard let index, let member = name.split(separator: ".", maxSplits: 1).first else { return nil }
        for (earlier, piece) in old where piece.index == index && new[earlier] == nil {
            guard earlier.split(separator: ".", maxSplits: 1).first == member, let version = reading.fields[earlier]
            else {
                continue
            }
            return version.since ?? version.clock
        }
        return nil
    }

    /// Keeps the file from before devices as `NAME.vN` and leaves it empty, of `movedVersion`.
    private func moved(_ version: Int, _ disk: DataDisk) throws(StoreError) {
        guard case .bytes(let bytes, _) = try disk.readDataFile(legacyPath) else { return }
        let kept = legacyPath + ".v\(version)"
        if try disk.stamp(kept) == nil { _ = try disk.replaceFile(kept, bytes) }
        let stub = "{\n  \"movedTo\" : \"\(Self.movedTo)\",\n  \"version\" : \(movedVersion)\n}\n"
        _ = try disk.replaceFile(legacyPath, Array(stub.utf8))
    }

    /// What a file from before devices says once it has moved: `"movedTo": "devices"`, beside
    /// its `movedVersion`.
    package static let movedTo = "devices"

    package static func isMoved(_ bytes: [UInt8], movedVersion: Int) -> Bool {
        guard let probe = try? JSONDecoder().decode(MovedProbe.self, from: Data(bytes)) else { return false }
        return probe.version == movedVersion && probe.movedTo == movedTo
    }

    private struct MovedProbe: Decodable {
        var version: Int?
        var movedTo: String?
    }
}
