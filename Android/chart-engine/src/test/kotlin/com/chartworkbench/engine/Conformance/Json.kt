package com.chartworkbench.engine

/** A small JSON reader (objects → Map, arrays → List, numbers → Double) for preset and vector files. */
class Json private constructor(private val text: String) {
    private var i = 0

    companion object {
        /** Compact JSON of maps (in their order), lists, strings, booleans, null and numbers (shortest round-trip form). */
        fun write(value: Any?): String = StringBuilder().also { write(value, it) }.toString()

        private fun write(value: Any?, out: StringBuilder) {
            when (value) {
                null -> out.append("null")
                is Boolean -> out.append(if (value) "true" else "false")
                is Int -> out.append(value)
                is Long -> out.append(value)
                is Number -> out.append(NumberText.shortest(value.toDouble()))
                is String -> string(value, out)
                is Map<*, *> -> {
                    out.append('{')
                    var first = true
                    for ((k, v) in value) {
                        if (!first) out.append(',')
                        first = false
                        string(k.toString(), out); out.append(':'); write(v, out)
                    }
                    out.append('}')
                }
                is Iterable<*> -> {
                    out.append('[')
                    var first = true
                    for (v in value) { if (!first) out.append(','); first = false; write(v, out) }
                    out.append(']')
                }
                else -> throw IllegalArgumentException("cannot write ${value.javaClass.simpleName} as JSON")
            }
        }

        private fun string(text: String, out: StringBuilder) {
            out.append('"')
            for (c in text) {
                when {
                    c == '"' -> out.append("\\\"")
                    c == '\\' -> out.append("\\\\")
                    c == '\n' -> out.append("\\n")
                    c < ' ' -> out.append(String.format("\\u%04x", c.toInt()))
                    else -> out.append(c)
                }
            }
            out.append('"')
        }

        fun parse(text: String): Any? {
            val reader = Json(text)
            val value = reader.value()
            reader.space()
            if (reader.i != text.length) reader.fail("unexpected text after the value")
            return value
        }
    }

    private fun fail(message: String): Nothing = throw IllegalArgumentException("JSON at offset $i: $message")

    private fun space() { while (i < text.length && text[i] in " \t\r\n") i++ }

    private fun value(): Any? {
        space()
        if (i >= text.length) fail("unexpected end")
        return when (text[i]) {
            '{' -> obj()
            '[' -> array()
            '"' -> string()
            't' -> word("true", true)
            'f' -> word("false", false)
            'n' -> word("null", null)
            else -> number()
        }
    }

    private fun word(w: String, v: Any?): Any? {
        if (!text.startsWith(w, i)) fail("unexpected character")
        i += w.length
        return v
    }

    private fun obj(): Map<String, Any?> {
        val map = LinkedHashMap<String, Any?>()
        i++
        space()
        if (i < text.length && text[i] == '}') { i++; return map }
        while (true) {
            space()
            if (i >= text.length || text[i] != '"') fail("expected a key")
            val key = string()
            space()
            if (i >= text.length || text[i] != ':') fail("expected ':'")
            i++
            map[key] = value()
            space()
            if (i < text.length && text[i] == ',') { i++; continue }
            if (i < text.length && text[i] == '}') { i++; return map }
            fail("expected ',' or '}'")
        }
    }

    private fun array(): List<Any?> {
        val list = ArrayList<Any?>()
        i++
        space()
        if (i < text.length && text[i] == ']') { i++; return list }
        while (true) {
            list.add(value())
            space()
            if (i < text.length && text[i] == ',') { i++; continue }
            if (i < text.length && text[i] == ']') { i++; return list }
            fail("expected ',' or ']'")
        }
    }

    private fun string(): String {
        val out = StringBuilder()
        i++
        while (true) {
            if (i >= text.length) fail("unterminated string")
            val c = text[i++]
            when (c) {
                '"' -> return out.toString()
                '\\' -> {
                    if (i >= text.length) fail("unterminated escape")
                    when (val e = text[i++]) {
                        'n' -> out.append('\n'); 't' -> out.append('\t'); 'r' -> out.append('\r')
                        'b' -> out.append('\b'); 'f' -> out.append('\u000C')
                        'u' -> {
                            if (i + 4 > text.length) fail("bad \\u escape")
                            out.append(text.substring(i, i + 4).toInt(16).toChar()); i += 4
                        }
                        else -> out.append(e)
                    }
                }
                else -> out.append(c)
            }
        }
    }

    private fun number(): Double {
        val start = i
        while (i < text.length && (text[i].isDigit() || text[i] in "+-.eE")) i++
        if (start == i) fail("unexpected character '${text[start]}'")
        return text.substring(start, i).toDoubleOrNull() ?: fail("bad number")
    }
}
