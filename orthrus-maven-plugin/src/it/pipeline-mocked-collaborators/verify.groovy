// The project's own tests ran against the protected classes (every execution logged): Mockito
// mocks and spies of the collaborators a closure calls answered as stubbed, not with the defaults
// a mock gives the generated variants, and were called once per call (the validator takes their
// answers from the log). An array answer leaves its execution not validated, never a detection.
def log = new File(basedir, "build.log").text
assert log =~ /Tests run: 3, Failures: 0, Errors: 0, Skipped: 0/ : log
assert log.contains("was not validated (it called shop.Rates#tiers(long)") : log
assert !log.contains("SDC detected") : log
