package com.chartworkbench.engine

import java.io.File
import kotlin.system.exitProcess

/**
 * The conformance entry point: the same commands as the Swift `workbench` CLI on stdin/stdout
 * (`path`, `smooth`, `ease`, `frame`, `motion`, `select`, `line-width`), so both engines can be run on the
 * same inputs and compared; `rules` prints the parameter rules in the shape of the workbench's
 * `/api/schema`, `parameters` checks preset parameters as a preset file's are read, `check` prints the
 * readability report of `--preset FILE` as `workbench check --format json` does. Bad input:
 * one line on stderr naming the line or option, exit status 1.
 *
 * It lives in the test source set (`src/test/kotlin`), so an app that depends on chart-engine does
 * not ship it; compile it together with the engine:
 *
 *     kotlinc src/main/kotlin src/test/kotlin -include-runtime -d chart-engine-conformance.jar
 *     java -cp chart-engine-conformance.jar com.chartworkbench.engine.ConformanceKt path --curve natural < points.csv
 */
fun main(args: Array<String>) {
    try {
        val command = args.firstOrNull() ?: throw UsageError("expected a command: path, smooth, ease, frame, motion, select, line-width, rules, parameters, vectors, check")
        val options = Options(args.drop(1))
        val output = when (command) {
            "path" -> Commands.path(options, stdinLines())
            "smooth" -> Commands.smooth(options, stdinLines())
            "ease" -> Commands.ease(options, stdinLines())
            "frame" -> Commands.frame(options, stdinLines())
            "motion" -> Commands.motion(options, stdinLines())
            "select" -> Commands.select(options, stdinLines())
            "line-width" -> Commands.lineWidth(options, stdinLines())
            "rules" -> Commands.rules()
            "parameters" -> Commands.parameters(stdinLines())
            "vectors" -> Commands.vectors(options)
            "check" -> Commands.check(options)
            else -> throw UsageError("unknown command \"$command\"")
        }
        print(output)
        System.out.flush()
    } catch (e: UsageError) {
        System.err.println("error: ${e.message}")
        exitProcess(1)
    } catch (e: IllegalArgumentException) {
        System.err.println("error: ${e.message}")
        exitProcess(1)
    }
}

class UsageError(message: String) : Exception(message)

/** `--name value` pairs. */
class Options(arguments: List<String>) {
    private val values = HashMap<String, String>()

    init {
        var k = 0
        while (k < arguments.size) {
            val a = arguments[k]
            val equals = a.indexOf('=')
            if (a.startsWith("--") && equals > 2) {  // --progress=-0.05: a negative value cannot follow as its own word
                values[a.substring(2, equals)] = a.substring(equals + 1)
                k += 1
                continue
            }
            if (a in FLAGS) { values[a.substring(2)] = "true"; k += 1; continue }
            if (!a.startsWith("--") || k + 1 >= arguments.size) throw UsageError("expected --option value, got \"$a\"")
            values[a.substring(2)] = arguments[k + 1]
            k += 2
        }
    }

    fun text(name: String): String? = values[name]
    fun required(name: String): String = values[name] ?: throw UsageError("--$name is required")
    fun number(name: String): Double? = values[name]?.let { it.toDoubleOrNull()?.takeIf { v -> v.isFinite() } ?: throw UsageError("--$name: cannot read \"$it\"") }
    fun integer(name: String): Int? = values[name]?.let { it.toIntOrNull() ?: throw UsageError("--$name: cannot read \"$it\"") }
    /** A flag given without a value (`--reduced-motion`). */
    fun flag(name: String): Boolean = values[name] == "true"

    companion object {
        val FLAGS = setOf("--reduced-motion")
    }
}

private fun stdinLines(): List<String> {
    val text = generateSequence(::readLine).toList()
    return text.map { it.removeSuffix("\r") }
}

object Commands {
    private fun number(text: String, line: Int, what: String): Double {
        val trimmed = text.trim()
        val v = trimmed.toDoubleOrNull()
        if (v == null || !v.isFinite() || trimmed.endsWith("f") || trimmed.endsWith("d") || trimmed.endsWith("F") || trimmed.endsWith("D")) {
            throw IllegalArgumentException("line $line: cannot read $what \"$trimmed\"")
        }
        return v
    }

