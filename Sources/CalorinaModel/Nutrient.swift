// The one record of the nutrients Calorina keeps besides energy: what each is called in every
// place it is written (month files, own foods, the CSV and the JSON Calorina writes, the text it
// shows), the unit it is kept in, the words people type for it and the example a target line is
// shown. Entries, own foods, the food table, the day's sums, targets, import and export read
// their names here, and hold their amounts in a `Nutrients` indexed by it; the month codec
// finds a member by its `key`, `define` and `goal` a nutrient by its words.
//
// Adding a nutrient is: a case here, with its line in each switch below that the compiler asks
// for (its words too); its slot in `Nutrients` and `NutrientValues` (seven today; a test holds
// the count); a version of each file format that learns it (`MonthFile`'s, own foods', the day
// summaries'), so that an earlier release stops at the file rather than losing the field; and,
// if it has them, the other trackers' columns for it (`Exchange+Trackers.swift`) and its
// guideline (`Targets.swift`). The bundled food table learns it from `tools/build-foods.py`.

/// A nutrient an entry, a food or a day's sum may know: the macros, then fibre, total sugars,
/// saturated fat and sodium, in the order a day shows them. Energy (kcal) is apart: every entry
/// has it.
public enum Nutrient: Int, CaseIterable, Sendable {
    case protein, carbs, fat, fiber, sugars, saturatedFat, sodium

    // One switch a property, each returning its literal: a struct of them made on every read
    // cost an import of ten years 10 % more instructions (callgrind), in its strings' retains.

    /// The member name in a month file, `foods.json` and a profile's targets (`saturatedFat`),
    /// as `Entry` and `UserFood` spell their fields.
    public var key: String {
        switch self {
        case .protein: "protein"
        case .carbs: "carbs"
        case .fat: "fat"
        case .fiber: "fiber"
        case .sugars: "sugars"
        case .saturatedFat: "saturatedFat"
        case .sodium: "sodium"
        }
    }

    /// nutrient-key    = "protein" | "carbs" | "fat" | "fiber" | "fibre" | "sugars" | "saturated_fat" | "sodium" ;
    ///
    /// The column of Calorina's CSV and the key of its `--json` output (`saturated_fat`); an
    /// `import --map` key (`ImportField`), as is its `name` with spaces as "_".
    public var column: String {
        switch self {
        case .saturatedFat: "saturated_fat"
        default: key
        }
    }

    /// The name in text output: British spelling, as the README writes (`saturated fat`, `fibre`).
    public var name: String {
        switch self {
        case .fiber: "fibre"
        case .saturatedFat: "saturated fat"
        default: key
        }
    }

    /// The short label of a day's line (`sat fat`).
    public var label: String {
        switch self {
        case .saturatedFat: "sat fat"
        default: name
        }
    }

    /// The unit its amounts are kept and shown in: `g`, or `mg` for sodium.
    public var unit: String {
        switch self {
        case .sodium: "mg"
        default: "g"
        }
    }

    /// kcal a gram (Atwater's general factors), for a share of the day's kcal; nil for one no
    /// share of kcal is taken of.
    public var kcalPerGram: Double? {
        switch self {
        case .protein, .carbs, .sugars: 4
        case .fat, .saturatedFat: 9
        case .fiber, .sodium: nil
        }
    }

    /// True for protein, carbs and fat, which every food of the table knows and a day sums as 0
    /// where an entry does not say; the others are summed over the entries that know them.
    public var isMacro: Bool { self == .protein || self == .carbs || self == .fat }

    /// Every nutrient, in order: `allCases` made once (an enum's `allCases` is a new array each
    /// time it is asked for, and the day's sums and the codecs ask for it per entry).
    public static let all = allCases
    /// Protein, carbs and fat.
    public static let macros = allCases.filter(\.isMacro)
    /// The nutrients besides the macros (fibre, sugars, saturated fat, sodium: kept since month
    /// files of version 2), which an entry or a food may not know.
    public static let others = allCases.filter { !$0.isMacro }

    /// The nutrient whose `key` is `key`.
    public init?(key: String) {
        guard let nutrient = Nutrient.all.first(where: { $0.key == key }) else { return nil }
        self = nutrient
    }

    /// The nutrient whose CSV column (or `--json` key) is `column`.
    public init?(column: String) {
        guard let nutrient = Nutrient.all.first(where: { $0.column == column }) else { return nil }
        self = nutrient
    }

