// A disk in memory for the store's file calls (`FileCalls`), which keeps apart what a file system
// holds now and what would survive a power cut, so that a test can cut the power after any call.
//
// The model of durability, the strict one POSIX promises and no more:
// - a file's bytes survive as they were at its last fsync (a file never synced comes back empty);
// - a name made, renamed, linked or removed in a folder survives only once that folder is synced;
//   until then the folder comes back with the names it had at its last sync.
// A gentler disk (ext4's ordered metadata) may also have written some of the changes to names
// since the last sync, in the order they were made: `durableState(keepingPending:)` can keep a
// prefix of them too.

import Foundation
import Glibc
import SeededRandom

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths

/// One change to the disk, as recorded: replaying a prefix of them on the state they started from
/// gives the state at that point, both what is there and what would survive.
enum DiskChange: Sendable {
    case create(folder: Int, name: String, node: Int, isFolder: Bool, mode: mode_t)
    case truncate(node: Int)
    case write(node: Int, offset: Int, bytes: [UInt8])
    case changeMode(node: Int, mode: mode_t)
    case sync(node: Int)
    case rename(folder: Int, from: String, toFolder: Int, to: String)
    case link(folder: Int, name: String, node: Int)
    case unlink(folder: Int, name: String)

    /// True for a change to a folder's names, which only a sync of the folder makes durable.
    var isNameChange: Bool {
        switch self {
        case .create, .rename, .link, .unlink: true
        case .truncate, .write, .changeMode, .sync: false
        }
    }

    /// The folders whose names the change changes.
    var folders: Set<Int> {
        switch self {
        case .create(let folder, _, _, _, _), .link(let folder, _, _), .unlink(let folder, _): [folder]
        case .rename(let folder, _, let toFolder, _): [folder, toFolder]
        case .truncate, .write, .changeMode, .sync: []
        }
    }
}

/// The files and folders, now and as they would be after a power cut.
struct DiskState {
    struct Node {
        var isFolder: Bool
        var mode: mode_t
        /// A file's bytes now.
        var data: [UInt8] = []
        /// A folder's names now.
        var names: [String: Int] = [:]
        /// Counts the changes, for the stamps (`st_mtim`, `st_ctim`).
        var version = 1
    }

    /// The root folder, `/`.
    static let root = 0

    /// Every node ever made (one whose last name is gone stays, unreachable).
    private(set) var nodes: [Int: Node] = [root: Node(isFolder: true, mode: 0o755)]
    /// Each file's bytes at its last fsync.
    private(set) var durableData: [Int: [UInt8]] = [:]
    /// Each folder's names at its last fsync.
    private(set) var durableNames: [Int: [String: Int]] = [root: [:]]
    /// The changes to names not yet made durable by a sync of their folders, in order.
    private(set) var pendingNameChanges: [DiskChange] = []
    var nextNode = 1

    func node(_ id: Int) -> Node? { nodes[id] }

    /// Makes `change`.
    mutating func apply(_ change: DiskChange) {
        switch change {
        case .create(let folder, let name, let node, let isFolder, let mode):
            nodes[node] = Node(isFolder: isFolder, mode: mode)
            nodes[folder]?.names[name] = node
            nextNode = max(nextNode, node + 1)
        case .truncate(let node):
            nodes[node]?.data = []
            nodes[node]?.version += 1
        case .write(let node, let offset, let bytes):
            if offset == 0, nodes[node]?.data.isEmpty == true {
                nodes[node]?.data = bytes
            } else if var data = nodes[node]?.data {
                if data.count < offset { data += [UInt8](repeating: 0, count: offset - data.count) }
                let end = min(data.count, offset + bytes.count)
                data.replaceSubrange(offset..<end, with: bytes)
                nodes[node]?.data = data
            }
            nodes[node]?.version += 1
        case .changeMode(let node, let mode):
            nodes[node]?.mode = mode
            nodes[node]?.version += 1
        case .sync(let node):
            guard let synced = nodes[node] else { return }
            if synced.isFolder {
                durableNames[node] = synced.names
                pendingNameChanges.removeAll { $0.folders.isSubset(of: [node]) }
            } else {
                durableData[node] = synced.data
            }
        case .rename(let folder, let from, let toFolder, let to):
            guard let moved = nodes[folder]?.names.removeValue(forKey: from) else { return }
            nodes[toFolder]?.names[to] = moved
        case .link(let folder, let name, let node):
            nodes[folder]?.names[name] = node
            nodes[node]?.version += 1
        case .unlink(let folder, let name):
            nodes[folder]?.names[name] = nil
        }
        if change.isNameChange { pendingNameChanges.append(change) }
    }

