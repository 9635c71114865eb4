import CalorinaFiles
import CalorinaMonths
import CalorinaSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A small JSON document of the data folder (`foods.json`, `profile.json`): versioned, read
/// again only when it changed, and rewritten under the folder's lock, atomically, keeping a `.bak`.
public protocol StoredDocument: Codable, Equatable, Sendable {
    /// The file's name in the data folder.
    static var fileName: String { get }
    /// The newest format this Calorina reads, and the one it writes.
    static var supportedVersion: Int { get }
    /// The document when there is no file yet.
    init()
    /// The name of an index kept in the data folder's `cache/` from which the document can be
    /// read in place (see `UserFoodsIndex`); nil for none.
    static var indexName: String? { get }
    /// The document of the file, read in place with the help of `index`, made from the file as
    /// it is now (its stamp); nil to read the file whole. `bytes` reads the file's bytes, when
    /// they are first needed.
    static func inPlace(reading bytes: @escaping @Sendable () -> [UInt8], index: [UInt8]) -> Self?
    /// The index to keep for `document`, just read whole from `bytes`; nil for none.
    static func index(of document: Self, bytes: [UInt8]) -> [UInt8]?
}

extension StoredDocument {
    public static var indexName: String? { nil }
    public static func inPlace(reading bytes: @escaping @Sendable () -> [UInt8], index: [UInt8]) -> Self? { nil }
    public static func index(of document: Self, bytes: [UInt8]) -> [UInt8]? { nil }
}

/// Reads and writes one `StoredDocument` in a data folder.
public final class DocumentStore<Document: StoredDocument> {
    /// The file's path; in a folder several devices share, this device's file.
    public let path: String
    private let rootPath: String
    private let lockPath: String
    /// The document as last read or written, with the stamps of the files it was read from.
    private var cached: (document: Document, stamp: [FileStamp?])?
    private var sweptTemporaryFiles = false
    /// The disk it reads and writes.
    private let disk: DataDisk
    /// In a folder several devices share: every device's file, merged on read (nil for one file).
    private let devices: DeviceDocumentFiles?
    /// What the devices' files said when `cached` was read from them.
    private var reading: DeviceDocumentFiles.Reading?

    /// A store for `root/Document.fileName`, on the real disk or on `disk` (the one a
    /// `JournalStore` was opened on: `JournalStore.disk`).
    public init(root: URL, disk: DataDisk = .system) {
        rootPath = root.standardizedFileURL.path
        path = rootPath + "/" + Document.fileName
        lockPath = rootPath + "/.lock"
        self.disk = disk
        devices = nil
    }

    package init(rootPath: String, disk: DataDisk, devices: DeviceDocumentFiles) {
        self.rootPath = rootPath
        path = devices.ownPath
        lockPath = devices.lockPath
        self.disk = disk
        self.devices = devices
    }

    /// The stamps of the files the document is read from.
    private func stamps() throws(StoreError) -> [FileStamp?] {
        if let devices { return try devices.stamps(disk) }
        return [try disk.stamp(path)]
    }

    /// True when a file holds the document (in a folder several devices share, any device's).
    public var isStored: Bool {
        get throws(StoreError) {
            if let devices { return try devices.isStored(disk) }
            return (try disk.stamp(path)) != nil
        }
    }

    /// Changes made with `deferUpdate`, in order, not yet written.
    private var deferred: [(inout Document) -> Bool] = []
    /// The cached document with the deferred changes applied.
    private var deferredResult: Document?

    /// In a script (`checksOncePerBatch`), whether the files were checked since the batch began.
    private var checkedThisBatch = false

    /// Set for a script: `load` asks the disk whether the files changed once a batch (the first
    /// load after `endBatch`), not on every line. A batch is at most a second of a script's
    /// lines (`Session.flushInterval`); a change another program makes during one is read by the
    /// next, and `update` always reads the files as they are, under the lock. A 100,000-line
    /// script loaded the profile and the own foods 280,000 times, each time taking the stamps of
    /// every device's file: a tenth of its instructions and most of its system calls.
    public var checksOncePerBatch = false

    /// Ends a script's batch: the next `load` checks the files again.
    public func endBatch() {
        checkedThisBatch = false
    }

    /// The document, read again only when the file changed, with any deferred changes applied.
    public func load() throws(StoreError) -> Document {
        if checksOncePerBatch, checkedThisBatch, let cached { return deferredResult ?? cached.document }
        let stamp = try stamps()
        checkedThisBatch = true
        if let cached, cached.stamp == stamp { return deferredResult ?? cached.document }
        let document = try read()
        if devices != nil, let reading {
            cached = (document, reading.stamps)
        } else {
            cached = (document, try stamps())
        }
        deferredResult = nil
        if !deferred.isEmpty {
            var changed = document
            for change in deferred { _ = change(&changed) }
            deferredResult = changed
        }
        return deferredResult ?? document
    }

