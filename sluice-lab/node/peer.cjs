'use strict';
/*
 * peer.cjs: seed 004's peers in Node for the Sluice lab, one long-lived process per interface so
 * that V8 warms up over the lab's warm-up runs as the JVM does.
 *
 *   PGHOST=… PGPORT=… PGDATABASE=… PGUSER=… [PGPASSWORD=…] node peer.cjs postgres.js|node-postgres
 *
 * Connects once (one connection), then prints "ready DESCRIPTION". Each line on stdin is one
 * execution of a workload, five fields separated by tabs: N, TOUCH (1: read every value, 0: count
 * rows), TYPES (int4,text: the columns in order), IDS (comma-separated), SQL (with $1). The
 * statement runs once per id, N at a time on the one connection (N workers each taking the next
 * id: at most N in flight). Every row's values, read from the driver's row objects in column order,
 * are folded into the lab's checksum (io.sluice.bench.Fold and Checksum, in 32-bit halves). The
 * answer is one line, "rows checksum wall_ns cpu_ns" (the process's user + system CPU over the
 * execution), or "error MESSAGE". End of stdin closes the connection and ends the process.
 */
const fs = require('fs');
const path = require('path');
const readline = require('readline');

// Fold's constants as [high 32 bits, low 32 bits]
const ROW_SEED = [0x2545f491, 0x4f6cdd1d];
const GOLDEN = [0x9e3779b9, 0x7f4a7c15];
const MIX1 = [0xff51afd7, 0xed558ccd];
const MIX2 = [0xc4ceb93f, 0xe53a87cd];
const NULL_VALUE = 0x6e756c6c;

/** io.sluice.bench.Fold over 64-bit integers kept as two unsigned 32-bit halves (no BigInt per value). */
class Fold {
  constructor() {
    this.rows = 0;
    this.sumHi = 0;
    this.sumLo = 0;
    this.hi = ROW_SEED[0];
    this.lo = ROW_SEED[1];
  }

  /** A value that Checksum gives as a Java int widened to long: int4, String.hashCode(). */
  addInt(v) {
    this.hi = (this.hi ^ (v < 0 ? 0xffffffff : 0)) >>> 0;
    this.lo = (this.lo ^ v) >>> 0;
    this.multiply(GOLDEN);
  }

  /** this = this * m, modulo 2^64 */
  multiply(m) {
    const a = this.lo, b = m[1];
    const a0 = a & 0xffff, a1 = a >>> 16, b0 = b & 0xffff, b1 = b >>> 16;
    const mid = a0 * b1 + a1 * b0;                 // below 2^33: exact
    const low = a0 * b0 + (mid % 65536) * 65536;    // below 2^33: exact
    const carry = Math.floor(low / 4294967296);
    const hi = a1 * b1 + Math.floor(mid / 65536) + carry + Math.imul(this.hi, b) + Math.imul(a, m[0]);
    this.hi = hi >>> 0;
    this.lo = low >>> 0;
  }

  /** h ^= h >>> 33 */
  shiftXor() {
    this.lo = (this.lo ^ (this.hi >>> 1)) >>> 0;
  }

