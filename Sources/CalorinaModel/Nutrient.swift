// The one record of the nutrients Calorina keeps besides energy: what each is called in every
// place it is written (month files, own foods, the CSV and the JSON Calorina writes, the text it
// shows) and the unit it is kept in. Entries, own foods, the food table, the day's sums, targets,
// import and export read their names here, and hold their values in a `NutrientValues` indexed by
// it. Adding a nutrient is a case here and its row in `facts` (and a version of each file format
// that learns it, so that an earlier release stops at the file rather than losing the field).

/// A nutrient an entry, a food or a day's sum may know: the macros, then fibre, total sugars,
/// saturated fat and sodium, in the order a day shows them. Energy (kcal) is apart: every entry
/// has it.
public enum Nutrient: Int, CaseIterable, Sendable {
    case protein, carbs, fat, fiber, sugars, saturatedFat, sodium

    /// What a nutrient is called where it is written, and what it is kept in.
    public struct Facts: Sendable {
        /// The member name in a month file, `foods.json` and a profile's targets (`saturatedFat`),
        /// as `Entry` and `UserFood` spell their fields.
        public var key: String
        /// The column of Calorina's CSV and the key of its `--json` output (`saturated_fat`).
        public var column: String
        /// The name in text output: British spelling, as the README writes (`saturated fat`, `fibre`).
        public var name: String
        /// The short label of a day's line (`sat fat`).
        public var label: String
        /// The unit its amounts are kept and shown in: `g`, or `mg` for sodium.
        public var unit: String
        /// kcal a gram (Atwater's general factors), for a share of the day's kcal; nil for one
        /// no share of kcal is taken of.
        public var kcalPerGram: Double?
    }

    /// The one table of how each nutrient is written.
    public var facts: Facts {
        switch self {
        case .protein:
            Facts(key: "protein", column: "protein", name: "protein", label: "protein", unit: "g", kcalPerGram: 4)
        case .carbs: Facts(key: "carbs", column: "carbs", name: "carbs", label: "carbs", unit: "g", kcalPerGram: 4)
        case .fat: Facts(key: "fat", column: "fat", name: "fat", label: "fat", unit: "g", kcalPerGram: 9)
        case .fiber: Facts(key: "fiber", column: "fiber", name: "fibre", label: "fibre", unit: "g", kcalPerGram: nil)
        case .sugars: Facts(key: "sugars", column: "sugars", name: "sugars", label: "sugars", unit: "g", kcalPerGram: 4)
        case .saturatedFat:
            Facts(
                key: "saturatedFat", column: "saturated_fat", name: "saturated fat", label: "sat fat", unit: "g",
                kcalPerGram: 9)
        case .sodium:
            Facts(key: "sodium", column: "sodium", name: "sodium", label: "sodium", unit: "mg", kcalPerGram: nil)
        }
    }

    /// The member name in a month file, `foods.json` and a profile's targets.
    public var key: String { facts.key }
    /// The column of Calorina's CSV and the key of its `--json` output.
    public var column: String { facts.column }
    /// The name in text output.
    public var name: String { facts.name }
    /// The short label of a day's line.
    public var label: String { facts.label }
    /// `g`, or `mg` for sodium.
    public var unit: String { facts.unit }
    /// kcal a gram; nil for one no share of kcal is taken of.
    public var kcalPerGram: Double? { facts.kcalPerGram }

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

    /// The nutrient the words at the start of `words` name ("sat fat", "fibre", "total carbs"),
    /// and how many they are: `TargetNutrient`'s one table of words, without water.
    public static func named(_ words: [String]) -> (nutrient: Nutrient, words: Int)? {
        guard let (target, count) = TargetNutrient.named(words), let nutrient = target.nutrient else { return nil }
        return (nutrient, count)
    }
}