    /// The disk as it comes back after a power cut now: what was durable, and the first
    /// `keepingPending` of the changes to names made since their folders' last syncs. Everything
    /// in it is durable.
    func durableState(keepingPending kept: Int = 0) -> DiskState {
        var names = durableNames
        for change in pendingNameChanges.prefix(kept) {
            switch change {
            case .create(let folder, let name, let node, _, _), .link(let folder, let name, let node):
                names[folder, default: [:]][name] = node
            case .rename(let folder, let from, let toFolder, let to):
                if let moved = names[folder]?.removeValue(forKey: from) { names[toFolder, default: [:]][to] = moved }
            case .unlink(let folder, let name):
                names[folder]?[name] = nil
            case .truncate, .write, .changeMode, .sync:
                break
            }
        }
        var state = DiskState()
        state.nextNode = nextNode
        state.nodes = [:]
        state.durableNames = [:]
        var folders = [Self.root]
        while let folder = folders.popLast() {
            guard state.nodes[folder] == nil, let original = nodes[folder] else { continue }
            var copy = Node(isFolder: true, mode: original.mode)
            copy.names = names[folder] ?? [:]
            state.nodes[folder] = copy
            state.durableNames[folder] = copy.names
            for child in copy.names.values {
                guard let node = nodes[child] else { continue }
                if node.isFolder {
                    folders.append(child)
                } else if state.nodes[child] == nil {
                    let data = durableData[child] ?? []
                    state.nodes[child] = Node(isFolder: false, mode: node.mode, data: data)
                    state.durableData[child] = data
                }
            }
        }
        return state
    }

    /// Every file under `folder`, by its path, with its bytes now.
    func files(under folder: String = "") -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        func walk(_ id: Int, _ path: String) {
            guard let node = nodes[id] else { return }
            if !node.isFolder {
                found[path] = node.data
                return
            }
            for (name, child) in node.names { walk(child, path + "/" + name) }
        }
        walk(Self.root, "")
        return found.filter { $0.key.hasPrefix(folder) }
    }
}

/// The store's file calls on a `DiskState`, recording every change they make.
final class SimulatedDisk: FileCalls {
    private(set) var state: DiskState
    /// Every change made, in order.
    private(set) var log: [DiskChange] = []
    /// What `processIsRunning` says: after a power cut, no process of before runs.
    let processesRun: Bool
    /// When set, a write of more than one byte may take only some of them, as write(2) may: the
    /// store must write the rest.
    var shortWrites: SeededGenerator?
    /// How many writes were asked for (`writeBytes` calls), and from which one on the disk is
    /// full: every write from it on fails with `ENOSPC` (1 fails the first).
    private(set) var writes = 0
    var fullFromWrite: Int?
    private var descriptors: [Int32: (node: Int, offset: Int)] = [:]
    private var nextDescriptor: Int32 = 3

    init(_ state: DiskState = DiskState(), processesRun: Bool = true) {
        self.state = state
        self.processesRun = processesRun
    }

    private func make(_ change: DiskChange) {
        log.append(change)
        state.apply(change)
    }

    private func fail<T>(_ code: Int32, _ value: T) -> T {
        errno = code
        return value
    }

    /// The folder holding `path` and the last part of it; the root alone is (nil, "").
    private func locate(_ path: String) -> (folder: Int?, name: String)? {
        let parts = path.split(separator: "/").map(String.init)
        guard let name = parts.last else { return (nil, "") }
        var folder = DiskState.root
        for part in parts.dropLast() {
            guard let next = state.node(folder)?.names[part], state.node(next)?.isFolder == true else {
                errno = ENOENT
                return nil
            }
            folder = next
        }
        return (folder, name)
    }

    /// The node at `path`, with errno set when there is none.
    private func node(at path: String) -> Int? {
        guard let (folder, name) = locate(path) else { return nil }
        guard let folder else { return DiskState.root }
        guard let node = state.node(folder)?.names[name] else { return fail(ENOENT, nil) }
        return node
    }

    private func describe(_ node: Int, _ info: inout stat) {
        guard let found = state.node(node) else { return }
        info = stat()
        info.st_dev = 1
        info.st_ino = UInt(node)
        info.st_nlink = 1
        info.st_mode = (found.isFolder ? S_IFDIR : S_IFREG) | found.mode
        info.st_size = found.data.count
        info.st_mtim = timespec(tv_sec: found.version, tv_nsec: 0)
        info.st_ctim = timespec(tv_sec: found.version, tv_nsec: 0)
    }

