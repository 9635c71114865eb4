import CalorinaFiles
import CalorinaModel
import CalorinaSupport

/// One thing eaten, as it was logged: a snapshot that later edits to foods never rewrite.
public struct Entry: Codable, Equatable, Sendable, Identifiable, NutrientFields {
    /// A stable id, unique across the journal (random, 16 lowercase hex digits).
    public var id: String
    /// The day the entry counts towards, `YYYY-MM-DD`.
    public var date: String
    /// The local time it was logged, `HH:mm`.
    public var time: String
    /// The meal it belongs to.
    public var meal: Meal
    /// The food's display name, e.g. `Banana, raw` (or what was typed for direct calories).
    public var food: String
    /// The USDA code (FNDDS, eight digits; SR28, at most five), when the food came from the bundled table.
    public var code: Int?
    /// How much, in the unit below: `2` servings, `1.5` cups, `200` g.
    public var quantity: Double
    /// The unit or portion as the user meant it: `serving`, `cup`, `g`, `medium`, `banana`.
    public var unit: String
    /// The portion it was weighed by, e.g. `1 cup (8 fl oz, 248 g)`; empty for direct calories.
    public var portion: String
    /// Edible grams, when known.
    public var grams: Double?
    public var kcal: Double
    public var protein: Double?
    public var carbs: Double?
    public var fat: Double?
    /// Dietary fibre, total sugars and saturated fat in grams, sodium in milligrams: kept since month
    /// files of version 2. An entry logged before then, or from a food that does not say, has nil:
    /// a value unknown, never zero.
    public var fiber: Double?
    public var sugars: Double?
    public var saturatedFat: Double?
    public var sodium: Double?
    /// The line the user typed.
    public var text: String
    /// What the entry records; nil for food (the journal's first and commonest kind).
    public var kind: EntryKind?
    /// For a food found by words: the words of the line its food was found by (`matched`), those
    /// it was found without (`skipped`) and why each was let go (`skippedRoles`, in the order of
    /// `skipped`). Kept since month files of version 5; nil for entries logged before, and for
    /// entries no words found (direct calories, exercise, water, a weight).
    public var matched: [String]?
    public var skipped: [String]?
    public var skippedRoles: [String]?
    /// When its device wrote this version of it (`ChangeClock`), in a device's month file: the
    /// journal merges every device's months by it. Kept since month files of version 6; nil in
    /// what the journal hands out (a merged entry), and in months written before.
    package var clock: String?
    /// The clock of the version this one replaced, as the device that wrote it saw the entry
    /// then: an edit's, or a put-back's of an entry taken out (the mark's clock). A version whose
    /// `base` is at or after a mark's clock was written knowing of that mark, and stands; one
    /// made without seeing it does not (`DeviceJournal`). Nil for an entry as first added.
    package var base: String?
    /// True for a device's mark that the entry with this id is taken out of its month, whoever
    /// wrote it (`DeviceJournal`): kept in the month file with the entries, so that a delete is
    /// one write. Never handed out.
    package var removed: Bool?

    /// A mark that the entry `id` is taken out of the month of `date`, at `clock`.
    package static func removal(of id: String, date: String, clock: String) -> Entry {
        var mark = Entry(
            id: id, date: date, time: "00:00", meal: .snack, food: "", quantity: 0, unit: "", portion: "",
            grams: nil, kcal: 0, text: "")
        mark.clock = clock
        mark.removed = true
        return mark
    }

    public init(
        id: String, date: String, time: String, meal: Meal, food: String, code: Int? = nil,
        quantity: Double, unit: String, portion: String, grams: Double?, kcal: Double,
        protein: Double? = nil, carbs: Double? = nil, fat: Double? = nil, text: String, kind: EntryKind? = nil,
        nutrients: Nutrients = Nutrients(), words: EntryWords? = nil
    ) {
        self.id = id
        self.date = date
        self.time = time
        self.meal = meal
        self.food = food
        self.code = code
        self.quantity = quantity
        self.unit = unit
        self.portion = portion
        self.grams = grams
        self.kcal = kcal
        self.protein = protein
        self.carbs = carbs
        self.fat = fat
        self.text = text
        self.kind = kind
        // Field by field, not through `nutrients`'s setter: a month decodes one Entry an entry,
        // and the setter cost it a copy of the whole entry (callgrind, `export csv` of ten years).
        self.fiber = nutrients[.fiber]
        self.sugars = nutrients[.sugars]
        self.saturatedFat = nutrients[.saturatedFat]
        self.sodium = nutrients[.sodium]
        self.words = words
    }

    /// The words its food was found by and without, when they were kept.
    public var words: EntryWords? {
        get {
            guard keepsWords else { return nil }
            return EntryWords(matched: matched ?? [], skipped: skipped ?? [], skippedRoles: skippedRoles ?? [])
        }
        set {
            // Kept short: most foods are found by every word, and a list of none is left out.
            matched = newValue?.matched
            skipped = newValue.flatMap { $0.skipped.isEmpty ? nil : $0.skipped }
            skippedRoles = newValue.flatMap { $0.skippedRoles.isEmpty ? nil : $0.skippedRoles }
        }
    }

    /// True when the entry holds its words, which only month files of version 5 hold.
    public var keepsWords: Bool { matched != nil || skipped != nil || skippedRoles != nil }

    /// True for food, the kind that counts as eaten.
    public var isFood: Bool { kind == nil }
}

/// The words of a log line's food that its entry was found by, and those it was found without
/// (fillers, how it was readied, its size, where it came from), as typed.
public struct EntryWords: Equatable, Sendable {
    public var matched: [String]
    public var skipped: [String]
    /// Why each skipped word was let go (`WordRole`'s names: filler, preparation, description,
    /// measure, origin), in the order of `skipped`.
    public var skippedRoles: [String]

    /// Creates the words of an entry.
    public init(matched: [String], skipped: [String], skippedRoles: [String] = []) {
        self.matched = matched
        self.skipped = skipped
        self.skippedRoles = skippedRoles
    }
}

/// The kinds of entry besides food. Exercise keeps the kcal burned in `kcal`, its minutes in
/// `quantity`; water its millilitres in `quantity`; weight its kilograms in `quantity`.
public enum EntryKind: String, Codable, Sendable {
    case exercise, water, weight
}