    /** `x,y` lines; `x,` (no y) is a gap. */
    fun pairs(lines: List<String>): Pair<DoubleArray, DoubleArray> {
        val xs = DoubleArray(lines.size)
        val ys = DoubleArray(lines.size)
        for ((i, line) in lines.withIndex()) {
            val comma = line.indexOf(',')
            if (comma < 0) throw IllegalArgumentException("line ${i + 1}: expected x,y, got \"${line.take(40)}\"")
            xs[i] = number(line.substring(0, comma), i + 1, "x")
            val y = line.substring(comma + 1)
            ys[i] = if (y.isBlank()) Double.NaN else number(y, i + 1, "y")
        }
        return Pair(xs, ys)
    }

    fun path(options: Options, lines: List<String>): String {
        val curveName = options.required("curve")
        val name = CurveName.values().keyed(curveName) ?: throw UsageError("--curve must be one of ${CurveName.values().joinToString(", ") { it.key }}, got \"$curveName\"")
        val alpha = options.number("alpha") ?: 0.5
        val tension = options.number("tension") ?: 0.0
        if (alpha < 0 || alpha > 1) throw UsageError("--alpha must be between 0 and 1")
        if (tension < 0 || tension > 1) throw UsageError("--tension must be between 0 and 1")
        val digits = options.integer("digits")
        if (digits != null && (digits < 0 || digits > 12)) throw UsageError("--digits must be between 0 and 12")
        val (xs, ys) = pairs(lines)
        return Curve(name, alpha, tension).pathText(xs, ys, digits) + "\n"
    }

    fun smooth(options: Options, lines: List<String>): String {
        val method = when (val name = options.required("method")) {
            "movingAverage" -> Smoothing.MovingAverage(options.integer("window") ?: throw UsageError("--window is required for movingAverage"))
            "exponential" -> Smoothing.Exponential(options.number("alpha") ?: throw UsageError("--alpha is required for exponential"))
            "gaussian" -> Smoothing.Gaussian(options.number("sigma") ?: throw UsageError("--sigma is required for gaussian"))
            else -> throw UsageError("--method must be movingAverage, exponential or gaussian, got \"$name\"")
        }
        val values = DoubleArray(lines.size) { i -> if (lines[i].isBlank()) Double.NaN else number(lines[i], i + 1, "a number") }
        val out = StringBuilder()
        for (v in method.apply(values)) out.append(if (v.isFinite()) NumberText.shortest(v) else "").append('\n')
        return out.toString()
    }

    fun ease(options: Options, lines: List<String>): String {
        val easing = preset(options).easingFunction
        val out = StringBuilder()
        for ((i, line) in lines.withIndex()) {
            if (line.isBlank()) continue
            out.append(NumberText.shortest(easing(number(line, i + 1, "a fraction")))).append('\n')
        }
        return out.toString()
    }

    fun frame(options: Options, lines: List<String>): String {
        val (style, width, height, progress) = framing(options)
        val selection = options.number("selection")
        if (selection != null && !(selection >= 0.0 && selection <= 1.0)) throw UsageError("--selection must be between 0 and 1")
        val format = options.text("format") ?: "paths"
        if (format != "paths" && format != "scene") throw UsageError("--format must be paths or scene, got \"$format\"")
        val (times, prices) = series(lines)
        val model = ChartModel.fromSeries(times, prices, style, width, height)
        val state = ChartState(progress, selection)
        if (format == "scene") return SceneJson.text(ChartSceneBuilder(style, reducedMotion = options.flag("reduced-motion")).build(model, state)) + "\n"
        val geometry = LineGeometry(model, style, progress, null)
        var text = geometry.line + "\n" + (if (style.fillEnabled) geometry.fill else "") + "\n"
        if (selection != null) {
            // As `workbench frame --selection`: the selected point and the x of the split at the finger.
            val scene = ChartSceneBuilder(style).build(model, state)
            val point = scene.selection?.let { listOf(it.index.toDouble(), it.time, it.price, it.x, it.y).joinToString(",") { v -> NumberText.shortest(v) } }
            val clip = (scene.scene.primitive("line") as? SceneStroke)?.clip
            val split = clip?.width ?: Math.min(Math.max(ValueFormat.rounded(selection * width), 0.0), width)
            text += (point ?: "") + "\n" + NumberText.shortest(split) + "\n"
        }
        return text
    }

