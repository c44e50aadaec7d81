package io.sluice.types;

import io.sluice.protocol.WireWriter;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;

/**
 * Arrays of any element type. Binary ({@code array_send}/{@code array_recv},
 * src/backend/utils/adt/arrayfuncs.c): int32 ndim (0 for an empty array, at most 6), int32 flags
 * (1 if any element is NULL), element type OID, then per dimension int32 size and int32 lower
 * bound, then each element row-major as int32 length (-1 for NULL) and its bytes. Text: see
 * {@link ArrayText}.
 *
 * <p><b>Decoded shape.</b> A Java array of the element codec's Java type, nested once per
 * dimension: int4[] is {@code Integer[]}, a 2-D text[] is {@code String[][]}, NULL elements are
 * nulls, an empty array is a zero-length one-dimensional array. Lower bounds are not kept: the
 * first element is at index 0 whatever the server's lower bound ({@code [0:2]={1,2,3}} and
 * {@code {1,2,3}} decode alike).
 *
 * <p><b>Encoded shapes.</b> Java arrays (primitive or not, nested for more dimensions) and
 * {@link List}s, mixed freely; lower bounds are always 1. Sub-arrays must all have the same length:
 * a ragged value is a {@link CodecException}, as PostgreSQL has only rectangular arrays.
 */
final class ArrayCodec extends BaseCodec<Object> {
  static final int MAXDIM = 6;

  private final int elementOid;
  private final Codec<?> element;
  private final TypeRegistry registry;

  /**
   * @param element the element codec, or null to look it up in {@code registry} on each use (for
   *     element types registered at run time, possibly after the array)
   */
  ArrayCodec(String name, int elementOid, Codec<?> element, TypeRegistry registry) {
    super(name, Object.class);
    this.elementOid = elementOid;
    this.element = element;
    this.registry = registry;
  }

  int elementOid() {
    return elementOid;
  }

  Codec<?> element() {
    Codec<?> e = element != null ? element : registry == null ? null : registry.codecFor(elementOid);
    if (e == null) {
      throw new CodecException(name() + ": no codec for the element type (OID " + elementOid + ")");
    }
    return e;
  }

  @Override
  public boolean binaryDecodes() {
    Codec<?> e = element != null ? element : registry == null ? null : registry.codecFor(elementOid);
    return e != null && e.binaryDecodes();
  }

  @Override
  public boolean binaryEncodes() {
    Codec<?> e = element != null ? element : registry == null ? null : registry.codecFor(elementOid);
    return elementOid != 0 && e != null && e.binaryEncodes();
  }

  @Override
  public boolean accepts(Object v) {
    return v instanceof List || v.getClass().isArray();
  }

  static Class<?> componentType(Codec<?> codec) {
    return box(codec.javaType());
  }

  /** The wrapper class of a primitive class (int.class to Integer.class); other classes as they are. */
  static Class<?> box(Class<?> c) {
    return c.isPrimitive() ? Array.get(Array.newInstance(c, 1), 0).getClass() : c;
  }

