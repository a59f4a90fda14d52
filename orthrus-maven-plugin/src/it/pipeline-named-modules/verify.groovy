// Two named modules, each protected: app requires lib and nothing of Orthrus's runtime, yet it
// compiles against lib's protected classes (which extend runtime types) because lib's protected
// descriptor requires the runtime transitively. The program runs on the module path with every
// execution validated.
import java.lang.module.ModuleDescriptor

evaluate(new File(itSources, "program.groovy"))

def log = new File(basedir, "build.log").text
assert log.contains("BUILD SUCCESS") : log
def lib = new File(basedir, "lib")
def app = new File(basedir, "app")
for (module in [lib, app]) {
  def descriptor = new File(module, "target/classes/module-info.class").withInputStream {
    ModuleDescriptor.read(it)
  }
  def runtime = descriptor.requires().find { it.name() == "dev.orthrus.runtime" }
  assert runtime != null : descriptor
  assert runtime.modifiers() == [ModuleDescriptor.Requires.Modifier.TRANSITIVE] as Set : descriptor
  // What the sources required is still there.
  assert descriptor.requires().any { it.name() == "dev.orthrus.annotations" } : descriptor
}

def modulePath = [new File(app, "target/classes").path, new File(app, "target/classpath.txt").text.trim()]
    .join(File.pathSeparator)
def output = runJava(["-Dorthrus.sampling=all", "-Dorthrus.summary=true", "-p", modulePath,
    "-m", "shop.app/shop.app.Teller"])
assert output.contains("balance 10200 sum 0") : output
def summary = output =~ /orthrus: (\d+) executions validated, (\d+) not validated, (\d+) detections/
assert summary.find() : output
assert summary.group(1).toInteger() >= 100 && summary.group(2) == "0" && summary.group(3) == "0" : output
