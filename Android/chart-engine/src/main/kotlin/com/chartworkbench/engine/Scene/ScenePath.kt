package com.chartworkbench.engine

/**
 * A path in view coordinates as the commands every renderer knows (SVG `d`, a Compose `Path`):
 * move, line, cubic curve, close. Curves draw into it like into any sink (mirrors
 * Scene/ScenePath.swift).
 */
class ScenePath : PathSink {
    sealed class Command {
        data class Move(val x: Double, val y: Double) : Command()
        data class Line(val x: Double, val y: Double) : Command()
        data class Curve(val x1: Double, val y1: Double, val x2: Double, val y2: Double, val x: Double, val y: Double) : Command()
        object Close : Command()
    }

    val commands = ArrayList<Command>()

    val isEmpty: Boolean get() = commands.isEmpty()

    override fun moveTo(x: Double, y: Double) { commands.add(Command.Move(x, y)) }
    override fun lineTo(x: Double, y: Double) { commands.add(Command.Line(x, y)) }
    override fun curveTo(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double) {
        commands.add(Command.Curve(x1, y1, x2, y2, x, y))
    }
    override fun closePath() { commands.add(Command.Close) }

    /** Replays the commands into another sink (a path writer, a platform path). */
    fun draw(sink: PathSink) {
        for (command in commands) {
            when (command) {
                is Command.Move -> sink.moveTo(command.x, command.y)
                is Command.Line -> sink.lineTo(command.x, command.y)
                is Command.Curve -> sink.curveTo(command.x1, command.y1, command.x2, command.y2, command.x, command.y)
                is Command.Close -> sink.closePath()
            }
        }
    }

    override fun equals(other: Any?): Boolean = other is ScenePath && other.commands == commands
    override fun hashCode(): Int = commands.hashCode()
}
