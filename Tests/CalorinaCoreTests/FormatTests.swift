import Testing

@testable import CalorinaSupport

/// Numbers and dates as the views write them, digit by digit (issue 15 made them fast; these
/// keep them right).
@Suite(.tags(.fast)) struct FormatTests {
    @Test(arguments: [
        (0.0, "0"), (0.4, "0"), (-0.4, "0"), (7, "7"), (999, "999"), (999.5, "1,000"), (1000, "1,000"),
        (-5, "−5"), (-1234.6, "−1,235"), (1_234_567, "1,234,567"), (-100_000, "−100,000"),
        (.infinity, "?"), (.nan, "?"),
    ])
    func integersAreRoundedAndGroupedByThousands(_ value: Double, _ text: String) {
        #expect(Format.integer(value) == text)
    }

    @Test func datesAreWrittenWithTheirZeros() throws {
        let date = try #require(CivilDate(year: 2026, month: 3, day: 7))
        #expect(date.description == "2026-03-07" && date.monthKey == "2026-03")
        #expect(date.weekdayAbbreviation == "Sat" && date.shortDisplay == "Sat 7 Mar")
        let early = try #require(CivilDate(year: 905, month: 12, day: 31))
        #expect(early.description == "0905-12-31")
    }
}
