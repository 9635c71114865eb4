import Synchronization

/// The words some food's name gives as its kind ("rye" of "Bread, rye", "vanilla" of "Ice cream,
/// vanilla"): worked out once, the first time a line needs them, from every food.
package final class NamingWords: Sendable {
    /// Nothing worked out yet.
    package init() {}

    private let state = Mutex<Set<Int32>?>(nil)

    package func ids(of table: FoodTable) -> Set<Int32> {
        if let known = state.withLock({ $0 }) { return known }
        var ids = Set<Int32>()
        for position in 0..<table.count {
            let entry = table.entry(at: position)
            ids.formUnion(entry.kinds)
        }
        state.withLock { $0 = ids }
        return ids
    }
}
