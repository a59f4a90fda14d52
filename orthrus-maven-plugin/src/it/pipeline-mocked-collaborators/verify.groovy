// The project's own tests ran against the protected classes (every execution logged): Mockito
// mocks and spies of the collaborators a closure calls answered as stubbed, not with the defaults
// a mock gives the generated variants, and were called once per call (the validator takes their
// answers from the log). An array answer, or a spied closure object (whose logged executions run
// as written), leaves its execution not validated, never a detection.
def log = new File(basedir, "build.log").text
assert log =~ /Tests run: 6, Failures: 0, Errors: 0, Skipped: 0/ : log
// The runtime prints the first execution not validated, whichever test met it first.
assert log =~ /was not validated \((it called shop\.Rates#tiers\(long\)|its object is a Mockito mock or spy|Mockito stubbed shop\.)/ : log
assert !log.contains("SDC detected") : log
// After the tests, the summary the test JVM wrote: executions validated and not, no detection.
def tests = log =~ /Orthrus: closures in the tests: (\d+) executions? validated, (\d+) not validated, 0 detections/
assert tests.find() : log
// mockStatic and mockConstruction stub the test's thread only; the executions they touched are
// named, not reported as detections (the build would fail on one).
assert log.contains("payWithFees 60 (Mockito stubbed shop.Fees (mockStatic) on the application's thread") : log
assert log.contains("payThroughGateway 55 (Mockito stubbed shop.Gateway (mockConstruction) on the application's thread") : log
assert (tests.group(1) as int) > 0 && (tests.group(2) as int) > 0 : log
