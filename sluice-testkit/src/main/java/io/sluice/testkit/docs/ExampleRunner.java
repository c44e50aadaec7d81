package io.sluice.testkit.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Compiles the ```java blocks of a document in memory (javax.tools), each as the body of {@link
 * CheckedExample#run()} in a subclass of {@code base}, and runs them in order. Every failure is an
 * {@link AssertionError} that names the document and line: a compile error, a failed {@code //
 * =>} check, or an exception the example threw.
 *
 * @param <T> the examples' base class: what they have in scope
 */
public final class ExampleRunner<T extends CheckedExample> {
  private final Class<T> base;
  private final List<String> imports;
  private final List<Class<?>> classPath;

  /**
   * @param base the class every example extends; its fields are what the examples have in scope
   * @param implicitImports import lines every example gets (the documents should say which)
   * @param classPathOf classes whose class path entries the examples compile against (the base's
   *     is added)
   */
  public ExampleRunner(Class<T> base, List<String> implicitImports, List<Class<?>> classPathOf) {
    this.base = base;
    this.imports = List.copyOf(implicitImports);
    List<Class<?>> cp = new ArrayList<>(classPathOf);
    cp.add(base);
    cp.add(CheckedExample.class);
    this.classPath = List.copyOf(cp);
  }

  /** The blocks of one document, compiled; each {@code replacements} key is replaced in the code. */
  public Compiled compile(List<MarkdownExamples.Block> blocks, Map<String, String> replacements) {
    Map<String, String> sources = new LinkedHashMap<>();
    Map<String, ExampleSource.Unit> units = new LinkedHashMap<>();
    Map<String, MarkdownExamples.Block> blockOf = new LinkedHashMap<>();
    for (MarkdownExamples.Block b : blocks) {
      String className = "Example" + b.line();
      ExampleSource.Unit u = ExampleSource.of(b, className, base, imports, replacements);
      sources.put(className, u.source());
      units.put(className, u);
      blockOf.put(className, b);
    }
    MemoryCompiler.Places places = (k, line) -> {
      ExampleSource.Unit u = units.get(k);
      if (u == null) {
        return k + ":" + line;
      }
      MarkdownExamples.Block b = blockOf.get(k);
      int inBlock = (int) line - u.linesBefore() - 1;
      return inBlock >= 0 && inBlock < b.code().split("\n", -1).length
          ? b.where(inBlock) : b.where(0) + " (the code around the block)";
    };
    MemoryCompiler.Result compiled = MemoryCompiler.compile(sources, classPath, base.getClassLoader(), places);
    if (!compiled.errors().isEmpty()) {
      StringBuilder msg = new StringBuilder("examples that do not compile:");
      compiled.errors().forEach(e -> msg.append('\n').append(e));
      throw new AssertionError(msg.toString());
    }
    return new Compiled(compiled.loader(), List.copyOf(sources.keySet()), blockOf, places);
  }

  /** A document's examples, ready to run. */
  public final class Compiled {
    private final ClassLoader loader;
    private final List<String> classNames;
    private final Map<String, MarkdownExamples.Block> blockOf;
    private final MemoryCompiler.Places places;

    private Compiled(ClassLoader loader, List<String> classNames, Map<String, MarkdownExamples.Block> blockOf,
        MemoryCompiler.Places places) {
      this.loader = loader;
      this.classNames = classNames;
      this.blockOf = blockOf;
      this.places = places;
    }

    /** Runs every example in document order, each a new instance given to {@code bind} first. */
    public void run(Consumer<? super T> bind) throws ReflectiveOperationException {
      for (String className : classNames) {
        T example = base.cast(loader.loadClass(className).getConstructor().newInstance());
        bind.accept(example);
        try {
          example.run();
        } catch (AssertionError e) {
          throw e;
        } catch (Throwable e) {
          throw new AssertionError(placeOf(e, className) + ": the example threw " + e, e);
        }
      }
    }

    /** The document line of the example's deepest frame in {@code e}'s stack, else the block's start. */
    private String placeOf(Throwable e, String className) {
      for (Throwable t = e; t != null; t = t.getCause()) {
        for (StackTraceElement f : t.getStackTrace()) {
          if (f.getClassName().startsWith(className) && f.getLineNumber() > 0) {
            return places.of(className, f.getLineNumber());
          }
        }
      }
      return blockOf.get(className).where(0);
    }
  }
}