    /// A change that `load()` shows at once and `saveDeferred()` writes: a script changes the
    /// profile (each weight it logs) as often as it likes for the cost of one write a batch.
    public func deferUpdate(_ change: @escaping (inout Document) -> Bool) throws(StoreError) {
        var document = try load()
        // Let go of the earlier result first, so that `change` finds the document's storage its
        // own and changes it in place rather than copying it every line.
        deferredResult = nil
        _ = change(&document)
        deferred.append(change)
        deferredResult = document
    }

    private func clearDeferred() {
        deferred.removeAll()
        deferredResult = nil
    }

    /// True when `deferUpdate` made changes not yet written.
    public var hasDeferredChanges: Bool { !deferred.isEmpty }

    /// Writes the deferred changes, applied in order to the file as it is now, under the lock.
    public func saveDeferred() throws(StoreError) {
        guard !deferred.isEmpty else { return }
        try update { _ in false }
    }

    /// The document as the files make it now. `forWriting`: with what each device's file says
    /// (`reading`), which a change starts from; else, for a document read in place, from the
    /// merge kept in this device's cache while none of the files changed.
    private func read(forWriting: Bool = false) throws(StoreError) -> Document {
        if let devices {
            reading = nil
            // No file holds it yet (a new folder, a dry run on one): the empty document, without
            // merging and decoding nothing (a one-shot line's start paid a tenth of its time).
            if !forWriting, try !devices.isStored(disk) { return Document() }
            if !forWriting, Document.indexName != nil, let document = try readInPlace(devices) { return document }
            let reading = try devices.read(disk, defaults: try Self.json(of: Document())) {
                (bytes, path) throws(StoreError) in
                try Self.json(of: try Self.decode(bytes, path: path))
            }
            self.reading = reading
            let document = try Self.document(of: reading, devices)
            if Document.indexName != nil { keepMerge(document, stamps: reading.stamps, devices) }
            return document
        }
        return try readFile(path, cacheFolder: rootPath + "/cache")
    }

    /// The file at `path` read whole, or in place with its index in `cacheFolder` while the
    /// index names the file as it is now.
    private func readFile(_ path: String, cacheFolder: String) throws(StoreError) -> Document {
        // Read in place while the index names the file as it is now (its stamp): the index was
        // made from the same bytes after they were read whole and checked. Not even the file is
        // read until something in it is asked for.
        if let name = Document.indexName, let stamp = try AtomicFile.stamp(of: path),
            let index = CacheFile.load(cacheFolder + "/" + name)
        {
            let stampLine = Array((CacheFile.stampLine(stamp) + "\n").utf8)
            if index.starts(with: stampLine),
                let document = Document.inPlace(
                    reading: {
                        // Changed since (another Calorina wrote it): what is there now. A write
                        // never starts from this document then, its stamp being another.
                        guard case .bytes(let bytes, _)? = try? AtomicFile.readDataFile(path) else { return [] }
                        return bytes
                    }, index: Array(index[stampLine.count...]))
            {
                return document
            }
        }
        switch try disk.readDataFile(path) {
        case .missing:
            return Document()
        case .bytes(let fileBytes, let stamp):
            guard let name = Document.indexName else { return try Self.decode(fileBytes, path: path) }
            let folder = cacheFolder
            let indexPath = folder + "/" + name
            let stampLine = Array((CacheFile.stampLine(stamp) + "\n").utf8)
            let document = try Self.decode(fileBytes, path: path)
            if let index = Document.index(of: document, bytes: fileBytes) {
                _ = try? AtomicFile.system.makeFolder(folder)
                CacheFile.store(String(decoding: stampLine + index, as: UTF8.self), at: indexPath)
            }
            return document
        }
    }

