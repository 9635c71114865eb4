// The one record of the nutrients Calorina keeps besides energy: what each is called in every
// place it is written (month files, own foods, the CSV and the JSON Calorina writes, the text it
// shows) and the unit it is kept in. Entries, own foods, the food table, the day's sums, targets,
// import and export read their names here, and hold their values in a `NutrientValues` indexed by
// it. Adding a nutrient is a case here and its line in each switch below (the compiler asks for
// `key` and `kcalPerGram`'s), its field in `Entry` and `UserFood` (their `Codable` form is the
// file format) and in the month codec's key dispatch, and a version of each file format that
// learns it, so that an earlier release stops at the file rather than losing the field.

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

    /// The column of Calorina's CSV and the key of its `--json` output (`saturated_fat`).
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

    /// The nutrient the words at the start of `words` name ("sat fat", "fibre", "total carbs"),
    /// and how many they are: `TargetNutrient`'s one table of words, without water.
    public static func named(_ words: [String]) -> (nutrient: Nutrient, words: Int)? {
        guard let (target, count) = TargetNutrient.named(words), let nutrient = target.nutrient else { return nil }
        return (nutrient, count)
    }
}
