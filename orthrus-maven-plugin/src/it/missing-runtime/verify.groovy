// Without the orthrus-runtime dependency the plugin fails the build and shows the dependency to add.
def log = new File(basedir, "build.log").text
assert log.contains("missing-runtime does not depend on dev.orthrus:orthrus-runtime") : log
assert log.contains("<artifactId>orthrus-runtime</artifactId>") : log
assert log.contains("-Dorthrus.skip=true") : log
assert !log.contains("at dev.orthrus.") : "a stack trace:\n" + log
