package dev.orthrus.cli.compile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * The annotation processors of the project being analyzed (Lombok, AutoValue, Immutables,
 * MapStruct, ...), found on its processor path as javac finds them ({@code
 * META-INF/services/javax.annotation.processing.Processor}), so that its sources compile as its
 * build compiles them. They are loaded in a class loader of their own above the JDK's platform
 * loader: they see the JDK and javac's API, not the libraries this tool bundles. The Orthrus
 * processor is the tool's own and is not loaded again from the project.
 */
public final class ProjectProcessors implements AutoCloseable {

  private final URLClassLoader loader;
  private final List<Processor> processors;
  private final List<String> problems;

  private ProjectProcessors(
      URLClassLoader loader, List<Processor> processors, List<String> problems) {
    this.loader = loader;
    this.processors = List.copyOf(processors);
    this.problems = List.copyOf(problems);
  }

  /**
   * Loads the processors on {@code path}.
   *
   * @param only the class names to run (the compiler plugin's {@code annotationProcessors}); empty
   *     for every processor found
   */
  public static ProjectProcessors load(List<Path> path, List<String> only) {
    if (path.isEmpty()) {
      return new ProjectProcessors(null, List.of(), List.of());
    }
    URL[] urls = new URL[path.size()];
    for (int i = 0; i < urls.length; i++) {
      try {
        urls[i] = path.get(i).toUri().toURL();
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("processor path entry " + path.get(i), e);
      }
    }
    URLClassLoader loader =
        new URLClassLoader(
            "orthrus-project-processors", urls, ClassLoader.getPlatformClassLoader());
    List<Processor> processors = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    if (only.isEmpty()) {
      // By class first: the project may hold the Orthrus processor too, which is not loaded again
      // (with this loader it could not be: its own classes are the tool's). After a provider that
      // fails, the service loader goes on to the next one.
      Iterator<ServiceLoader.Provider<Processor>> found =
          ServiceLoader.load(Processor.class, loader).stream().iterator();
      while (true) {
        try {
          if (!found.hasNext()) {
            break;
          }
          ServiceLoader.Provider<Processor> provider = found.next();
          if (!provider.type().getName().startsWith("dev.orthrus.")) {
            processors.add(new Guarded(provider.get()));
          }
        } catch (ServiceConfigurationError | LinkageError e) {
          // The Orthrus processor itself, whose own classes are the tool's: named with dots by
          // the service loader, or by a class it lacks here (JDK 25: NoClassDefFoundError
          // dev/orthrus/model/...).
          String message = String.valueOf(e.getMessage());
          if (!message.contains(" dev.orthrus.") && !message.startsWith("dev/orthrus/")) {
            problems.add("an annotation processor of the project could not be loaded: " + e);
          }
        }
      }
    } else {
      for (String name : only) {
        if (name.startsWith("dev.orthrus.")) {
          continue;
        }
        try {
          processors.add(
              new Guarded(
                  (Processor)
                      Class.forName(name, true, loader).getDeclaredConstructor().newInstance()));
        } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
          problems.add("the annotation processor " + name + " could not be loaded: " + e);
        }
      }
    }
    return new ProjectProcessors(loader, processors, problems);
  }

  /** The processors found, to run before the Orthrus processor. */
  public List<Processor> processors() {
    return processors;
  }

  /** What could not be loaded, a line each. */
  public List<String> problems() {
    return problems;
  }

  /** The processors' class names, for the progress line. */
  public List<String> names() {
    return processors.stream().map(p -> ((Guarded) p).delegate.getClass().getName()).toList();
  }

  /**
   * A project's processor whose failure is an error of the compilation that names it, not an
   * exception that would read as a failure of this tool: one that needs a library its path lacks,
   * or that cannot run outside its build.
   */
  private static final class Guarded extends ForwardingProcessor {
    private Messager messager;

    Guarded(Processor delegate) {
      super(delegate);
    }

    @Override
    public void init(ProcessingEnvironment env) {
      messager = env.getMessager();
      try {
        delegate.init(env);
      } catch (RuntimeException | LinkageError e) {
        failed(e);
      }
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      try {
        return delegate.process(annotations, round);
      } catch (RuntimeException | LinkageError e) {
        failed(e);
        return false;
      }
    }

    private void failed(Throwable e) {
      messager.printMessage(
          Diagnostic.Kind.ERROR,
          "the project's annotation processor "
              + delegate.getClass().getName()
              + " failed here (give the libraries it needs with --classpath): "
              + e);
    }
  }

  @Override
  public void close() {
    if (loader != null) {
      try {
        loader.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