    /// The document in the bytes of a file at `path` (the path is for errors): of a version this
    /// Calorina reads, with no member it does not know. A UTF-8 byte order mark is skipped.
    public static func decode(_ fileBytes: [UInt8], path: String) throws(StoreError) -> Document {
        let bytes = Array(ByteOrderMark.dropped(from: fileBytes))
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw StoreError.unreadable(path: path, line: 1, column: 1, reason: "the file is empty")
        }
        let decoder = JSONDecoder()
        let version: Int?
        do {
            version = try decoder.decode(JSONFile.VersionProbe.self, from: Data(bytes)).version
        } catch {
            throw JSONFile.diagnose(error, bytes: bytes, path: path)
        }
        if let version, version > Document.supportedVersion {
            throw StoreError.newerVersion(path: path, found: version, supported: Document.supportedVersion)
        }
        let document: Document
        do {
            document = try decoder.decode(Document.self, from: Data(bytes))
        } catch {
            throw JSONFile.diagnose(error, bytes: bytes, path: path)
        }
        if let field = Self.unknownField(in: bytes, of: document) {
            let offset = JSONLocator.offsetOfName(of: field, in: bytes)
            let (line, column) = JSONLocator.position(of: offset, in: bytes)
            throw StoreError.unreadable(
                path: path, line: line, column: column,
                reason: "\(JSONFile.describe(field)) is a field Calorina does not know")
        }
        return document
    }

    /// The path of the first member of the file that the document does not hold, such as one a
    /// person added by hand: `JSONDecoder` ignores those, and writing the document back would lose
    /// them. Found by writing the document again and comparing the two, member by member; a member
    /// that is `null` in the file is an absent optional and is not counted.
    private static func unknownField(in bytes: [UInt8], of document: Document) -> [any CodingKey]? {
        guard let written = try? JSONEncoder().encode(document), let known = JSONValueReader.value(of: Array(written)),
            let file = JSONValueReader.value(of: bytes)
        else { return nil }
        func search(_ file: JSONValue, _ known: JSONValue, _ path: [any CodingKey]) -> [any CodingKey]? {
            if case .object(let members) = file, case .object(let knownMembers) = known {
                let known = Dictionary(knownMembers, uniquingKeysWith: { first, _ in first })
                for (key, value) in members.sorted(by: { $0.0 < $1.0 }) {
                    if case .null = value { continue }
                    guard let knownValue = known[key] else { return path + [PathKey(key)] }
                    if let found = search(value, knownValue, path + [PathKey(key)]) { return found }
                }
            } else if case .array(let file) = file, case .array(let known) = known, file.count == known.count {
                for (index, value) in file.enumerated() {
                    if let found = search(value, known[index], path + [PathKey(index)]) { return found }
                }
            }
            return nil
        }
        return search(file, known, [])
    }

    /// Changes the document under the lock: reads the file again, applies the deferred changes
    /// and `change`, writes it. `change` returns false to write nothing (the deferred changes are
    /// written all the same).
    @discardableResult
    public func update(_ change: (inout Document) -> Bool) throws(StoreError) -> Document {
        var result: Document?
        if let devices {
            // This device's folder holds its lock.
            try disk.makeSubfolder(devices.devicesPath)
            try disk.makeSubfolder(devices.devicePath)
        }
        try disk.withExclusiveLock(lockPath) { () throws(StoreError) in
            // What killed writers left behind, once per store.
            if !sweptTemporaryFiles {
                sweptTemporaryFiles = true
                disk.sweepTemporaryFiles(rootPath)
                if let devices { disk.sweepTemporaryFiles(devices.devicePath) }
            }
            // The file as it is now: from memory when it has not changed since it was last read or
            // written (the stamp tells), else read again.
            let stamp = try stamps()
            var document: Document
            if let cached, cached.stamp == stamp, devices == nil || reading != nil {
                document = cached.document
            } else {
                document = try read(forWriting: true)
            }
            let before = document
            // Deferred changes first, in order, then this one: all of them are written now.
            var changed = false
            for earlier in deferred where earlier(&document) { changed = true }
            if change(&document) { changed = true }
            guard changed else {
                clearDeferred()
                result = document
                return
            }
            if let devices, let reading {
                if let written = try devices.write(
                    before: try Self.json(of: before), after: try Self.json(of: document), reading: reading, disk: disk)
                {
                    // The document as the files make it now, as any later reading makes it (an
                    // item changed keeps its place, say).
                    document = try Self.document(of: written, devices)
                    self.reading = written
                    cached = (document, written.stamps)
                    // The next process reads it in place rather than merging the files again.
                    if Document.indexName != nil { keepMerge(document, stamps: written.stamps, devices) }
                }
                clearDeferred()
                result = document
                return
            }
            var bytes: [UInt8]
            do {
                bytes = [UInt8](try JSONFile.makeEncoder().encode(document))
            } catch {
                throw StoreError.cannotWrite(path: path, reason: "\(error)")
            }
            bytes.append(UInt8(ascii: "\n"))
            cached = (document, [try disk.replaceFile(path, bytes)])
            clearDeferred()
            result = document
        }
        guard let result else { throw StoreError.lockFailed(path: lockPath, reason: "the change was not made") }
        return result
    }
}

