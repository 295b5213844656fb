package com.chartworkbench.engine

/** An axis-aligned rectangle in view coordinates (clips, label boxes) (mirrors Scene/SceneRect.swift). */
data class SceneRect(val x: Double, val y: Double, val width: Double, val height: Double)
