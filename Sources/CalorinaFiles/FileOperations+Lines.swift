#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileOperations {
    /// Reads the regular file at `path` a piece at a time, handing `line` each whole line (its
    /// bytes without the newline, and its number from 1): a log of a hundred thousand entries
    /// is read without holding it whole. A last line without its newline is not handed on.
    ///
    /// - Returns: nil when there is no file; else whether its last line was whole, and its stamp.
    package func forEachLine(
        of path: String, _ line: (_ bytes: [UInt8], _ number: Int) throws(StoreError) -> Void
    ) throws(StoreError) -> (endsWhole: Bool, stamp: FileStamp)? {
        guard let (fd, info) = try openRegularFile(path, followingLinks: false) else { return nil }
        defer { _ = calls.closeFile(fd) }
        var pending: [UInt8] = []
        var number = 0
        while true {
            let chunk: [UInt8]
            do {
                chunk = try readSome(fd, path: path, count: 1 << 18)
            } catch {
                guard case .unreadable(_, _, _, let reason) = error else { throw error }
                throw StoreError.unreadable(path: path, line: number + 1, column: 1, reason: reason)
            }
            if chunk.isEmpty { break }
            var start = 0
            for index in chunk.indices where chunk[index] == 10 {
                number += 1
                if pending.isEmpty {
                    try line(Array(chunk[start..<index]), number)
                } else {
                    pending += chunk[start..<index]
                    try line(pending, number)
                    pending.removeAll(keepingCapacity: true)
                }
                start = index + 1
            }
            pending += chunk[start...]
        }
        return (pending.isEmpty, FileStamp(info))
    }
}
