// -Dorthrus.skip=true: the plugin says so, writes nothing, and the program runs vanilla.
evaluate(new File(itSources, "program.groovy"))

def log = new File(basedir, "build.log").text
assert log.contains("Orthrus instrumentation skipped (orthrus.skip)") : log
assert !new File(basedir, "target/generated-sources/orthrus").exists()
assert !callsRuntime(new File(basedir, "target/classes/shop/Tally.class"))
assert runProgram(basedir, "shop.Tally").trim() == "total 5050"
