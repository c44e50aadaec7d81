//! tokio-postgres as a peer in the Sluice lab: one long-lived process, one `Client` (one
//! connection) shared by every task of an execution, so concurrent queries are pipelined on it.
//!
//!   PGHOST=… PGPORT=… PGDATABASE=… PGUSER=… [PGPASSWORD=…] tokio-peer
//!
//! Connects once, then prints `ready DESCRIPTION`. Each line on stdin is one execution, five fields
//! separated by tabs (the protocol of the lab's Node peers, `sluice-lab/node/peer.cjs`): N, TOUCH
//! (1: read every value, 0: count rows), TYPES (int4,text,…: the columns in order), IDS
//! (comma-separated; empty: the statement has no parameter and runs once), SQL. With ids the
//! statement runs once per id from N tasks, each taking the next id. Every value is decoded with
//! `Row::get` into a Rust value and folded into the lab's checksum (`io.sluice.bench.Fold` and
//! `Checksum`). The answer is one line, `rows checksum wall_ns cpu_ns` (the process's CPU over
//! the execution, every thread), or `error MESSAGE`. End of stdin ends the process.

use std::collections::HashMap;
use std::error::Error;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use tokio_postgres::types::{FromSql, Type};
use tokio_postgres::{Client, NoTls, Row, Statement};

mod fold;
use fold::Fold;

type BoxError = Box<dyn Error + Sync + Send>;

/// The column types the lab's workloads return (io.sluice.bench.ColumnType).
#[derive(Clone, Copy)]
enum Column {
    Int4,
    Int8,
    Float8,
    Numeric,
    Text,
    Bool,
    Date,
    Timestamptz,
    Uuid,
}

fn column(name: &str) -> Result<Column, BoxError> {
    Ok(match name {
        "int4" => Column::Int4,
        "int8" => Column::Int8,
        "float8" => Column::Float8,
        "numeric" => Column::Numeric,
        "text" => Column::Text,
        "bool" => Column::Bool,
        "date" => Column::Date,
        "timestamptz" => Column::Timestamptz,
        "uuid" => Column::Uuid,
        other => return Err(format!("unknown column type {other}").into()),
    })
}

/// `date`: days since 2000-01-01 on the wire.
struct Date(i32);
/// `timestamptz`: microseconds since 2000-01-01T00:00Z on the wire.
struct Timestamp(i64);
/// `uuid`: 16 bytes.
struct Uuid([u8; 16]);
/// `numeric`, as Java's `BigDecimal.hashCode()` of the same value and scale.
struct Numeric(i64);

fn be_i32(raw: &[u8]) -> Result<i32, BoxError> {
    Ok(i32::from_be_bytes(raw.try_into().map_err(|_| "a 4-byte value expected")?))
}

fn be_i64(raw: &[u8]) -> Result<i64, BoxError> {
    Ok(i64::from_be_bytes(raw.try_into().map_err(|_| "an 8-byte value expected")?))
}

impl<'a> FromSql<'a> for Date {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
        Ok(Date(be_i32(raw)?))
    }
    fn accepts(ty: &Type) -> bool {
        *ty == Type::DATE
    }
}

impl<'a> FromSql<'a> for Timestamp {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
        Ok(Timestamp(be_i64(raw)?))
    }
    fn accepts(ty: &Type) -> bool {
        *ty == Type::TIMESTAMPTZ
    }
}

impl<'a> FromSql<'a> for Uuid {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
        Ok(Uuid(raw.try_into().map_err(|_| "a 16-byte uuid expected")?))
    }
    fn accepts(ty: &Type) -> bool {
        *ty == Type::UUID
    }
}

impl<'a> FromSql<'a> for Numeric {
    /// PostgreSQL's binary numeric (numeric_send): ndigits, weight, sign, dscale (16 bits each),
    /// then ndigits base-10,000 digits, the first worth 10,000^weight.
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
        if raw.len() < 8 {
            return Err("numeric shorter than its header".into());
        }
        let u16_at = |i: usize| u16::from_be_bytes([raw[i], raw[i + 1]]);
        let ndigits = u16_at(0) as usize;
        let weight = u16_at(2) as i16 as i32;
        let sign = u16_at(4);
        let dscale = u16_at(6) as i32;
        if sign == 0xC000 || sign == 0xD000 || sign == 0xF000 {
            return Err("NaN or infinite numeric".into());
        }
        if raw.len() != 8 + 2 * ndigits {
            return Err("numeric length does not match its digit count".into());
        }
        // the unscaled value: sum of digit * 10^(4 * (weight - i) + dscale)
        let mut unscaled: u128 = 0;
        for i in 0..ndigits {
            let digit = u16_at(8 + 2 * i) as u128;
            let exponent = 4 * (weight - i as i32) + dscale;
            let term = if exponent >= 0 {
                digit.checked_mul(10u128.checked_pow(exponent as u32).ok_or("numeric beyond 128 bits")?)
            } else {
                Some(digit / 10u128.pow((-exponent) as u32))
            };
            unscaled = unscaled.checked_add(term.ok_or("numeric beyond 128 bits")?).ok_or("numeric beyond 128 bits")?;
        }
        Ok(Numeric(fold::decimal_hash(unscaled, sign == 0x4000, dscale)))
    }
    fn accepts(ty: &Type) -> bool {
        *ty == Type::NUMERIC
    }
}

