/// Reads lines as raw bytes from an open descriptor (a script's standard input), whatever their
/// length or encoding, through the file calls every read of the store makes
/// (`FileOperations.readSome`, which retries `EINTR`): a test drives it on a simulated disk.
package struct LineReader<Calls: FileCalls> {
    let fd: Int32
    /// What the descriptor is, for a failure's message.
    let path: String
    let files: FileOperations<Calls>
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false

    /// A reader of `fd`, which it neither opens nor closes.
    package init(fd: Int32, path: String, files: FileOperations<Calls>) {
        self.fd = fd
        self.path = path
        self.files = files
    }

    /// The next line without its newline (a last line without one too), or nil at the end of
    /// input. Input that cannot be read ends there, as the end of the input does.
    package mutating func next() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            if finished {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            let chunk = (try? files.readSome(fd, path: path, count: 65_536)) ?? []
            if chunk.isEmpty {
                finished = true
            } else {
                buffer += chunk
            }
        }
    }
}
