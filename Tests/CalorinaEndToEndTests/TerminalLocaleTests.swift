// The codeset check that decides whether libedit gets the environment's locale or C.UTF-8.

import Testing

@testable import calorina

@Suite("The terminal's codeset")
struct TerminalLocaleTests {
    @Test(
        "a codeset name is UTF-8 in any case, with or without dashes",
        arguments: [
            ("UTF-8", true), ("utf-8", true), ("UTF8", true), ("utf8", true), ("Utf-8", true), ("U-T-F-8", true),
            ("ANSI_X3.4-1968", false), ("ISO-8859-1", false), ("UTF-16", false), ("UTF", false), ("", false),
            ("UTF-8 ", false), ("XUTF-8", false),
        ])
    func namesUTF8(codeset: String, expected: Bool) {
        #expect(Terminal.namesUTF8(codeset) == expected)
    }
}
