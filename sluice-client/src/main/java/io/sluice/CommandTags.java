package io.sluice;

/** Reads command tags ({@code INSERT 0 5}, {@code UPDATE 3}, {@code SELECT 10}, {@code COPY 7}). */
final class CommandTags {
  private CommandTags() {}

  /** The last number of the tag if the command reports one, else -1. */
  static long rowCount(String tag) {
    if (tag == null) {
      return -1;
    }
    int sp = tag.lastIndexOf(' ');
    if (sp < 0) {
      return -1;
    }
    String head = tag.substring(0, tag.indexOf(' '));
    switch (head) {
      case "INSERT", "UPDATE", "DELETE", "SELECT", "MERGE", "MOVE", "FETCH", "COPY" -> {
        try {
          return Long.parseLong(tag.substring(sp + 1));
        } catch (NumberFormatException e) {
          return -1;
        }
      }
      default -> {
        return -1;
      }
    }
  }
}
