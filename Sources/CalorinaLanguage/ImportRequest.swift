import CalorinaModel

/// What a column of another program's CSV holds, as `import FILE --map "…"` names it.
public enum ImportField: Hashable, CaseIterable, RawRepresentable, Sendable {
    case date, time, meal, food, amount, unit, kcal
    /// A nutrient, named by its CSV column (`Nutrient.column`).
    case nutrient(Nutrient)

    /// The fields but the nutrients, in order.
    static let fields: [ImportField] = [.date, .time, .meal, .food, .amount, .unit, .kcal]

    /// Every field: those above, then each nutrient.
    public static let allCases: [ImportField] = fields + Nutrient.all.map(ImportField.nutrient)

    /// Its key in a column map: its own word, or a nutrient's CSV column.
    public var rawValue: String {
        switch self {
        case .date: "date"
        case .time: "time"
        case .meal: "meal"
        case .food: "food"
        case .amount: "amount"
        case .unit: "unit"
        case .kcal: "kcal"
        case .nutrient(let nutrient): nutrient.column
        }
    }

    /// The nutrient it is; nil for the other fields.
    public var nutrient: Nutrient? {
        if case .nutrient(let nutrient) = self { return nutrient }
        return nil
    }

    /// The field whose key is `rawValue`.
    public init?(rawValue: String) {
        if let field = Self.fields.first(where: { $0.rawValue == rawValue }) {
            self = field
        } else if let nutrient = Nutrient(column: rawValue) {
            self = .nutrient(nutrient)
        } else {
            return nil
        }
    }

    /// The field a key of a column map names: its own word, or a nutrient's name as the text
    /// shows it, spaces as underscores.
    public init?(key: String) {
        let word = key.lowercased()
        if let field = ImportField(rawValue: word) {
            self = field
        } else if let nutrient = Nutrient.all.first(where: { ImportField.shownKey($0) == word }) {
            self = .nutrient(nutrient)
        } else {
            return nil
        }
    }

    /// The keys a map takes for a nutrient besides its column: its name as shown, where that
    /// is another word.
    public static var otherKeys: [String] {
        Nutrient.all.map(shownKey).filter { ImportField(rawValue: $0) == nil }
    }

    /// A nutrient's name as the text shows it, spaces as underscores.
    public static func shownKey(_ nutrient: Nutrient) -> String {
        nutrient.name.split(separator: " ").joined(separator: "_")
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
