package io.sluice.testkit.docs;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles generated sources in memory (javax.tools) against the classes the examples need, and
 * loads them in a class loader beneath the test's own.
 */
final class MemoryCompiler {
  private MemoryCompiler() {}

  /** A compile error, already placed in its document. */
  record Error(String where, String message) {
    @Override
    public String toString() {
      return where + ": " + message;
    }
  }

  /** The compiled classes, or the errors. */
  record Result(ClassLoader loader, List<Error> errors) {}

  /** Where line {@code line} of a generated class comes from, in its document. */
  interface Places {
    String of(String className, long line);
  }

  static Result compile(Map<String, String> sources, List<Class<?>> classPathOf, ClassLoader parent, Places places) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("no Java compiler in this runtime: the docs' examples need a JDK");
    }
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Map<String, ByteArrayOutputStream> classes = new HashMap<>();
    StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, null, null);
    JavaFileManager files = new ForwardingJavaFileManager<>(standard) {
      @Override
      public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
          FileObject sibling) {
        return new SimpleJavaFileObject(uri(className, kind), kind) {
          @Override
          public OutputStream openOutputStream() {
            return classes.computeIfAbsent(className, k -> new ByteArrayOutputStream());
          }
        };
      }
    };
    List<JavaFileObject> units = new ArrayList<>();
    sources.forEach((name, text) -> units.add(new SimpleJavaFileObject(uri(name, JavaFileObject.Kind.SOURCE),
        JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return text;
      }
    }));
    List<String> options = List.of("--release", "21", "-proc:none", "-g", "-classpath", classPath(classPathOf));
    boolean ok = javac.getTask(null, files, diagnostics, options, null, units).call();
    List<Error> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        String unit = d.getSource() == null ? "?" : Path.of(d.getSource().toUri().getPath()).getFileName().toString()
            .replace(".java", "");
        errors.add(new Error(places.of(unit, d.getLineNumber()), d.getMessage(null)));
      }
    }
    if (!ok && errors.isEmpty()) {
      errors.add(new Error("javac", "compilation failed without an error message"));
    }
    ClassLoader loader = new ClassLoader(parent) {
      @Override
      protected Class<?> findClass(String name) throws ClassNotFoundException {
        ByteArrayOutputStream b = classes.get(name);
        if (b == null) {
          throw new ClassNotFoundException(name);
        }
        byte[] bytes = b.toByteArray();
        return defineClass(name, bytes, 0, bytes.length);
      }
    };
    return new Result(loader, errors);
  }

  private static URI uri(String className, JavaFileObject.Kind kind) {
    return URI.create("mem:///" + className.replace('.', '/') + kind.extension);
  }

  /** The class path entries (directories or jars) the given classes were loaded from. */
  private static String classPath(List<Class<?>> classes) {
    List<String> entries = new ArrayList<>();
    for (Class<?> k : classes) {
      try {
        String e = Path.of(k.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        if (!entries.contains(e)) {
          entries.add(e);
        }
      } catch (URISyntaxException e) {
        throw new IllegalStateException("class path entry of " + k, e);
      }
    }
    return String.join(File.pathSeparator, entries);
  }
}