    func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        guard let (folder, name) = locate(path) else { return -1 }
        var node: Int
        if let folder {
            if let existing = state.node(folder)?.names[name] {
                node = existing
                guard let found = state.node(node) else { return fail(ENOENT, -1) }
                if flags & O_DIRECTORY != 0, !found.isFolder { return fail(ENOTDIR, -1) }
                if found.isFolder, flags & O_ACCMODE != O_RDONLY { return fail(EISDIR, -1) }
                if flags & O_TRUNC != 0 { make(.truncate(node: node)) }
            } else {
                guard flags & O_CREAT != 0 else { return fail(ENOENT, -1) }
                node = state.nextNode
                make(.create(folder: folder, name: name, node: node, isFolder: false, mode: mode))
            }
        } else {
            node = DiskState.root
        }
        let descriptor = nextDescriptor
        nextDescriptor += 1
        // O_APPEND: every write goes at the end (one writer at a time: the offset starts there).
        descriptors[descriptor] = (node, flags & O_APPEND != 0 ? state.node(node)?.data.count ?? 0 : 0)
        return descriptor
    }

    func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        guard let (node, offset) = descriptors[fd], let data = state.node(node)?.data else { return fail(EBADF, -1) }
        let length = max(0, min(count, data.count - offset))
        data.withUnsafeBytes { bytes in
            if length > 0, let base = bytes.baseAddress { buffer.copyMemory(from: base + offset, byteCount: length) }
        }
        descriptors[fd]?.offset += length
        return length
    }

    func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        guard let (node, offset) = descriptors[fd] else { return fail(EBADF, -1) }
        writes += 1
        if let fullFromWrite, writes >= fullFromWrite { return fail(ENOSPC, -1) }
        var count = count
        if count > 1, var random = shortWrites {
            if Bool.random(using: &random) { count = Int.random(in: 1..<count, using: &random) }
            shortWrites = random
        }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: buffer, count: count))
        make(.write(node: node, offset: offset, bytes: bytes))
        descriptors[fd]?.offset += count
        return count
    }

    func syncFile(_ fd: Int32) -> Int32 {
        guard let (node, _) = descriptors[fd] else { return fail(EBADF, -1) }
        make(.sync(node: node))
        return 0
    }

    func closeFile(_ fd: Int32) -> Int32 {
        descriptors.removeValue(forKey: fd) == nil ? fail(EBADF, -1) : 0
    }

    func statFile(_ fd: Int32, _ info: inout stat) -> Int32 {
        guard let (node, _) = descriptors[fd] else { return fail(EBADF, -1) }
        describe(node, &info)
        return 0
    }

    func statLink(_ path: String, _ info: inout stat) -> Int32 {
        guard let node = node(at: path) else { return -1 }
        describe(node, &info)
        return 0
    }

    func changeMode(_ fd: Int32, _ mode: mode_t) -> Int32 {
        guard let (node, _) = descriptors[fd] else { return fail(EBADF, -1) }
        make(.changeMode(node: node, mode: mode))
        return 0
    }

    func renameEntry(_ source: String, _ target: String) -> Int32 {
        guard let moved = node(at: source), let (from, fromName) = locate(source), let from,
            let (to, toName) = locate(target), let to
        else { return -1 }
        if let existing = state.node(to)?.names[toName], state.node(existing)?.isFolder == true,
            state.node(moved)?.isFolder == false
        {
            return fail(EISDIR, -1)
        }
        make(.rename(folder: from, from: fromName, toFolder: to, to: toName))
        return 0
    }

    func linkEntry(_ source: String, _ target: String) -> Int32 {
        guard let linked = node(at: source), let (folder, name) = locate(target), let folder else { return -1 }
        if state.node(linked)?.isFolder == true { return fail(EPERM, -1) }
        if state.node(folder)?.names[name] != nil { return fail(EEXIST, -1) }
        make(.link(folder: folder, name: name, node: linked))
        return 0
    }

    func unlinkEntry(_ path: String) -> Int32 {
        guard let removed = node(at: path), let (folder, name) = locate(path), let folder else { return -1 }
        if state.node(removed)?.isFolder == true { return fail(EISDIR, -1) }
        make(.unlink(folder: folder, name: name))
        return 0
    }

    func makeFolder(_ path: String, _ mode: mode_t) -> Int32 {
        guard let (folder, name) = locate(path) else { return -1 }
        guard let folder else { return fail(EEXIST, -1) }
        if state.node(folder)?.names[name] != nil { return fail(EEXIST, -1) }
        make(.create(folder: folder, name: name, node: state.nextNode, isFolder: true, mode: mode))
        return 0
    }

    func lockFile(_ fd: Int32, _ operation: Int32) -> Int32 {
        descriptors[fd] == nil ? fail(EBADF, -1) : 0
    }

    func linkTarget(_ path: String) -> String? { nil }

    func names(inFolder path: String) -> [String]? {
        guard let node = node(at: path), let found = state.node(node) else { return nil }
        guard found.isFolder else { return fail(ENOTDIR, nil) }
        return Array(found.names.keys)
    }

    func processIsRunning(_ pid: Int32) -> Bool { processesRun }

    /// The disk has no links: a path that is there is its own resolved path.
    func resolvedPath(_ path: String) -> String? { node(at: path) != nil ? path : nil }
}
