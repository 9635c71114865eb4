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
    func forEachLine(
        of path: String, _ line: (_ bytes: [UInt8], _ number: Int) throws(StoreError) -> Void
    ) throws(StoreError) -> (endsWhole: Bool, stamp: FileStamp)? {
        let fd = AtomicFile.retrying { calls.openFile(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0) }
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP { throw linkRefused(path) }
            throw StoreError.unreadable(path: path, line: 1, column: 1, reason: AtomicFile.errorText(code))
        }
        defer { _ = calls.closeFile(fd) }
        var info = stat()
        guard calls.statFile(fd, &info) == 0 else {
            throw StoreError.unreadable(path: path, line: 1, column: 1, reason: AtomicFile.errorText(errno))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError.unreadable(path: path, line: 1, column: 1, reason: "it is not a regular file")
        }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        var number = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return calls.readBytes(fd, base, buffer.count)
            }
            if count == 0 { break }
            guard count > 0 else {
                let code = errno
                if code == EINTR { continue }
                throw StoreError.unreadable(path: path, line: number + 1, column: 1, reason: AtomicFile.errorText(code))
            }
            var start = 0
            for index in 0..<count where chunk[index] == 10 {
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
            pending += chunk[start..<count]
        }
        return (pending.isEmpty, FileStamp(info))
    }
}
