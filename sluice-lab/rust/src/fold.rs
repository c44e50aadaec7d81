//! The lab's checksum (io.sluice.bench.Fold) and canonical values (io.sluice.bench.Checksum):
//! each row's values folded in column order, the rows' hashes summed, so that this client's
//! result can be checked against every other interface's.

/// What a SQL NULL folds to: the ASCII bytes of "null".
pub const NULL: i64 = 0x6e75_6c6c;
/// 2000-01-01, PostgreSQL's epoch, in days and microseconds since 1970-01-01.
pub const PG_EPOCH_DAYS: i64 = 10_957;
pub const PG_EPOCH_MICROS: i64 = 946_684_800_000_000;

const ROW_SEED: u64 = 0x2545_F491_4F6C_DD1D;
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

pub struct Fold {
    pub rows: u64,
    pub sum: u64,
    row: u64,
}

impl Fold {
    pub fn new() -> Fold {
        Fold { rows: 0, sum: 0, row: ROW_SEED }
    }

    #[inline]
    pub fn add(&mut self, v: i64) {
        self.row = (self.row ^ v as u64).wrapping_mul(GOLDEN);
    }

    #[inline]
    pub fn end_row(&mut self) {
        self.sum = self.sum.wrapping_add(mix(self.row));
        self.rows += 1;
        self.row = ROW_SEED;
    }

    #[inline]
    pub fn count_row(&mut self) {
        self.rows += 1;
    }

    pub fn merge(&mut self, other: &Fold) {
        self.rows += other.rows;
        self.sum = self.sum.wrapping_add(other.sum);
    }
}

/// MurmurHash3's 64-bit finaliser (Fold.mix).
#[inline]
fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b93f_e53a_87cd);
    h ^= h >> 33;
    h
}

/// Java's `String.hashCode()`: over the UTF-16 code units.
#[inline]
pub fn string_hash(s: &str) -> i64 {
    let mut h: i32 = 0;
    if s.is_ascii() {
        for b in s.bytes() {
            h = h.wrapping_mul(31).wrapping_add(b as i32);
        }
    } else {
        for u in s.encode_utf16() {
            h = h.wrapping_mul(31).wrapping_add(u as i32);
        }
    }
    h as i64
}

/// `Double.doubleToLongBits`: every NaN is the one canonical NaN.
#[inline]
pub fn double_bits(v: f64) -> i64 {
    if v.is_nan() {
        0x7ff8_0000_0000_0000
    } else {
        v.to_bits() as i64
    }
}

/// Checksum.ofUuid: the most significant 64 bits times 31 plus the least significant.
#[inline]
pub fn uuid(b: &[u8; 16]) -> i64 {
    let msb = i64::from_be_bytes(b[0..8].try_into().unwrap());
    let lsb = i64::from_be_bytes(b[8..16].try_into().unwrap());
    msb.wrapping_mul(31).wrapping_add(lsb)
}

/// Java's `BigDecimal.hashCode()`: 31 × the unscaled BigInteger's hash + the scale; the
/// BigInteger's hash runs over its magnitude as big-endian 32-bit words without leading zeros and
/// is negated for a negative number.
pub fn decimal_hash(magnitude: u128, negative: bool, scale: i32) -> i64 {
    let mut words = [0u32; 4];
    let mut n = 0;
    let mut t = magnitude;
    while t != 0 {
        words[n] = t as u32;
        t >>= 32;
        n += 1;
    }
    let mut h: i32 = 0;
    for i in (0..n).rev() {
        h = h.wrapping_mul(31).wrapping_add(words[i] as i32);
    }
    if negative {
        h = h.wrapping_neg();
    }
    h.wrapping_mul(31).wrapping_add(scale) as i64
}
