import CalorinaJournal
import CalorinaSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One field of the profile a change set, as it was and became: what an undo record keeps of a
/// profile or goal change (issue 25, F9), so that undo puts back that field alone and leaves what
/// another writer changed meanwhile.
public struct FieldChange: Codable, Equatable, Sendable {
    /// The field's name in `profile.json` (`age`, `strategy`), or `targets.NUTRIENT` for one
    /// target of `targets`.
    public var field: String
    /// Its value before the change as JSON text; nil when it was absent.
    public var before: String?
    /// Its value after the change as JSON text; nil when the change took it out.
    public var after: String?
    /// True for a field a change sets on the side (a logged weight's `weightKg`): put back only
    /// when nobody changed it since, else left as it is, never refusing the undo.
    public var soft: Bool? = nil

    /// Creates a field change.
    public init(field: String, before: String?, after: String?) {
        self.field = field
        self.before = before
        self.after = after
    }
}

/// The profile seen as fields, to record a change by its fields and to put back those alone.
package enum ProfileFields {
    /// Histories the profile keeps on its own (goals and targets before a change): put back when
    /// nobody changed them since, else left as they are, never a conflict (every goal change adds
    /// to them, so two writers' changes on one day would otherwise always collide).
    package static let histories: Set<String> = ["pastGoals", "pastTargets"]

    /// The fields of a profile, each as canonical JSON text (members sorted): `targets` by nutrient.
    package static func fields(of profile: Profile) -> [String: String] {
        guard let data = try? JSONEncoder().encode(profile),
            let value = try? JSONDecoder().decode(JSONValue.self, from: data),
            case .object(let members) = value
        else { return [:] }
        var fields: [String: String] = [:]
        for (name, member) in members where name != "version" {
            if case .null = member { continue }
            if name == "targets", case .object(let targets) = member {
                for (nutrient, amount) in targets { fields["targets." + nutrient] = canonical(amount) }
            } else {
                fields[name] = canonical(member)
            }
        }
        return fields
    }

    /// The fields `after` changed from `before`, in name order.
    package static func changes(from before: Profile, to after: Profile) -> [FieldChange] {
        let old = fields(of: before)
        let new = fields(of: after)
        return Set(old.keys).union(new.keys).sorted().compactMap { name in
            old[name] == new[name] ? nil : FieldChange(field: name, before: old[name], after: new[name])
        }
    }

    /// What putting back `changes` (their `before`, or for a redo their `after`) onto `current` does.
    package struct PutBack {
        /// The profile with them put back.
        package var profile: Profile
        /// The fields that changed, as they were set: what the reply says.
        package var done: [FieldChange]
        /// A field another writer changed since, and its value now: nothing may be put back.
        package var conflict: (field: String, now: String?)?
    }

    /// Puts back the fields of `changes` onto `current`: each field that still holds the value
    /// the change gave it gets the other one; a field that holds something else was changed by
    /// another writer since, and is a conflict (a history is left as it is instead).
    package static func putBack(_ changes: [FieldChange], isRedo: Bool, onto current: Profile) -> PutBack {
        var fields = fields(of: current)
        var done: [FieldChange] = []
        for change in changes {
            let from = isRedo ? change.before : change.after
            let to = isRedo ? change.after : change.before
            let now = fields[change.field]
            if now == to { continue }
            guard now == from else {
                if histories.contains(change.field) || change.soft == true { continue }
                return PutBack(profile: current, done: [], conflict: (change.field, now))
            }
            fields[change.field] = to
            done.append(FieldChange(field: change.field, before: now, after: to))
        }
        guard !done.isEmpty, let profile = profile(from: fields, version: current.version) else {
            return PutBack(profile: current, done: [])
        }
        return PutBack(profile: profile, done: done)
    }

    /// Puts back the fields of `changes` onto `profile` in place, as a document update does:
    /// true when it changed, false when nothing was done or a field conflicts (left as it was).
    package static func putBack(_ changes: [FieldChange], isRedo: Bool, into profile: inout Profile) -> Bool {
        let putBack = putBack(changes, isRedo: isRedo, onto: profile)
        guard putBack.conflict == nil, !putBack.done.isEmpty else { return false }
        profile = putBack.profile
        return true
    }

    /// The profile of `fields` (as `fields(of:)` gives them).
    private static func profile(from fields: [String: String], version: Int) -> Profile? {
        // Targets need version 3; UK units version 4 (and other units no newer than 3).
        var written =
            fields.keys.contains { $0.hasPrefix("targets.") || $0 == "pastTargets" } ? max(version, 3) : version
        written = Profile.version(
            holding: fields["units"] == "\"uk\"" ? .uk : fields["units"] == "\"imperial\"" ? .us : .metric,
            from: written)
        var text = "{\"version\":\(written)"
        var targets: [(String, String)] = []
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            if name.hasPrefix("targets.") {
                targets.append((String(name.dropFirst(8)), value))
            } else {
                text += "," + JSONValue.string(name).serialized() + ":" + value
            }
        }
        if !targets.isEmpty {
            text +=
                ",\"targets\":{"
                + targets.map { JSONValue.string($0.0).serialized() + ":" + $0.1 }.joined(separator: ",") + "}"
        }
        text += "}"
        return try? JSONDecoder().decode(Profile.self, from: Data(text.utf8))
    }

    /// JSON text of a value with every object's members sorted, so that equal values read equal.
    package static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .object(let members):
            return "{"
                + members.sorted { $0.0 < $1.0 }.map { JSONValue.string($0.0).serialized() + ":" + canonical($0.1) }
                .joined(separator: ",") + "}"
        case .array(let values):
            return "[" + values.map(canonical).joined(separator: ",") + "]"
        default:
            return value.serialized()
        }
    }

    /// A field's name, in words: `goal weight (kg)`, `target protein`.
    package static func describeName(_ field: String) -> String {
        let names = [
            "heightCm": "height (cm)", "weightKg": "weight (kg)", "strategy": "goal",
            "goalWeightKg": "goal weight (kg)",
            "waterGoalMl": "water goal (ml)", "confirmOverGoal": "confirm-over-goal", "pastGoals": "earlier goals",
            "pastTargets": "earlier targets",
        ]
        if field.hasPrefix("targets.") { return "target " + field.dropFirst(8) }
        return names[field] ?? field
    }

    /// A field's value (JSON text), in words: a string without its quotes, `none` for no value.
    package static func shown(_ text: String?) -> String {
        guard let text else { return "none" }
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { return String(text.dropFirst().dropLast()) }
        return text
    }

    /// A field put back, in words: `age 34 (was 30)`, `goal weight (kg) none (was 70)`.
    package static func describe(_ change: FieldChange) -> String {
        let name = describeName(change.field)
        if histories.contains(change.field) { return name + " as they were" }
        return "\(name) \(shown(change.after)) (was \(shown(change.before)))"
    }
}
