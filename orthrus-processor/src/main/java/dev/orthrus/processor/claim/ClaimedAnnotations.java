package dev.orthrus.processor.claim;

import com.google.auto.service.AutoService;
import dev.orthrus.processor.summary.OrthrusAnnotations;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * Claims {@code @Closure} and {@code @UserData}, which {@link OrthrusProcessor} handles: it sees
 * every annotation and claims none, so that other processors see theirs, and javac's {@code
 * -Xlint:processing} then warned that no processor claimed these two ({@code -Werror} failed the
 * build). It must run after {@code OrthrusProcessor}, which javac would not call on a round whose
 * annotations were all claimed before it: javac calls processors in the order of the services file,
 * which lists this package after {@code dev.orthrus.processor.OrthrusProcessor} (sorted, as
 * AutoService writes it; {@code ClaimedAnnotationsTest} checks it).
 */
@AutoService(Processor.class)
public final class ClaimedAnnotations extends AbstractProcessor {

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(OrthrusAnnotations.CLOSURE, OrthrusAnnotations.USER_DATA);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    return true;
  }
}
