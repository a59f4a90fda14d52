// javac alone accepts the static write; the pipeline runs the Orthrus rules and stops on it.
def log = new File(basedir, "build.log").text
assert log.contains("Orthrus cannot instrument pipeline-rule-error:") : log
assert log =~ /(?m)^(\[ERROR\] )?\S*src\/main\/java\/shop\/Hits\.java:10:\d+: .*orthrus\.closure\.static-write/ : log
assert !log.contains("at dev.orthrus.") : "a stack trace:\n" + log
