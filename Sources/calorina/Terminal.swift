import CEditLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal facts the front ends decide by: is this a terminal, may we colour, how to write.
enum Terminal {
    /// True when file descriptor `fd` is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// True when file descriptor `fd` is `/dev/null`: what is written there nobody reads.
    static func isNull(_ fd: Int32) -> Bool {
        var written = stat()
        var null = stat()
        guard fstat(fd, &written) == 0, stat("/dev/null", &null) == 0 else { return false }
        return written.st_mode & S_IFMT == S_IFCHR && written.st_rdev == null.st_rdev
    }

    /// Where this process runs, for `undo`: the terminal of stdin, stdout or stderr
    /// (`/dev/pts/3`), or, with none, the login session (`sid:N`), which the commands of one
    /// shell share.
    static func place() -> String {
        for fd: Int32 in [0, 1, 2] {
            if let name = ttyname(fd) { return String(cString: name) }
        }
        return "sid:\(getsid(0))"
    }

    /// Colour only on a terminal, never with NO_COLOR, --no-color or TERM=dumb.
    static func colorAllowed(noColorFlag: Bool, environment: [String: String]) -> Bool {
        guard !noColorFlag, environment["NO_COLOR"] == nil, environment["TERM"] != "dumb" else { return false }
        return isTerminal(1)
    }

    /// The environment variable `name`, read without making the whole environment a dictionary.
    static func variable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// The name of the user's shell: the last part of `$SHELL` ("/usr/bin/zsh": "zsh").
    static func shellName() -> String? {
        guard let shell = variable("SHELL"), let name = shell.split(separator: "/").last else { return nil }
        return String(name)
    }

    /// Writes to stdout through stdio, which libedit shares.
    static func out(_ text: String) {
        guard !text.isEmpty else { return }
        write(text, to: cal_stdout())
        fflush(cal_stdout())
    }

    /// Writes bytes to stdout as they are: an export to the screen, a piece at a time.
    static func out(bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            _ = fwrite(base, 1, buffer.count, cal_stdout())
        }
        fflush(cal_stdout())
    }

    /// Writes to stderr.
    static func err(_ text: String) {
        guard !text.isEmpty else { return }
        fflush(cal_stdout())
        write(text, to: cal_stderr())
        fflush(cal_stderr())
    }

    /// Writes every byte of `text`: `fputs` would stop at a NUL, and cut the output short there
    /// (issue 25, F17).
    private static func write(_ text: String, to stream: UnsafeMutablePointer<FILE>?) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            _ = fwrite(base, 1, bytes.count, stream)
        }
    }

    /// Makes libedit see UTF-8: the environment's locale if it is UTF-8, else C.UTF-8.
    static func useUTF8Locale() {
        setlocale(LC_CTYPE, "")
        // "UTF-8", "utf8": compared by bytes, not with Foundation's replacingOccurrences, whose
        // NSString bridging makes six run-time type lookups (each a scan of every protocol
        // conformance in the binary) before the first prompt.
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if !Terminal.namesUTF8(codeset) {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// True when a codeset name is UTF-8 in any case, with or without dashes ("UTF-8", "utf8").
    static func namesUTF8(_ codeset: String) -> Bool {
        let letters = codeset.utf8.filter { $0 != UInt8(ascii: "-") }.map { (65...90).contains($0) ? $0 + 32 : $0 }
        return letters == Array("utf8".utf8)
    }
}
