package com.chartworkbench.engine

/** Typed reads of preset parameters with the same checks as the Swift definitions; errors name the key. */
object ParameterReading {
    fun number(p: Map<String, Any?>, key: String, default: Double, min: Double, max: Double): Double {
        if (!p.containsKey(key)) return default
        val v = (p[key] as? Number)?.toDouble() ?: throw IllegalArgumentException("$key: must be a number")
        if (!v.isFinite() || v < min || v > max) throw IllegalArgumentException("$key: must be between ${NumberText.shortest(min)} and ${NumberText.shortest(max)}, got ${NumberText.shortest(v)}")
        return v
    }

    fun integer(p: Map<String, Any?>, key: String, default: Int, min: Int, max: Int, oddOnly: Boolean): Int {
        if (!p.containsKey(key)) return default
        val v = (p[key] as? Number)?.toDouble() ?: throw IllegalArgumentException("$key: must be a whole number")
        if (v != Math.floor(v) || v < min || v > max) throw IllegalArgumentException("$key: must be a whole number between $min and $max")
        if (oddOnly && v.toInt() % 2 == 0) throw IllegalArgumentException("$key: must be odd")
        return v.toInt()
    }

    fun color(p: Map<String, Any?>, key: String, default: String): String {
        if (!p.containsKey(key)) return default
        val v = p[key] as? String ?: throw IllegalArgumentException("$key: must be a colour #RRGGBB")
        if (!Regex("#[0-9A-Fa-f]{6}").matches(v)) throw IllegalArgumentException("$key: must be a colour #RRGGBB")
        return v.toUpperCase()
    }

    fun flag(p: Map<String, Any?>, key: String, default: Boolean): Boolean {
        if (!p.containsKey(key)) return default
        return p[key] as? Boolean ?: throw IllegalArgumentException("$key: must be true or false")
    }

    fun <T> choice(p: Map<String, Any?>, key: String, default: T, of: (String) -> T?): T {
        if (!p.containsKey(key)) return default
        val text = p[key] as? String ?: throw IllegalArgumentException("$key: must be a string")
        return of(text) ?: throw IllegalArgumentException("$key: unknown value \"$text\"")
    }

    fun cubicBezier(p: Map<String, Any?>, key: String, default: List<Double>): List<Double> {
        if (!p.containsKey(key)) return default
        val list = (p[key] as? List<*>)?.map { (it as? Number)?.toDouble() }
        if (list == null || list.size != 4 || list.any { it == null || !it.isFinite() }) throw IllegalArgumentException("$key: must be four numbers x1, y1, x2, y2")
        val v = list.map { it!! }
        if (v[0] < 0 || v[0] > 1 || v[2] < 0 || v[2] > 1) throw IllegalArgumentException("$key: x1 and x2 must be between 0 and 1")
        return v
    }
}