  @Override
  public Object decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
    BinaryCursor r = new BinaryCursor(name(), buf, off, len);
    int ndim = r.int32("ndim");
    int flags = r.int32("flags");
    int oid = r.int32("element type");
    if (ndim < 0 || ndim > MAXDIM) {
      throw r.fail(ndim + " dimensions");
    }
    if ((flags & ~1) != 0) {
      throw r.fail("flags " + flags);
    }
    Codec<?> codec = oid == elementOid ? element() : registry == null ? null : registry.codecFor(oid);
    if (codec == null) {
      throw r.fail("element type OID " + oid + " has no codec (expected " + elementOid + ")");
    }
    Class<?> comp = componentType(codec);
    int[] dims = new int[ndim];
    long count = ndim == 0 ? 0 : 1;
    for (int i = 0; i < ndim; i++) {
      dims[i] = r.int32("dimension");
      r.int32("lower bound");
      if (dims[i] < 0) {
        throw r.fail("negative dimension " + dims[i]);
      }
      count *= dims[i];
      // every element takes at least its 4-byte length: no allocation beyond what the bytes justify
      if (count > r.remaining() / 4) {
        throw r.fail(count + " elements cannot fit in " + r.remaining() + " bytes");
      }
    }
    if (count == 0) {
      r.expectEnd();
      return Array.newInstance(comp, 0);
    }
    Object out = Array.newInstance(comp, dims);
    fill(out, 0, ndim, r, codec, ctx);
    r.expectEnd();
    return out;
  }

  private static void fill(Object arr, int depth, int ndim, BinaryCursor r, Codec<?> codec, TypeContext ctx) {
    Object[] a = (Object[]) arr;
    if (depth < ndim - 1) {
      for (Object sub : a) {
        fill(sub, depth + 1, ndim, r, codec, ctx);
      }
      return;
    }
    for (int i = 0; i < a.length; i++) {
      int n = r.length("element");
      if (n >= 0) {
        a[i] = codec.decodeBinary(r.buf, r.pos, n, ctx);
        r.skip(n);
      }
    }
  }

  @Override
  public Object decodeText(byte[] buf, int off, int len, TypeContext ctx) {
    return ArrayText.parse(this, element(), buf, off, len, ctx);
  }

  @Override
  public void encodeBinary(Object value, WireWriter out, TypeContext ctx) {
    Codec<?> codec = element();
    Class<?> leaf = codec.javaType();
    int[] dims = dims(value, leaf);
    if (isEmpty(dims)) {
      checkEmpty(value, leaf);
      out.int32(0).int32(0).int32(elementOid);
      return;
    }
    out.int32(dims.length);
    int flagsAt = out.skip(4);
    out.int32(elementOid);
    for (int d : dims) {
      out.int32(d).int32(1);
    }
    boolean nulls = writeBinary(value, 0, dims, codec, leaf, out, ctx);
    out.putInt(flagsAt, nulls ? 1 : 0);
  }

  private boolean writeBinary(Object v, int depth, int[] dims, Codec<?> codec, Class<?> leaf, WireWriter out,
      TypeContext ctx) {
    int n = size(v);
    if (n != dims[depth]) {
      throw ragged();
    }
    boolean nulls = false;
    boolean last = depth == dims.length - 1;
    for (int i = 0; i < n; i++) {
      Object e = get(v, i);
      if (!last) {
        if (e == null || !isContainer(e, leaf)) {
          throw ragged();
        }
        nulls |= writeBinary(e, depth + 1, dims, codec, leaf, out, ctx);
      } else if (e == null) {
        out.int32(-1);
        nulls = true;
      } else {
        if (isContainer(e, leaf)) {
          throw ragged();
        }
        int at = out.skip(4);
        Elements.encodeBinary(elementOid, codec, e, out, ctx);
        out.putInt(at, out.size() - at - 4);
      }
    }
    return nulls;
  }

  @Override
  public String encodeText(Object value, TypeContext ctx) {
    Codec<?> codec = element();
    Class<?> leaf = codec.javaType();
    int[] dims = dims(value, leaf);
    if (isEmpty(dims)) {
      checkEmpty(value, leaf);
      return "{}";
    }
    StringBuilder sb = new StringBuilder();
    writeText(value, 0, dims, codec, leaf, sb, ctx);
    return sb.toString();
  }

  private void writeText(Object v, int depth, int[] dims, Codec<?> codec, Class<?> leaf, StringBuilder sb,
      TypeContext ctx) {
    int n = size(v);
    if (n != dims[depth]) {
      throw ragged();
    }
    boolean last = depth == dims.length - 1;
    sb.append('{');
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        sb.append(ArrayText.delimiter(elementOid));
      }
      Object e = get(v, i);
      if (!last) {
        if (e == null || !isContainer(e, leaf)) {
          throw ragged();
        }
        writeText(e, depth + 1, dims, codec, leaf, sb, ctx);
      } else if (e == null) {
        sb.append("NULL");
      } else {
        if (isContainer(e, leaf)) {
          throw ragged();
        }
        ArrayText.appendElement(sb, Elements.encodeText(elementOid, codec, e, ctx));
      }
    }
    sb.append('}');
  }

  /** The dimensions along the first element of each level; checked against the rest while writing. */
  int[] dims(Object value, Class<?> leaf) {
    if (!isContainer(value, leaf)) {
      throw new CodecException(name() + ": a " + value.getClass().getName() + " is not an array or a List");
    }
    int[] dims = new int[MAXDIM];
    int nd = 0;
    Object cur = value;
    while (cur != null && isContainer(cur, leaf)) {
      if (nd == MAXDIM) {
        throw new CodecException(name() + ": more than " + MAXDIM + " dimensions");
      }
      int n = size(cur);
      dims[nd++] = n;
      if (n == 0) {
        break;
      }
      cur = get(cur, 0);
    }
    return Arrays.copyOf(dims, nd);
  }

  private static boolean isEmpty(int[] dims) {
    for (int d : dims) {
      if (d == 0) {
        return true;
      }
    }
    return false;
  }

  /** An empty array may nest empty sub-arrays ({@code [[], []]}) but nothing else. */
  private void checkEmpty(Object v, Class<?> leaf) {
    for (int i = 0, n = size(v); i < n; i++) {
      Object e = get(v, i);
      if (e == null || !isContainer(e, leaf)) {
        throw ragged();
      }
      checkEmpty(e, leaf);
    }
  }

  private CodecException ragged() {
    return new CodecException(name() + ": sub-arrays of different lengths (a ragged array);"
        + " PostgreSQL arrays are rectangular");
  }

  /** Lists and Java arrays nest, except one the element codec takes whole (byte[] for bytea). */
  static boolean isContainer(Object v, Class<?> leaf) {
    return (v instanceof List || v.getClass().isArray()) && (leaf == Object.class || !leaf.isInstance(v));
  }

  static int size(Object v) {
    return v instanceof List<?> l ? l.size() : Array.getLength(v);
  }

  static Object get(Object v, int i) {
    return v instanceof List<?> l ? l.get(i) : Array.get(v, i);
  }
}
