import CalorinaSupport

/// One value for each `Nutrient`, in a fixed-size array indexed by it: an entry's or a food's
/// amounts (`Nutrients`), how many of a day's entries knew each, a day's sums. No dictionary and
/// no heap: an entry's values are as cheap to hold as its fields.
public struct NutrientValues<Value> {
    /// One slot a nutrient; `Nutrient.allCases.count` of them (a test holds the two equal).
    @usableFromInline var slots: InlineArray<7, Value>

    /// Every nutrient's value `value`.
    @inlinable public init(repeating value: Value) {
        slots = InlineArray(repeating: value)
    }

    /// Each nutrient's value as `value` gives it.
    @inlinable public init(_ value: (Nutrient) throws -> Value) rethrows {
        slots = try InlineArray { try value(Nutrient.all[$0]) }
    }

    /// How many nutrients a value holds.
    @inlinable public static var capacity: Int { InlineArray<7, Value>.count }

    /// The value for `nutrient`.
    @inlinable public subscript(nutrient: Nutrient) -> Value {
        get { slots[nutrient.rawValue] }
        set { slots[nutrient.rawValue] = newValue }
    }

    /// Each value changed by `transform`.
    @inlinable public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> NutrientValues<Other> {
        try NutrientValues<Other> { try transform(self[$0]) }
    }
}

extension NutrientValues: Sendable where Value: Sendable {}

extension NutrientValues: Equatable where Value: Equatable {
    @inlinable public static func == (lhs: NutrientValues, rhs: NutrientValues) -> Bool {
        for index in 0..<capacity where lhs.slots[index] != rhs.slots[index] { return false }
        return true
    }
}

extension NutrientValues: Hashable where Value: Hashable {
    @inlinable public func hash(into hasher: inout Hasher) {
        for index in 0..<NutrientValues.capacity { hasher.combine(slots[index]) }
    }
}

extension NutrientValues: ExpressibleByDictionaryLiteral where Value: ExpressibleByNilLiteral {
    /// Values for some nutrients, nil for the rest: `[.protein: 2.1, .fat: 0.4]`.
    public init(dictionaryLiteral elements: (Nutrient, Value)...) {
        self.init(repeating: nil)
        for (nutrient, value) in elements { self[nutrient] = value }
    }
}

extension NutrientValues where Value: ExpressibleByNilLiteral {
    /// None known.
    @inlinable public init() { self.init(repeating: nil) }

    /// Values for the nutrients `values` names, nil for the rest: `Nutrients([.protein: 2.1])`.
    public init(_ values: KeyValuePairs<Nutrient, Value>) {
        self.init(repeating: nil)
        for (nutrient, value) in values { self[nutrient] = value }
    }
}

/// Amounts of nutrients, grams (or milligrams, as `Nutrient.unit` says), nil where unknown: an entry's, a food's per
/// 100 g, a portion's.
public typealias Nutrients = NutrientValues<Double?>

extension NutrientValues where Value == Double? {
    /// True when none is known.
    public var isEmpty: Bool { Nutrient.all.allSatisfy { self[$0] == nil } }

    /// Each known value times `factor`.
    public func scaled(by factor: Double) -> Nutrients {
        map { $0.map { $0 * factor } }
    }

    /// Each known value rounded to `places` decimals, as an entry keeps its macros (to a tenth).
    public func rounded(places: Int) -> Nutrients {
        map { $0.map { Format.rounded($0, places: places) } }
    }

    /// Reads, from the object `decoder` holds, the member each nutrient's `key` names; nil where
    /// there is none (or it is `null`). The object's other members are its holder's.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Nutrient.JSONKey.self)
        self.init()
        for nutrient in Nutrient.all {
            self[nutrient] = try container.decodeIfPresent(Double.self, forKey: Nutrient.JSONKey(nutrient))
        }
    }

    /// Writes each known value as a member of the object `encoder` holds, named by its
    /// nutrient's `key`; an unknown one is left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Nutrient.JSONKey.self)
        for nutrient in Nutrient.all {
            try container.encodeIfPresent(self[nutrient], forKey: Nutrient.JSONKey(nutrient))
        }
    }

    /// Only the nutrients besides the macros (`Nutrient.others`); the macros nil.
    public var others: Nutrients {
        Nutrients { $0.isMacro ? nil : self[$0] }
    }
}
