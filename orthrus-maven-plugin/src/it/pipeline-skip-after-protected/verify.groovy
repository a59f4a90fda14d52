// The second build (skip, no clean) failed because the protected classes were still in
// target/classes; the third (skip, from clean) left vanilla classes that run.
evaluate(new File(itSources, "program.groovy"))

def log = new File(basedir, "build.log").text
assert log.contains("orthrus.skip asks for vanilla classes, but") : log
assert log.contains("Build from clean: mvn clean ... -Dorthrus.skip=true") : log
assert log.contains("Orthrus instrumentation skipped (orthrus.skip)") : log
assert !callsRuntime(new File(basedir, "target/classes/shop/Tally.class"))
assert runProgram(basedir, "shop.Tally").trim() == "total 5050"
