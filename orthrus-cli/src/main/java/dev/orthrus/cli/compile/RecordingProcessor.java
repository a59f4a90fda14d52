package dev.orthrus.cli.compile;

import java.util.Set;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.TypeElement;

/**
 * A processor that remembers whether javac ran it. The Orthrus processor supports every annotation
 * type (decision 0017), so javac hands it a round in every compilation that reaches annotation
 * processing, and it writes a {@code closures.json} even when nothing is annotated. A compilation
 * that never ran it has no {@code closures.json} and no processor failure to report: the caller
 * treats it as an empty model.
 */
public final class RecordingProcessor extends ForwardingProcessor {

  private boolean ran;

  public RecordingProcessor(Processor delegate) {
    super(delegate);
  }

  /** javac handed the processor at least one round. */
  public boolean ran() {
    return ran;
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    ran = true;
    return delegate.process(annotations, round);
  }
}
