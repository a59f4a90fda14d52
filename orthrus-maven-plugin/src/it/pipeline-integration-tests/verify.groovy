// The integration test, which failsafe runs, called the closure 100 times with every execution
// logged: after failsafe's verify, the build reports its JVM's summary apart from the unit tests'
// (there are none), and leaves no summary file behind.
def log = new File(basedir, "build.log").text
assert log =~ /Tests run: 1, Failures: 0, Errors: 0, Skipped: 0/ : log
assert log.contains("Orthrus: no test JVM of this build reported closure executions") : log
assert log.contains("Orthrus: closures in the integration tests: 100 executions validated, 0 not validated, 0 detections") : log
assert log =~ /BUILD SUCCESS/ : log
def runs = new File(basedir, "target/orthrus/test-runs")
assert !runs.exists() || runs.list().length == 0 : runs.list()
