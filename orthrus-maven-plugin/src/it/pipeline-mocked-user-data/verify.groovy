// The project's own tests ran against the protected classes (every execution logged): a Mockito
// mock of user data handed to a closure fails with the runtime's error naming the mock, a spy of a
// real object is used as the object itself; an execution that met the mock is not validated, so
// no detection is reported.
def log = new File(basedir, "build.log").text
assert log.contains("1 closure logged and validated") : log
assert log =~ /Tests run: 2, Failures: 0, Errors: 0, Skipped: 0/ : log
assert !log.contains("SDC detected") : log
assert new File(basedir, "target/classes/shop/Item.class").bytes.length > 0
// After the tests, the summary the test JVM wrote: executions validated and not, no detection.
def tests = log =~ /Orthrus: closures in the tests: (\d+) executions? validated, (\d+) not validated, 0 detections/
assert tests.find() : log
assert (tests.group(1) as int) > 0 && (tests.group(2) as int) > 0 : log
