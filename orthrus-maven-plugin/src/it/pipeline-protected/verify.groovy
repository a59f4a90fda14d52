// Annotated sources run protected: the closure is logged and validated, its user data versioned,
// the rewritten sources are there to read, and the program prints the same as vanilla and nothing
// else (a detection would print a line).
evaluate(new File(itSources, "program.groovy"))

def log = new File(basedir, "build.log").text
assert log.contains("Orthrus: 1 closure logged and validated, 1 class versioned") : log
assert log.contains("[WARNING] Orthrus: shop/Tally.java:16:5: [orthrus.userdata.write-outside-closure]") : log
assert new File(basedir, "target/generated-sources/orthrus/shop/Tally.java").isFile()
assert callsRuntime(new File(basedir, "target/classes/shop/Tally.class"))
def output = runProgram(basedir, "shop.Tally", ["-Dorthrus.sampling=all"])
assert output.trim() == "total 5050" : output
