// Two modules, each protected in its own build: app's closure runs lib's closures, and a public
// method of lib's user-data class, in its own log (the rewriter read lib's instrumentation
// report), so every execution is validated.
evaluate(new File(itSources, "program.groovy"))

def log = new File(basedir, "build.log").text
// The aggregator has no code: the extension gives the runtime to the modules only.
assert !log.contains("Orthrus: pipeline-multi-module gets dev.orthrus:orthrus-runtime") : log
assert log.contains("Orthrus: multi-lib gets dev.orthrus:orthrus-runtime:") : log
assert log.contains("1 class versioned, 1 public method with variants for other modules") : log
def app = new File(basedir, "app")
def teller = new File(app, "target/generated-sources/orthrus/shop/app/Teller.java").text
assert teller.contains("Ledger.depositApp(log, a, amount)") : teller
assert teller.contains("Ledger.depositVal(replay, a, amount)") : teller
assert teller.contains("a.coversVal(replay, amount)") : teller
def output = runProgram(app, "shop.app.Teller", ["-Dorthrus.sampling=all", "-Dorthrus.summary=true"])
assert output.contains("balance 10200 sum 0") : output
def summary = output =~ /orthrus: (\d+) executions validated, (\d+) not validated, (\d+) detections/
assert summary.find() : output
assert summary.group(1).toInteger() >= 100 && summary.group(2) == "0" && summary.group(3) == "0" : output
