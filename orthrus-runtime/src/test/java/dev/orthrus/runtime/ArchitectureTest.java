package dev.orthrus.runtime;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The runtime's package graph (decision 0013), checked on the main classes: no cycle between
 * packages, dependencies only downwards between the layers, generic parts free of Orthrus types,
 * and every package placed in the graph. A new package must be added here and get a {@code
 * package-info.java} saying what it may depend on.
 */
class ArchitectureTest {

  private static final String ROOT = "dev.orthrus.runtime";
  private static final String API = ROOT + ".api";
  private static final String CONCURRENT = ROOT + ".concurrent";
  private static final String CPU = ROOT + ".cpu";
  private static final String SAMPLE = ROOT + ".sample";
  private static final String VALIDATE = ROOT + ".validate";
  private static final String REPORT = ROOT + ".report";

  private static JavaClasses runtime;

  @BeforeAll
  static void importMainClasses() {
    runtime =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);
  }

  /** One slice per package, the root package included. */
  private static final SliceAssignment BY_PACKAGE =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
          return SliceIdentifier.of(c.getPackageName());
        }

        @Override
        public String getDescription() {
          return "runtime packages";
        }
      };

  @Test
  void theMainClassesWereFound() {
    // Guards the rules below against passing vacuously on an empty import.
    if (runtime.size() < 40 || !runtime.contain(OrthrusRuntime.class)) {
      throw new AssertionError("imported only " + runtime.size() + " runtime classes");
    }
  }

  @Test
  void packagesFormNoCycle() {
    slices().assignedFrom(BY_PACKAGE).should().beFreeOfCycles().check(runtime);
  }

  @Test
  void layersDependOnlyDownwards() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("engine")
        .definedBy(ROOT)
        .layer("report")
        .definedBy(REPORT)
        .layer("validate")
        .definedBy(VALIDATE)
        .layer("sample")
        .definedBy(SAMPLE)
        .layer("api")
        .definedBy(API)
        .layer("concurrent")
        .definedBy(CONCURRENT)
        .layer("cpu")
        .definedBy(CPU)
        .whereLayer("engine")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("report")
        .mayOnlyBeAccessedByLayers("engine")
        .whereLayer("validate")
        .mayOnlyBeAccessedByLayers("report", "engine")
        .whereLayer("sample")
        .mayOnlyBeAccessedByLayers("engine")
        .whereLayer("api")
        .mayOnlyBeAccessedByLayers("sample", "validate", "report", "engine")
        .whereLayer("concurrent")
        .mayOnlyBeAccessedByLayers("api", "validate", "engine")
        .whereLayer("cpu")
        .mayOnlyBeAccessedByLayers("api", "validate", "report", "engine")
        .check(runtime);
  }

  @Test
  void genericPartsUseNoOrthrusTypes() {
    noClasses()
        .that()
        .resideInAPackage(CONCURRENT)
        .should()
        .dependOnClassesThat(
            resideInAPackage("dev.orthrus..").and(not(resideInAPackage(CONCURRENT))))
        .check(runtime);
    noClasses()
        .that()
        .resideInAPackage(CPU)
        .should()
        .dependOnClassesThat(resideInAPackage("dev.orthrus..").and(not(resideInAPackage(CPU))))
        .check(runtime);
  }

  @Test
  void theClosureApiNeedsNothingButTheAnnotationsAndTheLowestLayers() {
    noClasses()
        .that()
        .resideInAPackage(API)
        .should()
        .dependOnClassesThat(
            resideInAPackage("dev.orthrus..")
                .and(not(resideInAPackage(API)))
                .and(not(resideInAPackage(CONCURRENT)))
                .and(not(resideInAPackage(CPU)))
                .and(not(resideInAPackage("dev.orthrus.annotations"))))
        .check(runtime);
  }

  @Test
  void everyPackageIsPlacedInTheGraph() {
    classes()
        .should()
        .resideInAnyPackage(ROOT, API, CONCURRENT, CPU, SAMPLE, VALIDATE, REPORT)
        .check(runtime);
  }
}
