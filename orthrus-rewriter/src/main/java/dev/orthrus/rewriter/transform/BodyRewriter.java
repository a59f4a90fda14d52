package dev.orthrus.rewriter.transform;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.YieldStmt;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.UnknownType;
import com.github.javaparser.ast.type.VarType;
import com.github.javaparser.ast.visitor.ModifierVisitor;
import com.github.javaparser.ast.visitor.Visitable;
import dev.orthrus.processor.summary.JavaNames;
import dev.orthrus.rewriter.facts.CallFact;
import dev.orthrus.rewriter.facts.FieldFact;
import dev.orthrus.rewriter.facts.NewFact;
import dev.orthrus.rewriter.facts.ReferenceFact;
import dev.orthrus.rewriter.facts.SharedRead;
import dev.orthrus.rewriter.facts.SnapshotUse;
import dev.orthrus.rewriter.facts.SourceFacts;
import dev.orthrus.rewriter.facts.Span;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Rewrites one method body (or initializer) into one {@link Variant}: user-data reads become
 * version loads, writes become calls to the handle's {@link StoreHelper}s, reference-array slots go
 * through {@code VersionedArray}, and calls reach the callee's variant of the same kind.
 */
final class BodyRewriter extends ModifierVisitor<Void> {

  private final Plan plan;

  /**
   * The local that holds the object of the compound assignment being rewritten, put there by its
   * statement ({@link #hoistsReceiver}); null otherwise.
   */
  private Expression hoistedReceiver;

  /** Receivers put in locals so far, which number those locals. */
  private int hoisted;

  /** Statement calls that write a user-data array rewritten so far, which number their locals. */
  private int arrayUpdates;

  /** Arrays {@link #copied} is rewriting, which it rewrites as reads first. */
  private final Set<Node> copying = Collections.newSetFromMap(new IdentityHashMap<>());

  /** Resources {@link #closing} has closed so far, which number its locals. */
  private int resourcesClosed;

  /** Pattern variables of {@link #overrideDispatch} made so far: each takes a new name. */
  private int overrideDispatches;

  /**
   * How deep the visit is in code of a variant that may run after its log is gone: a kept lambda,
   * an anonymous or local class's body.
   */
  private int detached;

  /** APP's void recorded calls marked by {@link #beforeRecorded}, by identity. */
  private final Set<MethodCallExpr> markedVoidCalls =
      Collections.newSetFromMap(new IdentityHashMap<>());

  private final Path file;
  private final SourceFacts.FileFacts facts;
  private final Positions positions;
  private final Variant variant;
  private final String context;
  private final String caller;
  private final CallSites sites;

  /** The file's package. */
  private final String pkg;

  /**
   * @param pkg the package of the file
   * @param context the name of the variant's {@code ClosureLog} or {@code Replay} parameter
   * @param caller id of the method whose body this is, for call sites of closures
   */
  BodyRewriter(
      Plan plan,
      Path file,
      String pkg,
      Positions positions,
      Variant variant,
      String context,
      String caller,
      CallSites sites) {
    this.plan = plan;
    this.file = file;
    this.pkg = pkg;
    this.facts = plan.facts.file(file);
    this.positions = positions;
    this.variant = variant;
    this.context = context;
    this.caller = caller;
    this.sites = sites;
  }

  // ---- reads ----

  @Override
  public Visitable visit(FieldAccessExpr n, Void arg) {
    Expression copy = copied(n);
    if (copy != null) {
      return copy;
    }
    FieldFact field = field(n);
    if (field == null && n.getNameAsString().equals("length") && isVersionedArray(n.getScope())) {
      return new MethodCallExpr(rewrite(n.getScope()), "length");
    }
    SharedRead shared = variant == Variant.PLAIN ? null : facts.sharedRead(positions.span(n));
    Expression scope = rewrite(n.getScope());
    if (field != null && field.versioned()) {
      return versionedRead(ownObject(scope), field);
    }
    if (field != null && field.held()) {
      return heldRead(ownObject(scope), field);
    }
    n.setScope(scope);
    if (shared != null) {
      // A static field's scope names a type; an instance field's is evaluated by VAL too.
      NodeList<Expression> receiver =
          shared.isStatic() ? new NodeList<>() : new NodeList<>(scope.clone());
      return recorded(n, receiver, shared.type());
    }
    return n;
  }

  /**
   * A read of a reference the handle holds in a slot: no version on the way (decision 0020). The
   * plain and APP variants read the field through its own accessor ({@code lv$next()}, {@code
   * load$next(log)}), not through {@code lvValue(slot)}, whose test of the slot number a faulty
   * core could turn into a read of another field that the log would take as what was loaded.
   */
  private Expression heldRead(Expression object, FieldFact field) {
    return switch (variant) {
      case PLAIN -> new MethodCallExpr(object, UserDataClass.plainRead(field.name()));
      case APP ->
          new MethodCallExpr(
              object,
              UserDataClass.loggedRead(field.name()),
              new NodeList<>(new NameExpr(context)));
      case VAL -> {
        if (plan.facts.heldFieldGeneric(field.owner(), field.name())) {
          yield new MethodCallExpr(
              object,
              UserDataClass.replayedRead(field.name()),
              new NodeList<>(new NameExpr(context)));
        }
        Expression slot =
            new FieldAccessExpr(
                new NameExpr(plan.facts.expressionName(field.owner(), pkg)),
                UserDataClass.slotName(field.name()));
        Expression value =
            new MethodCallExpr(
                new MethodCallExpr(new NameExpr(context), "loadSlot", new NodeList<>(object, slot)),
                "value");
        String type = plan.facts.heldFieldType(field.owner(), field.name());
        yield new EnclosedExpr(new CastExpr(StaticJavaParser.parseType(type), value));
      }
    };
  }

  @Override
  public Visitable visit(NameExpr n, Void arg) {
    Expression copy = copied(n);
    if (copy != null) {
      return copy;
    }
    FieldFact field = field(n);
    if (field != null && field.versioned()) {
      return versionedRead(self(field), field);
    }
    if (field != null && field.held()) {
      return heldRead(self(field), field);
    }
    SharedRead shared = variant == Variant.PLAIN ? null : facts.sharedRead(positions.span(n));
    if (shared != null) {
      return recorded(n, new NodeList<>(), shared.type());
    }
    return n;
  }

  @Override
  public Visitable visit(ArrayAccessExpr n, Void arg) {
    String sharedElement = facts.sharedArrayRead(positions.span(n));
    if (sharedElement != null && variant != Variant.PLAIN) {
      // An element of the application's array (counters.get(k)[0]): APP records what it read, VAL
      // evaluates the array and the index as APP did and takes the value from the log.
      Expression array = rewrite(n.getName());
      Expression index = rewrite(n.getIndex());
      NodeList<Expression> replayArguments =
          variant == Variant.VAL ? new NodeList<>(array, index) : new NodeList<>();
      return recorded(new ArrayAccessExpr(array, index), replayArguments, sharedElement);
    }
    if (!isVersionedArray(n.getName())) {
      return super.visit(n, arg);
    }
    Expression array = rewrite(n.getName());
    Expression index = rewrite(n.getIndex());
    return switch (variant) {
      case PLAIN -> new MethodCallExpr(array, "lvValue", new NodeList<>(index));
      case APP, VAL ->
          new MethodCallExpr(
              new MethodCallExpr(new NameExpr(context), "loadSlot", new NodeList<>(array, index)),
              "value");
    };
  }

  // ---- writes ----

  @Override
  public Visitable visit(AssignExpr n, Void arg) {
    sharedArrayWrite(n);
    Expression target = n.getTarget();
    FieldFact field = field(target);
    if (field != null && (field.versioned() || field.held()) && anotherBuilds(n, field)) {
      return n;
    }
    if (field != null && (field.versioned() || field.held())) {
      Expression hoisted = hoistedReceiver;
      hoistedReceiver = null;
      boolean oldFirst = n.getOperator() != AssignExpr.Operator.ASSIGN && runsCode(n);
      if (oldFirst && hoisted == null && !stableReceiver(n)) {
        // A statement's assignment has its receiver put in a local first (visit(ExpressionStmt)).
        problem(
            n,
            "a compound assignment used as a value, to a field of a computed object, whose right"
                + " operand runs code",
            "assign in a statement of its own");
        return n;
      }
      Expression receiver = hoisted != null ? hoisted : receiverOf(target);
      boolean converted =
          n.getOperator() == AssignExpr.Operator.PLUS
              && facts.sharedToString(positions.span(n.getValue()));
      Expression value = versionedArrayValue(field, rewrite(n.getValue()));
      if (converted) {
        // a.note += tags: the helper takes the string conversion, which APP records and VAL
        // takes from the log.
        value =
            variant == Variant.PLAIN
                ? new MethodCallExpr(
                    new NameExpr("java.lang.String"), "valueOf", new NodeList<>(value))
                : sharedToString(value);
      }
      String operandType =
          n.getOperator() == AssignExpr.Operator.ASSIGN
              ? null
              : facts.operandType(positions.span(n));
      StoreHelper helper =
          StoreHelper.assignment(
              field.owner(), field.name(), n.getOperator(), operandType, variant);
      if (oldFirst) {
        // Java reads the field before it evaluates the right operand (JLS 15.26.2), which may
        // write the field: the helper takes the value read first.
        Expression old = versionedRead(receiver.clone(), field);
        return store(receiver, helper.withOldGiven(), List.of(old, value));
      }
      return store(receiver, helper, List.of(value));
    }
    if (target instanceof ArrayAccessExpr slot && isVersionedArray(slot.getName())) {
      Expression array = rewrite(slot.getName());
      Expression index = rewrite(slot.getIndex());
      Expression value = rewrite(n.getValue());
      if (n.getOperator() != AssignExpr.Operator.ASSIGN) {
        problem(n, "a compound assignment to a slot of a user-data array", "assign the slot");
        return n;
      }
      if (variant == Variant.PLAIN) {
        if (!(n.getParentNode().orElse(null) instanceof ExpressionStmt)) {
          problem(
              n,
              "an assignment to a slot of a user-data array used as a value",
              "assign the slot in a statement of its own");
          return n;
        }
        return new MethodCallExpr(array, "soValue", new NodeList<>(index, value));
      }
      return new MethodCallExpr(
          new NameExpr(context), "storeSlot", new NodeList<>(array, index, value));
    }
    if (variant != Variant.PLAIN
        && n.getOperator() == AssignExpr.Operator.PLUS
        && facts.sharedToString(positions.span(n.getValue()))) {
      // line += tags on a local: the string conversion of the shared object is recorded.
      AssignExpr a = (AssignExpr) super.visit(n, arg);
      a.setValue(sharedToString(a.getValue()));
      return a;
    }
    return super.visit(n, arg);
  }

  @Override
  public Visitable visit(UnaryExpr n, Void arg) {
    UnaryExpr.Operator op = n.getOperator();
    if (StoreHelper.isStep(op)) {
      sharedArrayWrite(n);
      Expression target = n.getExpression();
      FieldFact field = field(target);
      if (field != null && field.versioned() && anotherBuilds(n, field)) {
        return n;
      }
      if (field != null && field.versioned()) {
        return store(
            receiverOf(target),
            StoreHelper.step(field.owner(), field.name(), op, variant),
            List.of());
      }
      if (target instanceof ArrayAccessExpr slot && isVersionedArray(slot.getName())) {
        problem(n, "++ or -- on a slot of a user-data array", "assign the slot");
        return n;
      }
    }
    return super.visit(n, arg);
  }

  /**
   * A write into an element of an array the application holds: one a recorded call returned ({@code
   * long[] c = counters.get(k); c[0]++}), or a local captured from the method that made the class
   * or lambda (decision 0099). The validator gets the application's own array, which it would write
   * a second time. The closure cannot be validated as written.
   */
  private void sharedArrayWrite(Expression write) {
    if (variant == Variant.APP && facts.sharedArrayWrite(positions.span(write))) {
      problem(
          write,
          "a write into an array the application holds (one that a call on the application's"
              + " collection, a thread-local or a getter of the program returned, or a local that"
              + " this class or lambda captured from the method that made it)",
          "a validator gets the same array and would write it again: keep the values in user"
              + " data, or update them through the collection (counters.merge(k, 1L, Long::sum))"
              + " or an atomic array (AtomicLongArray)");
    }
  }

  /**
   * A void recorded call marked by {@link #beforeRecorded} ({@code list.sort(order)}, whose
   * comparator may run the closure's code): APP's statement is followed by {@code
   * log.afterRecorded()}, which drops what that code logged.
   */
  @Override
  public Visitable visit(ExpressionStmt n, Void arg) {
    if (n.getExpression() instanceof AssignExpr a && hoistsReceiver(a)) {
      // o().f += g() reads o().f before g() runs, which may change what o() returns: the object
      // goes into a local first, then the helper takes the field as read before g().
      String local = "receiver$" + hoisted++;
      Expression scope = rewrite(((FieldAccessExpr) a.getTarget()).getScope());
      hoistedReceiver = new NameExpr(local);
      Expression store = rewrite(a);
      return new BlockStmt(
          new NodeList<>(
              new ExpressionStmt(
                  new VariableDeclarationExpr(new VariableDeclarator(new VarType(), local, scope))),
              new ExpressionStmt(store)));
    }
    if (n.getExpression() instanceof MethodCallExpr call) {
      String component = facts.arrayUpdate(positions.span(call));
      if (component != null) {
        return arrayUpdate(call, component);
      }
    }
    Visitable visited = super.visit(n, arg);
    if (visited instanceof ExpressionStmt s
        && s.getExpression() instanceof MethodCallExpr m
        && markedVoidCalls.contains(m)) {
      return new BlockStmt(
          new NodeList<>(
              s, new ExpressionStmt(new MethodCallExpr(new NameExpr(context), "afterRecorded"))));
    }
    return visited;
  }

