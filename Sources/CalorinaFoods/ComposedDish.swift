import CalorinaFoodData

/// A dish data/everyday.tsv composes of several foods (code "="): "full english" is bacon,
/// sausages, a fried egg, beans and toast.
package struct ComposedDish: Sendable {
    /// The name as people type it: `full english`.
    package var alias: String
    /// What it holds, in Calorina's own words: `2 rashers of bacon, 2 sausages, …`.
    package var parts: String

    /// The entry's name: the dish, and what it holds ("british chicken kebab", a British
    /// reading, is a chicken kebab).
    package var name: String { said.prefix(1).uppercased() + said.dropFirst() + " (" + parts + ")" }

    /// The dish as people say it.
    package var said: String { alias.hasPrefix("british ") ? String(alias.dropFirst(8)) : alias }

    /// The bundled table's composed dishes by normalized name, read once. Of the aliases of one
    /// name ("chip butty", "chip butties"), the shortest names the entry.
    package static let bundled: [String: ComposedDish] = {
        var dishes: [String: ComposedDish] = [:]
        for line in bundledComposedDishes.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let key = String(fields[0])
            if let kept = dishes[key], kept.alias.count <= fields[1].count { continue }
            dishes[key] = ComposedDish(alias: String(fields[1]), parts: String(fields[2]))
        }
        return dishes
    }()
}
