import ChartEngine

/// The built-in series, made once per process on first use (about 24 MB), so going back to it
/// after an import is immediate; live prices append to a copy, never to this one. Read from this
/// build's cache file when there is one (`BuiltInCache`), else generated and cached.
package enum BuiltInData {
    package static let source = "built-in 10-year minute series"
    private static let generated = BuiltInCache.series(SyntheticPrices.tenYears)
    package static func series() -> PriceSeries { generated }
    /// The series with its min/max index, built once too: the data served at start, going back to
    /// the built-in series and the halving-decade scenario all share it (copies are copy-on-write).
    package static let indexed = IndexedSeries(generated)
}