    /** What `frame` and `select` draw at: the preset, the view's size (the CLI's defaults) and the progress. */
    private data class Framing(val style: ChartStyle, val width: Double, val height: Double, val progress: Double)

    private fun framing(options: Options) =
        Framing(preset(options), options.number("width") ?: 390.0, options.number("height") ?: 240.0, progress(options))

    private fun progress(options: Options): Double {
        val progress = options.number("progress") ?: throw UsageError("--progress is required")
        if (progress < ChartState.PROGRESS_MIN || progress > ChartState.PROGRESS_MAX) throw UsageError("--progress must be between -1 and 2")
        return progress
    }

    /** `press T`, `release T` or `follow T` lines: the transition's state after each, as `workbench motion` prints it. */
    fun motion(options: Options, lines: List<String>): String {
        val style = preset(options).motionStyle(options.flag("reduced-motion"))
        var motion = TransitionMotion.resting(0.0)
        val out = StringBuilder()
        for ((i, line) in lines.withIndex()) {
            val words = line.split(' ').filter { it.isNotEmpty() }
            if (words.isEmpty()) continue
            val time = if (words.size == 2) number(words[1], i + 1, "a time") else Double.NaN
            if (!(Math.abs(time) < 1e9)) throw IllegalArgumentException("line ${i + 1}: expected press, release or follow and a time in seconds, got \"${line.take(40)}\"")
            motion = when (words[0]) {
                "press" -> motion.retargeted(1.0, time, style)
                "release" -> motion.retargeted(0.0, time, style)
                "follow" -> motion
                else -> throw IllegalArgumentException("line ${i + 1}: expected press, release or follow, got \"${words[0].take(40)}\"")
            }
            val state = motion.state(time)
            out.append(NumberText.shortest(state.progress)).append(',').append(NumberText.shortest(state.velocity)).append(',')
                .append(state.finished).append(',').append(NumberText.shortest(motion.target)).append('\n')
        }
        return out.toString()
    }

    /** The selected point (index, time, price, x, y, the label's texts) for each of `--selections`, as `workbench select` prints it. */
    fun select(options: Options, lines: List<String>): String {
        val (style, width, height, progress) = framing(options)
        val fractions = options.required("selections").split(',').map { it.trim().toDoubleOrNull() }
        if (fractions.any { it == null || !(it >= 0.0 && it <= 1.0) }) throw UsageError("--selections must be numbers between 0 and 1 separated by commas")
        val periodKey = options.text("period") ?: "ALL"
        val period = Period.of(periodKey) ?: throw UsageError("--period must be one of ${Period.values().joinToString(", ") { it.key }}, got \"$periodKey\"")
        val (times, prices) = series(lines)
        val model = ChartModel.fromSeries(times, prices, style, width, height, period)
        val out = StringBuilder()
        for (fraction in fractions) {
            val s = Selection.of(model, fraction!!, progress)
            val point = if (s == null) null else linkedMapOf(
                "index" to s.index, "time" to s.time, "price" to s.price, "x" to s.x, "y" to s.y,
                "priceText" to ValueFormat.price(s.price), "timeText" to ValueFormat.timeLabel(s.time, model.period, 0, model.showsTimeOfDay))
            out.append(Json.write(point)).append('\n')
        }
        return out.toString()
    }

    /** The line width at each progress on stdin, as `workbench line-width` prints it. */
    fun lineWidth(options: Options, lines: List<String>): String {
        val style = preset(options)
        val out = StringBuilder()
        for ((i, line) in lines.withIndex()) {
            val p = number(line, i + 1, "a progress")
            if (p < ChartState.PROGRESS_MIN || p > ChartState.PROGRESS_MAX) throw IllegalArgumentException("line ${i + 1}: expected a progress between -1 and 2")
            out.append(NumberText.shortest(style.lineWidth(p))).append('\n')
        }
        return out.toString()
    }

