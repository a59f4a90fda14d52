// The protected build compiles as the main compilation does: the sources' encoding (non-ASCII
// literals of an ISO-8859-1 file), -parameters and the release of the compiler plugin's block (the
// property says 8, which alone would stop the build).
evaluate(new File(itSources, "program.groovy"))

def log = new File(basedir, "build.log").text
assert log.contains("Orthrus: 1 closure logged and validated, 1 class versioned") : log
assert callsRuntime(new File(basedir, "target/classes/shop/Greetings.class"))
def output = runProgram(basedir, "shop.Greetings",
    ["-Dorthrus.sampling=all", "-Dorthrus.summary=true"])
assert output.contains("Gr\\u00fc\\u00df dich, Zo\\u00eb \\u00a1ol\\u00e9! 20") : output
assert output.contains("parameter name") : output
assert output.contains("100 executions validated, 0 not validated, 0 detections") : output
