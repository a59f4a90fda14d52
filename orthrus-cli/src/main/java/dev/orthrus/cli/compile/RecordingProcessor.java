package dev.orthrus.cli.compile;

import java.util.Set;
import javax.annotation.processing.Completion;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * A processor that remembers whether javac ran it. The Orthrus processor supports every annotation
 * type (decision 0017), so javac hands it a round in every compilation that reaches annotation
 * processing, and it writes a {@code closures.json} even when nothing is annotated. A compilation
 * that never ran it has no {@code closures.json} and no processor failure to report: the caller
 * treats it as an empty model.
 */
public final class RecordingProcessor implements Processor {

  private final Processor delegate;
  private boolean ran;

  public RecordingProcessor(Processor delegate) {
    this.delegate = delegate;
  }

  /** javac handed the processor at least one round. */
  public boolean ran() {
    return ran;
  }

  @Override
  public void init(ProcessingEnvironment env) {
    delegate.init(env);
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    ran = true;
    return delegate.process(annotations, round);
  }

  @Override
  public Set<String> getSupportedOptions() {
    return delegate.getSupportedOptions();
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return delegate.getSupportedAnnotationTypes();
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return delegate.getSupportedSourceVersion();
  }

  @Override
  public Iterable<? extends Completion> getCompletions(
      Element element, AnnotationMirror annotation, ExecutableElement member, String userText) {
    return delegate.getCompletions(element, annotation, member, userText);
  }
}