    /** Every parameter's rule and default, in the shape of `/api/schema`'s `parameters`. */
    fun rules(): String {
        val defaults = ChartStyle().values.toMap()
        val list = ParameterRules.all.map { rule ->
            val entry = LinkedHashMap<String, Any?>()
            entry["key"] = rule.key
            entry["type"] = rule.type
            when (rule.type) {
                "number" -> { entry["min"] = rule.min; entry["max"] = rule.max; entry["step"] = rule.step; entry["unit"] = rule.unit }
                "integer" -> { entry["min"] = rule.min; entry["max"] = rule.max; entry["step"] = rule.step; entry["odd"] = rule.odd }
                "choice" -> entry["options"] = rule.options
                "cubicBezier" -> {
                    entry["x"] = linkedMapOf("min" to rule.bezierX.first, "max" to rule.bezierX.second)
                    entry["y"] = linkedMapOf("min" to rule.bezierY.first, "max" to rule.bezierY.second)
                }
            }
            entry["default"] = defaults[rule.key]
            entry
        }
        return Json.write(list) + "\n"
    }

    /** One JSON object of preset parameters a line: the style it gives (every key), or the error naming the key. */
    fun parameters(lines: List<String>): String {
        val out = StringBuilder()
        for ((i, line) in lines.withIndex()) {
            if (line.isBlank()) continue
            @Suppress("UNCHECKED_CAST")
            val p = Json.parse(line) as? Map<String, Any?> ?: throw IllegalArgumentException("line ${i + 1}: expected a JSON object")
            val verdict = try {
                "ok " + Json.write(ChartStyle.fromParameters(p).values.toMap())
            } catch (e: IllegalArgumentException) {
                "error " + e.message
            }
            out.append(verdict).append('\n')
        }
        return out.toString()
    }

    /** `time,price` lines: whole unix seconds, increasing; an empty price is a gap. */
    private fun series(lines: List<String>): Pair<LongArray, DoubleArray> {
        if (lines.isEmpty()) throw IllegalArgumentException("no time,price lines on stdin")
        val times = LongArray(lines.size)
        val prices = DoubleArray(lines.size)
        for ((i, line) in lines.withIndex()) {
            val comma = line.indexOf(',')
            if (comma < 0) throw IllegalArgumentException("line ${i + 1}: expected time,price, got \"${line.take(40)}\"")
            val t = number(line.substring(0, comma), i + 1, "time")
            if (t != Math.floor(t) || Math.abs(t) >= 1e15) throw IllegalArgumentException("line ${i + 1}: time must be whole unix seconds, got ${NumberText.shortest(t)}")
            times[i] = t.toLong()
            if (i > 0 && times[i] <= times[i - 1]) throw IllegalArgumentException("line ${i + 1}: times must increase, got ${times[i]} after ${times[i - 1]}")
            val p = line.substring(comma + 1)
            prices[i] = if (p.isBlank()) Double.NaN else number(p, i + 1, "price")
        }
        return Pair(times, prices)
    }

