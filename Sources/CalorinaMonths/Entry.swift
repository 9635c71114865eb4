import CalorinaFiles
import CalorinaModel
import CalorinaSupport

/// One thing eaten, as it was logged: a snapshot that later edits to foods never rewrite.
public struct Entry: Codable, Equatable, Sendable, Identifiable {
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
    /// Its nutrients (`Nutrient`), nil where unknown: the macros, and the others kept since month
    /// files of version 2. An entry logged before then, or from a food that does not say, has
    /// nil: a value unknown, never zero. In its JSON each is a member named by its `key`.
    public var nutrients: Nutrients
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
        self.text = text
        self.kind = kind
        // The macros given apart stand over those in `nutrients`.
        var nutrients = nutrients
        if let protein { nutrients[.protein] = protein }
        if let carbs { nutrients[.carbs] = carbs }
        if let fat { nutrients[.fat] = fat }
        self.nutrients = nutrients
        self.words = words
    }

    /// Its members but the nutrients, which `Nutrients` codes by their keys.
    enum CodingKeys: String, CodingKey {
        case id, date, time, meal, food, code, quantity, unit, portion, grams, kcal, text, kind
        case matched, skipped, skippedRoles, clock, base, removed
    }

    /// Reads an entry as `JSONDecoder` does: a member missing where optional is nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func string(_ key: CodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
        func strings(_ key: CodingKeys) throws -> [String]? {
            try container.decodeIfPresent([String].self, forKey: key)
        }
        (id, date, time, food, unit, portion, text) = (
            try string(.id), try string(.date), try string(.time), try string(.food), try string(.unit),
            try string(.portion), try string(.text)
        )
        (quantity, kcal) = (
            try container.decode(Double.self, forKey: .quantity), try container.decode(Double.self, forKey: .kcal)
        )
        (meal, kind) = (
            try container.decode(Meal.self, forKey: .meal), try container.decodeIfPresent(EntryKind.self, forKey: .kind)
        )
        (code, grams) = (
            try container.decodeIfPresent(Int.self, forKey: .code),
            try container.decodeIfPresent(Double.self, forKey: .grams)
        )
        nutrients = try Nutrients(from: decoder)
        (matched, skipped, skippedRoles) = (try strings(.matched), try strings(.skipped), try strings(.skippedRoles))
        clock = try container.decodeIfPresent(String.self, forKey: .clock)
        base = try container.decodeIfPresent(String.self, forKey: .base)
        removed = try container.decodeIfPresent(Bool.self, forKey: .removed)
    }

    /// Writes an entry as `JSONEncoder` would its fields (a nil one left out), the nutrients
    /// by their keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let strings: KeyValuePairs = [
            .id: id, .date: date, .time: time, .food: food, .unit: unit, .portion: portion, CodingKeys.text: text,
        ]
        for (key, value) in strings { try container.encode(value, forKey: key) }
        for (key, value) in [(CodingKeys.quantity, quantity), (.kcal, kcal)] {
            try container.encode(value, forKey: key)
        }
        for (key, value) in [(CodingKeys.clock, clock), (.base, base)] {
            try container.encodeIfPresent(value, forKey: key)
        }
        for (key, value) in [(CodingKeys.matched, matched), (.skipped, skipped), (.skippedRoles, skippedRoles)] {
            try container.encodeIfPresent(value, forKey: key)
        }
        try container.encode(meal, forKey: .meal)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(code, forKey: .code)
        try container.encodeIfPresent(grams, forKey: .grams)
        try container.encodeIfPresent(removed, forKey: .removed)
        try nutrients.encode(to: encoder)
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
