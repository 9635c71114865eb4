import Foundation

/// A small JSON document of the data folder (`foods.json`, `profile.json`): versioned, read
/// again only when it changed, and rewritten under the folder's lock, atomically, keeping a `.bak`.
public protocol StoredDocument: Codable, Equatable, Sendable {
    /// The file's name in the data folder.
    static var fileName: String { get }
    /// The newest format this Calorina reads, and the one it writes.
    static var supportedVersion: Int { get }
    /// The document when there is no file yet.
    init()
}

/// Reads and writes one `StoredDocument` in a data folder.
public final class DocumentStore<Document: StoredDocument> {
    /// The file's path.
    public let path: String
    private let lockPath: String
    private var cached: (document: Document, stamp: FileStamp?)?

    /// A store for `root/Document.fileName`.
    public init(root: URL) {
        let base = root.standardizedFileURL.path
        path = base + "/" + Document.fileName
        lockPath = base + "/.lock"
    }

    /// The document, read again only when the file changed.
    public func load() throws(StoreError) -> Document {
        let stamp = try AtomicFile.stamp(of: path)
        if let cached, cached.stamp == stamp { return cached.document }
        let document = try read()
        cached = (document, try AtomicFile.stamp(of: path))
        return document
    }

    private func read() throws(StoreError) -> Document {
        switch try AtomicFile.readFile(path) {
        case .missing:
            return Document()
        case .bytes(let fileBytes, _):
            let bytes = Array(fileBytes.starts(with: [0xEF, 0xBB, 0xBF]) ? fileBytes.dropFirst(3) : fileBytes[...])
            if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                throw StoreError.unreadable(path: path, line: 1, column: 1, reason: "the file is empty")
            }
            let decoder = JSONDecoder()
            let version: Int?
            do {
                version = try decoder.decode(MonthFile.VersionProbe.self, from: Data(bytes)).version
            } catch {
                throw MonthFile.diagnose(error, bytes: bytes, path: path)
            }
            if let version, version > Document.supportedVersion {
                throw StoreError.newerVersion(path: path, found: version, supported: Document.supportedVersion)
            }
            do {
                return try decoder.decode(Document.self, from: Data(bytes))
            } catch {
                throw MonthFile.diagnose(error, bytes: bytes, path: path)
            }
        }
    }

    /// Changes the document under the lock: reads the file again, applies `change`, writes it.
    /// `change` returns false to write nothing.
    @discardableResult
    public func update(_ change: (inout Document) -> Bool) throws(StoreError) -> Document {
        try FileLock.withExclusiveLock(at: lockPath) { () throws(StoreError) -> Document in
            var document = try read()
            guard change(&document) else { return document }
            var bytes: [UInt8]
            do {
                bytes = [UInt8](try MonthFile.makeEncoder().encode(document))
            } catch {
                throw StoreError.cannotWrite(path: path, reason: "\(error)")
            }
            bytes.append(UInt8(ascii: "\n"))
            let folder = AtomicFile.parent(of: path)
            let name = Document.fileName
            let temp = folder + "/.\(name).tmp-\(getpid())"
            try AtomicFile.writeFile(bytes, to: temp)
            if try AtomicFile.stamp(of: path) != nil {
                try AtomicFile.keepBackup(of: path, at: path + ".bak", via: folder + "/.\(name).bak.tmp-\(getpid())")
            }
            try AtomicFile.renameFile(temp, to: path)
            try AtomicFile.syncFolder(folder)
            cached = (document, try AtomicFile.stamp(of: path))
            return document
        }
    }
}