    /** Recomputes every case and motion of a vectors.json and reports the largest difference; exit 1 when one exceeds 1e-9 of the scale. */
    fun vectors(options: Options): String {
        val file = options.required("file")
        @Suppress("UNCHECKED_CAST")
        val doc = Json.parse(File(file).readText()) as? Map<String, Any?> ?: throw IllegalArgumentException("$file: not a JSON object")
        @Suppress("UNCHECKED_CAST")
        val style = ChartStyle.fromParameters((doc["preset"] as? Map<String, Any?>)?.get("parameters") as? Map<String, Any?> ?: emptyMap())
        val report = StringBuilder()
        var failures = 0
        for (case in doc["cases"] as? List<*> ?: emptyList<Any?>()) {
            val c = case as Map<*, *>
            val points = c["points"] as List<*>
            val times = LongArray(points.size) { ((points[it] as List<*>)[0] as Number).toLong() }
            val prices = DoubleArray(points.size) { ((points[it] as List<*>)[1] as? Number)?.toDouble() ?: Double.NaN }
            val width = (c["width"] as Number).toDouble()
            val height = (c["height"] as Number).toDouble()
            val progress = (c["progress"] as Number).toDouble()
            val frame = Frame.draw(style, times, prices, width, height, progress)
            val scale = Math.max(width, height)
            var ok = PathCompare.close(frame.line, c["line"] as String, scale) && PathCompare.close(frame.fill, c["fill"] as String, scale)
            if (c.containsKey("scene")) {
                // v2: the whole scene at the case's selection, within 1e-9 of the view size.
                val model = ChartModel.fromSeries(times, prices, style, width, height)
                val scene = ChartSceneBuilder(style, reducedMotion = c["reducedMotion"] == true).build(model, ChartState(progress, (c["selection"] as? Number)?.toDouble()))
                ok = ok && SceneCompare.close(Json.parse(SceneJson.text(scene)), c["scene"], scale)
            }
            if (!ok) failures++
            report.append(if (ok) "ok   " else "FAIL ").append(c["name"]).append('\n')
        }
        val easing = doc["easing"] as? Map<*, *>
        if (easing != null) {
            val f = style.easingFunction
            val ts = easing["t"] as List<*>
            val ps = easing["progress"] as List<*>
            var worst = 0.0
            for (k in ts.indices) worst = Math.max(worst, Math.abs(f((ts[k] as Number).toDouble()) - (ps[k] as Number).toDouble()))
            val ok = worst <= 1e-9
            if (!ok) failures++
            report.append(if (ok) "ok   " else "FAIL ").append("easing (largest difference ${NumberText.shortest(worst)})\n")
        }
        @Suppress("UNCHECKED_CAST")
        for ((ok, line) in MotionVectors.check(doc, (doc["preset"] as? Map<String, Any?>)?.get("parameters") as? Map<String, Any?> ?: emptyMap())) {
            if (!ok) failures++
            report.append(if (ok) "ok   " else "FAIL ").append(line).append('\n')
        }
        if (failures > 0) {
            print(report)
            throw IllegalArgumentException("$failures of the vectors differ")
        }
        return report.toString()
    }

    @Suppress("UNCHECKED_CAST")
    /** As `workbench check --format json`: the readability report of `--preset FILE` (the defaults without one). */
    fun check(options: Options): String = Json.write(ReadabilityReport.of(preset(options)).toJson()) + "\n"

    private fun preset(options: Options): ChartStyle {
        val file = options.text("preset") ?: return ChartStyle()
        val text = try { File(file).readText() } catch (e: java.io.IOException) { throw UsageError("--preset: cannot read $file") }
        val doc = Json.parse(text) as? Map<String, Any?> ?: throw UsageError("--preset $file: not a preset object")
        val parameters = doc["parameters"] as? Map<String, Any?> ?: emptyMap()
        return ChartStyle.fromParameters(parameters)
    }
}

/** Scene JSON compared value by value: same keys, strings and lengths; numbers within 1e-9 of `scale` (or 1e-12 relative, for prices and times). */
object SceneCompare {
    fun close(a: Any?, b: Any?, scale: Double): Boolean = when (b) {
        is Map<*, *> -> a is Map<*, *> && a.keys == b.keys && b.keys.all { close(a[it], b[it], scale) }
        is List<*> -> a is List<*> && a.size == b.size && b.indices.all { close(a[it], b[it], scale) }
        is Number -> a is Number && Math.abs(a.toDouble() - b.toDouble()) <= Math.max(1e-9 * Math.max(scale, 1.0), 1e-12 * Math.abs(b.toDouble()))
        else -> a == b
    }
}

/** Path data compared number by number, within 1e-9 of `scale`, with identical commands. */
object PathCompare {
    fun tokens(d: String): List<String> = Regex("[MLCZ]|-?[0-9.]+(?:e[-+]?[0-9]+)?").findAll(d).map { it.value }.toList()

    fun close(a: String, b: String, scale: Double): Boolean {
        val ta = tokens(a)
        val tb = tokens(b)
        if (ta.size != tb.size) return false
        for (k in ta.indices) {
            val x = ta[k].toDoubleOrNull()
            val y = tb[k].toDoubleOrNull()
            if (x == null || y == null) { if (ta[k] != tb[k]) return false; continue }
            if (Math.abs(x - y) > 1e-9 * Math.max(scale, 1.0)) return false
        }
        return true
    }
}
