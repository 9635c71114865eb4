import Foundation
import Testing

@testable import CalorinaFiles
@testable import CalorinaRendering
@testable import CalorinaResults
@testable import CalorinaSession

/// One policy for an unreadable `profile.json` (issue 28): a line that only reads the profile
/// goes on with the defaults and says so on its outcome; a change to the profile fails on it
/// and leaves the file as it was.
@Suite(.tags(.fast)) struct UnreadableProfileTests {
    static let garbage: [UInt8] = [0x00, 0xFF, 0x7B, 0x20, 0x6E, 0x6F, 0x74, 0x20, 0x4A, 0x53, 0x4F, 0x4E]

    /// A session on a folder whose profile was written, then made garbage when `breaking`.
    func withProfile(breaking: Bool, _ body: (Session, URL) throws -> Void) throws {
        try TestSession.with { session, folder throws in
            #expect(session.handle("set age 30").succeeded)
            let file = URL(fileURLWithPath: session.store.devicePath).appendingPathComponent("profile.json")
            #expect(FileManager.default.fileExists(atPath: file.path))
            if breaking { try Data(Self.garbage).write(to: file) }
            try body(session, file)
        }
    }

    @Test func todayWithAnUnreadableProfileShowsTheDayAndSaysSo() throws {
        try withProfile(breaking: true) { session, _ throws in
            let outcome = session.handle("today")
            guard case .warned(.day(let report), let warnings) = outcome else {
                Issue.record("today did not warn: \(outcome)")
                return
            }
            #expect(report.totals.goal == 2_000, "the default goal")
            let warning = try #require(warnings.first)
            guard case .profileUnreadable(.unreadable(let path, 1, 1, _)) = warning else {
                Issue.record("not the profile's error: \(warning)")
                return
            }
            #expect(path.hasSuffix("profile.json"))
            let shown = Renderer().text(outcome)
            #expect(shown.stdout.contains("goal 2,000 kcal"), "\(shown)")
            #expect(
                shown.stderr.hasPrefix("warning: profile.json could not be read (line 1, column 1: "), "\(shown)")
            #expect(
                shown.stderr.hasSuffix("): goals and units use the defaults; 'calorina doctor' says more\n"),
                "\(shown)")
            let json = try #require(Renderer().json(outcome))
            #expect(json.contains("\"notices\":[\"profile.json could not be read"), "\(json)")
        }
    }

    @Test func todayWithAReadableProfileSaysNothingMore() throws {
        try withProfile(breaking: false) { session, _ throws in
            let outcome = session.handle("today")
            guard case .day = outcome else {
                Issue.record("today was not the day alone: \(outcome)")
                return
            }
            let shown = Renderer().text(outcome)
            #expect(shown.stderr.isEmpty, "\(shown)")
            #expect(!(Renderer().json(outcome) ?? "").contains("notices"))
        }
    }

    /// The header's and the prompt's totals, read outside any line, go on with the default goal
    /// and keep the warning for the front end to say before its first prompt.
    @Test func thePromptsTotalsUseTheDefaultsAndKeepTheWarning() throws {
        try withProfile(breaking: true) { session, _ throws in
            #expect(try session.todayTotals().goal == 2_000)
            #expect(try session.currentDayTotals().goal == 2_000)
            let warnings = session.takeWarnings()
            #expect(warnings.count == 1, "said once: \(warnings)")
            guard case .profileUnreadable = try #require(warnings.first) else {
                Issue.record("not the profile's warning: \(warnings)")
                return
            }
            #expect(session.takeWarnings().isEmpty, "taken")
        }
        try withProfile(breaking: false) { session, _ throws in
            _ = try session.todayTotals()
            #expect(session.takeWarnings().isEmpty)
        }
    }

    @Test func aLineThatLogsGoesOnAndAChangeToTheProfileFailsLeavingItAsItWas() throws {
        try withProfile(breaking: true) { session, file throws in
            let logged = session.handle("2 eggs")
            guard case .warned(.logged, let warnings) = logged, case .profileUnreadable? = warnings.first else {
                Issue.record("2 eggs did not log with a warning: \(logged)")
                return
            }
            #expect(logged.succeeded && logged.isChange)
            let changed = session.handle("set age 31")
            guard case .storeFailed = changed else {
                Issue.record("set age wrote over an unreadable profile: \(changed)")
                return
            }
            #expect(try Data(contentsOf: file) == Data(Self.garbage))
        }
    }
}
