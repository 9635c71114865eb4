import CalorinaLanguage

/// An everyday name for a food: what people type, and the portion they mean by a count.
public struct EverydayName: Equatable, Sendable {
    /// The name as people type it: `mac and cheese`.
    public var alias: String
    /// The name's normalized words joined by spaces (`mac cheese`): the lookup key.
    public var name: String
    /// The USDA code it means.
    public var code: Int
    /// The USDA portion description a count of it means ("1 can (12 fl oz)"), if not the default.
    public var portion: String?

    /// Creates an everyday name; `name` is normalized from `alias` unless given.
    public init(alias: String, code: Int, portion: String?, name: String? = nil) {
        self.alias = alias
        self.name = name ?? FoodWords.normalized(alias)
        self.code = code
        self.portion = portion
    }
}
