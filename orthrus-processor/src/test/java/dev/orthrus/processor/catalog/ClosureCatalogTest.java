package dev.orthrus.processor.catalog;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import dev.orthrus.annotations.ClosureCatalog;
import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Tag;
import dev.orthrus.model.json.ClosureReportJson;
import dev.orthrus.processor.GoldenOutputTestAccess;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Loads the generated catalogs the way the runtime does (ServiceLoader over the compiled classes)
 * and checks them against closures.json: same ids and keys, and flags that never claim more than
 * the type-checked model's tags (docs/decisions/0002-closure-catalog-flags.md).
 */
class ClosureCatalogTest {

  @TempDir Path classes;

  @ParameterizedTest
  @ValueSource(strings = {"kvcache", "features", "ordered"})
  void catalogsLoadThroughServiceLoaderAndAgreeWithTheModel(String suite) throws IOException {
    Compilation c = GoldenOutputTestAccess.compileSuite(suite);
    assertThat(c).succeeded();
    for (JavaFileObject file : c.generatedFiles()) {
      if (file.getKind() == JavaFileObject.Kind.SOURCE) {
        continue;
      }
      // compile-testing names outputs like /CLASS_OUTPUT/a/b/C.class
      String name = file.toUri().getPath().replaceFirst("^/CLASS_OUTPUT/", "");
      Path target = classes.resolve(name);
      Files.createDirectories(target.getParent());
      try (InputStream in = file.openInputStream()) {
        Files.copy(in, target);
      }
    }
    ClosureReport report =
        ClosureReportJson.read(Files.readString(classes.resolve(ClosureReport.RESOURCE_PATH)));
    Map<String, ClosureModel> models = new HashMap<>();
    report.closures().forEach(m -> models.put(m.id(), m));

    int descriptors = 0;
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL()}, ClosureCatalog.class.getClassLoader())) {
      for (ClosureCatalog catalog : ServiceLoader.load(ClosureCatalog.class, loader)) {
        List<ClosureDescriptor> closures = catalog.closures();
        assertThat(closures).isNotEmpty();
        for (ClosureDescriptor d : closures) {
          ClosureModel model = models.get(d.id());
          assertThat(model).isNotNull();
          assertThat(d.id()).startsWith(catalog.owner().getName() + "#");
          assertThat(d.key()).isEqualTo(ClosureDescriptor.keyOf(d.id()));
          assertThat(d.key()).isEqualTo(model.key());
          assertThat(d.name()).isEqualTo(model.name());
          assertThat(d.strict()).isEqualTo(model.strict());
          assertThat(d.comparison().name()).isEqualTo(model.comparison());
          if (d.floatingPoint()) {
            assertThat(model.tags()).contains(Tag.FLOATING_POINT);
          }
          if (d.vector()) {
            assertThat(model.tags()).contains(Tag.VECTOR);
          }
          descriptors++;
        }
      }
    }
    assertThat(descriptors).isEqualTo(report.closures().size());
  }
}
