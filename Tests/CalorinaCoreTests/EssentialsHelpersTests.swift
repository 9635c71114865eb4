import Dispatch
import Foundation
import Testing

@testable import CalorinaSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The helpers that stand in for full Foundation (issue 15, no ICU in the binary): each gives what
/// the Foundation call it replaces gave, checked here against that call, which the tests may
/// still import.
@Suite(.tags(.fast)) struct EssentialsHelpersTests {
    struct Replacement: Sendable, CustomTestStringConvertible {
        var text: String
        var target: String
        var with: String
        var expected: String
        var testDescription: String { "'\(text)' '\(target)'→'\(with)'" }
    }

    static let replacements: [Replacement] = [
        Replacement(text: "2026-11-22", target: "-", with: "", expected: "20261122"),
        Replacement(text: "say \"hi\"", target: "\"", with: "\"\"", expected: "say \"\"hi\"\""),
        Replacement(text: "1,685", target: ",", with: "", expected: "1685"),
        Replacement(text: "1 cup|2 tbsp", target: "|", with: "/", expected: "1 cup/2 tbsp"),
        Replacement(text: "bread and butter & jam", target: " and ", with: " or ", expected: "bread or butter & jam"),
        Replacement(text: "aaaa", target: "aa", with: "b", expected: "bb"),
        Replacement(text: "aaa", target: "aa", with: "b", expected: "ba"),
        Replacement(text: "abc", target: "", with: "x", expected: "abc"),
        Replacement(text: "", target: "a", with: "x", expected: ""),
        Replacement(text: "no match", target: "zz", with: "x", expected: "no match"),
        Replacement(text: "crème brûlée", target: "è", with: "e", expected: "creme brûlée"),
        Replacement(text: "tea 🍵 and 🍵", target: "🍵", with: "cup", expected: "tea cup and cup"),
        Replacement(text: "(a)(b)", target: "(", with: " ", expected: " a) b)"),
        Replacement(text: "end-", target: "-", with: "", expected: "end"),
        Replacement(text: "x", target: "xyz", with: "", expected: "x"),
    ]

    @Test(arguments: replacements) func replacingAllReplacesEveryOccurrenceLikeFoundation(_ c: Replacement) {
        #expect(c.text.replacingAll(c.target, with: c.with) == c.expected)
        if !c.target.isEmpty {
            #expect(c.expected == c.text.replacingOccurrences(of: c.target, with: c.with, options: .literal))
        }
    }

    @Test(arguments: [
        ("  banana  ", "banana"), ("\tapple\t", "apple"), ("no blanks", "no blanks"), ("   ", ""), ("", ""),
        ("\u{00A0}milk\u{2009}", "milk"), (" line\n", "line\n"), (" in  side ", "in  side"),
    ])
    func trimmingWhitespaceTrimsWhatFoundationsWhitespacesTrims(_ text: String, _ expected: String) {
        #expect(text.trimmingWhitespace() == expected)
        #expect(expected == text.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: [
        ("tea", 5, "tea  "), ("coffee", 6, "coffee"), ("oatmeal", 3, "oat"), ("", 2, "  "), ("x", 0, ""),
        ("café", 6, "café  "), ("🍵", 3, "🍵  "),
    ])
    func paddedFillsOrCutsToAWidthInCharacters(_ text: String, _ width: Int, _ expected: String) {
        #expect(text.padded(to: width) == expected)
        #expect(text.padded(to: width).count == width)
    }

    @Test(arguments: [
        ("/tmp/export.csv", "export.csv"), ("/tmp/export/", "export"), ("export.csv", "export.csv"),
        ("/", "/"), ("", ""), ("a//b", "b"), ("/home/me/Mes données.csv", "Mes données.csv"),
        ("./x.json", "x.json"),
    ])
    func lastComponentReadsAPathAsNSStringDoes(_ path: String, _ expected: String) {
        #expect(PathText.lastComponent(of: path) == expected)
        #expect(expected == (path as NSString).lastPathComponent)
    }

    /// The root written with several slashes is the root, as on Darwin (swift-corelibs-foundation
    /// says "").
    @Test func theRootHoweverWrittenIsTheRoot() {
        #expect(PathText.lastComponent(of: "///") == "/")
    }

    @Test(arguments: [
        ("cafe\u{301}", "café"), ("café", "café"), ("plain ascii", "plain ascii"), ("A\u{30A}ngstrom", "Ångstrom"),
        ("\u{1100}\u{1161}\u{11A8}", "\u{AC01}"), ("\u{212B}", "\u{00C5}"), ("a\u{323}\u{302}", "\u{1EAD}"),
        ("\u{0344}", "\u{0308}\u{0301}"), ("🍵 tea", "🍵 tea"), ("n\u{303}o\u{308}", "ñö"),
    ])
    func canonicallyComposedIsNFCAsFoundationGivesIt(_ text: String, _ expected: String) {
        let composed = text.canonicallyComposed()
        #expect(Array(composed.unicodeScalars) == Array(expected.unicodeScalars))
        #expect(Array(composed.unicodeScalars) == Array(text.precomposedStringWithCanonicalMapping.unicodeScalars))
    }

    @Test func aJSONDocumentDecodesToTheTreeJSONSerializationGave() throws {
        let text = #"{"version":2,"entries":[{"id":"a","kcal":95.5,"ok":true,"note":null}],"empty":{},"list":[]}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        let byName = Dictionary(members, uniquingKeysWith: { first, _ in first })
        #expect(Set(byName.keys) == ["version", "entries", "empty", "list"])
        #expect(byName["version"] == .number(2))
        #expect(byName["empty"] == .object([]))
        #expect(byName["list"] == .array([]))
        guard case .array(let entries) = byName["entries"], case .object(let entry) = entries.first else {
            Issue.record("no entry: \(String(describing: byName["entries"]))")
            return
        }
        let fields = Dictionary(entry, uniquingKeysWith: { first, _ in first })
        #expect(fields["id"] == .string("a"))
        #expect(fields["kcal"] == .number(95.5))
        #expect(fields["ok"] == .bool(true))
        #expect(fields["note"] == .null)
        #expect(entries.count == 1)
    }

    @Test(arguments: [("1", JSONValue.number(1)), ("false", .bool(false)), ("\"é\"", .string("é")), ("null", .null)])
    func aBareJSONValueDecodes(_ text: String, _ expected: JSONValue) throws {
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == expected)
    }

    @Test func brokenJSONThrows() {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(JSONValue.self, from: Data("{\"a\":".utf8)) }
    }

    /// The body runs once, on a thread of its own, while the caller goes on.
    @Test func aDetachedThreadRunsItsBodyOnAnotherThread() {
        final class Seen: @unchecked Sendable {
            var thread = pthread_self()
            var runs = 0
        }
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        let started = BackgroundThread.detach {
            seen.thread = pthread_self()
            seen.runs += 1
            done.signal()
        }
        #expect(started)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seen.runs == 1)
        #expect(pthread_equal(seen.thread, pthread_self()) == 0)
    }
}