  endRow() {
    // MurmurHash3's finaliser (Fold.mix), then the row joins the sum
    this.shiftXor();
    this.multiply(MIX1);
    this.shiftXor();
    this.multiply(MIX2);
    this.shiftXor();
    const lo = this.sumLo + this.lo;
    this.sumHi = (this.sumHi + this.hi + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    this.sumLo = lo >>> 0;
    this.rows++;
    this.hi = ROW_SEED[0];
    this.lo = ROW_SEED[1];
  }

  merge(other) {
    const lo = this.sumLo + other.sumLo;
    this.sumHi = (this.sumHi + other.sumHi + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    this.sumLo = lo >>> 0;
    this.rows += other.rows;
  }

  /** The checksum as Java prints a long. */
  checksum() {
    return BigInt.asIntN(64, (BigInt(this.sumHi) << 32n) | BigInt(this.sumLo)).toString();
  }
}

/** Java's String.hashCode(): over UTF-16 code units, as JavaScript strings are. */
function stringHash(s) {
  let h = 0;
  for (let i = 0; i < s.length; i++) {
    h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  }
  return h;
}

const CANONICAL = {
  int4: (v) => v,
  text: (v) => stringHash(v),
};

function canonical(types) {
  return types.map((t) => {
    const f = CANONICAL[t];
    if (!f) {
      throw new Error('type ' + t + ' is not read by the Node peers (int4 and text are)');
    }
    return f;
  });
}

function version(pkg) {
  return JSON.parse(fs.readFileSync(path.join(__dirname, 'node_modules', pkg, 'package.json'), 'utf8')).version;
}

/** libpq's variables, set by the lab. */
function connection() {
  const e = process.env;
  return { host: e.PGHOST, port: Number(e.PGPORT), database: e.PGDATABASE, user: e.PGUSER, password: e.PGPASSWORD };
}

/** One request line: N, TOUCH, TYPES, IDS, SQL. */
function request(line) {
  const f = line.split('\t');
  if (f.length !== 5) {
    throw new Error('a request has 5 tab-separated fields, not ' + f.length);
  }
  return { n: Number(f[0]), touch: f[1] === '1', types: f[2].split(','), ids: f[3] === '' ? [] : f[3].split(',').map(Number), sql: f[4] };
}

/** The two peers: connect once; query(sql, id) resolves to { rows, names } (row objects, column names in order). */
const PEERS = {
  'postgres.js': async (c) => {
    const postgres = require('postgres');
    const sql = postgres({
      host: c.host, port: c.port, database: c.database, username: c.user, password: c.password || undefined,
      ssl: false, max: 1, idle_timeout: 0, connect_timeout: 30, prepare: true, onnotice: () => {},
    });
    await sql`select 1`;
    return {
      description: 'postgres.js ' + version('postgres') + ' on Node ' + process.version
        + ': one connection (max 1), concurrent queries pipelined on it, prepared statements, row objects',
      query: async (text, id) => {
        const rows = await sql.unsafe(text, [id], { prepare: true });
        return { rows, names: rows.columns.map((col) => col.name) };
      },
      end: () => sql.end({ timeout: 5 }),
    };
  },
  'node-postgres': async (c) => {
    const { Client } = require('pg');
    const client = new Client({
      host: c.host, port: c.port, database: c.database, user: c.user, password: c.password || undefined, ssl: false,
    });
    await client.connect();
    const names = new Map();
    return {
      description: 'node-postgres (pg) ' + version('pg') + ' on Node ' + process.version
        + ': one Client (its queries queued, one on the wire at a time), named prepared statements, row objects',
      query: async (text, id) => {
        let name = names.get(text);
        if (name === undefined) {
          name = 'sluice_' + names.size;
          names.set(text, name);
        }
        const r = await client.query({ name, text, values: [id] });
        return { rows: r.rows, names: r.fields.map((f) => f.name) };
      },
      end: () => client.end(),
    };
  },
};

/** One execution: every id's statement, n at a time; resolves to the answer line. */
async function execute(peer, req) {
  const ids = req.ids;
  const read = canonical(req.types);
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  let next = 0;
  const worker = async () => {
    const fold = new Fold();
    while (next < ids.length) {
      const { rows, names } = await peer.query(req.sql, ids[next++]);
      for (const row of rows) {
        if (req.touch) {
          for (let c = 0; c < names.length; c++) {
            const v = row[names[c]];
            fold.addInt(v === null ? NULL_VALUE : read[c](v));
          }
          fold.endRow();
        } else {
          fold.rows++;
        }
      }
    }
    return fold;
  };
  const folds = await Promise.all(Array.from({ length: Math.max(1, req.n) }, worker));
  const cpu = process.cpuUsage(cpu0);
  const wall = process.hrtime.bigint() - t0;
  const total = new Fold();
  folds.forEach((f) => total.merge(f));
  return total.rows + ' ' + total.checksum() + ' ' + wall + ' ' + (cpu.user + cpu.system) * 1000;
}

async function main() {
  const open = PEERS[process.argv[2]];
  if (!open) {
    process.stderr.write('usage: node peer.cjs ' + Object.keys(PEERS).join('|') + ' (connection from PGHOST, PGPORT…)\n');
    process.exit(2);
  }
  const peer = await open(connection());
  process.stdout.write('ready ' + peer.description + '\n');
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) {
      continue;
    }
    let answer;
    try {
      answer = await execute(peer, request(line));
    } catch (e) {
      answer = 'error ' + String(e && e.message ? e.message : e).replace(/\s+/g, ' ');
    }
    process.stdout.write(answer + '\n');
  }
  await peer.end();
}

main().catch((e) => {
  process.stderr.write('peer.cjs: ' + (e && e.stack ? e.stack : e) + '\n');
  process.exit(1);
});
