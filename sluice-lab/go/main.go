// pgx as a peer in the Sluice lab: one long-lived process with a pgxpool, pgx's documented way
// for goroutines to share connections (a pgx.Conn is not safe for concurrent use).
//
//	PGHOST=… PGPORT=… PGDATABASE=… PGUSER=… [PGPASSWORD=…] pgx-peer
//
// Connects (the pool's connections opened up front), then prints "ready DESCRIPTION". Each line on
// stdin is one execution, five fields separated by tabs (the protocol of the lab's Node peers,
// sluice-lab/node/peer.cjs): N, TOUCH (1: read every value, 0: count rows), TYPES (int4,text,…: the
// columns in order), IDS (comma-separated; empty: the statement has no parameter and runs once),
// SQL. With ids the statement runs once per id from N goroutines, each taking the next id. Every
// value is scanned into pgx's pgtype values and folded into the lab's checksum
// (io.sluice.bench.Fold and Checksum). The answer is one line, "rows checksum wall_ns cpu_ns" (the
// process's user + system CPU over the execution), or "error MESSAGE". End of stdin ends it.
package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// PoolSize is the pool's connection count: the lab's pgjdbc peer uses HikariCP with 4.
const PoolSize = 4

type request struct {
	n       int
	touch   bool
	columns []column
	ids     []int32
	sql     string
}

func parse(line string) (*request, error) {
	f := strings.Split(line, "\t")
	if len(f) != 5 {
		return nil, fmt.Errorf("a request has 5 tab-separated fields, not %d", len(f))
	}
	n, err := strconv.Atoi(f[0])
	if err != nil {
		return nil, err
	}
	r := &request{n: max(n, 1), touch: f[1] == "1", sql: f[4]}
	for _, t := range strings.Split(f[2], ",") {
		c, err := columnNamed(t)
		if err != nil {
			return nil, err
		}
		r.columns = append(r.columns, c)
	}
	if f[3] != "" {
		for _, s := range strings.Split(f[3], ",") {
			id, err := strconv.ParseInt(s, 10, 32)
			if err != nil {
				return nil, err
			}
			r.ids = append(r.ids, int32(id))
		}
	}
	return r, nil
}

func cpuNanos() int64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return u.Utime.Nano() + u.Stime.Nano()
}

// query runs sql with args on a pooled connection and folds every row.
func query(ctx context.Context, pool *pgxpool.Pool, r *request, into *fold, args ...any) error {
	rows, err := pool.Query(ctx, r.sql, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	if !r.touch {
		for rows.Next() {
			into.countRow()
		}
		return rows.Err()
	}
	s := newScanner(r.columns, rows.FieldDescriptions())
	for rows.Next() {
		if err := rows.Scan(s.dest...); err != nil {
			return err
		}
		s.foldRow(into)
	}
	return rows.Err()
}

// execute runs one request: the statement once, or once per id from n goroutines.
func execute(ctx context.Context, pool *pgxpool.Pool, r *request) (*fold, error) {
	total := newFold()
	if len(r.ids) == 0 {
		return total, query(ctx, pool, r, total)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	folds := make([]*fold, r.n)
	errs := make([]error, r.n)
	for w := 0; w < r.n; w++ {
		folds[w] = newFold()
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(r.ids) {
					return
				}
				if err := query(ctx, pool, r, folds[w], r.ids[i]); err != nil {
					errs[w] = err
					return
				}
			}
		}(w)
	}
	wg.Wait()
	for w := range folds {
		if errs[w] != nil {
			return nil, errs[w]
		}
		total.merge(folds[w])
	}
	return total, nil
}

func pgxVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == "github.com/jackc/pgx/v5" {
				return d.Version
			}
		}
	}
	return "?"
}

func main() {
	ctx := context.Background()
	// pgx reads libpq's variables (PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD), set by the lab
	config, err := pgxpool.ParseConfig("sslmode=disable")
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgx-peer:", err)
		os.Exit(1)
	}
	config.MaxConns = PoolSize
	config.MinConns = PoolSize
	config.ConnConfig.OnNotice = func(*pgconn.PgConn, *pgconn.Notice) {}
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err == nil {
		err = pool.Ping(ctx)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgx-peer:", err)
		os.Exit(1)
	}
	defer pool.Close()
	// the pool's connections open in the background: wait for all of them, so none opens while measured
	for deadline := time.Now().Add(30 * time.Second); pool.Stat().TotalConns() < PoolSize && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(out, "ready pgx %s on %s (GOMAXPROCS %d): a pgxpool of %d connections, pgx's default"+
		" statement cache (prepared, binary results), rows.Scan into pgtype values\n",
		pgxVersion(), runtime.Version(), runtime.GOMAXPROCS(0), PoolSize)
	out.Flush()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<30)
	for in.Scan() {
		line := in.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		var answer string
		r, err := parse(line)
		if err == nil {
			t0 := time.Now()
			cpu0 := cpuNanos()
			var f *fold
			f, err = execute(ctx, pool, r)
			cpu := cpuNanos() - cpu0
			wall := time.Since(t0).Nanoseconds()
			if err == nil {
				answer = fmt.Sprintf("%d %d %d %d", f.rows, int64(f.sum), wall, cpu)
			}
		}
		if err != nil {
			answer = "error " + strings.Join(strings.Fields(err.Error()), " ")
		}
		fmt.Fprintln(out, answer)
		out.Flush()
	}
}