extension DocumentStore where Document: MergedDocument {
    /// A store for a data folder that several devices share: this device (`device`) writes
    /// only `root/devices/NAME/Document.fileName`, and reading merges every device's file, the
    /// latest change of each field winning (see `DeviceDocumentFiles`). `now` is the time in
    /// milliseconds since 1970, for the clocks of changes (tests of several devices set it).
    public convenience init(
        root: URL, device: String, disk: DataDisk = .system,
        now: @escaping () -> Int64 = DeviceDocumentFiles.wallMilliseconds
    ) {
        let rootPath = root.standardizedFileURL.path
        self.init(
            rootPath: rootPath, disk: disk,
            devices: DeviceDocumentFiles(
                rootPath: rootPath, device: device, fileName: Document.fileName, movedVersion: Document.movedVersion,
                members: Document.mergedMembers, now: now))
    }
}

extension DocumentStore {
    // MARK: Reading in place in a folder several devices share

    /// The file of this device's cache that holds the devices' files merged, as a file of the
    /// document from before devices is written, to be read in place (`Document.indexName`).
    private func mergePath(_ devices: DeviceDocumentFiles) -> String {
        devices.devicePath + "/cache/" + Document.fileName
    }

    /// The file beside it naming the files it was merged from, and itself, by their stamps.
    private func sourcesPath(_ devices: DeviceDocumentFiles) -> String { mergePath(devices) + ".sources" }

    private static func signature(_ stamps: [FileStamp?]) -> String {
        stamps.map { $0.map(CacheFile.stampLine) ?? "none" }.joined(separator: "\n") + "\n"
    }

    /// The document read in place, when no device has a file yet (the file from before devices,
    /// indexed in the folder's cache as ever), or when this device's cache holds the merge of
    /// the files as they are now; nil to merge them again.
    private func readInPlace(_ devices: DeviceDocumentFiles) throws(StoreError) -> Document? {
        let stamps = try stamps()
        if stamps.dropFirst(2).allSatisfy({ $0 == nil }) {
            guard stamps[0] != nil else { return nil }
            // A file that moved, or cannot be read, is read (and said) by the merge.
            return try? readFile(devices.legacyPath, cacheFolder: rootPath + "/cache")
        }
        guard let sources = CacheFile.load(sourcesPath(devices)),
            let merged = try AtomicFile.stamp(of: mergePath(devices)),
            sources.elementsEqual((Self.signature(stamps) + "merged " + CacheFile.stampLine(merged) + "\n").utf8)
        else { return nil }
        return try? readFile(mergePath(devices), cacheFolder: devices.devicePath + "/cache")
    }

    /// Keeps the merge of the files of `stamps` in this device's cache, when it has a folder.
    private func keepMerge(_ document: Document, stamps: [FileStamp?], _ devices: DeviceDocumentFiles) {
        guard stamps.dropFirst(2).contains(where: { $0 != nil }),
            (try? AtomicFile.stamp(of: devices.devicePath)) != nil,
            let bytes = try? JSONFile.makeEncoder().encode(document)
        else { return }
        _ = try? AtomicFile.system.makeFolder(devices.devicePath + "/cache")
        CacheFile.store(String(decoding: bytes, as: UTF8.self) + "\n", at: mergePath(devices))
        guard let merged = try? AtomicFile.stamp(of: mergePath(devices)) else { return }
        CacheFile.store(
            Self.signature(stamps) + "merged " + CacheFile.stampLine(merged) + "\n", at: sourcesPath(devices))
    }

    /// The document as JSON, as `JSONEncoder` writes it.
    package static func json(of document: Document) throws(StoreError) -> JSONValue {
        let bytes: [UInt8]
        do {
            bytes = Array(try JSONEncoder().encode(document))
        } catch {
            throw StoreError.cannotWrite(path: Document.fileName, reason: "\(error)")
        }
        guard let value = JSONValueReader.value(of: bytes) else {
            throw StoreError.cannotWrite(path: Document.fileName, reason: "its JSON could not be read back")
        }
        return value
    }

    /// The document the devices' files make, checked as a file of it is.
    package static func document(of reading: DeviceDocumentFiles.Reading, _ devices: DeviceDocumentFiles)
        throws(StoreError)
        -> Document
    {
        let json = DeviceDocument.document(of: reading.fields, members: devices.members)
        return try decode(Array(json.serialized().utf8), path: devices.devicesPath + "/*/" + Document.fileName)
    }
}
