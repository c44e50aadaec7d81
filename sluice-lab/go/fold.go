package main

// The lab's checksum (io.sluice.bench.Fold) and canonical values (io.sluice.bench.Checksum): each
// row's values folded in column order, the rows' hashes summed, so that this client's result can
// be checked against every other interface's.

import (
	"fmt"
	"math"
	"math/big"
	"unicode/utf16"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

const (
	nullValue = int64(0x6e756c6c)
	rowSeed   = uint64(0x2545F4914F6CDD1D)
	golden    = uint64(0x9E3779B97F4A7C15)
	daySeconds  = int64(86400)
)

type fold struct {
	rows, sum, row uint64
}

func newFold() *fold { return &fold{row: rowSeed} }

func (f *fold) add(v int64) { f.row = (f.row ^ uint64(v)) * golden }

func (f *fold) endRow() {
	f.sum += mix(f.row)
	f.rows++
	f.row = rowSeed
}

func (f *fold) countRow() { f.rows++ }

func (f *fold) merge(o *fold) {
	f.rows += o.rows
	f.sum += o.sum
}

// mix is MurmurHash3's 64-bit finaliser (Fold.mix).
func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb93fe53a87cd
	h ^= h >> 33
	return h
}

// stringHash is Java's String.hashCode(): over the UTF-16 code units.
func stringHash(s string) int64 {
	var h int32
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return stringHashUTF16(s)
		}
		h = 31*h + int32(s[i])
	}
	return int64(h)
}

func stringHashUTF16(s string) int64 {
	var h int32
	for _, r := range s {
		if r >= 0x10000 {
			r1, r2 := utf16.EncodeRune(r)
			h = 31*h + r1
			h = 31*h + r2
		} else {
			h = 31*h + r
		}
	}
	return int64(h)
}

// decimalHash is Java's BigDecimal.hashCode(): 31 × the unscaled BigInteger's hash + the scale,
// the BigInteger's hash over its magnitude as big-endian 32-bit words, negated when negative.
func decimalHash(unscaled *big.Int, scale int32) int64 {
	b := new(big.Int).Abs(unscaled).Bytes()
	var h int32
	// big-endian bytes into 32-bit words, the first one possibly short
	first := len(b) % 4
	if first == 0 && len(b) > 0 {
		first = 4
	}
	for i := 0; i < len(b); {
		n := 4
		if i == 0 {
			n = first
		}
		var w uint32
		for _, c := range b[i : i+n] {
			w = w<<8 | uint32(c)
		}
		h = 31*h + int32(w)
		i += n
	}
	if unscaled.Sign() < 0 {
		h = -h
	}
	return int64(31*h + scale)
}

type column int

const (
	int4 column = iota
	int8
	float8
	numeric
	text
	boolean
	date
	timestamptz
	uuid
)

func columnNamed(s string) (column, error) {
	for c, name := range []string{"int4", "int8", "float8", "numeric", "text", "bool", "date", "timestamptz", "uuid"} {
		if s == name {
			return column(c), nil
		}
	}
	return 0, fmt.Errorf("unknown column type %s", s)
}

// scanner holds one pgtype value per column, the destinations of rows.Scan.
type scanner struct {
	columns []column
	dest    []any
	// per column: the scale of a numeric(p,s) column from its type modifier, or -1
	scale []int32
}

func newScanner(columns []column, fields []pgconn.FieldDescription) *scanner {
	s := &scanner{columns: columns, dest: make([]any, len(columns)), scale: make([]int32, len(columns))}
	for i, c := range columns {
		s.scale[i] = -1
		switch c {
		case int4:
			s.dest[i] = &pgtype.Int4{}
		case int8:
			s.dest[i] = &pgtype.Int8{}
		case float8:
			s.dest[i] = &pgtype.Float8{}
		case numeric:
			s.dest[i] = &pgtype.Numeric{}
			// numeric(p,s): typmod = (p << 16 | s) + 4 (PostgreSQL's make_numeric_typmod)
			if i < len(fields) && fields[i].TypeModifier >= 4 {
				s.scale[i] = (fields[i].TypeModifier - 4) & 0xffff
			}
		case text:
			s.dest[i] = &pgtype.Text{}
		case boolean:
			s.dest[i] = &pgtype.Bool{}
		case date:
			s.dest[i] = &pgtype.Date{}
		case timestamptz:
			s.dest[i] = &pgtype.Timestamptz{}
		case uuid:
			s.dest[i] = &pgtype.UUID{}
		}
	}
	return s
}

var ten = big.NewInt(10)

// foldRow folds the values just scanned.
func (s *scanner) foldRow(f *fold) {
	for i, c := range s.columns {
		v := nullValue
		switch c {
		case int4:
			if x := s.dest[i].(*pgtype.Int4); x.Valid {
				v = int64(x.Int32)
			}
		case int8:
			if x := s.dest[i].(*pgtype.Int8); x.Valid {
				v = x.Int64
			}
		case float8:
			if x := s.dest[i].(*pgtype.Float8); x.Valid {
				if math.IsNaN(x.Float64) {
					v = 0x7ff8000000000000
				} else {
					v = int64(math.Float64bits(x.Float64))
				}
			}
		case numeric:
			if x := s.dest[i].(*pgtype.Numeric); x.Valid {
				// pgx gives unscaled × 10^Exp; BigDecimal's scale is the column's (or -Exp)
				scale := s.scale[i]
				if scale < 0 {
					scale = max(0, -x.Exp)
				}
				unscaled := x.Int
				if shift := x.Exp + scale; shift > 0 {
					unscaled = new(big.Int).Mul(x.Int, new(big.Int).Exp(ten, big.NewInt(int64(shift)), nil))
				} else if shift < 0 {
					unscaled = new(big.Int).Quo(x.Int, new(big.Int).Exp(ten, big.NewInt(int64(-shift)), nil))
				}
				v = decimalHash(unscaled, scale)
			}
		case text:
			if x := s.dest[i].(*pgtype.Text); x.Valid {
				v = stringHash(x.String)
			}
		case boolean:
			if x := s.dest[i].(*pgtype.Bool); x.Valid {
				v = 2
				if x.Bool {
					v = 1
				}
			}
		case date:
			if x := s.dest[i].(*pgtype.Date); x.Valid {
				sec := x.Time.Unix()
				v = sec / daySeconds
				if sec%daySeconds < 0 {
					v--
				}
			}
		case timestamptz:
			if x := s.dest[i].(*pgtype.Timestamptz); x.Valid {
				v = x.Time.UnixMicro()
			}
		case uuid:
			if x := s.dest[i].(*pgtype.UUID); x.Valid {
				msb, lsb := int64(0), int64(0)
				for k := 0; k < 8; k++ {
					msb = msb<<8 | int64(x.Bytes[k])
					lsb = lsb<<8 | int64(x.Bytes[8+k])
				}
				v = msb*31 + lsb
			}
		}
		f.add(v)
	}
	f.endRow()
}
