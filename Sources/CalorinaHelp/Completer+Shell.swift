extension Completer {
    /// Candidates for one shell word, for TAB after `calorina` in bash, zsh or fish: the same
    /// candidates as at the prompt, each cut to the word being typed, since a shell completes
    /// one word at a time. "2 orange j" offers "juice" and "julius"; after a whole word
    /// ("2 orange juice" and an empty word) the candidates offer the next word of the longer
    /// names ("beverage", "drink"). With nothing typed at all, the command words.
    ///
    /// - Parameters:
    ///   - words: the words of the line before the one being typed.
    ///   - typed: the word being typed, left of the cursor; candidates start with it as typed.
    public func shellWordCandidates(after words: [String], typed: String) -> [String] {
        // Options are the shell script's own to offer.
        guard !typed.hasPrefix("-") else { return [] }
        let words = words.filter { !$0.isEmpty }
        if words.isEmpty && typed.isEmpty { return Completer.commandWords.sorted() }
        let text = (typed.isEmpty ? words : words + [typed]).joined(separator: " ")
        let result = complete(text)
        // The scalars of each candidate that stand for the words before the one typed.
        let lead = result.replacing - typed.lowercased().unicodeScalars.count
        guard lead >= 0 else { return [] }
        let typed = Array(typed.unicodeScalars)
        var found = Set<String>()
        for candidate in result.candidates {
            var rest = Array(candidate.unicodeScalars.dropFirst(lead))
            if typed.isEmpty {
                // After a whole word, only a longer name goes on: with a space, then its next word.
                guard rest.first == " " else { continue }
                rest.removeFirst()
            } else {
                // Keep what was typed as it was typed (a shell matches candidates to it exactly).
                guard rest.count >= typed.count else { continue }
                rest.replaceSubrange(0..<typed.count, with: typed)
            }
            // The word ends at the first space after what was typed (which may hold one, quoted).
            // A comma ends a word of a name ("tofu, fried"); in the line it would join two foods.
            var word = rest.prefix(typed.count) + rest.dropFirst(typed.count).prefix { $0 != " " }
            while let last = word.last, last == "," || last == ";" { word.removeLast() }
            guard word.count >= max(typed.count, 1) else { continue }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: word)
            found.insert(String(view))
        }
        return found.sorted()
    }
}
