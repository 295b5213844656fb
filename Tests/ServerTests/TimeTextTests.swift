import Testing
@testable import PriceData

@Suite struct TimeTextTests {
    @Test func readsEpochNumbersByTheirSize() {
        #expect(TimeText.seconds("1615680000") == 1_615_680_000)
        #expect(TimeText.seconds("1615680000123") == 1_615_680_000)
        #expect(TimeText.seconds("1615680000123456") == 1_615_680_000)
        #expect(TimeText.seconds("1615680000123456789") == 1_615_680_000)
        #expect(TimeText.seconds("1615680000.6") == 1_615_680_001)
        #expect(TimeText.seconds(" -86400 ") == -86_400)
    }

    @Test func numbersTooLargeForInt64AreNotTimes() {
        // 19 digits above Int64.max used to trap in `whole * 10 + d`.
        #expect(TimeText.seconds("9999999999999999999") == nil)
        #expect(TimeText.seconds("-9999999999999999999") == nil)
        #expect(TimeText.seconds("9223372036854775808") == nil)
        #expect(TimeText.seconds("99999999999999999999999999") == nil)
        // Past 9.2e18 (nanoseconds to 2261) a number is no time; up to it, nanoseconds.
        #expect(TimeText.seconds("9223372036854775807") == nil)
        #expect(TimeText.seconds("9200000000000000001") == nil)
        #expect(TimeText.seconds("9200000000000000000") == 9_200_000_000)
        #expect(TimeText.seconds("-9200000000000000000") == -9_200_000_000)
    }

    @Test func readsCalendarDatesAndZones() {
        #expect(TimeText.seconds("2021-03-14") == 1_615_680_000)
        #expect(TimeText.seconds("20210314") == 1_615_680_000)
        #expect(TimeText.seconds("2021/03/14") == 1_615_680_000)
        #expect(TimeText.seconds("03/14/2021") == 1_615_680_000)
        #expect(TimeText.seconds("2021-03-14T12:30:00Z") == 1_615_725_000)
        #expect(TimeText.seconds("2021-03-14 12:30:00.123 UTC") == 1_615_725_000)
        #expect(TimeText.seconds("2021-03-14T13:30:00+01:00") == 1_615_725_000)
    }

    @Test func refusesWhatIsNotATime() {
        for text in ["", "  ", "abc", "2021-13-01", "2021-02-32", "2021-03-14T25:00", "12:30", "1.2.3", "2021-03-14T12:30:00+1"] {
            #expect(TimeText.seconds(text) == nil, "\(text)")
        }
    }
}
