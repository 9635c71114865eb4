import CalorinaSupport

/// One value for each `Nutrient`, in a fixed-size array indexed by it: how many of a day's
/// entries knew each, a day's sums (amounts, which may be unknown, are `Nutrients`). No
/// dictionary and no heap.
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

/// Amounts of nutrients, each in its nutrient's unit (`Nutrient.unit`), nil where unknown: an
/// entry's, a food's per 100 g, a portion's.
///
/// Not a `NutrientValues<Double?>`: each optional there takes 16 bytes, and a value of 112 was
/// copied (with the entry that holds it) by a loop of bytes in the size-optimised build, which
/// cost a cold `history 3650` 5 % more instructions (callgrind). The amounts and a bit a
/// nutrient for "known" take 58, which are copied as a few words. (Seven slots, and at most
/// sixteen bits: a test holds them to `Nutrient`.)
public struct Nutrients: Sendable, Hashable {
    /// One amount a nutrient, by its raw value; 0 where unknown.
    @usableFromInline var amounts: InlineArray<7, Double>
    /// Bit `rawValue` set for each nutrient known.
    @usableFromInline var known: UInt16

    /// None known.
    @inlinable public init() {
        amounts = InlineArray(repeating: 0)
        known = 0
    }

    /// Each nutrient's amount as `value` gives it.
    @inlinable public init(_ value: (Nutrient) throws -> Double?) rethrows {
        self.init()
        for nutrient in Nutrient.all { self[nutrient] = try value(nutrient) }
    }

    /// Amounts for the nutrients `values` names, nil for the rest: `Nutrients([.protein: 2.1])`.
    public init(_ values: KeyValuePairs<Nutrient, Double?>) {
        self.init()
        for (nutrient, value) in values { self[nutrient] = value }
    }

    /// The amount of `nutrient`; nil where unknown.
    @inlinable public subscript(nutrient: Nutrient) -> Double? {
        get { known & (1 << nutrient.rawValue) != 0 ? amounts[nutrient.rawValue] : nil }
        set {
            if let newValue {
                amounts[nutrient.rawValue] = newValue
                known |= 1 << nutrient.rawValue
            } else {
                amounts[nutrient.rawValue] = 0
                known &= ~(1 << nutrient.rawValue)
            }
        }
    }

    /// Each amount changed by `transform` (given nil for one unknown).
    @inlinable public func map(_ transform: (Double?) throws -> Double?) rethrows -> Nutrients {
        try Nutrients { try transform(self[$0]) }
    }

    @inlinable public static func == (lhs: Nutrients, rhs: Nutrients) -> Bool {
        guard lhs.known == rhs.known else { return false }
        for index in 0..<Nutrient.all.count where lhs.amounts[index] != rhs.amounts[index] { return false }
        return true
    }

    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(known)
        for index in 0..<Nutrient.all.count { hasher.combine(amounts[index]) }
    }
}

extension Nutrients: ExpressibleByDictionaryLiteral {
    /// Amounts for some nutrients, nil for the rest: `[.protein: 2.1, .fat: 0.4]`.
    public init(dictionaryLiteral elements: (Nutrient, Double?)...) {
        self.init()
        for (nutrient, value) in elements { self[nutrient] = value }
    }
}

extension Nutrients: CustomStringConvertible {
    /// `protein 2.1, fat 0.4`: the amounts known, by key.
    public var description: String {
        Nutrient.all.compactMap { nutrient in self[nutrient].map { "\(nutrient.key) \($0)" } }.joined(separator: ", ")
    }
}

extension Nutrients {
    /// True when none is known.
    @inlinable public var isEmpty: Bool { known == 0 }

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
