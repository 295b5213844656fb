package com.chartworkbench.engine

/** A named curve with its tuning; draws a series into any sink (mirrors Curves/Curve.swift). */
data class Curve(val name: CurveName, val catmullRomAlpha: Double = 0.5, val cardinalTension: Double = 0.0) {
    fun generator(): CurveGenerator = when (name) {
        CurveName.LINEAR -> LinearCurve()
        CurveName.STEP_START -> StepCurve(0.0)
        CurveName.STEP_CENTER -> StepCurve(0.5)
        CurveName.STEP_END -> StepCurve(1.0)
        CurveName.MONOTONE -> MonotoneCurve()
        // Alpha 0 is exactly the cardinal spline with tension 0, which d3 draws for it.
        CurveName.CATMULL_ROM -> if (catmullRomAlpha == 0.0) CardinalCurve(0.0) else CatmullRomCurve(catmullRomAlpha)
        CurveName.CARDINAL -> CardinalCurve(cardinalTension)
        CurveName.NATURAL -> NaturalCurve()
        CurveName.BASIS -> BasisCurve()
        CurveName.BUMP_X -> BumpXCurve()
    }

    fun draw(xs: DoubleArray, ys: DoubleArray, sink: PathSink) = drawLine(xs, ys, generator(), sink)

    fun pathText(xs: DoubleArray, ys: DoubleArray, digits: Int? = 3): String {
        val writer = PathWriter(digits)
        draw(xs, ys, writer)
        return writer.text
    }
}