  /**
   * Consecutive assignments to one object's versioned fields become one version, when the values
   * after the first can neither throw nor read user data other than the same object's fields the
   * run has not assigned yet ({@code t.bytes = t.bytes + n; t.items = t.items + 1;}): then no code
   * can observe the object between them, in the vanilla program either, and every value reads what
   * it read there.
   */
  @Override
  public Visitable visit(BlockStmt n, Void arg) {
    NodeList<Statement> out = new NodeList<>();
    List<Statement> in = new ArrayList<>(n.getStatements());
    int i = 0;
    while (i < in.size()) {
      int end = runEnd(in, i);
      if (end - i >= 2) {
        List<String> fields = new ArrayList<>();
        List<Expression> values = new ArrayList<>();
        FieldFact first = null;
        for (int k = i; k < end; k++) {
          AssignExpr a = assignment(in.get(k));
          FieldFact f = field(a.getTarget());
          first = first == null ? f : first;
          fields.add(f.name());
          values.add(versionedArrayValue(f, rewrite(a.getValue())));
        }
        Expression receiver = receiverOf(assignment(in.get(i)).getTarget());
        StoreHelper helper =
            new StoreHelper(first.owner(), fields, "set", null, null, false, variant);
        // One helper call stores the run; it stands at the run's first line.
        out.add(
            LineMappingPrinter.positionedAs(
                new ExpressionStmt(store(receiver, helper, values)), in.get(i)));
        i = end;
      } else {
        out.add((Statement) in.get(i).accept(this, arg));
        i++;
      }
    }
    n.setStatements(out);
    return n;
  }

  private int runEnd(List<Statement> statements, int start) {
    AssignExpr head = assignment(statements.get(start));
    if (head == null) {
      return start;
    }
    FieldFact headField = field(head.getTarget());
    if (headField == null || !headField.versioned() || !simpleReceiver(head.getTarget())) {
      return start;
    }
    String receiver = receiverText(head.getTarget());
    List<String> names = new ArrayList<>(List.of(headField.name()));
    int end = start + 1;
    while (end < statements.size()) {
      AssignExpr next = assignment(statements.get(end));
      FieldFact f = next == null ? null : field(next.getTarget());
      if (f == null
          || !f.versioned()
          || !f.owner().equals(headField.owner())
          || names.contains(f.name())
          || !simpleReceiver(next.getTarget())
          || !receiverText(next.getTarget()).equals(receiver)
          || !cannotThrowOrRead(next.getValue(), receiver, headField.owner(), names)) {
        break;
      }
      names.add(f.name());
      end++;
    }
    return end;
  }

  private static AssignExpr assignment(Statement s) {
    if (s instanceof ExpressionStmt e
        && e.getExpression() instanceof AssignExpr a
        && a.getOperator() == AssignExpr.Operator.ASSIGN) {
      return a;
    }
    return null;
  }

  private static boolean simpleReceiver(Expression target) {
    if (target instanceof NameExpr) {
      return true;
    }
    Expression scope = ((FieldAccessExpr) target).getScope();
    return scope instanceof NameExpr || scope instanceof ThisExpr;
  }

  private String receiverText(Expression target) {
    return target instanceof FieldAccessExpr f
        ? f.getScope().toString()
        : self(field(target)).toString();
  }

  /**
   * The object whose field {@code super.f} names, as a value the log can take: {@code this} ({@code
   * Outer.this} for {@code Outer.super.f}).
   */
  private static Expression ownObject(Expression scope) {
    return scope instanceof SuperExpr s
        ? s.getTypeName().map(ThisExpr::new).orElseGet(ThisExpr::new)
        : scope;
  }

  /**
   * What holds a field named without a receiver: {@code this}, or {@code Outer.this} for an inner
   * class's read of its enclosing instance's field.
   */
  private static ThisExpr self(FieldFact field) {
    return field == null || field.enclosing() == null
        ? new ThisExpr()
        : new ThisExpr(new Name(field.enclosing()));
  }

  private boolean cannotThrowOrRead(
      Expression e, String receiver, String owner, List<String> assigned) {
    if (e instanceof LiteralExpr || e instanceof ThisExpr) {
      return true;
    }
    if (e instanceof NameExpr || e instanceof FieldAccessExpr) {
      // A local, or a field of the run's own object that the run has not assigned yet: its value
      // is the same before the run's stores as between them.
      FieldFact f = field(e);
      if (f == null) {
        return e instanceof NameExpr;
      }
      return f.versioned()
          && f.owner().equals(owner)
          && !assigned.contains(f.name())
          && simpleReceiver(e)
          && receiverText(e).equals(receiver);
    }
    if (e instanceof EnclosedExpr en) {
      return cannotThrowOrRead(en.getInner(), receiver, owner, assigned);
    }
    if (e instanceof UnaryExpr u) {
      return !StoreHelper.isStep(u.getOperator())
          && cannotThrowOrRead(u.getExpression(), receiver, owner, assigned);
    }
    if (e instanceof BinaryExpr b) {
      return b.getOperator() != BinaryExpr.Operator.DIVIDE
          && b.getOperator() != BinaryExpr.Operator.REMAINDER
          && cannotThrowOrRead(b.getLeft(), receiver, owner, assigned)
          && cannotThrowOrRead(b.getRight(), receiver, owner, assigned);
    }
    if (e instanceof ConditionalExpr c) {
      return cannotThrowOrRead(c.getCondition(), receiver, owner, assigned)
          && cannotThrowOrRead(c.getThenExpr(), receiver, owner, assigned)
          && cannotThrowOrRead(c.getElseExpr(), receiver, owner, assigned);
    }
    if (e instanceof CastExpr c) {
      return c.getType().isPrimitiveType()
          && cannotThrowOrRead(c.getExpression(), receiver, owner, assigned);
    }
    return false;
  }

  /**
   * Whether {@code field} belongs to user data another build made (a module this one depends on),
   * whose handle has only the store helpers its own writes needed: the write is a problem, named at
   * {@code write}.
   */
  private boolean anotherBuilds(Node write, FieldFact field) {
    if (plan.facts.isSourceType(field.owner())) {
      return false;
    }
    String owner = field.owner().substring(field.owner().lastIndexOf('.') + 1).replace('$', '.');
    problem(
        write,
        "a write to " + owner + "." + field.name() + ", a field of another module's user data",
        "write it in a method of that module (a closure, or a public method, which closures here"
            + " call through its variants)");
    return true;
  }

  /** The call of a store helper on {@code receiver}, recording that the handle needs it. */
  private Expression store(Expression receiver, StoreHelper helper, List<Expression> values) {
    plan.need(helper);
    NodeList<Expression> args = new NodeList<>();
    if (variant != Variant.PLAIN) {
      args.add(new NameExpr(context));
    }
    args.addAll(values);
    return new MethodCallExpr(receiver, helper.methodName(), args);
  }

  /**
   * Whether evaluating compound assignment {@code n}'s right operand may run code that writes the
   * field before the assignment stores it: a call, a constructor, an assignment or an increment in
   * it, or the string conversion of an object that {@code s += object} makes.
   */
  private boolean runsCode(AssignExpr n) {
    Expression value = n.getValue();
    if (!value.findAll(MethodCallExpr.class).isEmpty()
        || !value.findAll(ObjectCreationExpr.class).isEmpty()
        || !value.findAll(AssignExpr.class).isEmpty()
        || value.findAll(UnaryExpr.class).stream()
            .anyMatch(u -> StoreHelper.isStep(u.getOperator()))) {
      return true;
    }
    String operand = facts.operandType(positions.span(n));
    return n.getOperator() == AssignExpr.Operator.PLUS
        && operand != null
        && !ClosureMethods.isPrimitive(operand)
        && !operand.equals("java.lang.String");
  }

  /**
   * Whether compound assignment {@code a}, a statement, writes a versioned field of an object its
   * right operand could change before the store ({@link #stableReceiver}).
   */
  private boolean hoistsReceiver(AssignExpr a) {
    FieldFact field = field(a.getTarget());
    return field != null
        && field.versioned()
        && a.getTarget() instanceof FieldAccessExpr
        && a.getOperator() != AssignExpr.Operator.ASSIGN
        && plan.facts.isSourceType(field.owner())
        && runsCode(a)
        && !stableReceiver(a);
  }

  /**
   * Whether the object compound assignment {@code a} writes to can be named again after its right
   * operand ran: {@code this} (implicitly or not), or a local variable or parameter (as javac
   * resolved the name) the operand does not assign.
   */
  private boolean stableReceiver(AssignExpr a) {
    Expression target = a.getTarget();
    if (target instanceof NameExpr) {
      return true;
    }
    Expression scope = target instanceof FieldAccessExpr f ? f.getScope() : null;
    if (scope instanceof ThisExpr) {
      return true;
    }
    if (!(scope instanceof NameExpr name) || !facts.localReceiver(positions.span(a))) {
      return false;
    }
    return a.getValue().findAll(AssignExpr.class).stream()
        .noneMatch(
            assigned ->
                assigned.getTarget() instanceof NameExpr t
                    && t.getNameAsString().equals(name.getNameAsString()));
  }

  private Expression receiverOf(Expression target) {
    return target instanceof FieldAccessExpr f ? rewrite(f.getScope()) : self(field(target));
  }

  /**
   * {@code new T[n]} stored into a user-data array field becomes {@code new VersionedArray<>(n)};
   * {@code new T[] {a, b}} becomes a {@code VersionedArray} of those elements, whose slots a logged
   * variant records as created ({@code log.allocate}), as it records the stores that fill a {@code
   * new T[n]}.
   */
  private Expression versionedArrayValue(FieldFact field, Expression value) {
    if (!field.referenceArray() || !(value instanceof ArrayCreationExpr creation)) {
      return value;
    }
    ObjectCreationExpr versioned =
        versionedArray(creation, facts.narrowedArray(positions.span(creation)));
    if (versioned == null) {
      problem(value, UserDataClass.ARRAY_DIMENSIONS, UserDataClass.ARRAY_ADVICE);
      return value;
    }
    if (creation.getInitializer().isPresent() && variant != Variant.PLAIN) {
      return new MethodCallExpr(new NameExpr(context), "allocate", new NodeList<>(versioned));
    }
    return versioned;
  }

  /**
   * {@code new VersionedArray<>(n)} for {@code new T[n]}, {@code new VersionedArray<>(new T[] {a,
   * b}, null)} for an array made with an initializer; null for an array of several dimensions.
   * {@code narrowed} is {@code T} as a class literal names it when {@code T} is narrower than the
   * field's element type ({@code Object[] vals = new String[4]}): the array then refuses stores of
   * another type with {@code ArrayStoreException}, as the JVM does.
   */
  static ObjectCreationExpr versionedArray(ArrayCreationExpr creation, String narrowed) {
    if (creation.getLevels().size() != 1) {
      return null;
    }
    NodeList<Expression> arguments = new NodeList<>();
    Optional<Expression> length = creation.getLevels().get(0).getDimension();
    if (length.isPresent()) {
      arguments.add(length.get());
    } else if (creation.getInitializer().isPresent()) {
      arguments.add(creation);
    } else {
      return null;
    }
    if (narrowed != null) {
      arguments.add(new ClassExpr(StaticJavaParser.parseClassOrInterfaceType(narrowed)));
    } else if (length.isEmpty()) {
      arguments.add(new NullLiteralExpr());
    }
    ClassOrInterfaceType type = new ClassOrInterfaceType(null, "VersionedArray");
    type.setTypeArguments(new NodeList<>());
    return new ObjectCreationExpr(null, type, arguments);
  }

  // ---- calls and allocations ----

  @Override
  public Visitable visit(MethodCallExpr n, Void arg) {
    String recorded = recordedValueType(n);
    Visitable call = visitCall(n, arg);
    return recorded == null ? call : recordedValue((Expression) call, recorded);
  }

  /**
   * {@code l != null ? l : new ArrayList<>()} of a shared list: a recorded value ({@link
   * SourceFacts.FileFacts#recordedValue}).
   */
  @Override
  public Visitable visit(ConditionalExpr n, Void arg) {
    Expression copy = copied(n);
    if (copy != null) {
      return copy;
    }
    String recorded = recordedValueType(n);
    Visitable choice = super.visit(n, arg);
    return recorded == null ? choice : recordedValue((Expression) choice, recorded);
  }

