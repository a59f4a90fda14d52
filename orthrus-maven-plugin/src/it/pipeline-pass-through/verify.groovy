// No annotations: the pipeline runs, nothing is versioned, and the program runs as it did.
evaluate(new File(itSources, "program.groovy"))

def log = new File(basedir, "build.log").text
assert log.contains("Orthrus: 0 closures logged and validated, 0 classes versioned") : log
assert runProgram(basedir, "shop.Prices").trim() == "total 5500"
