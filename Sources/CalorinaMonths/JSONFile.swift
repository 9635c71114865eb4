import CalorinaFiles
import CalorinaSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The data files Calorina keeps as JSON (months, the profile, your foods, the undo history), as
/// `JSONEncoder` and `JSONDecoder` write and read them: one encoder, one probe of the version, one
/// way of saying where a file breaks.
package enum JSONFile {
    /// Keys whose numbers `JSONDecoder` reads as `Int`: a fraction there is a problem to point at.
    private static let integerKeys: Set<String> = ["version", "code"]

    /// Just the version, read first, so that a newer file is recognised as newer even when the
    /// rest of it has a shape this Calorina does not know.
    package struct VersionProbe: Decodable {
        package var version: Int?
        /// A month file's checksum (`MonthChecksum`), which the file's values do not hold.
        package var checksum: String?
    }

    /// An encoder that writes the files' layout.
    package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Turns what `JSONDecoder` threw into an `unreadable` error with the position of the problem.
    package static func diagnose(_ error: any Error, bytes: [UInt8], path: String) -> StoreError {
        var offset = 0
        var reason = "the data is not JSON that Calorina reads"
        switch error as? DecodingError {
        case .typeMismatch(let type, let context)?:
            offset = JSONLocator.offset(of: context.codingPath, in: bytes)
            reason = "\(describe(context.codingPath)) should be \(describe(type))"
        case .valueNotFound(let type, let context)?:
            offset = JSONLocator.offset(of: context.codingPath, in: bytes)
            reason = "\(describe(context.codingPath)) should be \(describe(type)), not null"
        case .keyNotFound(let key, let context)?:
            offset = JSONLocator.offset(of: context.codingPath, in: bytes)
            reason =
                context.codingPath.isEmpty
                ? "there is no '\(key.stringValue)'"
                : "\(describe(context.codingPath)) has no '\(key.stringValue)'"
        case .dataCorrupted(let context)? where !context.codingPath.isEmpty:
            offset = JSONLocator.offset(of: context.codingPath, in: bytes)
            reason = "\(describe(context.codingPath)) has a value Calorina does not know"
        default:
            if let problem = JSONLocator.firstProblem(in: bytes, integerKeys: integerKeys) {
                offset = problem.offset
                reason = problem.reason
            }
        }
        let (line, column) = JSONLocator.position(of: offset, in: bytes)
        return .unreadable(path: path, line: line, column: column, reason: reason)
    }

    /// A coding path as people write it: `'entries[3].kcal'`, or `the file` for the top.
    package static func describe(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the file" }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return "'\(text)'"
    }

    /// A Swift type as the kind of JSON value it reads from.
    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "text in double quotes"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type: return "a whole number"
        case is Double.Type, is Float.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "a list in [ ]" }
            if name.hasPrefix("Dictionary") { return "an object in { }" }
            return "a \(name)"
        }
    }
}

/// A step of a coding path built by hand: a member's name or a position in a list.
package struct PathKey: CodingKey {
    package var stringValue: String
    package var intValue: Int?

    package init(_ name: String) {
        stringValue = name
    }

    package init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    package init?(stringValue: String) { self.init(stringValue) }
    package init?(intValue: Int) { self.init(intValue) }
}