  /** {@code array} as the receiver of a call: a conditional or a switch in parentheses. */
  private static Expression receiver(Expression array) {
    return array instanceof ConditionalExpr || array instanceof SwitchExpr
        ? new EnclosedExpr(array)
        : array;
  }

  /** {@code Arrays.stream((cells))}: a copy of the array in parentheses. */
  @Override
  public Visitable visit(EnclosedExpr n, Void arg) {
    Expression copy = copied(n);
    return copy != null ? copy : super.visit(n, arg);
  }

  /** {@code Arrays.stream(switch (k) { case 0 -> cells; ... })}: a copy of the array chosen. */
  @Override
  public Visitable visit(SwitchExpr n, Void arg) {
    Expression copy = copied(n);
    return copy != null ? copy : super.visit(n, arg);
  }

  /** The type of a recorded value at {@code n}, in APP and VAL; else null. */
  private String recordedValueType(Expression n) {
    return variant == Variant.PLAIN ? null : facts.recordedValue(positions.span(n));
  }

  /**
   * A value that may be the application's shared object (a helper's result, a choice): APP records
   * it, VAL evaluates the expression as APP did (the helper's variant runs and consumes its part of
   * the log) and takes APP's object.
   */
  private Expression recordedValue(Expression value, String type) {
    return recordedAfter(value, value, type);
  }

  /**
   * {@code value}, which APP records; VAL evaluates {@code replayed} (part of {@code value}, or all
   * of it) as APP did and takes APP's value instead of computing {@code value}.
   */
  private Expression recordedAfter(Expression value, Expression replayed, String type) {
    NodeList<Expression> replayArguments = new NodeList<>();
    if (variant == Variant.VAL) {
      replayArguments.add(replayed.clone());
    }
    return recorded(value, replayArguments, type);
  }

  /**
   * Whether {@code n} is a closure's call of itself ({@code target}) made in its own body, not in a
   * lambda or a class declared there, which may run later: of a static closure, with no receiver
   * but its class; of an instance closure no override can replace (private, final, or of a final
   * class or a record), on {@code this}.
   */
  private boolean selfCall(MethodCallExpr n, String target) {
    if (!target.equals(caller)) {
      return false;
    }
    Node p = n.getParentNode().orElse(null);
    while (p != null && !(p instanceof MethodDeclaration)) {
      if (p instanceof LambdaExpr) {
        return false;
      }
      p = p.getParentNode().orElse(null);
    }
    // The closure itself: a method of the same name in a class declared in its body would be the
    // one a simple-name call meant.
    if (!(p instanceof MethodDeclaration)
        || !((MethodDeclaration) p).getNameAsString().equals(n.getNameAsString())) {
      return false;
    }
    MethodDeclaration method = (MethodDeclaration) p;
    if (method.isStatic()) {
      return n.getScope().map(s -> s instanceof NameExpr).orElse(true);
    }
    boolean notOverridden =
        method.isPrivate()
            || method.isFinal()
            || method
                .getParentNode()
                .filter(
                    t ->
                        t instanceof RecordDeclaration
                            || (t instanceof ClassOrInterfaceDeclaration
                                && ((ClassOrInterfaceDeclaration) t).isFinal()))
                .isPresent();
    return notOverridden && n.getScope().map(s -> s instanceof ThisExpr).orElse(true);
  }

  private Visitable visitCall(MethodCallExpr n, Void arg) {
    if (variant == Variant.APP && facts.snapshotChange(positions.span(n))) {
      problem(
          n,
          "a change of the application's collection through an iterator or an entry of it ("
              + n.getNameAsString()
              + ") inside a closure",
          "the closure iterates a copy, which the log gives the validator too: change the"
              + " collection through calls on it (removeIf, replaceAll, map.compute or"
              + " map.replaceAll), which the log records, or collect what to change and change it"
              + " after the loop");
    }
    CallFact call = facts.call(positions.span(n));
    Map<Integer, Expression> runInside =
        call != null && call.recordedShared() && variant == Variant.APP
            ? plainLambdas(n.getArguments())
            : Map.of();
    List<String> unrecorded = unrecordedUses(n.getArguments());
    String unrecordedElements = unrecordedUses(List.of(n)).get(0);
    // super.hashCode() runs the superclass's method itself: no override to dispatch to.
    Map<String, String> overrides =
        n.getScope().filter(s -> !s.isSuperExpr()).filter(BodyRewriter::withoutEffects).isPresent()
            ? facts.objectMethodOverrides(positions.span(n))
            : Map.of();
    // sb.append(tag): the argument's text, recorded as a concatenation operand's.
    List<Integer> converted = new ArrayList<>();
    for (int i = 0; variant != Variant.PLAIN && i < n.getArguments().size(); i++) {
      if (facts.sharedToString(positions.span(n.getArgument(i)))) {
        converted.add(i);
      }
    }
    MethodCallExpr m = (MethodCallExpr) super.visit(n, arg);
    converted.forEach(i -> m.setArgument(i, sharedToString(m.getArgument(i))));
    runInside.forEach(m::setArgument);
    unrecorded(m.getArguments(), unrecorded);
    if (call == null) {
      return m;
    }
    String target = call.target();
    if (plan.isClosure(target)) {
      if (variant == Variant.PLAIN
          && m.getScope().filter(s -> s instanceof SuperExpr).isPresent()) {
        // super.m(...) means the superclass's own body: its plain variant, not its dispatcher,
        // which would run an override's logged variant (or route back to the override).
        m.setName(plan.variantName(m.getNameAsString(), Variant.PLAIN));
      } else if (variant == Variant.PLAIN && selfCall(n, target)) {
        // A closure that calls itself: the next level runs in this unlogged execution, as
        // the APP variant runs it in a logged one, one frame a level as in vanilla code; through
        // the dispatcher it took two and a check of the arguments, and a recursion that fits
        // vanilla's stack overflowed (rewriter.md, "Stack depth").
        m.setName(plan.variantName(m.getNameAsString(), Variant.PLAIN));
      } else if (variant == Variant.PLAIN) {
        // A varargs closure's dispatcher takes the site before the variable arguments.
        Expression site = sites.site(n, target, caller);
        if (call.varargsIndex() >= 0) {
          m.getArguments().add(call.varargsIndex(), site);
        } else {
          m.getArguments().add(site);
        }
      } else {
        toVariant(m, call);
      }
      return m;
    }
    if (variant != Variant.PLAIN && !overrides.isEmpty()) {
      Expression dispatched = overrideDispatch(m, overrides);
      if (dispatched != null) {
        return dispatched;
      }
    }
    if (variant != Variant.PLAIN && call.answeredElsewhere() && !plan.hasVariants(target)) {
      // policy.fee(amount) through an interface, or pricing.fee(amount) of another module's class
      // a subclass may override: an implementation the rewriter did not see may answer from a
      // setting the application changes before VAL runs (decisions 0097, 0098).
      if (call.returnType().equals("void")) {
        return variant == Variant.VAL ? argumentsOnly(m, call) : m;
      }
      return recordedCall(m, call);
    }
    if (variant != Variant.PLAIN && detached > 0 && !plan.reachesUserData(target)) {
      // In a kept lambda or an anonymous or local class, which may run after the log is gone: a
      // method with variants only for the check of the object's class is called as written.
      return m;
    }
    if (variant != Variant.PLAIN && ofClassDeclaredHere(target)) {
      // var c = new Step() { ... }; c.apply(x): a class declared in this method, whose copy in
      // this variant's body has no variants (FileRewriter#nestedVariants adds them to the
      // original's); each variant runs the object it made, as written.
      return m;
    }
    if (variant != Variant.PLAIN && plan.hasVariants(target)) {
      if (plan.bridged(target) && throughBridge(m)) {
        return bridged(m, target);
      }
      toVariant(m, call);
      return m;
    }
    if (variant != Variant.PLAIN && call.recordedShared()) {
      // Before the seeded and generator cases: a shuffle of a shared list is made by APP alone.
      return sharedCall(m, call, facts.resultUnused(positions.span(n)));
    }
    if (variant != Variant.PLAIN && call.snapshot() != SnapshotUse.NONE) {
      return snapshotCall(m, call.snapshot(), unrecordedElements);
    }
    if (variant != Variant.PLAIN) {
      for (int i : call.snapshotArguments()) {
        m.setArgument(i, snapshot(m.getArgument(i).clone()));
      }
    }
    if (variant != Variant.PLAIN && call.seeded() != null) {
      // A call the JDK table marks seeded (the JDK's shuffle draws from a generator of its own)
      // gets its seed from the log.
      SeededForm form = SeededForm.of(call.seeded());
      return form.seeded(m, recordedSeed(form));
    }
    if (variant != Variant.PLAIN && call.sharedGenerator()) {
      problem(
          m,
          "a random generator the closure did not make with new (a field's, a parameter's, or a"
              + " factory's: RandomGenerator.of, getDefault, RandomGeneratorFactory.create), passed"
              + " to "
              + call.name(),
          "the log cannot seed it, and a validator would draw from the application's generator:"
              + " pass a java.util.Random made here, new java.util.Random() (the log records its"
              + " seed) or new java.util.Random(seed), seeded from the other generator's draw if"
              + " need be (new java.util.Random(rnd.nextLong()))");
      return m;
    }
    if (variant != Variant.PLAIN && Plan.lists(plan.nanBitsCalls, call)) {
      return rawBits(m, call);
    }
    if (variant != Variant.PLAIN && call.identityHashed()) {
      return recordedCall(m, call);
    }
    if (variant != Variant.PLAIN && Plan.lists(plan.recordedCalls, call)) {
      if (call.returnType().equals("void")) {
        if (Plan.lists(plan.lockCalls, call)) {
          if (variant == Variant.VAL) {
            return mayThrow(withoutTheLock(m), false, call.checkedThrows());
          }
          if (!call.checkedThrows().isEmpty()) {
            interruptible(m);
          }
          return m;
        }
        if (Plan.lists(plan.libraryCalls.keySet(), call)
            || Plan.lists(plan.environmentCalls, call)) {
          // Library code with an effect, a thread's interrupt(): APP makes it, VAL never does.
          return variant == Variant.VAL ? argumentsOnly(m, call) : m;
        }
        problem(
            m,
            "a non-deterministic call without a result (" + call.target() + ")",
            "a validator cannot take its effect from the log: make it outside the closure and pass"
                + " what it made in (a random fill: draw from a generator the closure makes, new"
                + " java.util.Random(), whose seed the log records)");
        return m;
      }
      return recordedCall(m, call);
    }
    if (variant == Variant.APP && detached == 0 && m.getScope().isPresent() && isHandle(target)) {
      // g.invokeExact(this): the log notes the call (ClosureLog#handle); the expression keeps its
      // type, so a signature-polymorphic call keeps its descriptor.
      m.setScope(
          new MethodCallExpr(new NameExpr(context), "handle", new NodeList<>(m.getScope().get())));
    }
    return m;
  }

  /**
   * A call of a method handle, a var handle or a reflective method, which reads what it is given as
   * it is when it runs: a getter of user data made with {@code findGetter} reads the object as the
   * validator finds it (an outside trial: 299 detections in 300 executions).
   */
  private static boolean isHandle(String target) {
    return target.startsWith("java.lang.invoke.MethodHandle#invoke")
        || target.startsWith("java.lang.invoke.VarHandle#")
        || target.startsWith("java.lang.reflect.Method#invoke(");
  }

  /**
   * A call with a result that APP makes and records, and VAL replays ({@link #evaluatedFor}). One
   * that declares a checked exception ({@code cond.await(ms, unit)}, {@code queue.poll(ms, unit)})
   * is marked in APP, so that an execution where it threw is not validated (VAL would take a result
   * APP never recorded), and VAL's value may throw it, for the {@code catch} around it.
   */
  private Expression recordedCall(MethodCallExpr m, CallFact call) {
    String elements = RANDOM_STREAMS.get(call.siteType());
    if (elements != null) {
      return recordedStream(m, call, elements);
    }
    boolean marked =
        variant == Variant.APP && !call.checkedThrows().isEmpty() && beforeRecorded(m, true);
    boolean statement = m.getParentNode().filter(ExpressionStmt.class::isInstance).isPresent();
    Expression recorded =
        recorded(
            m,
            variant == Variant.VAL ? evaluatedFor(m, call) : new NodeList<>(),
            call.siteType(),
            marked,
            call.checkedThrows());
    return statement ? recordingCall(recorded) : recorded;
  }

  /**
   * The call that records or replays a value, without what turns its bits into the call's type
   * ({@code (log.recordedBits(...) != 0L)}, {@code (int) replay.nondetBits()}): the form of a
   * recorded call made as a statement ({@code cond.await(1, MILLISECONDS);}), where an expression
   * that is not a call is not a statement.
   */
  private static Expression recordingCall(Expression recorded) {
    Expression e = recorded;
    while (!(e instanceof MethodCallExpr)) {
      if (e instanceof EnclosedExpr enclosed) {
        e = enclosed.getInner();
      } else if (e instanceof BinaryExpr binary) {
        e = binary.getLeft();
      } else if (e instanceof CastExpr cast) {
        e = cast.getExpression();
      } else {
        return recorded;
      }
    }
    return e;
  }

