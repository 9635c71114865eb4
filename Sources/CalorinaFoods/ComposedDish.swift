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
        // Split as bytes in place: split as characters, the table cost a one-shot line 3.5 M
        // instructions of grapheme breaking, and as a string's UTF-8 view 1.1 M.
        var text = bundledComposedDishes
        return text.withUTF8 { bytes in
            var dishes: [String: ComposedDish] = [:]
            for line in bytes.split(separator: UInt8(ascii: "\n")) {
                let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                    .map { String(decoding: $0, as: UTF8.self) }
                guard fields.count == 3 else { continue }
                if let kept = dishes[fields[0]], kept.alias.count <= fields[1].count { continue }
                dishes[fields[0]] = ComposedDish(alias: fields[1], parts: fields[2])
            }
            return dishes
        }
    }()
}
