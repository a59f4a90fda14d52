// Shared by the verify scripts: evaluate(new File(itSources, "program.groovy")) binds runProgram,
// runJava and callsRuntime.

/** Runs this JVM's java with the arguments given; returns what it printed (stdout and stderr). */
runJava = { List<String> arguments ->
  def java = new File(System.getProperty("java.home"), "bin/java").path
  def process = new ProcessBuilder([java] + arguments).redirectErrorStream(true).start()
  def output = new StringBuffer()
  process.consumeProcessOutputStream(output)
  process.waitForOrKill(120_000)
  process.waitForProcessOutput()
  assert process.exitValue() == 0 : "java ${arguments} exited ${process.exitValue()}:\n${output}"
  return output.toString()
}

/**
 * Runs mainClass from project's target/classes and its runtime class path, with the JVM options
 * given; returns what it printed (stdout and stderr).
 */
runProgram = { File project, String mainClass, List<String> jvmOptions = [] ->
  def classpath = new File(project, "target/classes").path
  def dependencies = new File(project, "target/classpath.txt")
  if (dependencies.isFile() && dependencies.text.trim()) {
    classpath += File.pathSeparator + dependencies.text.trim()
  }
  return runJava(jvmOptions + ["-cp", classpath, mainClass])
}

/** True when the class file names anything of orthrus-runtime (protected code calls it). */
callsRuntime = { File classFile ->
  new String(classFile.bytes, "ISO-8859-1").contains("dev/orthrus/runtime/")
}