  /** A generator's streams of numbers, by type: the array type of their elements. */
  private static final Map<String, String> RANDOM_STREAMS =
      Map.of(
          "java.util.stream.IntStream", "int[]",
          "java.util.stream.LongStream", "long[]",
          "java.util.stream.DoubleStream", "double[]");

  /**
   * A stream of random numbers ({@code ThreadLocalRandom.current().ints(n, 1, 7)}): APP draws it
   * into an array the log records, and both variants stream that array; a stream is lazy and can be
   * used once, so its object cannot be handed to VAL. A sized stream only: an unbounded one ({@code
   * ints(1, 7).limit(n)}) draws as many numbers as the code after it takes.
   */
  private Expression recordedStream(MethodCallExpr m, CallFact call, String elements) {
    // ints(), ints(origin, bound): unbounded; ints(size), ints(size, origin, bound): sized.
    if (m.getArguments().size() % 2 == 0) {
      problem(
          m,
          "an unbounded stream of random numbers (" + call.target() + ")",
          "the log records numbers drawn, not a stream: draw a sized one, "
              + call.name()
              + "(n, origin, bound) or "
              + call.name()
              + "(n), whose numbers APP draws into an array the log records, or draw from a"
              + " generator the closure makes (new java.util.Random(), whose seed the log"
              + " records)");
      return m;
    }
    Expression drawn = variant == Variant.APP ? new MethodCallExpr(m, "toArray") : m;
    return new MethodCallExpr(
        new NameExpr("java.util.Arrays"),
        "stream",
        new NodeList<>(
            recorded(
                drawn,
                variant == Variant.VAL ? evaluatedFor(m, call) : new NodeList<>(),
                elements)));
  }

  /**
   * A call that reads a float's or a double's raw bits ({@code Double.doubleToRawLongBits(x)}, a
   * buffer's {@code putDouble(x)}): the value goes through the log's {@code rawDoubleBits} or
   * {@code rawFloatBits}, which give APP's bits of a NaN to VAL (decision 0061); a byte buffer puts
   * those bits with {@code putLong} or {@code putInt}, as its {@code putDouble} and {@code
   * putFloat} do, and a {@code DoubleBuffer} or {@code FloatBuffer} (a view of bytes stores raw
   * bits) puts the value made back from them.
   */
  private Expression rawBits(MethodCallExpr m, CallFact call) {
    String name = m.getNameAsString();
    boolean isDouble =
        name.equals("doubleToRawLongBits")
            || name.equals("putDouble")
            || call.target().startsWith("java.nio.DoubleBuffer#");
    int last = m.getArguments().size() - 1;
    Expression bits =
        new MethodCallExpr(
            new NameExpr(context),
            isDouble ? "rawDoubleBits" : "rawFloatBits",
            new NodeList<>(m.getArgument(last).clone()));
    if (name.equals("put")) {
      m.setArgument(
          last,
          new MethodCallExpr(
              new NameExpr(isDouble ? "Double" : "Float"),
              isDouble ? "longBitsToDouble" : "intBitsToFloat",
              new NodeList<>(bits)));
      return m;
    }
    if (name.startsWith("put")) {
      m.setName(isDouble ? "putLong" : "putInt");
      m.setArgument(last, bits);
      return m;
    }
    return bits;
  }

  /**
   * The lambdas and method references passed to a recorded call on, or with, a shared JDK object
   * ({@code accounts.computeIfAbsent(id, Account::new)}), rewritten as plain code and replaced in
   * {@code arguments} by placeholders until the call is rewritten: they run inside the call, which
   * only APP makes, so nothing they do may be logged (VAL would never replay it).
   */
  private Map<Integer, Expression> plainLambdas(NodeList<Expression> arguments) {
    Map<Integer, Expression> plain = new HashMap<>();
    BodyRewriter plainRewriter =
        new BodyRewriter(plan, file, pkg, positions, Variant.PLAIN, context, caller, sites);
    for (int i = 0; i < arguments.size(); i++) {
      Expression argument = arguments.get(i);
      if (argument.isLambdaExpr() || argument.isMethodReferenceExpr()) {
        plain.put(i, (Expression) argument.accept(plainRewriter, null));
        arguments.set(i, new NullLiteralExpr());
      }
    }
    return plain;
  }

  /**
   * A call that reads or changes a mutable JDK object of the control path, its receiver ({@code
   * accounts.get(id)}, {@code audit.add(line)}) or an argument of a static JDK method ({@code
   * String.join(",", tags)}, {@code Collections.sort(audit)}): the program changes such an object
   * outside the closure, after APP used it and before VAL re-executes. APP makes the call and
   * records its result; VAL evaluates the receiver and the arguments as APP did (their loads are
   * replayed) and takes the result from the log, without making the call: the call runs once, on
   * what APP saw.
   */
  private Expression sharedCall(MethodCallExpr m, CallFact call, boolean resultUnused) {
    NodeList<Expression> replayArguments = new NodeList<>();
    Expression scope = m.getScope().orElse(null);
    boolean receiver =
        !call.isStatic()
            && scope != null
            && !(scope instanceof ThisExpr)
            && !(scope instanceof SuperExpr);
    if (variant == Variant.VAL) {
      if (receiver) {
        replayArguments.add(scope.clone());
      }
      addValues(m.getArguments(), replayArguments);
    }
    boolean marked = variant == Variant.APP && beforeRecorded(m, receiver);
    if (!call.returnType().equals("void") && !resultUnused) {
      return recorded(m, replayArguments, call.siteType(), marked, call.checkedThrows());
    }
    if (variant == Variant.APP) {
      // A call without a result to record: VAL does not make it either. A void one is followed by
      // log.afterRecorded() in its statement (visit(ExpressionStmt)).
      if (marked && call.returnType().equals("void")) {
        markedVoidCalls.add(m);
        return m;
      }
      return marked
          ? new MethodCallExpr(new NameExpr(context), "afterRecorded", new NodeList<>(m))
          : m;
    }
    if (replayArguments.isEmpty()) {
      return m;
    }
    // No result to record: VAL evaluates what APP evaluated, and throws as the call would on a null
    // receiver.
    if (receiver) {
      replayArguments.set(0, requireNonNull(replayArguments.get(0)));
    }
    return mayThrow(
        new MethodCallExpr(new NameExpr("java.util.Arrays"), "asList", replayArguments),
        false,
        call.checkedThrows());
  }

  /**
   * Marks APP's recorded call {@code call} just before it is made ({@code log.beforeRecorded(...)}
   * around its last argument that is not a lambda or method reference, or around its receiver):
   * whatever the closure's code it runs back logs (a comparator made from a lambda that reads user
   * data), the log drops when it records the result, since VAL takes the result without making the
   * call. False when there is nothing to wrap.
   */
  private boolean beforeRecorded(Expression call, boolean receiver) {
    NodeList<Expression> arguments =
        call instanceof MethodCallExpr m
            ? m.getArguments()
            : call instanceof ObjectCreationExpr o ? o.getArguments() : new NodeList<>();
    for (int i = arguments.size() - 1; i >= 0; i--) {
      Expression argument = arguments.get(i);
      if (!argument.isLambdaExpr()
          && !argument.isMethodReferenceExpr()
          && !argument.isNullLiteralExpr()) {
        arguments.set(i, markedOperand(argument));
        return true;
      }
    }
    if (receiver && call instanceof MethodCallExpr m && m.getScope().isPresent()) {
      m.setScope(markedOperand(m.getScope().get()));
      return true;
    }
    return false;
  }

  private Expression markedOperand(Expression operand) {
    return new MethodCallExpr(new NameExpr(context), "beforeRecorded", new NodeList<>(operand));
  }

  /**
   * Adds to {@code replayArguments} those of a recorded call's {@code arguments} that VAL evaluates
   * as APP did: not its lambdas and method references, which evaluate nothing VAL must replay (and
   * are no {@code Object}).
   */
  private static void addValues(
      NodeList<Expression> arguments, NodeList<Expression> replayArguments) {
    for (Expression argument : arguments) {
      if (!argument.isLambdaExpr() && !argument.isMethodReferenceExpr()) {
        replayArguments.add(argument);
      }
    }
  }

  /**
   * A call that iterates a shared JDK collection or map ({@code tags.stream()}, {@code
   * limits.forEach(...)}): it is made on a snapshot of its receiver, which APP records and VAL
   * takes from the log after evaluating the receiver as APP did, so that both iterate the same
   * elements and the code the iteration runs is validated.
   */
  private Expression snapshotCall(MethodCallExpr m, SnapshotUse use, String unrecorded) {
    // A snapshot of mutable objects (a map's lists) whose stages read them: VAL stops there.
    Expression copy = unrecorded(snapshot(m.getScope().orElseThrow().clone()), unrecorded);
    return switch (use) {
      case ENUMERATE -> enumeration(copy);
      case ENUMERATE_KEYS -> enumeration(new MethodCallExpr(copy, "keySet"));
      case ENUMERATE_VALUES -> enumeration(new MethodCallExpr(copy, "values"));
      default -> m.setScope(copy);
    };
  }

  /** {@code log.snapshot(value)} in APP, {@code replay.snapshot(value)} in VAL. */
  private Expression snapshot(Expression value) {
    return new MethodCallExpr(new NameExpr(context), "snapshot", new NodeList<>(value));
  }

  private static Expression enumeration(Expression collection) {
    return new MethodCallExpr(
        new NameExpr("java.util.Collections"), "enumeration", new NodeList<>(collection));
  }

  /**
   * A for-each loop over a shared JDK object ({@code for (String t : tags)}) iterates a snapshot of
   * it ({@link #snapshotCall}); its body runs as closure code in both variants. One over a
   * user-data array ({@code for (Cell c : cells)}) iterates the {@code VersionedArray}: plainly in
   * the plain variant, through the log's or the replay's {@code slots} in APP and VAL, which load
   * each slot when the loop gets to it, as {@code cells[i]} in an index loop does.
   */
  /**
   * A local that holds a user-data array field's array ({@code Cell[] c = this.cells;}) takes the
   * field's type, {@code VersionedArray<Cell>}; its uses are the field's (indexed through the log
   * in APP and VAL). A {@code var} local gets it by inference.
   */
  @Override
  public Visitable visit(VariableDeclarator n, Void arg) {
    boolean alias =
        n.getInitializer().filter(i -> facts.arrayLocalInitializer(positions.span(i))).isPresent();
    VariableDeclarator d = (VariableDeclarator) super.visit(n, arg);
    if (alias && d.getType() instanceof ArrayType array) {
      d.setType(StaticJavaParser.parseType("VersionedArray<" + array.getComponentType() + ">"));
    }
    return d;
  }

  @Override
  public Visitable visit(ForEachStmt n, Void arg) {
    boolean snapshot = variant != Variant.PLAIN && facts.snapshot(positions.span(n.getIterable()));
    boolean arraySnapshot =
        variant != Variant.PLAIN && facts.arraySnapshot(positions.span(n.getIterable()));
    boolean slots = variant != Variant.PLAIN && isVersionedArray(n.getIterable());
    ForEachStmt s = (ForEachStmt) super.visit(n, arg);
    if (slots) {
      s.setIterable(
          new MethodCallExpr(
              new NameExpr(context), "slots", new NodeList<>(s.getIterable().clone())));
    } else if (snapshot) {
      s.setIterable(snapshot(s.getIterable().clone()));
    } else if (arraySnapshot) {
      // for (long b : Rates.BONUS): a copy of the array, which the control path may change.
      s.setIterable(
          new MethodCallExpr(
              new NameExpr(context), "snapshotArray", new NodeList<>(s.getIterable().clone())));
    }
    return s;
  }

  /**
   * What APP evaluated for a recorded call, which VAL evaluates too (they may load user data or be
   * recorded calls themselves, as in {@code ThreadLocalRandom.current().nextInt(n)}): the receiver
   * of an instance call, then the arguments.
   */
  private static NodeList<Expression> evaluatedFor(MethodCallExpr m, CallFact call) {
    NodeList<Expression> evaluated = new NodeList<>();
    m.getScope()
        .filter(scope -> !call.isStatic())
        .filter(scope -> !(scope instanceof ThisExpr) && !(scope instanceof SuperExpr))
        .ifPresent(evaluated::add);
    evaluated.addAll(m.getArguments());
    return evaluated;
  }

  /**
   * A call without a result that VAL does not make (library code with an effect, decision 0068):
   * VAL evaluates only what APP evaluated for it ({@link #evaluatedFor}).
   */
  private static Expression argumentsOnly(MethodCallExpr m, CallFact call) {
    NodeList<Expression> evaluated = evaluatedFor(m, call);
    // Each one an element, a null or an array too.
    evaluated.replaceAll(
        e -> new CastExpr(StaticJavaParser.parseType("Object"), new EnclosedExpr(e)));
    return new MethodCallExpr(
        new FieldAccessExpr(new NameExpr("java.util"), "Arrays"), "asList", evaluated);
  }

