package com.chartworkbench.engine

/**
 * Natural cubic spline (d3 `curveNatural`): C² through every point, second derivative zero at
 * both ends; buffers the piece until `lineEnd` (mirrors Curves/NaturalCurve.swift).
 */
class NaturalCurve : CurveGenerator {
    private val xs = ArrayList<Double>()
    private val ys = ArrayList<Double>()

    override fun lineStart() { xs.clear(); ys.clear() }

    override fun point(x: Double, y: Double, sink: PathSink) { xs.add(x); ys.add(y) }

    override fun lineEnd(sink: PathSink) {
        val n = xs.size
        if (n == 0) return
        sink.moveTo(xs[0], ys[0])
        if (n == 1) { sink.closePath(); return }
        if (n == 2) { sink.lineTo(xs[1], ys[1]); return }
        val (px1, px2) = controlPoints(xs)
        val (py1, py2) = controlPoints(ys)
        for (i in 0 until n - 1) sink.curveTo(px1[i], py1[i], px2[i], py2[i], xs[i + 1], ys[i + 1])
    }

    companion object {
        /** Bézier control points along one axis from the tridiagonal system (Thomas algorithm). */
        fun controlPoints(v: List<Double>): Pair<DoubleArray, DoubleArray> {
            val n = v.size - 1
            val a = DoubleArray(n)
            val b = DoubleArray(n)
            val r = DoubleArray(n)
            a[0] = 0.0; b[0] = 2.0; r[0] = v[0] + 2 * v[1]
            if (n > 1) {
                for (i in 1 until n - 1) { a[i] = 1.0; b[i] = 4.0; r[i] = 4 * v[i] + 2 * v[i + 1] }
                a[n - 1] = 2.0; b[n - 1] = 7.0; r[n - 1] = 8 * v[n - 1] + v[n]
                for (i in 1 until n) {
                    val m = a[i] / b[i - 1]
                    b[i] -= m
                    r[i] -= m * r[i - 1]
                }
            }
            a[n - 1] = r[n - 1] / b[n - 1]
            var i = n - 2
            while (i >= 0) { a[i] = (r[i] - a[i + 1]) / b[i]; i -= 1 }
            b[n - 1] = (v[n] + a[n - 1]) / 2
            for (j in 0 until n - 1) b[j] = 2 * v[j + 1] - a[j + 1]
            return Pair(a, b)
        }
    }
}
