import CalorinaSupport

// What a person can say about themselves in `sex`, `activity` and `units` lines: words of the
// language that `Profile` stores (as `Profile.Sex`, `Profile.ActivityLevel`, `Profile.UnitSystem`).

/// `sex male` or `sex female`, for Mifflin-St Jeor.
public enum Sex: String, Codable, Sendable {
    case male, female
}

/// Activity levels for Mifflin-St Jeor (their factors are `Profile`'s).
public enum ActivityLevel: String, Codable, Sendable, CaseIterable {
    case sedentary, light, moderate, active
    case veryActive = "very active"
}

/// `units metric`, `units imperial` (or `us`) or `units uk`: how heights, weights, water and
/// distances are shown and read (see `CalorinaSupport.UnitSystem`).
public typealias UnitSystem = CalorinaSupport.UnitSystem
