import CalorinaFiles
import CalorinaMonths

/// When a device made a change, ordering changes of every device the same way on every device:
/// the wall time in milliseconds, then a counter (two changes in one millisecond, or a clock set
/// back), then the device's name (two devices in the same millisecond).
///
/// Written `MILLISECONDS-COUNTER-DEVICE`, as `1764263103123-0-laptop`: a device name may hold
/// `-`, the first two may not.
public struct ChangeClock: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var milliseconds: Int64
    public var counter: Int
    public var device: String

    public init(milliseconds: Int64, counter: Int = 0, device: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.device = device
    }

    /// The clock written as `description` shows it; nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let milliseconds = Int64(parts[0]), milliseconds >= 0,
            let counter = Int(parts[1]), counter >= 0, DeviceName.isValid(String(parts[2]))
        else { return nil }
        self.init(milliseconds: milliseconds, counter: counter, device: String(parts[2]))
    }

    public var description: String { "\(milliseconds)-\(counter)-\(device)" }

    public static func < (lhs: ChangeClock, rhs: ChangeClock) -> Bool {
        if lhs.milliseconds != rhs.milliseconds { return lhs.milliseconds < rhs.milliseconds }
        if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
        return lhs.device < rhs.device
    }

    /// The clock of a change made now, by `device`, after every clock in `seen`: later than any
    /// change it follows even when this machine's clock is behind the one that made them.
    public static func next(now milliseconds: Int64, device: String, after seen: ChangeClock?) -> ChangeClock {
        guard let seen, seen.milliseconds >= milliseconds else {
            return ChangeClock(milliseconds: milliseconds, device: device)
        }
        return ChangeClock(milliseconds: seen.milliseconds, counter: seen.counter + 1, device: device)
    }
}

/// A device's name: what its files in the data folder are named by (`devices/NAME/`).
///
/// One to 64 of `A-Z a-z 0-9 . _ -`, not starting with `.` or `-`: a name is a folder name on
/// every system a sync tool carries it to.
public enum DeviceName {
    public static func isValid(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), bytes[0] != UInt8(ascii: "."), bytes[0] != UInt8(ascii: "-") else {
            return false
        }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// A name made from a host name: its first label, with what a name may not hold turned into
    /// `-`, and `suffix` (a few random characters, so that two machines called `localhost` differ).
    public static func made(fromHost host: String, suffix: String) -> String {
        let label = host.split(separator: ".").first.map(String.init) ?? ""
        var name = String(
            label.unicodeScalars.prefix(40).map { scalar -> Character in
                let character = Character(scalar)
                return scalar.isASCII
                    && (character.isLetter || character.isNumber || character == "_" || character == "-")
                    ? character : "-"
            })
        while name.hasPrefix("-") { name.removeFirst() }
        if name.isEmpty { name = "device" }
        return name + "-" + suffix
    }
}
