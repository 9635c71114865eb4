import Foundation
import Testing

/// The grammar checks itself: every production of `grammar/calorina.ebnf` is quoted in a doc
/// comment of the code that reads it, and every quote is the production as the grammar has it.
///
/// The quoting convention: a doc-comment line (`///`) whose text starts with a name of lowercase
/// letters, digits and hyphens, then ` = `, starts a quote of the production of that name. The
/// quote runs over the doc-comment lines that follow to the `;` that ends the production (a `;`
/// in quotes, in `? … ?` or in `(* … *)` does not count), and must be the grammar's text from the
/// name to that `;`, comments inside included, with each run of white space read as one space.
/// What follows the `;` on its line (a comment, an example) is free. Other grammars (JSON's) are
/// written in another form (`/// JSON's number: …`), so that they are not taken for quotes.
@Suite(.tags(.fast)) struct GrammarDocCommentTests {
    /// The fewest productions the grammar may have, so that an unreadable file cannot pass.
    static let minimumProductions = 80

    /// One production of the grammar: its name and its text from the name to its `;`.
    struct Production: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var testDescription: String { name }
    }

    /// One quote of a production in a doc comment.
    struct Quote: Sendable, CustomTestStringConvertible {
        /// The file, relative to the repository.
        var file: String
        /// The 1-based line the quote starts on.
        var line: Int
        var name: String
        /// The quote from the name to its `;`, or to the end of the doc comment when it has none.
        var text: String
        /// False when the doc comment ended before the `;`.
        var isComplete: Bool
        var testDescription: String { "\(file):\(line) \(name)" }
    }

    static let productions: [Production] = Grammar.productions(
        in: Corpus.text(Corpus.repositoryRoot.appendingPathComponent("grammar/calorina.ebnf")))

    static let quotes: [Quote] = {
        let sources = Corpus.repositoryRoot.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            return []
        }
        var quotes: [Quote] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(Corpus.repositoryRoot.path.count + 1))
            quotes += Grammar.quotes(in: Corpus.text(url), file: relative)
        }
        return quotes.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }()

    @Test func theGrammarIsRead() {
        #expect(Self.productions.count >= Self.minimumProductions)
        let names = Self.productions.map(\.name)
        #expect(Set(names).count == names.count, "a production is defined twice")
    }

    @Test(arguments: quotes)
    func eachQuoteIsTheGrammarsProduction(_ quote: Quote) {
        #expect(quote.isComplete, "\(quote.file):\(quote.line): the quote of '\(quote.name)' has no ';'")
        guard let production = Self.productions.first(where: { $0.name == quote.name }) else {
            Issue.record("\(quote.file):\(quote.line): '\(quote.name)' is no production of grammar/calorina.ebnf")
            return
        }
        #expect(
            Grammar.normalized(quote.text) == Grammar.normalized(production.text),
            "\(quote.file):\(quote.line): the quote of '\(quote.name)' is not the grammar's")
    }

    @Test(arguments: productions)
    func eachProductionIsQuoted(_ production: Production) {
        #expect(
            Self.quotes.contains { $0.name == production.name },
            "'\(production.name)' is quoted in no doc comment under Sources/")
    }

    /// The reader's own rules, on small texts, so that a broken reader cannot pass the tests above.
    @Test func theReaderFindsProductionsAndQuotes() {
        let grammar = """
            (* a comment; with = and ; *)
            a   = "x;" , b   (* inner ; *)
                | '"' ;   (* after *)
            b = ? any ; thing ? ;
            """
        #expect(Grammar.productions(in: grammar).map(\.name) == ["a", "b"])
        #expect(
            Grammar.normalized(Grammar.productions(in: grammar)[0].text)
                == #"a = "x;" , b (* inner ; *) | '"' ;"#)
        let source = """
            /// Reads a.
            /// a = "x;" , b   (* inner ; *)
            ///   | '"' ;  (* said after *)
            func a() {}
            /// b = ? any
            func b() {}
            // c = "not a doc comment" ;
            """
        let quotes = Grammar.quotes(in: source, file: "f.swift")
        #expect(quotes.map(\.name) == ["a", "b"])
        #expect(quotes.map(\.line) == [2, 5])
        #expect(quotes.map(\.isComplete) == [true, false])
        #expect(Grammar.normalized(quotes[0].text) == Grammar.normalized(Grammar.productions(in: grammar)[0].text))
    }
}

