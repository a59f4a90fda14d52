// Both tests pass, but one of them wrote user data outside every closure, which the next closure
// detects as it would a corruption (the test expects the exception): the test JVM prints the
// detection, writes its exit summary, and the test-summary goal, after the tests, fails the build
// with the counts. The summary file is removed once read, from the folder the test JVM ran in.
def log = new File(basedir, "build.log").text
assert log =~ /Tests run: 2, Failures: 0, Errors: 0, Skipped: 0/ : log
assert log.contains("orthrus: SDC detected") : log
def summary = log =~ /Orthrus: closures in the tests: (\d+) executions? validated, (\d+) not validated, 1 detection/
assert summary.find() : log
assert (summary.group(1) as int) > 0 : log
assert log.contains("a fault-free test run has none") : log
// The detection's own line, from the summary file, in the failure.
assert log =~ /\[ERROR\]   orthrus: SDC detected in closure add / : log
assert log =~ /BUILD FAILURE/ : log
// The test JVM ran in surefire's workingDirectory, target/forks, and wrote its summary there.
def runs = new File(basedir, "target/forks/target/orthrus/test-runs")
assert runs.isDirectory() && runs.list().length == 0 : runs.list()
// Nothing went into the project's folder.
assert !new File(basedir, "orthrus-reproducers").exists()
