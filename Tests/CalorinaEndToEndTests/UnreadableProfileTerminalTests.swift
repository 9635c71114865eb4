// Issue 28's one policy for an unreadable profile, at a terminal: the REPL says before its first
// prompt that the header's goal and the prompt's kcal left are the defaults', not only after the
// first line typed.

import Foundation
import Testing

@Suite("An unreadable profile at a terminal", .serialized)
struct UnreadableProfileTerminalTests {
    @Test func theREPLSaysSoBeforeItsFirstPrompt() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let data = folder.appendingPathComponent("data")
            let environment = BinaryRunner.environment(
                home: folder,
                [
                    "CALORINA_NOW": "2026-11-22T13:00:00",
                    "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                    "CALORINA_HOME": data.path, "TERM": "xterm-256color",
                ])
            let binary = try BinaryRunner.productURL("calorina")
            let first = try PseudoTerminal(binary, environment: environment)
            _ = try first.expect(" left › ", timeout: .seconds(15))
            try first.sendLine("goal 1500")
            _ = try first.expect(" left › ")
            try first.sendLine("quit")
            _ = try first.waitForExit()

            let walker = try #require(FileManager.default.enumerator(at: data, includingPropertiesForKeys: nil))
            let profiles = walker.compactMap { $0 as? URL }.filter { $0.lastPathComponent == "profile.json" }
            let profile = try #require(profiles.first, "the goal was saved in a profile.json")
            try Data("{ not JSON".utf8).write(to: profile)

            let again = try PseudoTerminal(binary, environment: environment)
            let start = try again.expect(" left › ", timeout: .seconds(15))
            #expect(start.contains("goal 2,000 kcal"), "the default goal: \(start)")
            #expect(
                start.contains("warning: profile.json could not be read (line 1, column 3: "),
                "said before the first prompt: \(start)")
            #expect(start.contains("goals and units use the defaults"), "\(start)")
            try again.sendLine("quit")
            _ = try again.waitForExit()
        }
    }
}
