package com.chartworkbench.engine

/**
 * The line and fill paths of a chart at a given progress. Between the ends (when the curves
 * differ) both curves are drawn through the mixed values, recorded as cubic segments, brought
 * to the same segment count and mixed with weight p: no jump at either end. The fill is the
 * line's pieces closed along the bottom edge, except that pieces closer than `SEAM_WIDTH`
 * pixels are filled as one area, so no anti-aliased hairline shows between them
 * (mirrors Chart/LineGeometry.swift).
 */
class LineGeometry(model: ChartModel, style: ChartStyle, progress: Double, digits: Int? = 2, morphAlways: Boolean = false) {
    val line: String
    val fill: String

    init {
        val p = ChartState.bounded(progress)
        val lineWriter = PathWriter(digits)
        val fillWriter = PathWriter(digits)
        val runs = model.pixelRuns(p)
        val pieces = runs.map { (xs, ys) -> PathWriter(digits).also { drawPiece(xs, ys, style, p, morphAlways, it) } }
        for (piece in pieces) lineWriter.append(piece)
        for (group in fillGroups(runs)) {
            val (xs, ys) = merged(runs, group)
            if (xs.size <= 1) continue
            if (group.count() == 1) {
                fillWriter.append(pieces[group.first])
            } else {
                val piece = PathWriter(digits)
                drawPiece(xs, ys, style, p, morphAlways, piece)
                fillWriter.append(piece)
            }
            close(xs, model.height, fillWriter)
        }
        line = lineWriter.text
        fill = fillWriter.text
    }

    companion object {
        /** Gaps narrower than this (pixels) are not opened in the fill. */
        const val SEAM_WIDTH = 2.0

        /**
         * The same line drawn into any sink (a `ScenePath`, a Compose `Path` wrapped as a PathSink);
         * `fill` draws the fill's areas instead; `morphAlways` keeps the cubic form at the ends.
         */
        fun draw(model: ChartModel, style: ChartStyle, progress: Double, sink: PathSink, fill: Boolean = false, morphAlways: Boolean = false) {
            val p = ChartState.bounded(progress)
            val runs = model.pixelRuns(p)
            if (!fill) {
                for ((xs, ys) in runs) drawPiece(xs, ys, style, p, morphAlways, sink)
                return
            }
            for (group in fillGroups(runs)) {
                val (xs, ys) = merged(runs, group)
                if (xs.size <= 1) continue
                drawPiece(xs, ys, style, p, morphAlways, sink)
                close(xs, model.height, sink)
            }
        }

        /** Consecutive runs whose gaps are all narrower than `SEAM_WIDTH`. */
        fun fillGroups(runs: List<Pair<DoubleArray, DoubleArray>>): List<IntRange> {
            val groups = ArrayList<IntRange>()
            var start = 0
            while (start < runs.size) {
                var end = start + 1
                while (end < runs.size && runs[end].first[0] - runs[end - 1].first[runs[end - 1].first.size - 1] < SEAM_WIDTH) end += 1
                groups.add(start until end)
                start = end
            }
            return groups
        }

        private fun merged(runs: List<Pair<DoubleArray, DoubleArray>>, group: IntRange): Pair<DoubleArray, DoubleArray> {
            if (group.count() == 1) return runs[group.first]
            val xs = ArrayList<Double>()
            val ys = ArrayList<Double>()
            for (i in group) { xs.addAll(runs[i].first.toList()); ys.addAll(runs[i].second.toList()) }
            return Pair(xs.toDoubleArray(), ys.toDoubleArray())
        }

        private fun close(xs: DoubleArray, bottom: Double, sink: PathSink) {
            sink.lineTo(xs[xs.size - 1], bottom)
            sink.lineTo(xs[0], bottom)
            sink.closePath()
        }

        private fun drawPiece(xs: DoubleArray, ys: DoubleArray, style: ChartStyle, p: Double, morphAlways: Boolean, sink: PathSink) {
            val inactive = style.inactive
            val active = style.active
            if (morphAlways || (p > 0 && p < 1 && inactive != active)) {
                val a = CubicPieces()
                val b = CubicPieces()
                inactive.draw(xs, ys, a)
                active.draw(xs, ys, b)
                val count = Math.max(a.segments.size, b.segments.size)
                CubicPieces.mix(a.resampled(count), b.resampled(count), p).write(sink)
            } else {
                (if (p < 1) inactive else active).draw(xs, ys, sink)
            }
        }
    }
}
