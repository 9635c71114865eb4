// A meal is a word of the language (`2 eggs for breakfast`, `move 2 to lunch`) and a field of
// every journal entry: it sits here, below both.
/// The meals a day is divided into, in the order a day shows them.
public enum Meal: String, Codable, CaseIterable, Comparable, Sendable {
    case breakfast, lunch, dinner, snack

    private var order: Int {
        switch self {
        case .breakfast: 0
        case .lunch: 1
        case .dinner: 2
        case .snack: 3
        }
    }

    public static func < (lhs: Meal, rhs: Meal) -> Bool { lhs.order < rhs.order }
}