  /**
   * VAL's form of a call that locks, unlocks, signals or waits ({@code lock.unlock()}): the
   * receiver is evaluated (its loads are replayed, and a null one throws as the call would), the
   * call is not made. A validator never acts on the application's locks; APP's variant makes the
   * call. What the call may throw VAL may too, for the {@code catch} around it ({@link #mayThrow}).
   */
  private static Expression withoutTheLock(MethodCallExpr m) {
    return requireNonNull(
        m.getScope()
            .filter(scope -> !(scope instanceof SuperExpr))
            .map(Expression::clone)
            .orElseGet(ThisExpr::new));
  }

  /**
   * Whether the method {@code id} is declared in an anonymous or local class other than the one
   * whose method this body is: such a class can be named only in the method that declares it, so
   * this body's method declares it. The class's own methods call each other's variants, which it
   * has.
   */
  private boolean ofClassDeclaredHere(String id) {
    String owner = ownerOf(id);
    return owner != null && JavaNames.isLocalOrAnonymous(owner) && !owner.equals(ownerOf(caller));
  }

  /** The binary name of the class of the method {@code id} ({@code p.Owner#m(long)}), or null. */
  private static String ownerOf(String id) {
    int hash = id == null ? -1 : id.indexOf('#');
    return hash > 0 ? id.substring(0, hash) : null;
  }

  /**
   * APP's {@code lock.wait()}, {@code lockInterruptibly()}: a call that an interrupt cuts short
   * with an exception, where VAL, which does not wait, could not throw. It is marked as a recorded
   * call, on its receiver ({@code this} for {@code wait()}), so that an execution where it threw is
   * not validated rather than diverging in VAL. A call through {@code super} keeps its receiver.
   */
  private void interruptible(MethodCallExpr m) {
    if (m.getScope().filter(SuperExpr.class::isInstance).isPresent()) {
      return;
    }
    m.setScope(markedOperand(m.getScope().orElseGet(ThisExpr::new)));
    markedVoidCalls.add(m);
  }

  /**
   * {@code synchronized (lock) { ... }} in VAL becomes {@code { Objects.requireNonNull(lock); { ...
   * } }}: the lock expression is still evaluated (its loads are replayed, and a null lock throws as
   * {@code synchronized} would), but the validator never enters the application's monitor, which
   * the application may hold while it waits for this very validation.
   */
  @Override
  public Visitable visit(SynchronizedStmt n, Void arg) {
    SynchronizedStmt s = (SynchronizedStmt) super.visit(n, arg);
    if (variant != Variant.VAL) {
      return s;
    }
    BlockStmt unlocked = new BlockStmt();
    unlocked.addStatement(new ExpressionStmt(requireNonNull(s.getExpression())));
    unlocked.addStatement(s.getBody());
    return unlocked;
  }

  /**
   * A try-with-resources statement with a resource whose {@code close()} has variants (or is a
   * closure), in APP and VAL: the statement as JLS 14.20.3 translates it, where that {@code
   * close()} is a call of this variant's ({@link #closing}); the JVM's implicit call would run it
   * as written, where a validator refuses its reads. The other resources keep their statement,
   * nested where they were; an extended statement ({@code catch}, {@code finally}) keeps those
   * around the translation.
   */
  @Override
  public Visitable visit(TryStmt n, Void arg) {
    List<String> closes =
        variant == Variant.PLAIN ? List.of() : facts.resourceCloses(positions.span(n));
    TryStmt s = (TryStmt) super.visit(n, arg);
    if (closes.size() != s.getResources().size()
        || closes.stream()
            .noneMatch(c -> c != null && (plan.isClosure(c) || plan.hasVariants(c)))) {
      return s;
    }
    List<Expression> resources = new ArrayList<>(s.getResources());
    s.setResources(new NodeList<>());
    BlockStmt body = s.getTryBlock();
    BlockStmt tryBlock = body;
    List<Expression> asWritten = new ArrayList<>();
    for (int i = resources.size() - 1; i >= 0; i--) {
      String close = closes.get(i);
      if (close == null || !(plan.isClosure(close) || plan.hasVariants(close))) {
        asWritten.add(0, resources.get(i));
        continue;
      }
      if (!asWritten.isEmpty()) {
        body = new BlockStmt(new NodeList<>(withResources(asWritten, body)));
        asWritten.clear();
      }
      body = closing(resources.get(i), close, body, tryBlock);
    }
    if (asWritten.isEmpty() && s.getCatchClauses().isEmpty() && s.getFinallyBlock().isEmpty()) {
      return LineMappingPrinter.positionedAs(body, s);
    }
    s.setResources(new NodeList<>(asWritten));
    s.setTryBlock(body);
    return s;
  }

  private static TryStmt withResources(List<Expression> resources, BlockStmt body) {
    return new TryStmt(new NodeList<>(resources), body, new NodeList<>(), null);
  }

  /**
   * {@code try (R r = init) body}, the basic statement with one resource whose {@code close()} is
   * {@code close} (an id), as JLS 14.20.3.1 translates it:
   *
   * <pre>{@code
   * {
   *   final R r = init;
   *   java.lang.Throwable primary$1 = null;
   *   try body
   *   catch (java.lang.Throwable thrown$1) { primary$1 = thrown$1; throw thrown$1; }
   *   finally {
   *     if (r != null) {
   *       if (primary$1 != null) {
   *         try { r.closeApp(log); }
   *         catch (java.lang.Throwable suppressed$1) { log.caught(suppressed$1); primary$1.addSuppressed(suppressed$1); }
   *       } else {
   *         r.closeApp(log);
   *       }
   *     }
   *   }
   * }
   * }</pre>
   *
   * The {@code finally} takes the line of the try block's closing brace, as javac's implicit call
   * does. A resource that names a variable ({@code try (r)}) is first held in a local, {@code
   * resource$1}. {@code thrown$1} is never assigned, so its rethrow throws what the body may throw
   * (JLS 11.2.2), as the statement did. The suppressed exception's clause passes it on first, as a
   * variant's every catch clause does ({@link #visit(CatchClause, Void)}): a validator's divergence
   * in {@code close()} is not suppressed.
   */
  private BlockStmt closing(Expression resource, String close, BlockStmt body, BlockStmt tryBlock) {
    int k = ++resourcesClosed;
    String primary = "primary$" + k;
    String thrown = "thrown$" + k;
    String suppressed = "suppressed$" + k;
    String name;
    VariableDeclarationExpr declaration;
    if (resource instanceof VariableDeclarationExpr declared) {
      declaration = declared;
      if (!declaration.hasModifier(Modifier.Keyword.FINAL)) {
        declaration.addModifier(Modifier.Keyword.FINAL);
      }
      if (declaration.getVariable(0).getNameAsString().equals("_")) {
        // An unnamed resource (Java 22, try (var _ = lock())): the translation names it to close.
        declaration.getVariable(0).setName("resource$" + k);
      }
      name = declaration.getVariable(0).getNameAsString();
    } else {
      name = "resource$" + k;
      declaration =
          new VariableDeclarationExpr(
              new VariableDeclarator(new VarType(), name, resource), Modifier.finalModifier());
    }
    ClassOrInterfaceType throwable =
        StaticJavaParser.parseClassOrInterfaceType("java.lang.Throwable");
    MethodCallExpr closed = new MethodCallExpr(new NameExpr(name), "close");
    toVariant(closed, close, false);
    BlockStmt passedOn =
        new BlockStmt(
            new NodeList<>(
                new ExpressionStmt(
                    new MethodCallExpr(
                        new NameExpr(context), "caught", new NodeList<>(new NameExpr(suppressed)))),
                new ExpressionStmt(
                    new MethodCallExpr(
                        new NameExpr(primary),
                        "addSuppressed",
                        new NodeList<>(new NameExpr(suppressed))))));
    Statement closedAfterThrow =
        new TryStmt(
            new BlockStmt(new NodeList<>(new ExpressionStmt(closed.clone()))),
            new NodeList<>(new CatchClause(new Parameter(throwable.clone(), suppressed), passedOn)),
            null);
    Statement closedIfMade =
        new IfStmt(
            notNull(name),
            new BlockStmt(
                new NodeList<>(
                    new IfStmt(
                        notNull(primary),
                        new BlockStmt(new NodeList<>(closedAfterThrow)),
                        new BlockStmt(new NodeList<>(new ExpressionStmt(closed)))))),
            null);
    BlockStmt rethrown =
        new BlockStmt(
            new NodeList<>(
                new ExpressionStmt(
                    new AssignExpr(
                        new NameExpr(primary), new NameExpr(thrown), AssignExpr.Operator.ASSIGN)),
                new ThrowStmt(new NameExpr(thrown))));
    // javac puts the implicit close() on the try block's closing brace.
    LineMappingPrinter.positionedAtEnd(closedIfMade, tryBlock);
    TryStmt guarded =
        new TryStmt(
            body,
            new NodeList<>(new CatchClause(new Parameter(throwable.clone(), thrown), rethrown)),
            new BlockStmt(new NodeList<>(closedIfMade)));
    return new BlockStmt(
        new NodeList<>(
            new ExpressionStmt(declaration),
            new ExpressionStmt(
                new VariableDeclarationExpr(
                    new VariableDeclarator(throwable.clone(), primary, new NullLiteralExpr()))),
            guarded));
  }

  /** {@code name != null}. */
  private static Expression notNull(String name) {
    return new BinaryExpr(
        new NameExpr(name), new NullLiteralExpr(), BinaryExpr.Operator.NOT_EQUALS);
  }

  /**
   * {@code shape.equals(other)} (javac resolved the JDK's {@code equals}) in APP and VAL: the
   * receiver's class is tested against each class of the sources whose override has variants, and
   * that variant runs ({@code shape instanceof Rect o$0 ? o$0.equalsApp(log, other) :
   * shape.equals(other)}); any other class runs the call as written. The caller passes {@code
   * overrides} only for a receiver whose evaluation has no effect in the source, as each test
   * evaluates it again (in APP and VAL alike). Null when no override has variants.
   */
  private Expression overrideDispatch(MethodCallExpr m, Map<String, String> overrides) {
    String scope = m.getScope().orElseThrow().toString();
    StringBuilder dispatch = new StringBuilder("(");
    overrides.forEach(
        (type, id) -> {
          if (plan.touching.contains(id)) {
            String bound = "o$" + overrideDispatches++;
            dispatch.append('(').append(scope).append(") instanceof ");
            dispatch.append(plan.facts.expressionName(type, pkg)).append(' ').append(bound);
            dispatch.append(" ? ").append(bound).append('.');
            dispatch.append(plan.variantName(m.getNameAsString(), variant)).append('(');
            dispatch.append(context);
            List<String> parameters = FileRewriter.parameterTypes(id);
            for (int i = 0; i < m.getArguments().size(); i++) {
              dispatch.append(", ");
              String parameter = parameters.get(i);
              if (!parameter.equals("java.lang.Object")) {
                // a.compareTo(b) with b of a type variable: the override takes its own class.
                dispatch.append('(').append(plan.facts.expressionName(parameter, pkg)).append(") ");
              }
              dispatch.append('(').append(m.getArgument(i)).append(')');
            }
            dispatch.append(") : ");
          }
        });
    if (dispatch.length() == 1) {
      return null;
    }
    return StaticJavaParser.parseExpression(dispatch.append(m).append(')').toString());
  }

  /** Evaluating {@code e} calls, assigns and makes nothing. */
  private static boolean withoutEffects(Expression e) {
    return e.findAll(MethodCallExpr.class).isEmpty()
        && e.findAll(AssignExpr.class).isEmpty()
        && e.findAll(ObjectCreationExpr.class).isEmpty()
        && e.findAll(ArrayCreationExpr.class).isEmpty()
        && e.findAll(UnaryExpr.class).stream().noneMatch(u -> StoreHelper.isStep(u.getOperator()));
  }

  /** {@code java.util.Objects.requireNonNull(value)}. */
  private static MethodCallExpr requireNonNull(Expression value) {
    return new MethodCallExpr(
        new NameExpr("java.util.Objects"), "requireNonNull", new NodeList<>(value));
  }

  /**
   * A call on another object ({@code pricing.fee(amount)}, not on {@code this} or {@code super},
   * whose variants run on an object of their own class) without explicit type arguments: through
   * the target's static bridge ({@link Plan#bridged}).
   */
  private static boolean throughBridge(MethodCallExpr m) {
    return m.getScope().filter(s -> !s.isThisExpr() && !s.isSuperExpr()).isPresent()
        && m.getTypeArguments().isEmpty();
  }

  /** {@code Pricing.feeApp$(log, pricing, amount)}: {@code m} through its target's bridge. */
  private Expression bridged(MethodCallExpr m, String target) {
    NodeList<Expression> arguments = new NodeList<>();
    arguments.add(new NameExpr(context));
    arguments.add(m.getScope().orElseThrow());
    arguments.addAll(m.getArguments());
    return new MethodCallExpr(
        StaticJavaParser.parseExpression(
            plan.facts.expressionName(target.substring(0, target.indexOf('#')), pkg)),
        plan.variantName(m.getNameAsString(), variant) + "$",
        arguments);
  }

  private void toVariant(MethodCallExpr m, CallFact call) {
    toVariant(m, call.target(), call.isStatic());
  }

