import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;

/**
 * Runs the Kotlin conformance entry point (`ConformanceKt.main`) once per request in one JVM, so a
 * test that compares hundreds of inputs pays Java's start once (Tests/Integration/test_handoff.py).
 * Each request is the command's arguments and its standard input; each answer, what it printed.
 * The commands keep no state between runs (the recorders, whose Compose stand-ins do, start
 * their own JVM each).
 * A command that fails exits the JVM (exitProcess) with its message on the real stderr, as the
 * single runs did. Frames on stdin and stdout: int32 lengths, UTF-8 bytes.
 */
public final class ConformanceBatch {
    public static void main(String[] ignored) throws Exception {
        Method main = Class.forName("com.chartworkbench.engine.ConformanceKt").getMethod("main", String[].class);
        DataInputStream requests = new DataInputStream(System.in);
        DataOutputStream answers = new DataOutputStream(new java.io.BufferedOutputStream(new java.io.FileOutputStream(java.io.FileDescriptor.out)));
        while (true) {
            int count;
            try { count = requests.readInt(); } catch (java.io.EOFException end) { return; }
            String[] arguments = new String[count];
            for (int i = 0; i < count; i++) arguments[i] = new String(frame(requests), StandardCharsets.UTF_8);
            InputStream input = new ByteArrayInputStream(frame(requests));
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            System.setIn(input);
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            try {
                main.invoke(null, (Object) arguments);
            } catch (InvocationTargetException failed) {
                failed.getCause().printStackTrace();
                System.exit(2);
            }
            System.out.flush();
            byte[] out = printed.toByteArray();
            answers.writeInt(out.length);
            answers.write(out);
            answers.flush();
        }
    }

    private static byte[] frame(DataInputStream in) throws java.io.IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return bytes;
    }
}