/// The canonical form of column `i` of `row` (io.sluice.bench.Checksum), or NULL's.
fn value(row: &Row, i: usize, c: Column) -> Result<i64, tokio_postgres::Error> {
    Ok(match c {
        Column::Int4 => row.try_get::<_, Option<i32>>(i)?.map_or(fold::NULL, |v| v as i64),
        Column::Int8 => row.try_get::<_, Option<i64>>(i)?.unwrap_or(fold::NULL),
        Column::Float8 => row.try_get::<_, Option<f64>>(i)?.map_or(fold::NULL, fold::double_bits),
        Column::Numeric => row.try_get::<_, Option<Numeric>>(i)?.map_or(fold::NULL, |n| n.0),
        Column::Text => row.try_get::<_, Option<&str>>(i)?.map_or(fold::NULL, fold::string_hash),
        Column::Bool => row.try_get::<_, Option<bool>>(i)?.map_or(fold::NULL, |b| if b { 1 } else { 2 }),
        Column::Date => row.try_get::<_, Option<Date>>(i)?.map_or(fold::NULL, |d| d.0 as i64 + fold::PG_EPOCH_DAYS),
        Column::Timestamptz => row
            .try_get::<_, Option<Timestamp>>(i)?
            .map_or(fold::NULL, |t| t.0 + fold::PG_EPOCH_MICROS),
        Column::Uuid => row.try_get::<_, Option<Uuid>>(i)?.map_or(fold::NULL, |u| fold::uuid(&u.0)),
    })
}

fn fold_rows(rows: &[Row], touch: bool, columns: &[Column], into: &mut Fold) -> Result<(), tokio_postgres::Error> {
    for row in rows {
        if touch {
            for (i, c) in columns.iter().enumerate() {
                into.add(value(row, i, *c)?);
            }
            into.end_row();
        } else {
            into.count_row();
        }
    }
    Ok(())
}

struct Request {
    n: usize,
    touch: bool,
    columns: Vec<Column>,
    ids: Vec<i32>,
    sql: String,
}

fn request(line: &str) -> Result<Request, BoxError> {
    let f: Vec<&str> = line.split('\t').collect();
    if f.len() != 5 {
        return Err(format!("a request has 5 tab-separated fields, not {}", f.len()).into());
    }
    let ids = if f[3].is_empty() {
        Vec::new()
    } else {
        f[3].split(',').map(|s| s.parse::<i32>()).collect::<Result<_, _>>()?
    };
    Ok(Request {
        n: f[0].parse::<usize>()?.max(1),
        touch: f[1] == "1",
        columns: f[2].split(',').map(column).collect::<Result<_, _>>()?,
        ids,
        sql: f[4].to_string(),
    })
}

fn cpu_nanos() -> i64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes into the timespec we own
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.tv_sec as i64 * 1_000_000_000 + t.tv_nsec as i64
}

/// One execution: the statement once, or once per id from n tasks sharing the client.
async fn execute(client: &Arc<Client>, statement: Statement, req: Arc<Request>) -> Result<Fold, BoxError> {
    if req.ids.is_empty() {
        let rows = client.query(&statement, &[]).await?;
        let mut fold = Fold::new();
        fold_rows(&rows, req.touch, &req.columns, &mut fold)?;
        return Ok(fold);
    }
    let next = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::with_capacity(req.n);
    for _ in 0..req.n {
        let (client, statement, req, next) = (client.clone(), statement.clone(), req.clone(), next.clone());
        tasks.push(tokio::spawn(async move {
            let mut fold = Fold::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= req.ids.len() {
                    return Ok::<Fold, tokio_postgres::Error>(fold);
                }
                let rows = client.query(&statement, &[&req.ids[i]]).await?;
                fold_rows(&rows, req.touch, &req.columns, &mut fold)?;
            }
        }));
    }
    let mut total = Fold::new();
    for task in tasks {
        total.merge(&task.await??);
    }
    Ok(total)
}

/// An error and its causes ("db error: ERROR: relation … does not exist").
fn describe(e: &(dyn Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

fn main() -> Result<(), BoxError> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let env = |k: &str| std::env::var(k).unwrap_or_default();
    let mut config = tokio_postgres::Config::new();
    config
        .host(&env("PGHOST"))
        .port(env("PGPORT").parse().unwrap_or(5432))
        .dbname(&env("PGDATABASE"))
        .user(&env("PGUSER"));
    if !env("PGPASSWORD").is_empty() {
        config.password(env("PGPASSWORD"));
    }
    let client = runtime.block_on(async {
        let (client, connection) = config.connect(NoTls).await?;
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                eprintln!("tokio-peer: connection ended: {e}");
            }
        });
        Ok::<_, tokio_postgres::Error>(Arc::new(client))
    })?;
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "ready tokio-postgres {} on tokio {} (multi-threaded runtime, {} workers), rustc {}: one Client (one connection),\
         concurrent queries pipelined on it; statements prepared once, binary results, Row::get into Rust values",
        env!("TOKIO_POSTGRES_VERSION"),
        env!("TOKIO_VERSION"),
        workers,
        env!("RUSTC_VERSION")
    )?;
    out.flush()?;
    let mut statements: HashMap<String, Statement> = HashMap::new();
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = (|| -> Result<String, BoxError> {
            let req = Arc::new(request(&line)?);
            let t0 = Instant::now();
            let cpu0 = cpu_nanos();
            let statement = match statements.get(&req.sql) {
                Some(s) => s.clone(),
                None => {
                    let s = runtime.block_on(client.prepare(&req.sql))?;
                    statements.insert(req.sql.clone(), s.clone());
                    s
                }
            };
            let fold = runtime.block_on(execute(&client, statement, req))?;
            let cpu = cpu_nanos() - cpu0;
            let wall = t0.elapsed().as_nanos();
            Ok(format!("{} {} {} {}", fold.rows, fold.sum as i64, wall, cpu))
        })()
        .unwrap_or_else(|e| format!("error {}", describe(e.as_ref()).split_whitespace().collect::<Vec<_>>().join(" ")));
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    Ok(())
}
