package io.sluice.testkit;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The classes each compiled class refers to, read from the constant pools of a classes folder
 * (JVMS 4.4): every {@code CONSTANT_Class} entry and every class named in a descriptor or a
 * generic signature. This is what the JVM links against, so an import that only a Javadoc comment
 * used is not in it, and an inner class counts as its own class. Used by the layering tests, which
 * state which package may refer to which.
 */
public final class ClassReferences {
  private static final Pattern NAMED = Pattern.compile("L([\\w/$]+)[;<]");

  private ClassReferences() {}

  /** Binary name (dots, {@code $} for nesting) to the binary names it refers to, for every class under {@code classes}. */
  public static Map<String, Set<String>> of(Path classes) {
    Map<String, Set<String>> all = new TreeMap<>();
    try (Stream<Path> files = Files.walk(classes)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        String file = classes.relativize(p).toString();
        if (file.endsWith(".class") && !file.endsWith("module-info.class") && !file.endsWith("package-info.class")) {
          try (InputStream in = Files.newInputStream(p)) {
            all.put(file.substring(0, file.length() - 6).replace('/', '.').replace('\\', '.'), read(in));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("reading the classes under " + classes, e);
    }
    return all;
  }

  /** The package of a binary class name. */
  public static String packageOf(String className) {
    int dot = className.lastIndexOf('.');
    return dot < 0 ? "" : className.substring(0, dot);
  }

  private static Set<String> read(InputStream stream) throws IOException {
    DataInputStream in = new DataInputStream(stream);
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort();
    in.readUnsignedShort();
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    int[] classNameIndex = new int[count];
    int[] descriptorIndex = new int[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7 -> classNameIndex[i] = in.readUnsignedShort();
        case 16 -> descriptorIndex[i] = in.readUnsignedShort();                  // MethodType
        case 8, 19, 20 -> in.readUnsignedShort();                                // String, Module, Package
        case 15 -> { in.readUnsignedByte(); in.readUnsignedShort(); }            // MethodHandle
        case 3, 4, 9, 10, 11, 17, 18 -> in.readInt();                            // Integer … InvokeDynamic
        case 12 -> { in.readUnsignedShort(); descriptorIndex[i] = in.readUnsignedShort(); } // NameAndType
        case 5, 6 -> { in.readLong(); i++; }                                     // Long, Double take two slots
        default -> throw new IOException("unknown constant pool tag " + tag);
      }
    }
    Set<String> refs = new TreeSet<>();
    for (int i = 1; i < count; i++) {
      if (classNameIndex[i] != 0) {
        String name = utf8[classNameIndex[i]];
        if (name.startsWith("[")) {
          named(name, refs);
        } else {
          refs.add(name.replace('/', '.'));
        }
      }
      if (descriptorIndex[i] != 0) {
        named(utf8[descriptorIndex[i]], refs);
      }
    }
    // field, method and class descriptors and signatures are Utf8 entries that no Class entry names
    for (String s : utf8) {
      if (s != null && (s.startsWith("(") || s.startsWith("L") || s.startsWith("[") || s.startsWith("<"))) {
        named(s, refs);
      }
    }
    return refs;
  }

  private static void named(String descriptor, Set<String> into) {
    Matcher m = NAMED.matcher(descriptor);
    while (m.find()) {
      into.add(m.group(1).replace('/', '.'));
    }
  }
}
