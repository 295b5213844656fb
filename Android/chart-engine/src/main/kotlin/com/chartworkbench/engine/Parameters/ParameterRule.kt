package com.chartworkbench.engine

/** A value of a choice parameter's enum (generated into `ChartStyle.kt`): its key in preset files. */
interface ChoiceKey {
    val key: String
}

/** The value whose key is `key`, if any. */
fun <T : ChoiceKey> Array<T>.keyed(key: String): T? = firstOrNull { it.key == key }

/**
 * One parameter's rule as the Swift definitions state it (Sources/ChartEngine/Parameters): its
 * kind, limits, step, odd-only, choices. The instances are generated into `ChartStyle.kt`
 * (`ParameterRules`); reading a value here checks it as `ParameterDefinition.validate` does,
 * with the same messages, so a preset that one engine rejects the other rejects too.
 */
class ParameterRule private constructor(
    val key: String,
    /** "number", "integer", "color", "choice", "boolean" or "cubicBezier", as in the schema. */
    val type: String,
    val min: Double = 0.0,
    val max: Double = 0.0,
    val step: Double = 0.0,
    val unit: String? = null,
    val odd: Boolean = false,
    val options: List<String> = emptyList(),
    /** For a cubic Bézier: the bounds of x1, x2 and of y1, y2. */
    val bezierX: Pair<Double, Double> = Pair(0.0, 0.0),
    val bezierY: Pair<Double, Double> = Pair(0.0, 0.0)
) {
    private fun fail(message: String): Nothing = throw IllegalArgumentException("$key: $message")

    private fun text(v: Double) = NumberText.shortest(v)

    fun number(p: Map<String, Any?>, default: Double): Double {
        if (!p.containsKey(key)) return default
        val v = (p[key] as? Number)?.toDouble() ?: fail("must be a number")
        if (!v.isFinite()) fail("must be a finite number")
        if (v < min || v > max) fail("must be between ${text(min)} and ${text(max)}${unit?.let { " $it" } ?: ""}, got ${text(v)}")
        return v
    }

    fun integer(p: Map<String, Any?>, default: Int): Int {
        if (!p.containsKey(key)) return default
        val v = (p[key] as? Number)?.toDouble() ?: fail(if (odd) "must be an odd whole number" else "must be a whole number")
        if (!v.isFinite() || Math.rint(v) != v) fail("must be a whole number")
        if (v < min || v > max) fail("must be between ${min.toLong()} and ${max.toLong()}, got ${text(v)}")
        if (odd && v.toLong() % 2 == 0L) fail("must be odd, got ${v.toLong()}")
        return v.toInt()
    }

    fun color(p: Map<String, Any?>, default: String): String {
        if (!p.containsKey(key)) return default
        val v = p[key] as? String ?: fail("must be a colour #RRGGBB")
        if (!Regex("#[0-9A-Fa-f]{6}").matches(v)) fail("must be a colour #RRGGBB")
        return v.toUpperCase()
    }

    fun flag(p: Map<String, Any?>, default: Boolean): Boolean {
        if (!p.containsKey(key)) return default
        return p[key] as? Boolean ?: fail("must be true or false")
    }

    /** A choice of the enum `default` is a value of. */
    inline fun <reified T> choice(p: Map<String, Any?>, default: T): T where T : Enum<T>, T : ChoiceKey =
        choice(p, default, enumValues<T>())

    fun <T : ChoiceKey> choice(p: Map<String, Any?>, default: T, values: Array<T>): T {
        if (!p.containsKey(key)) return default
        val text = p[key] as? String
        return text?.let { values.keyed(it) } ?: fail("must be one of ${options.joinToString(", ")}")
    }

    fun cubicBezier(p: Map<String, Any?>, default: List<Double>): List<Double> {
        if (!p.containsKey(key)) return default
        val list = (p[key] as? List<*>)?.map { (it as? Number)?.toDouble() }
        if (list == null || list.size != 4 || list.any { it == null || !it.isFinite() }) fail("must be four numbers x1, y1, x2, y2")
        val v = list.map { it!! }
        val (xLo, xHi) = bezierX
        val (yLo, yHi) = bezierY
        if (v[0] < xLo || v[0] > xHi || v[2] < xLo || v[2] > xHi) fail("x1 and x2 must be between ${text(xLo)} and ${text(xHi)}")
        if (v[1] < yLo || v[1] > yHi || v[3] < yLo || v[3] > yHi) fail("y1 and y2 must be between ${text(yLo)} and ${text(yHi)}")
        return v
    }

    companion object {
        fun number(key: String, min: Double, max: Double, step: Double, unit: String?) =
            ParameterRule(key, "number", min = min, max = max, step = step, unit = unit)
        fun integer(key: String, min: Int, max: Int, step: Int, odd: Boolean) =
            ParameterRule(key, "integer", min = min.toDouble(), max = max.toDouble(), step = step.toDouble(), odd = odd)
        fun color(key: String) = ParameterRule(key, "color")
        fun choice(key: String, options: List<String>) = ParameterRule(key, "choice", options = options)
        fun toggle(key: String) = ParameterRule(key, "boolean")
        fun cubicBezier(key: String, xMin: Double, xMax: Double, yMin: Double, yMax: Double) =
            ParameterRule(key, "cubicBezier", bezierX = Pair(xMin, xMax), bezierY = Pair(yMin, yMax))
    }
}
