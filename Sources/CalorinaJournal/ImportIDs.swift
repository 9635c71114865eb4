import CalorinaDocuments
import CalorinaFiles
import CalorinaMonths

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The ids a large import added, kept beside `undo.json` in `undo/NAME.ids` rather than in it:
/// the import's undo record names the file (issue 25: an import of 100 years held its 515,390
/// ids in memory and wrote them all into `undo.json` before each batch, 183 MiB at its peak).
///
/// A line a month and an id, `2026-11 0b331645445bcd27`, appended and synced before the batch
/// they name is saved: an import stopped anywhere has the ids of all it saved here (and perhaps
/// of a batch it did not save, which undo finds missing and leaves). A last line cut short by a
/// kill is not read. A file is swept once no undo record names it (`sweep(keeping:)`).
public struct ImportIDs {
    /// The folder in the data folder.
    public static let folder = "undo"

    private let root: String
    private let disk: DataDisk

    /// The files of the data folder at `root`, on `disk`.
    public init(root: String, disk: DataDisk) {
        self.root = root
        self.disk = disk
    }

    private var folderPath: String { root + "/" + Self.folder }

    /// The path of the file `name`.
    public func path(of name: String) -> String { folderPath + "/" + name }

    /// Appends the ids, each with its month, to the file `name` (made when missing), synced.
    public func append(_ ids: [(month: String, id: String)], to name: String) throws(StoreError) {
        guard !ids.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ids.count * 26)
        for (month, id) in ids {
            bytes += month.utf8
            bytes.append(UInt8(ascii: " "))
            bytes += id.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        try disk.makeSubfolder(folderPath)
        if try disk.appendToFile(bytes, path(of: name)) { try disk.syncFolder(folderPath) }
    }

    /// The ids in the file `name`, by month, in the order they were added; none when there is no
    /// such file.
    public func read(_ name: String) throws(StoreError) -> [String: [String]] {
        guard case .bytes(let bytes, _) = try disk.readDataFile(path(of: name)) else { return [:] }
        var ids: [String: [String]] = [:]
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            let line = bytes[start..<index]
            start = index + 1
            guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { continue }
            let month = String(decoding: line[line.startIndex..<space], as: UTF8.self)
            guard MonthKey.isMonth(month) else { continue }
            ids[month, default: []].append(String(decoding: line[(space + 1)...], as: UTF8.self))
        }
        return ids
    }

    /// Removes the files no undo record names any more (`keeping`), but for one changed in the
    /// last `graceSeconds` (an import still saving, whose record names it only once written).
    /// Failures are ignored: a file left is in the way of nothing.
    public func sweep(keeping: Set<String>, graceSeconds: Int = 3_600) {
        let now = Int(time(nil))
        for name in (try? disk.names(folderPath)) ?? [] where name.hasSuffix(".ids") && !keeping.contains(name) {
            guard let stamp = try? disk.stamp(path(of: name)), now - stamp.modifiedSeconds > graceSeconds else {
                continue
            }
            try? disk.removeIfPresent(path(of: name))
        }
    }
}
