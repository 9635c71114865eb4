import Foundation
import Testing

/// Issue 15's binary size: the library and the executable import FoundationEssentials where it
/// exists, never full Foundation, which links ICU (34 MB of the static binary). One plain
/// `import Foundation` in any source file brings it back (a file of issue 27's did: 63 MB).
@Suite struct FoundationImportTests {
    @Test func noSourceFileImportsFullFoundationWhereEssentialsExist() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        var checked = 0
        var plain: [String] = []
        while let name = walker.nextObject() as? String {
            guard name.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            checked += 1
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            for (number, line) in lines.enumerated() where line == "import Foundation" {
                // Allowed only as the `#else` of `#if canImport(FoundationEssentials)`.
                let guarded =
                    number >= 3 && lines[number - 1] == "#else"
                    && lines[number - 3] == "#if canImport(FoundationEssentials)"
                if !guarded { plain.append("\(name):\(number + 1)") }
            }
        }
        #expect(checked > 50)
        #expect(plain.isEmpty, "full Foundation imported at \(plain)")
    }
}
