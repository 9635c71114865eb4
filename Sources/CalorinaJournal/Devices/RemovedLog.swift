/// What one device took out of one month: `devices/NAME/journal/YYYY-MM.removed`, a file only
/// that device appends to, a line a change:
///
/// ```
/// 1764263103123-0-laptop del 3f2a9c0d1e4b5a69
/// 1764263109000-0-laptop keep 3f2a9c0d1e4b5a69
/// ```
///
/// `del` takes the entry out of the month on every device, whichever device wrote it and however
/// it was edited since; `keep` (an undo of that delete) takes the device's `del` back. A device's
/// word on an entry is its last line about it. A line cut short (a crash while appending, or the
/// file still arriving from another device) is not read; the next append starts a new line.
enum RemovedLog {
    /// A device's last word on each entry it removed or kept: true for removed.
    static func read(_ bytes: [UInt8]) -> [String: Bool] {
        var said: [String: (clock: ChangeClock, removed: Bool)] = [:]
        var start = 0
        for index in bytes.indices where bytes[index] == 10 {
            defer { start = index + 1 }
            let parts = bytes[start..<index].split(separator: UInt8(ascii: " "))
            guard parts.count == 3, let clock = ChangeClock(String(decoding: parts[0], as: UTF8.self)) else {
                continue
            }
            let verb = String(decoding: parts[1], as: UTF8.self)
            guard verb == "del" || verb == "keep" else { continue }
            let id = String(decoding: parts[2], as: UTF8.self)
            if let earlier = said[id], earlier.clock > clock { continue }
            said[id] = (clock, verb == "del")
        }
        return said.mapValues(\.removed)
    }

    /// The lines that say `removed` (or kept) of each id, at `clock`; after `bytes`, the file as
    /// it is, a cut last line is ended first.
    static func lines(_ ids: [String], removed: Bool, clock: ChangeClock, after bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = bytes.last.map { $0 == 10 ? [] : [10] } ?? []
        for id in ids {
            out += Array("\(clock) \(removed ? "del" : "keep") \(id)\n".utf8)
        }
        return out
    }

    /// The file's name beside the month's.
    static func name(ofMonth month: String) -> String { "\(month).removed" }
}
