package io.sluice.types;

/**
 * The hook through which json and jsonb values meet a JSON library. Sluice's core has no JSON
 * dependency: by default ({@link #STRING}) JSON stays text. A module for Jackson or another library
 * supplies its own implementation through the {@link TypeContext}.
 */
public interface JsonCodec {
  /** Turns the JSON text the server sent into a Java value. */
  Object read(String json);

  /** Turns a Java value into JSON text for the server. */
  String write(Object value);

  /** Whether {@link #write} can take this value; picks the json codec for a parameter. */
  default boolean accepts(Object value) {
    return value instanceof String;
  }

  /** JSON as {@link String}: read returns the text, write accepts only strings. */
  JsonCodec STRING = new JsonCodec() {
    @Override
    public Object read(String json) {
      return json;
    }

    @Override
    public String write(Object value) {
      if (value instanceof String s) {
        return s;
      }
      // the core has no JSON library: the caller writes the JSON text (the Clojure API does)
      throw new CodecException("a json or jsonb value is sent as its JSON text, a String, not a "
          + value.getClass().getName() + "; write the value as JSON first");
    }

    @Override
    public String toString() {
      return "JsonCodec.STRING";
    }
  };
}
