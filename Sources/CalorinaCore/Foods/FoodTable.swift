/// The foods a resolver searches: the bundled USDA FNDDS 2021-2023 table and the everyday names
/// that point into it.
///
/// The bundled table is compiled into the binary as text (see tools/build-foods.py) and parsed
/// on first use, so start-up costs nothing and no resource file can go missing.
public final class FoodTable: Sendable {
    /// The foods, in USDA code order.
    public let foods: [Food]
    /// WWEIA category names by number.
    public let categories: [Int: String]
    /// Everyday names (`oj`, `coke`), each pointing at a food and, when it matters, a portion.
    public let everyday: [String: EverydayName]
    private let indexByCode: [Int: Int]

    /// Creates a table from foods and everyday names.
    public init(foods: [Food], categories: [Int: String] = [:], everyday: [EverydayName] = []) {
        self.foods = foods
        self.categories = categories
        var indexByCode: [Int: Int] = [:]
        for (index, food) in foods.enumerated() { indexByCode[food.code] = index }
        self.indexByCode = indexByCode
        var names: [String: EverydayName] = [:]
        for name in everyday where indexByCode[name.code] != nil { names[name.name] = name }
        self.everyday = names
    }

    /// The food with a USDA code.
    public func food(code: Int) -> Food? {
        indexByCode[code].map { foods[$0] }
    }

    /// The position in `foods` of the food with a USDA code.
    public func index(code: Int) -> Int? {
        indexByCode[code]
    }

    /// The table compiled into the program, parsed once on first use.
    public static let bundled: FoodTable = FoodTable(
        foods: parseFoods(bundledFoodTableText),
        categories: parseCategories(bundledFoodTableText),
        everyday: parseEveryday(bundledEverydayText)
    )

    // MARK: - Parsing the bundled text

    /// Parses food lines: `code kcal protein carbs fat category name synonyms portions`.
    static func parseFoods(_ text: String) -> [Food] {
        var foods: [Food] = []
        foods.reserveCapacity(5500)
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where line.first != "#" {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 9, let code = Int(fields[0]) else { continue }
            let synonyms = fields[7].isEmpty ? [] : fields[7].split(separator: ";").map { String($0).trimmed }.filter { !$0.isEmpty }
            let portions: [Portion] = fields[8].split(separator: "|").compactMap { field in
                guard let at = field.lastIndex(of: "@"), let grams = Double(field[field.index(after: at)...]) else { return nil }
                return Portion(description: String(field[..<at]), grams: grams)
            }
            foods.append(
                Food(
                    code: code, name: String(fields[6]), synonyms: synonyms, category: Int(fields[5]) ?? 0,
                    kcalPer100g: Double(fields[1]) ?? 0, proteinPer100g: Double(fields[2]) ?? 0,
                    carbsPer100g: Double(fields[3]) ?? 0, fatPer100g: Double(fields[4]) ?? 0, portions: portions))
        }
        return foods
    }

    /// Parses category lines: `#  number  description`.
    static func parseCategories(_ text: String) -> [Int: String] {
        var categories: [Int: String] = [:]
        for line in text.split(separator: "\n") where line.first == "#" {
            let fields = line.split(separator: "\t")
            if fields.count == 3, let number = Int(fields[1]) { categories[number] = String(fields[2]) }
        }
        return categories
    }

    /// Parses everyday lines: `alias  code  portion  note`.
    static func parseEveryday(_ text: String) -> [EverydayName] {
        text.split(separator: "\n").compactMap { line in
            guard line.first != "#" else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, let code = Int(fields[1]) else { return nil }
            let portion = fields.count > 2 && !fields[2].isEmpty ? String(fields[2]) : nil
            return EverydayName(name: FoodWords.normalized(String(fields[0])), code: code, portion: portion)
        }
    }
}

/// An everyday name for a food: what people type, and the portion they mean by a count.
public struct EverydayName: Equatable, Sendable {
    /// The name, normalized (lowercase, singular words, single spaces).
    public var name: String
    /// The USDA code it means.
    public var code: Int
    /// The USDA portion description a count of it means ("1 can (12 fl oz)"), if not the default.
    public var portion: String?

    /// Creates an everyday name.
    public init(name: String, code: Int, portion: String?) {
        self.name = name
        self.code = code
        self.portion = portion
    }
}
