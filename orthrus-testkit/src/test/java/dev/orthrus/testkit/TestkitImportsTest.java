package dev.orthrus.testkit;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The hand-written closures are written as the rewriter will generate them: from the runtime they
 * name only the closure API package (decision 0013), so generated code will need no other import.
 */
class TestkitImportsTest {

  @Test
  void theHandWrittenClosuresUseOnlyTheClosureApi() {
    JavaClasses closures =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importClasses(KvMap.class, TreeIndex.class, FpAccumulator.class);
    noClasses()
        .should()
        .dependOnClassesThat(
            resideInAPackage("dev.orthrus..")
                .and(not(resideInAPackage("dev.orthrus.runtime.api")))
                .and(not(resideInAPackage("dev.orthrus.annotations")))
                .and(not(resideInAPackage("dev.orthrus.testkit"))))
        .check(closures);
  }
}