    /// The one-word names people type for it, the name it is shown by first where it is one:
    /// "fibre" and "fiber", "carbohydrate", "satfat". ("salt" names none: a gram of salt is
    /// 0.39 g of sodium.)
    public var words: [String] {
        switch self {
        case .protein: ["protein", "proteins"]
        case .carbs: ["carbs", "carb", "carbohydrate", "carbohydrates"]
        case .fat: ["fat", "fats"]
        case .fiber: ["fibre", "fiber", "fibres", "fibers"]
        case .sugars: ["sugars", "sugar"]
        case .saturatedFat: ["satfat", "saturates", "saturated-fat", "sat-fat"]
        case .sodium: ["sodium"]
        }
    }

    /// The two-word names people type for it ("sat fat", "added sugars").
    public var phrases: [(String, String)] {
        switch self {
        case .saturatedFat: [("saturated", "fat"), ("sat", "fat"), ("saturated", "fats"), ("sat", "fats")]
        case .sugars: [("added", "sugar"), ("added", "sugars")]
        default: []
        }
    }

    /// The words that may stand before one of its one-word names and still name it ("total
    /// carbs", "dietary fibre").
    public var qualifiers: [String] {
        switch self {
        case .protein, .carbs, .fat, .sugars: ["total"]
        case .fiber: ["total", "dietary"]
        case .saturatedFat, .sodium: []
        }
    }

    /// True for one a day should reach (a target for it is a least unless the line says
    /// otherwise); false for one a day should stay under.
    public var isFloorByDefault: Bool { self == .protein || self == .fiber }

    /// The example a refused `goal` line for it is shown.
    public var targetExample: String {
        switch self {
        case .protein: "goal protein 150 g or goal protein 30 %"
        case .carbs: "goal carbs 250 g or goal carbs 40 %"
        case .fat: "goal fat 70 g or goal fat 30 %"
        case .fiber: "goal fibre 30 g"
        case .sugars: "goal sugars under 50 g"
        case .saturatedFat: "goal saturated fat under 20 g"
        case .sodium: "goal sodium under 2300 mg"
        }
    }

    /// The labels of `nutrients`, each run of one unit followed by it: `["fibre, sugars, sat fat
    /// (g)", "sodium (mg)"]` for the others.
    public static func labelled(byUnit nutrients: [Nutrient]) -> [String] {
        var runs: [(unit: String, labels: [String])] = []
        for nutrient in nutrients {
            if runs.last?.unit == nutrient.unit {
                runs[runs.count - 1].labels.append(nutrient.label)
            } else {
                runs.append((nutrient.unit, [nutrient.label]))
            }
        }
        return runs.map { "\($0.labels.joined(separator: ", ")) (\($0.unit))" }
    }

    /// The order targets are listed in: the macros, saturated fat beside fat, then the others.
    public static let goalOrder = macros + [.saturatedFat] + others.filter { $0 != .saturatedFat }

    /// nutrient = [ "total" ] , ( "protein" | "proteins" | "carbs" | "carb" | "carbohydrate" | "carbohydrates" | "fat" | "fats" | "sugars" | "sugar" )
    ///          | [ "total" | "dietary" ] , ( "fibre" | "fiber" | "fibres" | "fibers" )
    ///          | ( "sat" | "saturated" ) , ( "fat" | "fats" ) | "satfat" | "sat-fat" | "saturated-fat" | "saturates"
    ///          | "added" , ( "sugar" | "sugars" ) | "sodium" ;
    ///
    /// The nutrient the words at the start of `words` name (`words`, `phrases`, `qualifiers`),
    /// and how many they are: the one reading of nutrient words, for targets, `history 30
    /// protein`, `define` and `edit food`.
    public static func named(_ words: [String]) -> (nutrient: Nutrient, words: Int)? {
        if words.count >= 2 {
            for nutrient in all where nutrient.phrases.contains(where: { $0 == (words[0], words[1]) }) {
                return (nutrient, 2)
            }
            if let nutrient = wordTable[words[1]], nutrient.qualifiers.contains(words[0]) { return (nutrient, 2) }
            if qualifierWords.contains(words[0]) { return nil }
        }
        guard let first = words.first else { return nil }
        return wordTable[first].map { ($0, 1) }
    }

    /// Each one-word name, and the nutrient it names.
    public static let wordTable: [String: Nutrient] = Dictionary(
        all.flatMap { nutrient in nutrient.words.map { ($0, nutrient) } }, uniquingKeysWith: { first, _ in first })

    /// The words that stand before a name ("total", "dietary").
    static let qualifierWords = Set(all.flatMap(\.qualifiers))

    /// A nutrient's member in JSON (an entry's, an own food's), named by its `key`.
    public struct JSONKey: CodingKey {
        public let stringValue: String
        public var intValue: Int? { nil }

        /// The member of `nutrient`.
        public init(_ nutrient: Nutrient) { stringValue = nutrient.key }
        public init?(stringValue: String) { self.stringValue = stringValue }
        public init?(intValue: Int) { nil }
    }
}
