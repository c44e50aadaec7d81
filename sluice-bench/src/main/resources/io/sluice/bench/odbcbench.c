/*
 * odbcbench: the lab's ODBC client (seed 003's third interface), on unixODBC's driver manager and
 * psqlODBC. One execution of a workload, every value read as text with SQLGetData (psqlODBC's
 * results are PostgreSQL's text format) and folded into the same checksum as the other drivers
 * (fold.h), so that all interfaces can be checked to agree.
 *
 *   odbcbench CONNSTR KIND TOUCH TYPES SQL  < ids (one per line, for KIND points and connect)
 *
 * CONNSTR  an ODBC connection string ("DSN=…"); the fetch method is the DSN's: psqlODBC reads the
 *          whole result at once by default, or through a cursor N rows at a time with
 *          UseDeclareFetch=1 and Fetch=N (seed 003's alternate fetch)
 * KIND     bulk (SQLExecDirect once), points (SQLPrepare once, then SQLExecute per id, the id bound
 *          as SQL_C_SLONG), connect (per id: SQLDriverConnect, SQLExecDirect, SQLDisconnect;
 *          connecting is measured)
 * TOUCH    1: read every value; 0: count rows only
 * TYPES    int4,int8,float8,numeric,text,bool,date,timestamptz,uuid (comma-separated, in order)
 * SQL      with ODBC's ? placeholder
 *
 * Prints "rows checksum wall_ns cpu_ns" (connecting excluded unless KIND is connect; CPU is this
 * process's). With ODBCBENCH_PRINT=PATH in the environment, every row read with TOUCH 1 is also
 * written to PATH as a line of tab-separated text (int4 and text columns only), inside the
 * measured time.
 */
#include <sql.h>
#include <sqlext.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fold.h"

static int touch;
static FILE *print_out;
static char *buf;
static SQLLEN cap = 1 << 16;

/* Exits with ODBC's diagnostics for the handle. */
static void die(const char *what, SQLSMALLINT type, SQLHANDLE handle) {
  fprintf(stderr, "odbcbench: %s", what);
  SQLCHAR state[6], text[1024];
  SQLINTEGER native;
  SQLSMALLINT len;
  for (SQLSMALLINT i = 1; handle && SQLGetDiagRec(type, handle, i, state, &native, text, sizeof text, &len) == SQL_SUCCESS; i++)
    fprintf(stderr, "%s[%s] %s", i == 1 ? ": " : "; ", state, text);
  fputc('\n', stderr);
  exit(1);
}

static void check(SQLRETURN r, const char *what, SQLSMALLINT type, SQLHANDLE handle) {
  if (!SQL_SUCCEEDED(r)) die(what, type, handle);
}

/* decimal text ("-12.50") as BigDecimal.hashCode(): the digits are the unscaled value */
static int64_t numeric_text_hash(const char *s) {
  int negative = *s == '-';
  if (*s == '-' || *s == '+') s++;
  if (*s == 'N' || *s == 'I') fail("odbcbench: numeric NaN or infinity has no BigDecimal");
  unsigned __int128 u = 0;
  int scale = -1;
  for (; *s; s++) {
    if (*s == '.') scale = 0;
    else {
      u = decimal_shift(u, 10, (unsigned) (*s - '0'));
      if (scale >= 0) scale++;
    }
  }
  return decimal_hash(u, negative, scale < 0 ? 0 : scale);
}

/* "YYYY-MM-DD" as days since 1970-01-01 */
static int64_t date_days(const char *s, const char **end) {
  char *e;
  long y = strtol(s, &e, 10);
  long m = strtol(e + 1, &e, 10);
  long d = strtol(e + 1, &e, 10);
  if (end) *end = e;
  return civil_days(y, (unsigned) m, (unsigned) d);
}

/* "YYYY-MM-DD HH:MM:SS[.ffffff][±HH[:MM[:SS]]]" as microseconds since 1970-01-01T00:00Z */
static int64_t timestamp_micros(const char *s) {
  const char *p;
  int64_t days = date_days(s, &p);
  char *e;
  long h = strtol(p + 1, &e, 10), mi = strtol(e + 1, &e, 10), sec = strtol(e + 1, &e, 10);
  int64_t micros = 0;
  if (*e == '.') {
    int digits = 0;
    for (e++; *e >= '0' && *e <= '9'; e++, digits++) micros = micros * 10 + (*e - '0');
    for (; digits < 6; digits++) micros *= 10;
  }
  int64_t offset = 0;
  if (*e == '+' || *e == '-') {
    int sign = *e == '-' ? -1 : 1;
    long parts[3] = {0, 0, 0};
    for (int i = 0; i < 3 && (i == 0 || *e == ':'); i++) parts[i] = strtol(e + 1, &e, 10);
    offset = sign * (parts[0] * 3600 + parts[1] * 60 + parts[2]);
  }
  return ((days * 86400 + h * 3600 + mi * 60 + sec) - offset) * 1000000LL + micros;
}

