/// A JSON value written by hand: keys keep their order, numbers print plainly, and writing one
/// line costs no Foundation encoder (scripts print one object per line).
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// The value as compact JSON text on one line.
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value):
            if !value.isFinite {
                out += "null"
            } else if value == value.rounded(), abs(value) < 1e15 {
                out += String(Int(value))
            } else {
                out += String(value)
            }
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let values):
            out += "["
            for (offset, value) in values.enumerated() {
                if offset > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (offset, pair) in pairs.enumerated() {
                if offset > 0 { out += "," }
                JSONValue.writeString(pair.0, to: &out)
                out += ":"
                pair.1.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        var bytes: [UInt8] = []
        JSONString.append(value, to: &bytes, escaping: .forTerminals)
        out += String(decoding: bytes, as: UTF8.self)
    }
}