/// Reading productions out of EBNF text and quotes out of Swift doc comments.
enum Grammar {
    /// The productions of `text`, in order.
    static func productions(in text: String) -> [GrammarDocCommentTests.Production] {
        let scalars = Array(text.unicodeScalars)
        var productions: [GrammarDocCommentTests.Production] = []
        var index = 0
        while index < scalars.count {
            if let end = skipQuoted(scalars, at: index) {
                index = end
                continue
            }
            guard isNameStart(scalars[index]), index == 0 || !isNameCharacter(scalars[index - 1]) else {
                index += 1
                continue
            }
            var nameEnd = index
            while nameEnd < scalars.count, isNameCharacter(scalars[nameEnd]) { nameEnd += 1 }
            var equals = nameEnd
            while equals < scalars.count, scalars[equals].properties.isWhitespace { equals += 1 }
            guard equals < scalars.count, scalars[equals] == "=", let end = endOfProduction(scalars, from: equals + 1)
            else {
                index = nameEnd
                continue
            }
            productions.append(
                .init(
                    name: String(String.UnicodeScalarView(scalars[index..<nameEnd])),
                    text: String(String.UnicodeScalarView(scalars[index..<end]))))
            index = end
        }
        return productions
    }

    /// The quotes of productions in the doc comments of the Swift source `text`.
    static func quotes(in text: String, file: String) -> [GrammarDocCommentTests.Quote] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        /// The text of a doc-comment line, nil for any other line.
        func docText(_ line: Substring) -> Substring? {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("///"), !trimmed.hasPrefix("////") else { return nil }
            return trimmed.dropFirst(3)
        }
        var quotes: [GrammarDocCommentTests.Quote] = []
        var number = 0
        while number < lines.count {
            defer { number += 1 }
            guard let first = docText(lines[number]) else { continue }
            let start = first.drop { $0 == " " }
            let name = start.prefix { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
            let afterName = start.dropFirst(name.count)
            guard let firstLetter = name.first, firstLetter.isLowercase,
                afterName.drop(while: { $0 == " " }).hasPrefix("= ") || afterName.drop(while: { $0 == " " }) == "="
            else { continue }
            var text = String(start)
            var lineCount = 1
            var end = endOfProduction(Array(text.unicodeScalars), from: name.unicodeScalars.count)
            while end == nil, number + lineCount < lines.count, let more = docText(lines[number + lineCount]) {
                text += "\n" + more
                lineCount += 1
                end = endOfProduction(Array(text.unicodeScalars), from: name.unicodeScalars.count)
            }
            if let end {
                text = String(String.UnicodeScalarView(Array(text.unicodeScalars)[..<end]))
            }
            quotes.append(.init(file: file, line: number + 1, name: String(name), text: text, isComplete: end != nil))
            number += lineCount - 1
        }
        return quotes
    }

    /// `text` with each run of white space one space, and none at either end.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The offset just past the `;` that ends the production whose right side starts at `start`.
    private static func endOfProduction(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < scalars.count {
            if let end = skipQuoted(scalars, at: index) {
                index = end
            } else if scalars[index] == ";" {
                return index + 1
            } else {
                index += 1
            }
        }
        return nil
    }

    /// When a comment, a literal or a special sequence starts at `index`, the offset just past it
    /// (or the end of the text when it is not closed).
    private static func skipQuoted(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        let closing: [Unicode.Scalar]
        var bodyStart = index + 1
        switch scalars[index] {
        case "(" where index + 1 < scalars.count && scalars[index + 1] == "*":
            closing = ["*", ")"]
            bodyStart = index + 2
        case "\"": closing = ["\""]
        case "'": closing = ["'"]
        case "?": closing = ["?"]
        default: return nil
        }
        var at = bodyStart
        while at + closing.count <= scalars.count {
            if Array(scalars[at..<at + closing.count]) == closing { return at + closing.count }
            at += 1
        }
        return scalars.count
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar)
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }
}