  /** {@code m}, a call of {@code target}, calls the target's variant of this kind. */
  private void toVariant(MethodCallExpr m, String target, boolean isStatic) {
    m.setName(plan.variantName(m.getNameAsString(), variant));
    m.getArguments().add(0, new NameExpr(context));
    String owner = target.substring(0, target.indexOf('#'));
    if (m.getScope().isEmpty()
        && isStatic
        && (caller == null || !topLevel(owner).equals(topLevel(caller)))) {
      // mix(v, 1) through `import static m.Mix.mix`, which does not import mixApp.
      m.setScope(StaticJavaParser.parseExpression(plan.facts.expressionName(owner, pkg)));
    }
  }

  /** The top-level class of a binary class name or of a method id ({@code p.Outer$Inner#m()}). */
  private static String topLevel(String name) {
    return name.split("[#$]", 2)[0];
  }

  /**
   * APP records {@code value} (a non-deterministic call's result, or a shared field's value) in the
   * log; VAL takes it from there, after evaluating {@code replayArguments} as APP did, without
   * evaluating {@code value}.
   */
  private Expression recorded(Expression value, NodeList<Expression> replayArguments, String type) {
    return recorded(value, replayArguments, type, false);
  }

  /**
   * {@link #recorded(Expression, NodeList, String)}; with {@code marked}, APP's {@code value} is a
   * call marked by {@link #beforeRecorded}, whose result {@code recordedBits} or {@code
   * recordedRef} records after dropping what the call logged by running the closure's code back.
   */
  private Expression recorded(
      Expression value, NodeList<Expression> replayArguments, String type, boolean marked) {
    return recorded(value, replayArguments, type, marked, List.of());
  }

  /**
   * {@link #recorded(Expression, NodeList, String, boolean)} of a call that declares the checked
   * exceptions {@code thrown}, which VAL's value says it may throw ({@link #replayed}).
   */
  private Expression recorded(
      Expression value,
      NodeList<Expression> replayArguments,
      String type,
      boolean marked,
      List<String> thrown) {
    Expression call = value;
    NameExpr ctx = new NameExpr(context);
    NodeList<Expression> arguments = new NodeList<>();
    if (variant == Variant.VAL) {
      // A lambda or a method reference has no effect to repeat, and no type as an Object.
      replayArguments.stream()
          .filter(a -> !(a instanceof LambdaExpr) && !(a instanceof MethodReferenceExpr))
          .forEach(arguments::add);
    }
    String bitsName = marked && variant == Variant.APP ? "recordedBits" : "nondetBits";
    String refName = marked && variant == Variant.APP ? "recordedRef" : "nondetRef";
    return switch (type) {
      case "long" ->
          variant == Variant.APP
              ? new MethodCallExpr(ctx, bitsName, new NodeList<>(call))
              : replayed(ctx, "nondetBits", arguments, thrown);
      case "int", "short", "byte", "char" ->
          new CastExpr(
              new com.github.javaparser.ast.type.PrimitiveType(
                  com.github.javaparser.ast.type.PrimitiveType.Primitive.valueOf(
                      type.toUpperCase(Locale.ROOT))),
              variant == Variant.APP
                  ? new MethodCallExpr(ctx, bitsName, new NodeList<>(call))
                  : replayed(ctx, "nondetBits", arguments, thrown));
      // In parentheses: the value may be an operand of ! or ==.
      case "boolean" ->
          new EnclosedExpr(
              new BinaryExpr(
                  variant == Variant.APP
                      ? new MethodCallExpr(
                          ctx,
                          bitsName,
                          new NodeList<>(
                              new ConditionalExpr(
                                  call, new IntegerLiteralExpr("1"), new IntegerLiteralExpr("0"))))
                      : replayed(ctx, "nondetBits", arguments, thrown),
                  new LongLiteralExpr("0L"),
                  BinaryExpr.Operator.NOT_EQUALS));
      case "double" ->
          new MethodCallExpr(
              new NameExpr("Double"),
              "longBitsToDouble",
              new NodeList<>(
                  variant == Variant.APP
                      ? new MethodCallExpr(
                          ctx,
                          bitsName,
                          new NodeList<>(
                              new MethodCallExpr(
                                  new NameExpr("Double"),
                                  "doubleToRawLongBits",
                                  new NodeList<>(call))))
                      : replayed(ctx, "nondetBits", arguments, thrown)));
      case "float" ->
          new MethodCallExpr(
              new NameExpr("Float"),
              "intBitsToFloat",
              new NodeList<>(
                  new CastExpr(
                      new com.github.javaparser.ast.type.PrimitiveType(
                          com.github.javaparser.ast.type.PrimitiveType.Primitive.INT),
                      variant == Variant.APP
                          ? new MethodCallExpr(
                              ctx,
                              bitsName,
                              new NodeList<>(
                                  new MethodCallExpr(
                                      new NameExpr("Float"),
                                      "floatToRawIntBits",
                                      new NodeList<>(call))))
                          : replayed(ctx, "nondetBits", arguments, thrown))));
      // In parentheses: the value may be a method call's scope (UUID.randomUUID().toString()).
      default ->
          variant == Variant.APP
              ? new MethodCallExpr(ctx, refName, new NodeList<>(call))
              : new EnclosedExpr(
                  new CastExpr(
                      new ClassOrInterfaceType(null, type),
                      replayed(ctx, "nondetRef", arguments, thrown)));
    };
  }

  /**
   * VAL's {@code replay.nondetBits(...)} or {@code nondetRef(...)} of a recorded call, said to
   * throw the checked exceptions the call declares ({@code thrown}): VAL does not make the call,
   * and a catch clause of the closure for one of them would not compile otherwise.
   */
  private static Expression replayed(
      NameExpr ctx, String name, NodeList<Expression> arguments, List<String> thrown) {
    return mayThrow(new MethodCallExpr(ctx, name, arguments), name.equals("nondetBits"), thrown);
  }

  /** {@code value} as {@code Replay.<E>mayThrowBits(value)} (or {@code Ref}) per E of thrown. */
  private static Expression mayThrow(Expression value, boolean bits, List<String> thrown) {
    Expression wrapped = value;
    for (String exception : thrown) {
      MethodCallExpr call =
          new MethodCallExpr(
              new NameExpr("dev.orthrus.runtime.api.Replay"),
              bits ? "mayThrowBits" : "mayThrowRef",
              new NodeList<>(wrapped));
      call.setTypeArguments(new ClassOrInterfaceType(null, exception));
      wrapped = call;
    }
    return wrapped;
  }

  /**
   * {@code new Order(qty)} of a user-data class whose constructor draws an id from the program's
   * sequence (Plan#recordedConstructions): APP records the object it made, VAL takes it from the
   * log after evaluating the arguments as APP did, so the constructor runs once. What it computed
   * is not compared.
   */
  private Expression recordedConstruction(ObjectCreationExpr made, String type) {
    NodeList<Expression> replayArguments = new NodeList<>();
    if (variant == Variant.VAL) {
      addValues(made.getArguments(), replayArguments);
    }
    return recorded(made, replayArguments, type);
  }

  /**
   * What a seeded call takes (a seed, the default locale): APP reads and records it, VAL replays.
   */
  private Expression recordedSeed(SeededForm form) {
    return recorded(form.read(), new NodeList<>(), form.type());
  }

  /**
   * A catch clause of APP or VAL tells the log first what it caught ({@code log.caught(e)}): an
   * error of the machine the closure caught (a recursion that catches {@code StackOverflowError})
   * makes the execution one that is not validated, and VAL's own divergence or error of the machine
   * goes on up past the program's {@code catch (Throwable t)} ({@code replay.caught(e)}).
   */
  @Override
  public Visitable visit(CatchClause n, Void arg) {
    CatchClause c = (CatchClause) super.visit(n, arg);
    // An unnamed parameter (catch (Exception _), Java 22) cannot be passed on.
    if (variant != Variant.PLAIN && !c.getParameter().getNameAsString().equals("_")) {
      c.getBody()
          .addStatement(
              0,
              new MethodCallExpr(
                  new NameExpr(context),
                  "caught",
                  new NodeList<>(new NameExpr(c.getParameter().getNameAsString()))));
    }
    return c;
  }

  @Override
  public Visitable visit(LocalClassDeclarationStmt n, Void arg) {
    if (variant != Variant.PLAIN && touches(n.getClassDeclaration())) {
      // The variants copy the closure's body, the class with it: the copies' calls would need
      // variants of the class's methods inside each copy.
      problem(
          n,
          "a local class that touches user data inside a closure",
          "declare the class outside the closure (a nested class), or use a named helper method");
    }
    return detached(variant != Variant.PLAIN, () -> super.visit(n, arg));
  }

  /**
   * {@code visit}'s result, with the code it visits counted as {@link #detached} when {@code
   * detaching}: it may run after the log is gone.
   */
  private <T> T detached(boolean detaching, Supplier<T> visit) {
    detached += detaching ? 1 : 0;
    try {
      return visit.get();
    } finally {
      detached -= detaching ? 1 : 0;
    }
  }

  @Override
  public Visitable visit(ObjectCreationExpr n, Void arg) {
    Span span = positions.span(n);
    NewFact allocation = facts.allocation(span);
    if (variant != Variant.PLAIN && n.getAnonymousClassBody().isPresent() && touches(n)) {
      problem(
          n,
          "an anonymous class that touches user data inside a closure",
          "use a lambda passed straight to the method that runs it, or a named helper method");
    }
    Map<Integer, Expression> runInside =
        allocation != null && allocation.recordedShared() && variant == Variant.APP
            ? plainLambdas(n.getArguments())
            : Map.of();
    List<String> unrecorded = unrecordedUses(n.getArguments());
    ObjectCreationExpr o =
        (ObjectCreationExpr)
            detached(
                variant != Variant.PLAIN && n.getAnonymousClassBody().isPresent(),
                () -> super.visit(n, arg));
    runInside.forEach(o::setArgument);
    unrecorded(o.getArguments(), unrecorded);
    if (allocation != null && allocation.recordedShared() && variant != Variant.PLAIN) {
      // new ArrayList<>(tags): APP records the copy it made, VAL takes it from the log after
      // evaluating the arguments as APP did, instead of copying the live list.
      NodeList<Expression> replayArguments = new NodeList<>();
      if (variant == Variant.VAL) {
        addValues(o.getArguments(), replayArguments);
      }
      boolean marked = variant == Variant.APP && beforeRecorded(o, false);
      return recorded(o, replayArguments, allocation.siteType(), marked);
    }
    if (allocation != null && variant != Variant.PLAIN && !allocation.array()) {
      if (allocation.seeded() != null) {
        return seeded(n, o, allocation);
      }
      String recordedInside =
          allocation.userData() || o.getAnonymousClassBody().isPresent()
              ? null
              : plan.plainRecordingConstructions.get(allocation.type());
      if (recordedInside != null) {
        // new Event() whose constructor reads the thread's name: a validator would run it as
        // written and read its own.
        problem(
            n,
            "a class whose constructor or field initializers make a call the log records ("
                + recordedInside
                + "), made inside a closure: a validator runs the constructor as written and would"
                + " get its own value",
            "make the value in the closure and pass it to the constructor (new Event(name) with"
                + " name = Thread.currentThread().getName()), or make it in a method of the class");
        return o;
      }
      if (allocation.type().equals("java.security.SecureRandom")) {
        // Recording the object would not do: a validator would draw from APP's generator again.
        problem(
            n,
            "a SecureRandom made inside a closure: a validator cannot draw the same values",
            "draw the random values outside the closure and pass them in");
        return o;
      }
      if (plan.recordedCalls.contains(allocation.constructor())) {
        // new Date(): APP records the object it made, VAL takes it from the log after evaluating
        // the arguments as APP did.
        NodeList<Expression> replayArguments = new NodeList<>();
        if (variant == Variant.VAL) {
          replayArguments.addAll(o.getArguments());
        }
        return recorded(o, replayArguments, allocation.type());
      }
    }
    if (allocation != null
        && allocation.userData()
        && variant != Variant.PLAIN
        && o.getAnonymousClassBody().isEmpty()) {
      if (plan.recordedConstructions.contains(allocation.type())) {
        return recordedConstruction(o, allocation.siteType());
      }
      return new MethodCallExpr(new NameExpr(context), "allocate", new NodeList<>(o));
    }
    return made(span, o);
  }

  /**
   * {@code "tags=" + tags}: the string conversion of a shared object is recorded, as {@code
   * String.valueOf(tags)} would be: APP records the text, VAL takes it from the log.
   */
  @Override
  public Visitable visit(BinaryExpr n, Void arg) {
    boolean[] converted = {
      variant != Variant.PLAIN && facts.sharedToString(positions.span(n.getLeft())),
      variant != Variant.PLAIN && facts.sharedToString(positions.span(n.getRight()))
    };
    boolean[] compared = comparedArrays(n);
    Visitable v = super.visit(n, arg);
    if (v instanceof BinaryExpr b) {
      if (converted[0]) {
        b.setLeft(sharedToString(b.getLeft()));
      }
      if (converted[1]) {
        b.setRight(sharedToString(b.getRight()));
      }
      if (compared[0]) {
        b.setLeft(asObject(b.getLeft()));
      }
      if (compared[1]) {
        b.setRight(asObject(b.getRight()));
      }
    }
    return v;
  }

