package com.chartworkbench.engine

/**
 * SVG path data in d3-path's compact form (`M1,2L3,4C…Z`); with `digits`, numbers are rounded
 * to that many fractional digits, else written in shortest round-trip form (mirrors Core/PathWriter.swift).
 */
class PathWriter(digits: Int? = 3) : PathSink {
    val digits: Int? = digits?.let { Math.min(Math.max(it, 0), 12) }
    private val out = StringBuilder()

    val text: String get() = out.toString()
    val isEmpty: Boolean get() = out.isEmpty()

    override fun moveTo(x: Double, y: Double) = command('M', x, y)
    override fun lineTo(x: Double, y: Double) = command('L', x, y)
    override fun curveTo(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double) = command('C', x1, y1, x2, y2, x, y)
    override fun closePath() { out.append('Z') }

    fun append(other: PathWriter) { out.append(other.out) }

    private fun command(letter: Char, vararg values: Double) {
        out.append(letter)
        for (i in values.indices) {
            if (i > 0) out.append(',')
            out.append(NumberText.format(values[i], digits))
        }
    }
}
