/// What a column of another program's CSV holds, as `import FILE --map "…"` names it.
public enum ImportField: String, CaseIterable, Equatable, Hashable, Sendable {
    case date, time, meal, food, amount, unit, kcal, protein, carbs, fat, fiber, sugars
    case saturatedFat = "saturated_fat"
    case sodium

    /// The field a key of a column map names: its own word, or "fibre" for fiber.
    public init?(key: String) {
        let word = key.lowercased()
        if word == "fibre" {
            self = .fiber
            return
        }
        self.init(rawValue: word)
    }

    /// The fields a map must name: without them a row is no entry.
    public static let required: [ImportField] = [.date, .food, .kcal]
}

/// `import FILE --map "date=Day,food=Food Name,kcal=Energy (kcal)"`: which column of the file
/// holds each field, by the header's name.
public struct ColumnMap: Equatable, Sendable {
    /// Each field named, and the header of its column as typed (compared ignoring case and the
    /// spaces around it).
    public var columns: [ImportField: String]

    /// Creates a map.
    public init(_ columns: [ImportField: String]) {
        self.columns = columns
    }
}

/// `import FILE --map "…"`: a file and the map of its columns.
public struct ImportRequest: Equatable, Sendable {
    /// The file, as typed.
    public var file: String
    /// The columns; nil to recognise the file by its headers.
    public var map: ColumnMap?

    /// Creates a request.
    public init(file: String, map: ColumnMap? = nil) {
        self.file = file
        self.map = map
    }
}
