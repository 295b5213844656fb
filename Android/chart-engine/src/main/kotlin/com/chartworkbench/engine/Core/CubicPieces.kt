package com.chartworkbench.engine

/**
 * One piece of a line recorded as cubic Bézier segments (lines become cubics with control
 * points at thirds), so two curves can be brought to the same segment count and mixed point by
 * point: the morph between the inactive and active curve (mirrors Core/CubicPieces.swift).
 */
class CubicPieces : PathSink {
    data class Segment(val c1x: Double, val c1y: Double, val c2x: Double, val c2y: Double, val x: Double, val y: Double)

    var startX = 0.0; private set
    var startY = 0.0; private set
    val segments = ArrayList<Segment>()
    private var lastX = 0.0
    private var lastY = 0.0

    override fun moveTo(x: Double, y: Double) {
        startX = x; startY = y; lastX = x; lastY = y
        segments.clear()
    }

    override fun lineTo(x: Double, y: Double) {
        curveTo(lastX + (x - lastX) / 3, lastY + (y - lastY) / 3, lastX + 2 * (x - lastX) / 3, lastY + 2 * (y - lastY) / 3, x, y)
    }

    override fun curveTo(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double) {
        segments.add(Segment(x1, y1, x2, y2, x, y))
        lastX = x; lastY = y
    }

    override fun closePath() {}

    /** The same shape in exactly `count` segments, split evenly with de Casteljau. */
    fun resampled(count: Int): CubicPieces {
        val result = CubicPieces()
        result.startX = startX; result.startY = startY
        if (segments.isEmpty()) {
            val dot = Segment(startX, startY, startX, startY, startX, startY)
            for (i in 0 until count) result.segments.add(dot)
            return result
        }
        var fromX = startX
        var fromY = startY
        for (i in segments.indices) {
            val segment = segments[i]
            val parts = (i + 1) * count / segments.size - i * count / segments.size
            var remaining = segment
            var x0 = fromX
            var y0 = fromY
            var part = parts
            while (part > 1) {
                val (head, tail) = split(x0, y0, remaining, 1 / part.toDouble())
                result.segments.add(head)
                x0 = head.x; y0 = head.y
                remaining = tail
                part -= 1
            }
            if (parts >= 1) result.segments.add(remaining)
            fromX = segment.x; fromY = segment.y
        }
        return result
    }

    /**
     * The same shape in `count` segments (count ≥ segments.size) by adding segments of no length
     * at its end point (`atStart`: at its start point): mixed with a longer line, the added part
     * grows out of that end (a live price's new bucket) instead of every segment sliding along.
     */
    fun padded(count: Int, atStart: Boolean = false): CubicPieces {
        val extra = Math.max(0, count - segments.size)
        if (extra <= 0) return this
        val result = CubicPieces()
        result.startX = startX; result.startY = startY
        val x = if (atStart || segments.isEmpty()) startX else segments[segments.size - 1].x
        val y = if (atStart || segments.isEmpty()) startY else segments[segments.size - 1].y
        val dot = Segment(x, y, x, y, x, y)
        if (atStart) for (i in 0 until extra) result.segments.add(dot)
        result.segments.addAll(segments)
        if (!atStart) for (i in 0 until extra) result.segments.add(dot)
        return result
    }

    fun write(sink: PathSink) {
        sink.moveTo(startX, startY)
        if (segments.isEmpty()) { sink.closePath(); return }
        for (s in segments) sink.curveTo(s.c1x, s.c1y, s.c2x, s.c2y, s.x, s.y)
    }

    companion object {
        private fun split(x0: Double, y0: Double, s: Segment, t: Double): Pair<Segment, Segment> {
            fun lerp(a: Double, b: Double) = a + (b - a) * t
            val ax = lerp(x0, s.c1x); val ay = lerp(y0, s.c1y)
            val bx = lerp(s.c1x, s.c2x); val by = lerp(s.c1y, s.c2y)
            val cx = lerp(s.c2x, s.x); val cy = lerp(s.c2y, s.y)
            val dx = lerp(ax, bx); val dy = lerp(ay, by)
            val ex = lerp(bx, cx); val ey = lerp(by, cy)
            val mx = lerp(dx, ex); val my = lerp(dy, ey)
            return Pair(Segment(ax, ay, dx, dy, mx, my), Segment(ex, ey, cx, cy, s.x, s.y))
        }

        /** Point-by-point mix of two recordings with the same segment count: `(1−p)·a + p·b`. */
        fun mix(a: CubicPieces, b: CubicPieces, p: Double): CubicPieces {
            fun m(u: Double, v: Double) = u + (v - u) * p
            val result = CubicPieces()
            result.startX = m(a.startX, b.startX); result.startY = m(a.startY, b.startY)
            for (i in 0 until Math.min(a.segments.size, b.segments.size)) {
                val s = a.segments[i]; val t = b.segments[i]
                result.segments.add(Segment(m(s.c1x, t.c1x), m(s.c1y, t.c1y), m(s.c2x, t.c2x), m(s.c2y, t.c2y), m(s.x, t.x), m(s.y, t.y)))
            }
            return result
        }
    }
}
