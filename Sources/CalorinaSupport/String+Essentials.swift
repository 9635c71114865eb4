/// The few string operations Calorina took from full Foundation, written over the standard
/// library: FoundationEssentials does not have them, and full Foundation brings ICU (34 MB of
/// the static binary; issue 15).
extension String {
    /// The text with every occurrence of `target` replaced by `replacement`, found left to right
    /// and without overlap. Compared by UTF-8 bytes, as Foundation's
    /// `replacingOccurrences(of:with:options: .literal)`: a whole scalar sequence matches only
    /// itself. An empty `target` changes nothing.
    public func replacingAll(_ target: String, with replacement: String) -> String {
        let pattern = Array(target.utf8)
        guard let first = pattern.first else { return self }
        var text = self
        let replaced: String? = text.withUTF8 { bytes in
            var out: [UInt8] = []
            var index = 0
            var kept = 0
            while index + pattern.count <= bytes.count {
                if bytes[index] == first,
                    pattern.count == 1 || bytes[index..<(index + pattern.count)].elementsEqual(pattern)
                {
                    if out.isEmpty { out.reserveCapacity(bytes.count) }
                    out.append(contentsOf: bytes[kept..<index])
                    out.append(contentsOf: replacement.utf8)
                    index += pattern.count
                    kept = index
                } else {
                    index += 1
                }
            }
            guard kept > 0 else { return nil }
            out.append(contentsOf: bytes[kept...])
            return String(decoding: out, as: UTF8.self)
        }
        return replaced ?? self
    }

    /// The text without the spaces and tabs at either end: the scalars of Unicode's space
    /// separators (Zs) and U+0009, as Foundation's `trimmingCharacters(in: .whitespaces)`. Line
    /// ends stay.
    public func trimmingWhitespace() -> String { self[...].trimmingWhitespace() }

    /// The text in Unicode's normalization form C, as Foundation's
    /// `precomposedStringWithCanonicalMapping` gives it, by the standard library's own normalizer
    /// (the one `==` compares strings with) instead of ICU's. ASCII text is returned as it is.
    public func canonicallyComposed() -> String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return self }
        return String(decoding: _nfcCodeUnits, as: UTF8.self)
    }

    /// The text cut or filled with spaces to `width` characters, for columns. Counts characters
    /// as `count` does (Foundation's `padding(toLength:withPad:startingAt:)` counts UTF-16 units,
    /// which splits an emoji's cell from its neighbours').
    public func padded(to width: Int) -> String {
        let length = count
        if length >= width { return String(prefix(max(0, width))) }
        return self + String(repeating: " ", count: width - length)
    }
}

extension Substring {
    /// The text without the spaces and tabs at either end, as `String.trimmingWhitespace()`.
    public func trimmingWhitespace() -> String {
        func isBlank(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !isBlank($0) }),
            let last = scalars.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(scalars[start...last])
    }
}

/// Paths as text, without Foundation's `NSString`.
public enum PathText {
    /// The last part of a slash-separated path, as `NSString.lastPathComponent` reads it: trailing
    /// slashes are ignored (`/tmp/export/` is `export`), `/` is `/`, a name without a slash is
    /// itself, and the empty path is empty.
    public static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.utf8.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}

extension Array where Element == UInt8 {
    /// True when the bytes are valid UTF-8: checked without making a `String` of them, so that a
    /// large file is not held twice just to be checked. ASCII, the common case, is checked a
    /// byte at a time without decoding.
    public var isValidUTF8: Bool {
        withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count, buffer[index] < 0x80 { index += 1 }
            guard index < buffer.count else { return true }
            var iterator = buffer[index...].makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        }
    }
}

/// UTF-8 checked a piece at a time (a file read in pieces): a character cut between two pieces
/// is checked whole, once the next piece brings the rest of it.
public struct UTF8Check {
    private var carry: [UInt8] = []
    /// False once a piece held bytes that are not UTF-8.
    public private(set) var isValid = true

    /// A check of nothing yet.
    public init() {}

    /// Checks the next piece.
    public mutating func check(_ piece: [UInt8]) {
        guard isValid, !piece.isEmpty else { return }
        let bytes = carry.isEmpty ? piece : carry + piece
        // A character whose lead byte is among the last three may go on in the next piece.
        var cut = bytes.count
        for index in stride(from: bytes.count - 1, through: max(0, bytes.count - 3), by: -1) {
            let byte = bytes[index]
            if byte < 0x80 { break }
            guard byte >= 0xC0 else { continue }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            if bytes.count - index < length { cut = index }
            break
        }
        carry = Array(bytes[cut...])
        isValid = cut == bytes.count ? bytes.isValidUTF8 : Array(bytes[..<cut]).isValidUTF8
    }

    /// True when every piece was UTF-8 and the last did not end inside a character.
    public func finish() -> Bool { isValid && carry.isEmpty }
}