static int hex_digit(char c) {
  return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

/* the 32 hex digits of a uuid's text, as Checksum.ofUuid: msb * 31 + lsb */
static int64_t uuid_hash(const char *s) {
  uint64_t half[2] = {0, 0};
  int n = 0;
  for (; *s && n < 32; s++) {
    if (*s == '-') continue;
    half[n / 16] = (half[n / 16] << 4) | (uint64_t) hex_digit(*s);
    n++;
  }
  return (int64_t) (half[0] * 31u + half[1]);
}

static int64_t value(enum type t, const char *s, SQLLEN len) {
  switch (t) {
    case T_INT4: case T_INT8: return strtoll(s, NULL, 10);
    case T_FLOAT8: {
      double d = strtod(s, NULL);
      uint64_t bits;
      memcpy(&bits, &d, sizeof bits);
      if (d != d) bits = 0x7ff8000000000000ULL; /* Java's one canonical NaN */
      return (int64_t) bits;
    }
    case T_NUMERIC: return numeric_text_hash(s);
    case T_TEXT: return string_hash(s, (int) len);
    case T_BOOL: return s[0] == '1' || s[0] == 't' ? 1 : 2; /* psqlODBC's BoolsAsChar gives 1/0 */
    case T_DATE: return date_days(s, NULL);
    case T_TIMESTAMPTZ: return timestamp_micros(s);
    case T_UUID: return uuid_hash(s);
  }
  return 0;
}

/* Column c of the current row as text in buf, read in pieces when longer than the buffer; its length, or -1 for NULL. */
static SQLLEN get_text(SQLHSTMT st, SQLUSMALLINT c) {
  SQLLEN ind, got = 0;
  for (;;) {
    SQLRETURN r = SQLGetData(st, c, SQL_C_CHAR, buf + got, cap - got, &ind);
    if (r == SQL_NO_DATA) return got;
    check(r, "SQLGetData", SQL_HANDLE_STMT, st);
    if (ind == SQL_NULL_DATA) return -1;
    if (r == SQL_SUCCESS) return got + ind;
    /* truncated: keep what came (without its terminator), grow, read the rest */
    got = cap - 1;
    SQLLEN need = ind == SQL_NO_TOTAL ? cap * 2 : got + ind + 1;
    cap = need > cap * 2 ? need : cap * 2;
    buf = realloc(buf, (size_t) cap);
  }
}

static void fold_result(SQLHSTMT st) {
  SQLSMALLINT cols;
  check(SQLNumResultCols(st, &cols), "SQLNumResultCols", SQL_HANDLE_STMT, st);
  if (touch && cols != ntypes) {
    fprintf(stderr, "odbcbench: %d columns, %d types given\n", cols, ntypes);
    exit(1);
  }
  SQLRETURN r;
  while ((r = SQLFetch(st)) != SQL_NO_DATA) {
    check(r, "SQLFetch", SQL_HANDLE_STMT, st);
    if (!touch) {
      fold_rows++;
      continue;
    }
    for (SQLSMALLINT c = 0; c < cols; c++) {
      SQLLEN len = get_text(st, (SQLUSMALLINT) (c + 1));
      add(len < 0 ? NULL_VALUE : value(types[c], buf, len));
      if (print_out) {
        if (types[c] != T_INT4 && types[c] != T_TEXT) fail("odbcbench: ODBCBENCH_PRINT prints int4 and text columns only");
        if (len < 0) fputs("\\N", print_out);
        else fwrite(buf, 1, (size_t) len, print_out);
        fputc(c + 1 < cols ? '\t' : '\n', print_out);
      }
    }
    end_row();
  }
  check(SQLFreeStmt(st, SQL_CLOSE), "SQLFreeStmt", SQL_HANDLE_STMT, st);
}

static SQLHDBC connect(SQLHENV env, const char *connstr) {
  SQLHDBC dbc;
  check(SQLAllocHandle(SQL_HANDLE_DBC, env, &dbc), "SQLAllocHandle(DBC)", SQL_HANDLE_ENV, env);
  SQLRETURN r = SQLDriverConnect(dbc, NULL, (SQLCHAR *) connstr, SQL_NTS, NULL, 0, NULL, SQL_DRIVER_NOPROMPT);
  check(r, "SQLDriverConnect", SQL_HANDLE_DBC, dbc);
  return dbc;
}

static void disconnect(SQLHDBC dbc) {
  SQLDisconnect(dbc);
  SQLFreeHandle(SQL_HANDLE_DBC, dbc);
}

static SQLHSTMT statement(SQLHDBC dbc) {
  SQLHSTMT st;
  check(SQLAllocHandle(SQL_HANDLE_STMT, dbc, &st), "SQLAllocHandle(STMT)", SQL_HANDLE_DBC, dbc);
  return st;
}

/* Binds the one integer parameter of a point query to *id. */
static void bind_id(SQLHSTMT st, SQLINTEGER *id, SQLLEN *ind) {
  check(SQLBindParameter(st, 1, SQL_PARAM_INPUT, SQL_C_SLONG, SQL_INTEGER, 0, 0, id, 0, ind), "SQLBindParameter",
      SQL_HANDLE_STMT, st);
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: odbcbench CONNSTR bulk|points|connect TOUCH TYPES SQL < ids\n");
    return 2;
  }
  const char *connstr = argv[1], *kind = argv[2];
  SQLCHAR *sql = (SQLCHAR *) argv[5];
  touch = atoi(argv[3]);
  parse_types(argv[4]);
  int connect_each = strcmp(kind, "connect") == 0, points = strcmp(kind, "points") == 0 || connect_each;
  if (!points && strcmp(kind, "bulk") != 0) fail("odbcbench: KIND is bulk, points or connect");
  int *ids = NULL, nids = 0;
  if (points) ids = read_ids(&nids);
  buf = malloc((size_t) cap);

  SQLHENV env;
  check(SQLAllocHandle(SQL_HANDLE_ENV, SQL_NULL_HANDLE, &env), "SQLAllocHandle(ENV)", 0, NULL);
  check(SQLSetEnvAttr(env, SQL_ATTR_ODBC_VERSION, (SQLPOINTER) SQL_OV_ODBC3, 0), "ODBC 3", SQL_HANDLE_ENV, env);
  SQLHDBC dbc = connect_each ? NULL : connect(env, connstr);
  SQLHSTMT st = connect_each ? NULL : statement(dbc);
  SQLINTEGER id = 0;
  SQLLEN id_ind = 0;
  if (points && !connect_each) {
    check(SQLPrepare(st, sql, SQL_NTS), "SQLPrepare", SQL_HANDLE_STMT, st);
    bind_id(st, &id, &id_ind);
  }

  const char *print_path = getenv("ODBCBENCH_PRINT");
  int64_t wall0 = nanos(CLOCK_MONOTONIC), cpu0 = nanos(CLOCK_PROCESS_CPUTIME_ID);
  if (print_path && *print_path) {
    print_out = fopen(print_path, "w");
    if (!print_out) fail("odbcbench: cannot open the ODBCBENCH_PRINT file");
    setvbuf(print_out, NULL, _IOFBF, 1 << 16);
  }
  if (connect_each) {
    for (int i = 0; i < nids; i++) {
      SQLHDBC each = connect(env, connstr);
      SQLHSTMT s = statement(each);
      id = ids[i];
      bind_id(s, &id, &id_ind);
      check(SQLExecDirect(s, sql, SQL_NTS), "SQLExecDirect", SQL_HANDLE_STMT, s);
      fold_result(s);
      SQLFreeHandle(SQL_HANDLE_STMT, s);
      disconnect(each);
    }
  } else if (points) {
    for (int i = 0; i < nids; i++) {
      id = ids[i];
      check(SQLExecute(st), "SQLExecute", SQL_HANDLE_STMT, st);
      fold_result(st);
    }
  } else {
    check(SQLExecDirect(st, sql, SQL_NTS), "SQLExecDirect", SQL_HANDLE_STMT, st);
    fold_result(st);
  }
  if (print_out && fclose(print_out) != 0) fail("odbcbench: cannot write the ODBCBENCH_PRINT file");
  int64_t wall = nanos(CLOCK_MONOTONIC) - wall0, cpu = nanos(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
  if (st) SQLFreeHandle(SQL_HANDLE_STMT, st);
  if (dbc) disconnect(dbc);
  SQLFreeHandle(SQL_HANDLE_ENV, env);
  print_result(wall, cpu);
  return 0;
}
