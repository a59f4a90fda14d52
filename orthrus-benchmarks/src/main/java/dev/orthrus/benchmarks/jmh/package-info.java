/**
 * JMH benchmarks of the runtime. Build and run:
 *
 * <pre>
 * mvn -B -o -q -pl orthrus-benchmarks -am package -DskipTests
 * java -jar orthrus-benchmarks/target/benchmarks.jar            # all
 * java -jar orthrus-benchmarks/target/benchmarks.jar HotPath    # one class (a regex)
 * java -jar orthrus-benchmarks/target/benchmarks.jar -l         # list them
 * </pre>
 *
 * <p>A new benchmark is a class here with {@code @Benchmark} methods; the annotation processor
 * (configured in this module's pom) generates its harness, and benchmarks.jar picks it up. The
 * hand-written closures of orthrus-testkit ({@code KvMap}, {@code TreeIndex}, {@code
 * FpAccumulator}, {@code VanillaKvMap}) are on the class path for "as generated" workloads. The CLI
 * jar leaves this package out (it has no JMH).
 */
package dev.orthrus.benchmarks.jmh;
