import CalorinaLanguage
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a `UserFoods` value holds: its lists, or the bytes of the file they are still to be
/// decoded from (with the index made from that file), and the index of its names.
///
/// A value's lists change only while it is the storage's one owner (`UserFoods` copies it
/// first); what a shared storage does lazily (decoding the lists, building the index) happens
/// under its lock, so that values read on several threads stay values.
final class UserFoodsStorage: @unchecked Sendable {
    struct Lists: Equatable {
        var foods: [UserFood] = []
        var aliases: [UserAlias] = []
        var recipes: [Recipe] = []

        var count: Int { foods.count + aliases.count + recipes.count }
    }

    /// Where a name is: which list, and the place in it. A food's name comes before an alias's,
    /// an alias's before a recipe's (`Kind.rank`), and the first of one list before a later one.
    struct Slot: Equatable {
        var kind: UserFoodsIndex.Kind
        var position: Int
    }

    /// The lists; up to date once `materialize()` ran.
    var lists: Lists
    /// How to read the file, its bytes once read, and the index made from them, until the lists
    /// are decoded.
    private var source: (read: @Sendable () -> [UInt8], bytes: [UInt8]?, index: UserFoodsIndex)?
    /// Normalized name → where it is in `lists`; built when first needed.
    private var keys: [String: Slot]?
    private let lock = Mutex(0)

    init(lists: Lists = Lists()) {
        self.lists = lists
    }

    init(source read: @escaping @Sendable () -> [UInt8], index: UserFoodsIndex) {
        lists = Lists()
        source = (read, nil, index)
    }

    /// The file's bytes, read once.
    private func sourceBytes() -> [UInt8] {
        if let bytes = source?.bytes { return bytes }
        let bytes = source?.read() ?? []
        source?.bytes = bytes
        return bytes
    }

    /// A storage of its own with the same lists and index.
    func copy() -> UserFoodsStorage {
        let copied = UserFoodsStorage(lists: decodedLists())
        copied.keys = lock.withLock { _ in keys }
        return copied
    }

    /// True while the lists are still to be decoded from the file.
    var isInPlace: Bool {
        lock.withLock { _ in source != nil }
    }

    /// How many names there are, without decoding the lists.
    var nameCount: Int {
        lock.withLock { _ in source.map(\.index.count) ?? lists.count }
    }

    /// The lists, decoded first if need be.
    func decodedLists() -> Lists {
        lock.withLock { _ in
            materializeLocked()
            return lists
        }
    }

    /// Decodes the lists from the file's bytes, once.
    func materialize() {
        lock.withLock { _ in materializeLocked() }
    }

    private func materializeLocked() {
        guard source != nil else { return }
        let bytes = sourceBytes()
        source = nil
        // The bytes are those the index was made from after they were read whole (the file's
        // stamp says so), so they decode; were they not to, the file is read whole next time.
        if let whole = try? JSONDecoder().decode(UserFoods.self, from: Data(bytes)) {
            lists = whole.storage.decodedLists()
        }
    }

    /// Forgets the name index, after a change it cannot follow.
    func forgetIndex() {
        lock.withLock { _ in keys = nil }
    }

    /// Notes a name just appended at `position` of its list.
    func noteAdded(_ named: UserFoods.Named, at position: Int) {
        lock.withLock { _ in
            guard keys != nil else { return }
            let kind: UserFoodsIndex.Kind
            switch named {
            case .food: kind = .food
            case .alias: kind = .alias
            case .recipe: kind = .recipe
            }
            Self.insert(kind, at: position, for: FoodWords.normalized(named.name), into: &keys)
        }
    }

    private static func insert(
        _ kind: UserFoodsIndex.Kind, at position: Int, for key: String, into keys: inout [String: Slot]?
    ) {
        guard !key.isEmpty else { return }
        if let old = keys?[key], old.kind.rank <= kind.rank { return }
        keys?[key] = Slot(kind: kind, position: position)
    }

    /// The food, alias or recipe whose normalized name is `key`.
    func named(key: String) -> UserFoods.Named? {
        lock.withLock { _ -> UserFoods.Named? in
            if let index = source?.index {
                // Read in place: only the one found is decoded.
                guard let found = index.find(key) else { return nil }
                let bytes = sourceBytes()
                if found.range.upperBound <= bytes.count {
                    let piece = Data(bytes[found.range])
                    let decoder = JSONDecoder()
                    var named: UserFoods.Named?
                    switch found.kind {
                    case .food: named = (try? decoder.decode(UserFood.self, from: piece)).map { .food($0) }
                    case .alias: named = (try? decoder.decode(UserAlias.self, from: piece)).map { .alias($0) }
                    case .recipe: named = (try? decoder.decode(Recipe.self, from: piece)).map { .recipe($0) }
                    }
                    // What the index points at must be what it says; else the lists are read whole.
                    if let named, FoodWords.normalized(named.name) == key { return named }
                }
                materializeLocked()
            }
            if keys == nil {
                var built: [String: Slot]? = [:]
                built?.reserveCapacity(lists.count)
                for (position, food) in lists.foods.enumerated() {
                    Self.insert(.food, at: position, for: FoodWords.normalized(food.name), into: &built)
                }
                for (position, alias) in lists.aliases.enumerated() {
                    Self.insert(.alias, at: position, for: FoodWords.normalized(alias.name), into: &built)
                }
                for (position, recipe) in lists.recipes.enumerated() {
                    Self.insert(.recipe, at: position, for: FoodWords.normalized(recipe.name), into: &built)
                }
                keys = built
            }
            guard let slot = keys?[key] else { return nil }
            let position = slot.position
            switch slot.kind {
            case .food: return lists.foods.indices.contains(position) ? .food(lists.foods[position]) : nil
            case .alias: return lists.aliases.indices.contains(position) ? .alias(lists.aliases[position]) : nil
            case .recipe: return lists.recipes.indices.contains(position) ? .recipe(lists.recipes[position]) : nil
            }
        }
    }
}
