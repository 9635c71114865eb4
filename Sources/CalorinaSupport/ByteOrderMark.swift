/// UTF-8's byte order mark, which editors on some systems put at the start of a text file: every
/// reader of a file a person may have saved (a data file, a CSV, a backup) takes it off the same way.
public enum ByteOrderMark {
    /// EF BB BF.
    public static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// True when `text` starts with the mark.
    public static func starts<Bytes: Collection>(_ text: Bytes) -> Bool where Bytes.Element == UInt8 {
        text.starts(with: bytes)
    }

    /// `text` without the mark at its start, if it has one.
    public static func dropped<Bytes: Collection>(from text: Bytes) -> Bytes.SubSequence where Bytes.Element == UInt8 {
        starts(text) ? text.dropFirst(bytes.count) : text[...]
    }
}
