#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files a store keeps beside the data to go faster (month summaries, merged days and documents,
/// own foods' index): never the record, each naming the files it was made from by their stamps, and
/// made again when it does not read whole. Written without a sync and renamed into place: after a
/// crash one is whole, missing, or refused.
package enum CacheFile {
    /// The line that names a file a cache was made from, by its stamp.
    package static func stampLine(_ stamp: FileStamp) -> String {
        var line = Array("stamp ".utf8)
        appendStampFields(stamp, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// The fields of `stampLine` after its word, appended to `out` as bytes: a view of years
    /// checks a few hundred of them, and making each a string cost more than reading the cache.
    package static func appendStampFields(_ stamp: FileStamp, to out: inout [UInt8]) {
        let fields = [
            Int64(bitPattern: stamp.device), Int64(bitPattern: stamp.inode), stamp.size, Int64(stamp.modifiedSeconds),
            Int64(stamp.modifiedNanoseconds), Int64(stamp.changedSeconds), Int64(stamp.changedNanoseconds),
        ]
        for (offset, value) in fields.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: " ")) }
            if value < 0 { out.append(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            let start = out.count
            repeat {
                out.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            out[start...].reverse()
        }
    }

    /// Writes `text` at `path` by way of a temporary file renamed over it, without a sync: a
    /// summary lost or refused is made again. Failures are ignored for the same reason.
    package static func store(_ text: String, at path: String) {
        let temporary = AtomicFile.parent(of: path) + "/.\(AtomicFile.name(of: path)).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        var text = text
        let whole = text.withUTF8 { bytes -> Bool in
            guard let base = bytes.baseAddress else { return bytes.isEmpty }
            var offset = 0
            while offset < bytes.count {
                let count = write(fd, base + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        close(fd)
        if !whole || rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// The bytes of the file at `path`, nil when it cannot be read. A summary is a few KB, written
    /// whole and renamed into place: one read of a buffer larger than it reads it all (a view of
    /// years reads 121 of them, and each system call counts).
    package static func load(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        var filled = 0
        while true {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return read(fd, base + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            filled += count
            // A regular file gives all it has to a read that asks for more.
            if count == 0 || filled < bytes.count { break }
            guard bytes.count < 1 << 24 else { return nil }
            bytes += [UInt8](repeating: 0, count: bytes.count)
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }
}
