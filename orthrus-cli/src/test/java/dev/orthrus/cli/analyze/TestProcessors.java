package dev.orthrus.cli.analyze;

import dev.orthrus.annotations.Closure;
import java.util.Set;
import java.util.function.Supplier;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import picocli.CommandLine;

/** Stand-ins for the Orthrus processor where a test is about the CLI, not about the rules. */
final class TestProcessors {

  private TestProcessors() {}

  /** A factory whose {@code analyze} command uses {@code processor}. */
  static CommandLine.IFactory analyzeWith(Supplier<Processor> processor) {
    return new CommandLine.IFactory() {
      @Override
      public <K> K create(Class<K> type) throws Exception {
        if (type == AnalyzeCommand.class) {
          return type.cast(new AnalyzeCommand(processor));
        }
        return CommandLine.defaultFactory().create(type);
      }
    };
  }

  /** Claims nothing and writes nothing: for inputs that must be rejected before any rule runs. */
  static class Inert extends AbstractProcessor {
    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      return false;
    }
  }

  /** Reports one error through the Messager on every {@code @Closure} method, then stops. */
  static final class Reporting extends Inert {
    private final String message;

    Reporting(String message) {
      this.message = message;
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      for (Element e : round.getElementsAnnotatedWith(Closure.class)) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, e);
      }
      return false;
    }
  }

  /** Fails the way a processor bug would: an exception escaping process(). */
  static final class Crashing extends Inert {
    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      throw new IllegalStateException("simulated processor bug");
    }
  }
}
