// A source that does not parse: the build fails with file:line, one problem per line, no stack trace.
def log = new File(basedir, "build.log").text
assert log.contains("Orthrus cannot instrument pipeline-syntax-error:") : log
assert log =~ /(?m)^(\[ERROR\] )?\S*src\/main\/java\/shop\/Broken\.java:4:\d+: / : log
assert !log.contains("at dev.orthrus.") : "a stack trace:\n" + log
assert !log.contains("Caused by") && !log.contains("Exception:") : "an exception:\n" + log
