/// Any JSON document as a `JSONValue`, read by a `Decoder` (FoundationEssentials'
/// `JSONDecoder`): the tree `JSONSerialization.jsonObject` gave, without full Foundation and
/// its ICU (issue 15). An object's members come in the order the decoder lists its keys, which
/// need not be the file's; a number is a `Double`.
extension JSONValue: Decodable {
    private struct MemberName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: MemberName.self) {
            self = .object(
                try object.allKeys.map { key in (key.stringValue, try object.decode(JSONValue.self, forKey: key)) })
        } else if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd { values.append(try array.decode(JSONValue.self)) }
            self = .array(values)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}
