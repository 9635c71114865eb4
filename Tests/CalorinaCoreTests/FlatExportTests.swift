import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaExchange
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaSession

/// `export csv` and `export json` to stdout are made a month at a time (issue 25, item 6) and
/// say byte for byte what the whole-list writers say.
@Suite struct FlatExportTests {
    @Test(arguments: ["csv", "json"]) func exportToStdoutIsTheWholeListWritersText(_ format: String) throws {
        try TestSession.with { session, folder in
            for line in [
                "a banana 2026-09-30", "2 eggs and toast 2026-10-01", "burger 650 kcal 2026-10-31", "an apple",
                "water 500 ml", "weight 81.2",
            ] {
                #expect(session.handle(line).succeeded, "\(line)")
            }
            let store = try JournalStore(root: folder)
            let all = try store.storedMonths().flatMap { try store.entries(inMonth: $0) }
            #expect(all.count >= 7)
            guard case .exported(let report) = session.handle("export \(format)") else {
                Issue.record("no export")
                return
            }
            #expect(report.text == (format == "csv" ? Exchange.csv(all) : Exchange.json(all)))
            #expect(report.count == all.count && report.first == "2026-09-30" && report.last == all.last?.date)
            guard case .exported(let none) = session.handle("export \(format) 2020-01-01 2020-01-31") else {
                Issue.record("no empty export")
                return
            }
            #expect(none.text == (format == "csv" ? Exchange.csv([]) : Exchange.json([])) && none.count == 0)
        }
    }
}