  /**
   * Which operands of {@code ==} or {@code !=} are user-data arrays compared with something other
   * than {@code null}: they are compared as {@code Object}s, since javac refuses to compare a
   * {@code VersionedArray} with a Java array ({@code copy == cells}, false in the source as well: a
   * user-data array is never handed out as a Java array) or with a {@code VersionedArray} of
   * another element type ({@code accs == subs}).
   */
  private boolean[] comparedArrays(BinaryExpr n) {
    if (n.getOperator() != BinaryExpr.Operator.EQUALS
        && n.getOperator() != BinaryExpr.Operator.NOT_EQUALS) {
      return new boolean[2];
    }
    Expression left = n.getLeft();
    Expression right = n.getRight();
    boolean withNull = left.isNullLiteralExpr() || right.isNullLiteralExpr();
    return new boolean[] {
      !withNull && isVersionedArray(left), !withNull && isVersionedArray(right)
    };
  }

  private static Expression asObject(Expression operand) {
    return new CastExpr(
        StaticJavaParser.parseClassOrInterfaceType("java.lang.Object"), new EnclosedExpr(operand));
  }

  private Expression sharedToString(Expression operand) {
    return recordedAfter(
        new MethodCallExpr(new NameExpr("java.lang.String"), "valueOf", new NodeList<>(operand)),
        operand,
        "java.lang.String");
  }

  /**
   * For each expression, in VAL, how it hands a shared object to code that reads it where the log
   * records nothing ({@link SourceFacts.FileFacts#unrecordedShared}), else null; taken before the
   * expressions are rewritten, while they still have their source positions.
   */
  private List<String> unrecordedUses(List<Expression> expressions) {
    List<String> uses = new ArrayList<>();
    for (Expression e : expressions) {
      uses.add(variant == Variant.VAL ? facts.unrecordedShared(positions.span(e)) : null);
    }
    return uses;
  }

  private void unrecorded(NodeList<Expression> rewritten, List<String> uses) {
    for (int i = 0; i < uses.size(); i++) {
      rewritten.set(i, unrecorded(rewritten.get(i), uses.get(i)));
    }
  }

  /**
   * {@code replay.unrecorded(value, use)}: the validator stops there and counts the execution as
   * not validated, rather than read the application's live object.
   */
  private Expression unrecorded(Expression value, String use) {
    return use == null
        ? value
        : new MethodCallExpr(
            new NameExpr(context), "unrecorded", new NodeList<>(value, new StringLiteralExpr(use)));
  }

  /**
   * An unseeded generator seeds itself differently in APP and VAL, and a scanner takes the default
   * locale of when it was made: it gets its seed or locale from the log. A subclass of one (its
   * constructor may seed it, or not) cannot be given one.
   */
  private Expression seeded(ObjectCreationExpr n, ObjectCreationExpr o, NewFact allocation) {
    SeededForm form = SeededForm.of(allocation.seeded());
    if (!allocation.type().equals(allocation.seeded().type())) {
      problem(
          n,
          "a subclass of " + allocation.seeded().type() + " made without a seed inside a closure",
          "make it outside the closure and pass it in, or make the JDK generator with a seed");
      return o;
    }
    return form.seeded(o, recordedSeed(form));
  }

  /** What to do with a method reference a closure keeps instead of passing it to a call. */
  private static final String KEPT_REFERENCE_ADVICE =
      "pass it directly to the method that runs it: a kept reference could run after the closure's"
          + " log is gone";

  /**
   * The lambda a method reference stands for, as a hint: through its receiver ({@code other::price}
   * is {@code x -> other.price(x)}, not {@code x -> price(x)}, which would call this object's).
   * With javac's facts ({@code ref}), as many parameters as the method takes, and an unbound
   * reference's receiver first; without, one, and a type's reference may be either.
   */
  private static String lambdaFor(MethodReferenceExpr n, ReferenceFact ref) {
    String name = n.getIdentifier();
    Expression scope = n.getScope();
    String text = scope.isThisExpr() ? "" : scope + ".";
    if (ref == null) {
      // The parser reads other::price's scope as a type too; a type's name starts in upper case.
      String last =
          text.isEmpty() ? "" : text.substring(text.lastIndexOf('.', text.length() - 2) + 1);
      return scope.isTypeExpr() && !last.isEmpty() && Character.isUpperCase(last.charAt(0))
          ? "x -> " + text + name + "(x), or x -> x." + name + "() for a method of x"
          : "x -> " + text + name + "(x)";
    }
    List<String> arguments = new ArrayList<>();
    for (int i = 0; i < ref.parameters(); i++) {
      arguments.add(ref.parameters() == 1 ? "a" : "a" + (i + 1));
    }
    List<String> parameters = new ArrayList<>(arguments);
    String call = text + name + "(" + String.join(", ", arguments) + ")";
    if (ref.form() == ReferenceFact.Form.UNBOUND) {
      parameters.add(0, "x");
      call = "x." + name + "(" + String.join(", ", arguments) + ")";
    }
    return (parameters.size() == 1 ? parameters.get(0) : "(" + String.join(", ", parameters) + ")")
        + " -> "
        + call;
  }

  /**
   * In a closure's variants, a reference to a method that touches user data becomes a lambda that
   * calls the method's variant with the log ({@code this::find} to {@code (ref$0) ->
   * this.findApp(log, ref$0)}), and a constructor reference of a user-data class one that records
   * the allocation ({@code Node::new} to {@code (ref$0) -> log.allocate(new Node(ref$0))}), as
   * written lambdas would be rewritten.
   */
  @Override
  public Visitable visit(MethodReferenceExpr n, Void arg) {
    Span span = positions.span(n);
    return made(span, (Expression) reference(n, arg));
  }

  private Visitable reference(MethodReferenceExpr n, Void arg) {
    if (variant == Variant.PLAIN) {
      return typedClosureReference(n);
    }
    String unrecorded = unrecordedUses(List.of(n.getScope())).get(0);
    if (unrecorded != null) {
      // audit::add of a shared list: VAL stops where it would make the reference.
      MethodReferenceExpr r = (MethodReferenceExpr) super.visit(n, arg);
      r.setScope(unrecorded(r.getScope(), unrecorded));
      return r;
    }
    ReferenceFact ref = facts.reference(positions.span(n));
    if (ref == null) {
      if (touchesByName(n)) {
        problem(
            n,
            "a method reference to a method that touches user data inside a closure",
            "write it as a lambda (" + lambdaFor(n, null) + ") so the call is rewritten");
      }
      return super.visit(n, arg);
    }
    boolean allocation = ref.form() == ReferenceFact.Form.USER_DATA_CONSTRUCTOR;
    if (!allocation && recordsItsResult(ref)) {
      return recordedReference(n, ref);
    }
    if (!allocation && !plan.reachesUserData(ref.target())) {
      // Nothing of the log's in it (a method with variants only for the check of the object's
      // class is referenced as written, as it was before it had them).
      return super.visit(n, arg);
    }
    if (ref.form() == ReferenceFact.Form.OTHER) {
      problem(
          n,
          "a method reference through " + n.getScope() + " to a method that touches user data",
          "write it as a lambda (" + lambdaFor(n, ref) + ") so the call is rewritten");
      return n;
    }
    if (!runsInCall(n)) {
      problem(
          n,
          "a method reference to a method that touches user data, kept (not passed straight to a"
              + " call)",
          KEPT_REFERENCE_ADVICE);
      return n;
    }
    NodeList<Expression> arguments = new NodeList<>();
    NodeList<Parameter> parameters = lambdaParameters(n, ref, arguments);
    Expression body;
    if (allocation) {
      // Node::new: (ref$0) -> log.allocate(new Node(ref$0)), as a written allocation would be.
      ClassOrInterfaceType type =
          ((TypeExpr) n.getScope()).getType().asClassOrInterfaceType().clone();
      ObjectCreationExpr made = new ObjectCreationExpr(null, type, arguments);
      String owner = ref.target().substring(0, ref.target().indexOf('#'));
      body =
          plan.recordedConstructions.contains(owner)
              ? recordedConstruction(made, type.toString())
              : new MethodCallExpr(new NameExpr(context), "allocate", new NodeList<>(made));
    } else {
      arguments.add(0, new NameExpr(context));
      Expression receiver =
          switch (ref.form()) {
            case THIS -> new ThisExpr();
            case STATIC -> n.getScope().clone();
            default -> new NameExpr("ref$0");
          };
      body = new MethodCallExpr(receiver, plan.variantName(n.getIdentifier(), variant), arguments);
    }
    LambdaExpr lambda = new LambdaExpr(parameters, body);
    lambda.setEnclosingParameters(true);
    return lambda;
  }

  /**
   * The parameters of the lambda a method reference becomes, {@code ref$0} on; {@code arguments}
   * gets those the method takes (an unbound reference's first is its receiver).
   */
  private static NodeList<Parameter> lambdaParameters(
      MethodReferenceExpr n, ReferenceFact ref, NodeList<Expression> arguments) {
    boolean unbound = ref.form() == ReferenceFact.Form.UNBOUND;
    NodeList<Parameter> parameters = new NodeList<>();
    // An unbound reference with no other parameter (Key::hits) names its receiver's type: the
    // lambda declares it, so that a target typed only by inference (comparingInt(...).reversed())
    // still sees a Key, not an Object.
    boolean typedReceiver = unbound && ref.parameters() == 0 && n.getScope() instanceof TypeExpr;
    for (int i = 0; i < ref.parameters() + (unbound ? 1 : 0); i++) {
      String name = "ref$" + i;
      parameters.add(
          new Parameter(
              typedReceiver ? ((TypeExpr) n.getScope()).getType().clone() : new UnknownType(),
              name));
      if (!(unbound && i == 0)) {
        arguments.add(new NameExpr(name));
      }
    }
    return parameters;
  }

  /**
   * A reference to a JDK or library method whose result the log records ({@code Thread::getName},
   * {@code System::nanoTime}, {@code Double::doubleToRawLongBits}), as a written call of it is.
   */
  private boolean recordsItsResult(ReferenceFact ref) {
    String target = ref.target();
    return (plan.recordedCalls.contains(target) || plan.nanBitsCalls.contains(target))
        && !plan.isClosure(target)
        && !plan.hasVariants(target)
        && !"void".equals(ref.returnType());
  }

  /**
   * A reference whose call the log records becomes the lambda a written call would be rewritten in:
   * {@code Thread::getName} is {@code (ref$0) -> log.nondetRef(ref$0.getName())} in APP and takes
   * APP's name in VAL, which would otherwise compute its own thread's name and report the
   * difference as a corruption. A reference through an object ({@code thread::getName}), which the
   * rewritten lambda would evaluate at each call instead of once, is refused with a lambda to write
   * instead.
   */
  private Expression recordedReference(MethodReferenceExpr n, ReferenceFact ref) {
    String name = n.getIdentifier();
    boolean unbound = ref.form() == ReferenceFact.Form.UNBOUND;
    boolean nanBits = plan.nanBitsCalls.contains(ref.target());
    boolean rawBits =
        ref.form() == ReferenceFact.Form.STATIC
            && (name.equals("doubleToRawLongBits") || name.equals("floatToRawIntBits"));
    if (!unbound && ref.form() != ReferenceFact.Form.STATIC
        || ref.returnType() == null
        || nanBits && !rawBits) {
      problem(
          n,
          "a method reference to " + ref.target() + ", whose result the log records",
          "write it as a lambda (" + lambdaFor(n, ref) + ") so the call is recorded");
      return n;
    }
    if (!runsInCall(n)) {
      problem(
          n,
          "a method reference to "
              + ref.target()
              + ", whose result the log records, kept (not passed straight to a call)",
          KEPT_REFERENCE_ADVICE);
      return n;
    }
    NodeList<Expression> arguments = new NodeList<>();
    NodeList<Parameter> parameters = lambdaParameters(n, ref, arguments);
    Expression body =
        rawBits
            ? new MethodCallExpr(
                new NameExpr(context),
                name.equals("doubleToRawLongBits") ? "rawDoubleBits" : "rawFloatBits",
                arguments)
            : recorded(
                new MethodCallExpr(
                    unbound ? new NameExpr("ref$0") : n.getScope().clone(), name, arguments),
                new NodeList<>(),
                ref.returnType());
    LambdaExpr lambda = new LambdaExpr(parameters, body);
    lambda.setEnclosingParameters(true);
    return lambda;
  }

