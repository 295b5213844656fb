package com.chartworkbench.engine

/** Receives path commands the way d3-path's context does (mirrors Core/PathSink.swift). */
interface PathSink {
    fun moveTo(x: Double, y: Double)
    fun lineTo(x: Double, y: Double)
    fun curveTo(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double)
    fun closePath()
}
