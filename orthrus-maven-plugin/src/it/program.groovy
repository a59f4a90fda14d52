// Shared by the verify scripts: evaluate(new File(itSources, "program.groovy")) binds runProgram.

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
  def java = new File(System.getProperty("java.home"), "bin/java").path
  def command = [java] + jvmOptions + ["-cp", classpath, mainClass]
  def process = new ProcessBuilder(command).redirectErrorStream(true).start()
  def output = new StringBuffer()
  process.consumeProcessOutputStream(output)
  process.waitForOrKill(120_000)
  process.waitForProcessOutput()
  assert process.exitValue() == 0 : "${mainClass} exited ${process.exitValue()}:\n${output}"
  return output.toString()
}

/** True when the class file names anything of orthrus-runtime (protected code calls it). */
callsRuntime = { File classFile ->
  new String(classFile.bytes, "ISO-8859-1").contains("dev/orthrus/runtime/")
}