  /**
   * In plain code, an unbound reference to a closure that takes no argument ({@code Acc::score})
   * becomes a lambda that declares its receiver's type ({@code (Acc ref$0) -> ref$0.score()}): the
   * closure's {@code CallSite} overload makes the reference inexact, and a target typed only by
   * inference ({@code comparingLong(Acc::score).reversed()}) would no longer see an {@code Acc}.
   */
  private Visitable typedClosureReference(MethodReferenceExpr n) {
    ReferenceFact ref = facts.reference(positions.span(n));
    if (ref == null
        || ref.form() != ReferenceFact.Form.UNBOUND
        || ref.parameters() != 0
        || !(n.getScope() instanceof TypeExpr type)
        || !plan.isClosure(ref.target())) {
      return super.visit(n, null);
    }
    LambdaExpr lambda =
        new LambdaExpr(
            new NodeList<>(new Parameter(type.getType().clone(), "ref$0")),
            new MethodCallExpr(new NameExpr("ref$0"), n.getIdentifier()));
    lambda.setEnclosingParameters(true);
    return lambda;
  }

  @Override
  public Visitable visit(LambdaExpr n, Void arg) {
    if (variant != Variant.PLAIN && touches(n) && !runsInCall(n)) {
      problem(
          n,
          "a lambda that touches user data and is kept (not passed straight to a call)",
          "pass it directly to the method that runs it, or keep it in a local that calls only"
              + " run or take: a kept lambda could run after the closure's log is gone");
    }
    Span span = positions.span(n);
    return made(
        span,
        (Expression)
            detached(variant != Variant.PLAIN && !runsInCall(n), () -> super.visit(n, arg)));
  }

  /**
   * {@code log.<Step>madeImplementation(x -> ...)}: in APP and VAL, a lambda, method reference,
   * anonymous class or object of a local class that implements a type of the sources, made by this
   * execution, is registered with the log, so that a call of it runs it in both variants, each on
   * the object it made, instead of taking it for an implementation out of sight (decision 0100):
   * its code is the closure's own, and what it changes (a list the closure made) is the
   * execution's.
   */
  private Expression made(Span span, Expression made) {
    String type = variant == Variant.PLAIN || span == null ? null : facts.madeImplementation(span);
    if (type == null) {
      return made;
    }
    MethodCallExpr registered =
        new MethodCallExpr(new NameExpr(context), "madeImplementation", new NodeList<>(made));
    if (!type.isEmpty()) {
      registered.setTypeArguments(new NodeList<>(StaticJavaParser.parseClassOrInterfaceType(type)));
    }
    return registered;
  }

  /**
   * Whether a lambda or method reference is passed straight to a call or a constructor, or kept in
   * a local that only calls use ({@link #keptForCalls}), directly or as what a cast, parentheses or
   * a branch of a conditional give ({@code hitsToo ? a -> a.total + a.hits : a -> a.total}).
   */
  private static boolean runsInCall(Expression function) {
    Expression site = function;
    while (true) {
      Node parent = site.getParentNode().orElse(null);
      if (parent instanceof EnclosedExpr
          || parent instanceof CastExpr
          || (parent instanceof ConditionalExpr choice && choice.getCondition() != site)) {
        site = (Expression) parent;
      } else if (switchArm(parent) instanceof SwitchExpr value) {
        site = value;
      } else {
        break;
      }
    }
    Node parent = site.getParentNode().orElse(null);
    // A constructor's argument, as a call's: new PriorityQueue<>((x, y) -> ...) keeps it as
    // Comparator.comparingLong(...) does.
    return parent instanceof MethodCallExpr
        || (parent instanceof ObjectCreationExpr created && created.getArguments().contains(site))
        || keptForCalls(site);
  }

  /**
   * The switch expression whose value the statement that holds an expression gives: an arm's
   * expression ({@code case 0 -> a -> a.total;}) or a {@code yield}; else null.
   */
  private static Node switchArm(Node statement) {
    if (statement instanceof ExpressionStmt arm
        && arm.getParentNode().orElse(null) instanceof SwitchEntry entry
        && entry.getType() == SwitchEntry.Type.EXPRESSION) {
      return entry.getParentNode().orElse(null);
    }
    if (statement instanceof YieldStmt) {
      return statement.findAncestor(SwitchExpr.class).orElse(null);
    }
    return null;
  }

  /**
   * Whether a lambda or method reference initializes a local that only calls use, as a lambda
   * passed straight to a call is used: {@code Runnable r = () -> n.hits++; r.run();} or {@code
   * Comparator<Acc> byTotal = ...; accs.sort(byTotal);}. Each use is the receiver or an argument of
   * a call, outside any lambda that is not itself passed straight to a call and outside anonymous
   * and local classes, so the function runs while the closure's log is still its own.
   */
  private static boolean keptForCalls(Expression function) {
    if (!(function.getParentNode().orElse(null) instanceof VariableDeclarator local)
        || !(local.getParentNode().orElse(null) instanceof VariableDeclarationExpr)) {
      return false;
    }
    Node scope = local.getParentNode().flatMap(Node::getParentNode).orElse(null);
    while (scope != null && !(scope instanceof BlockStmt)) {
      scope = scope.getParentNode().orElse(null);
    }
    if (scope == null) {
      return false;
    }
    String name = local.getNameAsString();
    for (NameExpr use : scope.findAll(NameExpr.class, e -> e.getNameAsString().equals(name))) {
      if (!(use.getParentNode().orElse(null) instanceof MethodCallExpr call)
          || !(call.getScope().orElse(null) == use
              || call.getArguments().stream().anyMatch(a -> a == use))) {
        return false;
      }
      for (Node around = call; around != scope; around = around.getParentNode().orElseThrow()) {
        if ((around instanceof LambdaExpr l
                && !(l.getParentNode().orElse(null) instanceof MethodCallExpr))
            || (around instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent())
            || around instanceof LocalClassDeclarationStmt) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Without javac's resolution of a method reference: whether it names a method that needs
   * variants, {@code this::find} or {@code Owner::find} naming the declaring class.
   */
  private boolean touchesByName(MethodReferenceExpr n) {
    if (variant == Variant.PLAIN) {
      return false;
    }
    String name = n.getIdentifier();
    String scope = n.getScope().toString();
    for (String id : plan.touching) {
      if (!id.contains("#" + name + "(") || !plan.reachesUserData(id)) {
        continue;
      }
      String owner = id.substring(0, id.indexOf('#'));
      String simple = owner.substring(Math.max(owner.lastIndexOf('.'), owner.lastIndexOf('$')) + 1);
      if (n.getScope() instanceof ThisExpr || scope.equals(simple)) {
        return true;
      }
    }
    return false;
  }

  /** A node whose subtree reads or writes user data or calls a method that does. */
  private boolean touches(Node node) {
    Span span = positions.span(node);
    if (span == null) {
      return false;
    }
    for (Node d : node.findAll(Node.class)) {
      if (d instanceof FieldAccessExpr || d instanceof NameExpr) {
        FieldFact f = field((Expression) d);
        if (f != null && (f.versioned() || f.held() || f.referenceArray())) {
          return true;
        }
      } else if (d instanceof MethodCallExpr) {
        CallFact c = facts.call(positions.span(d));
        if (c != null && plan.reachesUserData(c.target())) {
          return true;
        }
      }
    }
    return false;
  }

  // ---- helpers ----

  /**
   * A read of a mutable field: in the plain variant the field in place, through its accessor
   * ({@code lv$value()}); in the others the field of the version the load logs or replays.
   */
  private Expression versionedRead(Expression object, FieldFact field) {
    if (variant == Variant.PLAIN) {
      return new MethodCallExpr(object, UserDataClass.plainRead(field.name()));
    }
    Expression version = new MethodCallExpr(new NameExpr(context), "load", new NodeList<>(object));
    if (plan.facts.isVersionExtension(field.owner())) {
      // The load gives the version type of the hierarchy's root; the field is the subclass's.
      version =
          new EnclosedExpr(
              new CastExpr(
                  StaticJavaParser.parseType(plan.versionClassOf(field.owner())), version));
    }
    return new FieldAccessExpr(version, field.name());
  }

  private FieldFact field(Expression e) {
    return plan.field(file, positions, e);
  }

  /**
   * A statement call that writes a user-data array ({@code Arrays.sort(cells, order);}) runs on a
   * Java array of its slots ({@link #copied}), then each slot whose value changed is stored, as
   * {@code cells[i] = v} stores it:
   *
   * <pre>{@code
   * { var array$1 = cells; var copy$1 = log.copyOf(array$1, Cell.class); var before$1 =
   *   copy$1.clone(); try { java.util.Arrays.sort(copy$1, order); } finally {
   *   log.writeBack(array$1, before$1, copy$1); } }
   * }</pre>
   *
   * The array is evaluated once, then the other arguments, as in the call.
   */
  private BlockStmt arrayUpdate(MethodCallExpr call, String component) {
    int k = ++arrayUpdates;
    String array = "array$" + k;
    String copy = "copy$" + k;
    String before = "before$" + k;
    Statement evaluated = local(array, rewrite(call.getArgument(0)));
    NodeList<Expression> arguments = new NodeList<>(new NameExpr(copy));
    for (int i = 1; i < call.getArguments().size(); i++) {
      arguments.add(rewrite(call.getArgument(i)));
    }
    Expression made = copyOf(new NameExpr(array), component);
    boolean plain = variant == Variant.PLAIN;
    NodeList<Expression> back = new NodeList<>(new NameExpr(before), new NameExpr(copy));
    if (!plain) {
      back.add(0, new NameExpr(array));
    }
    Expression written =
        new MethodCallExpr(plain ? new NameExpr(array) : new NameExpr(context), "writeBack", back);
    MethodCallExpr onCopy =
        new MethodCallExpr(
            call.getScope().map(Expression::clone).orElse(null), call.getNameAsString(), arguments);
    // A call that throws part way (a comparator's exception) leaves what it wrote, as on the array.
    return new BlockStmt(
        new NodeList<>(
            evaluated,
            local(copy, made),
            local(before, new MethodCallExpr(new NameExpr(copy), "clone")),
            new TryStmt(
                new BlockStmt(new NodeList<>(new ExpressionStmt(onCopy))),
                new NodeList<>(),
                new BlockStmt(new NodeList<>(new ExpressionStmt(written))))));
  }

  private static ExpressionStmt local(String name, Expression value) {
    return new ExpressionStmt(
        new VariableDeclarationExpr(new VariableDeclarator(new VarType(), name, value)));
  }

  /**
   * A user-data array passed to a call that copies or only reads it ({@code Arrays.stream(cells)},
   * {@code cells.clone()}): a Java array of its slots, read plainly in the plain variant and loaded
   * through the log (replayed in VAL) in the others; null for other expressions.
   */
  private Expression copied(Expression n) {
    String component = facts.arrayCopy(positions.span(n));
    if (component == null || !copying.add(n)) {
      return null;
    }
    try {
      return copyOf(rewrite(n), component);
    } finally {
      copying.remove(n);
    }
  }

  /**
   * A Java array of the slots of the (rewritten) user-data array {@code array}, of element type
   * {@code component}: {@code array.copyOf(C.class)} in the plain variant, {@code log.copyOf(array,
   * C.class)} or {@code replay.copyOf(...)} in the others.
   */
  private Expression copyOf(Expression array, String component) {
    Expression type = new ClassExpr(StaticJavaParser.parseType(component));
    return variant == Variant.PLAIN
        ? new MethodCallExpr(receiver(array), "copyOf", new NodeList<>(type))
        : new MethodCallExpr(new NameExpr(context), "copyOf", new NodeList<>(array, type));
  }

  /**
   * A user-data array field, or a local that holds one's array ({@code Cell[] c = cells;}), or an
   * expression that gives one of them ({@code (cells)}, {@code odd ? cells : others}).
   */
  private boolean isVersionedArray(Expression e) {
    if (e instanceof EnclosedExpr enclosed) {
      return isVersionedArray(enclosed.getInner());
    }
    if (e instanceof ConditionalExpr choice) {
      return choosesArrays(List.of(choice.getThenExpr(), choice.getElseExpr()));
    }
    if (e instanceof SwitchExpr choice) {
      // Arms that are expressions, or throws; an arm with a block gives no expression to check.
      List<Expression> values = new ArrayList<>();
      for (SwitchEntry arm : choice.getEntries()) {
        if (arm.getType() == SwitchEntry.Type.EXPRESSION
            && arm.getStatements().get(0) instanceof ExpressionStmt value) {
          values.add(value.getExpression());
        } else if (arm.getType() != SwitchEntry.Type.THROWS_STATEMENT) {
          return false;
        }
      }
      return choosesArrays(values);
    }
    FieldFact f = field(e);
    if (f != null) {
      return f.referenceArray();
    }
    return e instanceof NameExpr && facts.arrayLocalUse(positions.span(e));
  }

  /** Each of {@code values} a user-data array or {@code null}, and one at least an array. */
  private boolean choosesArrays(List<Expression> values) {
    return values.stream().anyMatch(this::isVersionedArray)
        && values.stream().allMatch(v -> v.isNullLiteralExpr() || isVersionedArray(v));
  }

  private Expression rewrite(Expression e) {
    return (Expression) e.accept(this, null);
  }

  private void problem(Node node, String construct, String advice) {
    if (variant != Variant.PLAIN && plan.exportedOnly(caller)) {
      // Only another build's closures would run this variant: the method is not exported instead.
      plan.withdraw(caller);
      return;
    }
    plan.problem(file, node, construct, advice);
  }
}
