import ChartEngine

/// The built-in series, generated once per process on first use (about 24 MB), so going back to it
/// after an import is immediate; live prices append to a copy, never to this one.
package enum BuiltInData {
    package static let source = "built-in 10-year minute series"
    private static let generated = SyntheticPrices.tenYears.generate()
    package static func series() -> PriceSeries { generated }
    /// The series with its min/max index, built once too: the data served at start, going back to
    /// the built-in series and the halving-decade scenario all share it (copies are copy-on-write).
    package static let indexed = IndexedSeries(generated)
}
