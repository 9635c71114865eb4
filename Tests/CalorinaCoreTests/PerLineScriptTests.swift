import Foundation
import Testing

@testable import CalorinaJournal
@testable import CalorinaSession

/// Per-line day commands in a script cost the same on a large day (issue 25, F19): `again`
/// repeats the day's last food from what the script keeps, and says what it would have said had
/// it read the day.
@Suite struct PerLineScriptTests {
    @Test func againInAScriptRepeatsTheLastFoodAcrossSavesDeletesAndWater() throws {
        try TestSession.with(Session.Options(batch: true)) { session, folder in
            #expect(session.handle("a banana").succeeded)
            for number in 1...250 {
                #expect(session.handle("again").succeeded)
                if number % 100 == 0 { try session.flush() }
            }
            #expect(session.handle("water 250 ml").succeeded)
            #expect(session.handle("an apple").succeeded)
            #expect(session.handle("again").succeeded)
            try session.flush()
            #expect(session.handle("an orange").succeeded)
            #expect(session.handle("delete 255").succeeded, "the orange")
            guard case .logged(let report) = session.handle("again") else {
                Issue.record("again did not log")
                return
            }
            #expect(report.entries.map(\.food) == ["Apple, raw"], "the apple before the one deleted")
            try session.flush()

            let day = try JournalStore(root: folder).entries(on: "2026-11-22")
            #expect(day.filter { $0.food == "Banana, raw" }.count == 251)
            #expect(day.filter { $0.food == "Apple, raw" }.count == 3)
            #expect(!day.contains { $0.food.hasPrefix("Orange") })
            #expect(day.count == 255)
        }
    }
}
