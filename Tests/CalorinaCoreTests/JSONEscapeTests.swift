import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths

/// The one reading of a JSON escape both readers use (`JSONScanner.readEscape`): what each
/// escape stands for, and what is wrong with one that is not.
@Suite(.tags(.fast)) struct JSONEscapeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var escape: String
        var result: Result<String, JSONEscapeProblem>
        var testDescription: String { escape }
    }

    static let cases: [Case] = [
        Case(escape: #"\n"#, result: .success("\n")),
        Case(escape: #"\""#, result: .success("\"")),
        Case(escape: #"\/"#, result: .success("/")),
        Case(escape: #"\t"#, result: .success("\t")),
        Case(escape: #"\u00e9"#, result: .success("é")),
        Case(escape: #"\ud83d\ude00"#, result: .success("😀")),
        Case(escape: #"\ud83d"#, result: .failure(.loneSurrogate)),
        Case(escape: #"\ud83dx"#, result: .failure(.loneSurrogate)),
        Case(escape: #"\udc00"#, result: .failure(.loneSurrogate)),
        Case(escape: #"\ud83d\u0041"#, result: .failure(.loneSurrogate)),
        Case(escape: #"\x"#, result: .failure(.notAnEscape)),
        Case(escape: #"\u12"#, result: .failure(.endOfText)),
        Case(escape: #"\u12zz"#, result: .failure(.needsHexDigits)),
        Case(escape: #"\"#, result: .failure(.endOfText)),
    ]

    @Test(arguments: cases) func anEscapeReadsAsItsText(_ testCase: Case) {
        let bytes = Array(testCase.escape.utf8)
        var out: [UInt8] = []
        let read: Result<String, JSONEscapeProblem> = bytes.withUnsafeBufferPointer { buffer in
            var contents = JSONStringContents(bytes: buffer)
            do throws(JSONEscapeProblem) {
                try contents.readEscape(into: &out)
                #expect(contents.index == buffer.count, "the whole escape is read")
                return .success(String(decoding: out, as: UTF8.self))
            } catch {
                return .failure(error)
            }
        }
        #expect(read == testCase.result)
    }

    /// The locator says an escape's problem with the escape's offset.
    @Test func theLocatorSaysWhereAnEscapeBreaks() {
        let problem = JSONLocator.firstProblem(in: Array(#"{"a": "x\qy"}"#.utf8))
        #expect(problem?.offset == 8)
        #expect(problem?.reason.contains("is not an escape") == true)
    }
}
