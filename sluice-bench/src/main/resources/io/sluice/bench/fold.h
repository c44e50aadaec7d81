/*
 * fold.h: the lab's checksum in C, shared by its C clients (pqbench.c for libpq, odbcbench.c for
 * ODBC). The same algorithm as io.sluice.bench.Fold and the canonical values of
 * io.sluice.bench.Checksum, so that a C client's rows can be checked against the Java drivers'.
 * A header of static functions: each client is one translation unit.
 */
#ifndef SLUICE_FOLD_H
#define SLUICE_FOLD_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum type { T_INT4, T_INT8, T_FLOAT8, T_NUMERIC, T_TEXT, T_BOOL, T_DATE, T_TIMESTAMPTZ, T_UUID };

static const uint64_t ROW_SEED = 0x2545F4914F6CDD1DULL;
static const uint64_t GOLDEN = 0x9E3779B97F4A7C15ULL;
static const int64_t NULL_VALUE = 0x6e756c6cLL;
/* 2000-01-01, PostgreSQL's epoch, in days and microseconds since 1970-01-01 */
static const int64_t PG_EPOCH_DAYS = 10957;
static const int64_t PG_EPOCH_MICROS = 946684800000000LL;

static uint64_t fold_rows, fold_sum, fold_row = 0x2545F4914F6CDD1DULL;
static enum type types[256];
static int ntypes;

static inline void fail(const char *what) {
  fprintf(stderr, "%s\n", what);
  exit(1);
}

static inline uint64_t mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb93fe53a87cdULL;
  h ^= h >> 33;
  return h;
}

static inline void add(int64_t v) { fold_row = (fold_row ^ (uint64_t) v) * GOLDEN; }

static inline void end_row(void) {
  fold_sum += mix(fold_row);
  fold_rows++;
  fold_row = ROW_SEED;
}

/* Java's String.hashCode() of UTF-8 text: over its UTF-16 code units. */
static inline int64_t string_hash(const char *s, int len) {
  int32_t h = 0;
  const unsigned char *u = (const unsigned char *) s;
  for (int i = 0; i < len;) {
    uint32_t cp;
    unsigned char b = u[i];
    if (b < 0x80) { cp = b; i += 1; }
    else if ((b & 0xE0) == 0xC0) { cp = ((b & 0x1F) << 6) | (u[i + 1] & 0x3F); i += 2; }
    else if ((b & 0xF0) == 0xE0) { cp = ((b & 0x0F) << 12) | ((u[i + 1] & 0x3F) << 6) | (u[i + 2] & 0x3F); i += 3; }
    else { cp = ((b & 0x07) << 18) | ((u[i + 1] & 0x3F) << 12) | ((u[i + 2] & 0x3F) << 6) | (u[i + 3] & 0x3F); i += 4; }
    if (cp >= 0x10000) {
      cp -= 0x10000;
      h = (int32_t) (31u * (uint32_t) h + (0xD800 + (cp >> 10)));
      h = (int32_t) (31u * (uint32_t) h + (0xDC00 + (cp & 0x3FF)));
    } else {
      h = (int32_t) (31u * (uint32_t) h + cp);
    }
  }
  return h;
}

/*
 * Java's BigDecimal.hashCode() from its unscaled magnitude, sign and scale:
 * 31 * BigInteger.hashCode() + scale, the BigInteger's hash over its magnitude as big-endian
 * 32-bit words without leading zeros, negated for a negative number.
 */
static inline int64_t decimal_hash(unsigned __int128 magnitude, int negative, int scale) {
  uint32_t words[4];
  int n = 0;
  for (unsigned __int128 t = magnitude; t != 0; t >>= 32) n++;
  for (int i = 0; i < n; i++) words[n - 1 - i] = (uint32_t) (magnitude >> (32 * i));
  int32_t h = 0;
  for (int i = 0; i < n; i++) h = (int32_t) (31u * (uint32_t) h + words[i]);
  if (negative) h = -h;
  return (int32_t) (31u * (uint32_t) h + (uint32_t) scale);
}

/* magnitude * 10 + digit, refusing what does not fit in 127 bits */
static inline unsigned __int128 decimal_shift(unsigned __int128 u, unsigned base, unsigned digit) {
  unsigned __int128 next = u * base + digit;
  if (next / base != u) fail("numeric beyond 127 bits");
  return next;
}

/* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
static inline int64_t civil_days(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  int64_t era = (y >= 0 ? y : y - 399) / 400;
  unsigned yoe = (unsigned) (y - era * 400);
  unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + (int64_t) doe - 719468;
}

static inline enum type parse_type(const char *s) {
  static const char *names[] = {"int4", "int8", "float8", "numeric", "text", "bool", "date", "timestamptz", "uuid"};
  for (int i = 0; i < 9; i++)
    if (strcmp(s, names[i]) == 0) return (enum type) i;
  fprintf(stderr, "unknown type %s\n", s);
  exit(2);
}

/* TYPES: comma-separated names, in column order */
static inline void parse_types(const char *list) {
  char *copy = strdup(list);
  for (char *t = strtok(copy, ","); t; t = strtok(NULL, ",")) types[ntypes++] = parse_type(t);
  free(copy);
}

/* Point-query ids, one per line on stdin. */
static inline int *read_ids(int *count) {
  int *ids = NULL, n = 0, cap = 0, id;
  while (scanf("%d", &id) == 1) {
    if (n == cap) ids = realloc(ids, sizeof(int) * (cap = cap ? cap * 2 : 1024));
    ids[n++] = id;
  }
  *count = n;
  return ids;
}

static inline int64_t nanos(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (int64_t) t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* The line every client ends with: "rows checksum wall_ns cpu_ns". */
static inline void print_result(int64_t wall, int64_t cpu) {
  printf("%llu %lld %lld %lld\n", (unsigned long long) fold_rows, (long long) fold_sum, (long long) wall,
      (long long) cpu);
}

#endif
