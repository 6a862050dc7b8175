//! MPI handle values and constants, as the verifier's own `mpi.h`
//! (extractor/include/mpi.h) defines them. Handles are `int`s with MPICH's
//! values, so a constant seen in a lifted program is read back here.
//! The two files must agree; keep them in sync.
//!
//! Everything here is for x86_64 Linux (LP64): `long` and pointers are 8
//! bytes, `long double` is the x87 80-bit format stored in 16 bytes.
//! Chapter numbers refer to the MPI 3.1 standard.

// ---------------------------------------------------------------------------
// Version (8.1.1). MPICH 4 reports 4.0; the verifier's header declares 3.1.
// ---------------------------------------------------------------------------
pub const MPI_VERSION: i32 = 3;
pub const MPI_SUBVERSION: i32 = 1;

// ---------------------------------------------------------------------------
// Communicators and groups (6.2, 6.4)
// ---------------------------------------------------------------------------
pub const MPI_COMM_WORLD: i32 = 0x4400_0000;
pub const MPI_COMM_SELF: i32 = 0x4400_0001;
pub const MPI_COMM_NULL: i32 = 0x0400_0000;

pub const MPI_GROUP_EMPTY: i32 = 0x4800_0000;
pub const MPI_GROUP_NULL: i32 = 0x0800_0000;

// ---------------------------------------------------------------------------
// Other null / predefined handles (A.1.1)
// ---------------------------------------------------------------------------
pub const MPI_DATATYPE_NULL: i32 = 0x0c00_0000;
pub const MPI_ERRHANDLER_NULL: i32 = 0x1400_0000;
pub const MPI_OP_NULL: i32 = 0x1800_0000;
pub const MPI_INFO_NULL: i32 = 0x1c00_0000;
pub const MPI_INFO_ENV: i32 = 0x5c00_0001;
pub const MPI_WIN_NULL: i32 = 0x2000_0000;
pub const MPI_REQUEST_NULL: i32 = 0x2c00_0000;
/// Same value as `MPI_REQUEST_NULL` (MPICH messages are requests).
pub const MPI_MESSAGE_NULL: i32 = 0x2c00_0000;
/// Returned by MPI_Mprobe / MPI_Improbe for a `MPI_PROC_NULL` source (3.8.2).
pub const MPI_MESSAGE_NO_PROC: i32 = 0x6c00_0000;
pub const MPI_KEYVAL_INVALID: i32 = 0x2400_0000;

// Error handlers (8.3)
pub const MPI_ERRORS_ARE_FATAL: i32 = 0x5400_0000;
pub const MPI_ERRORS_RETURN: i32 = 0x5400_0001;
/// MPI 4.0 name; defined because MPICH defines it.
pub const MPI_ERRORS_ABORT: i32 = 0x5400_0003;

// ---------------------------------------------------------------------------
// Pointer-valued constants: the integer value of the pointer (as an LLVM
// `inttoptr` constant would show it). MPI_FILE is a pointer handle.
// ---------------------------------------------------------------------------
pub const MPI_BOTTOM: i64 = 0;
pub const MPI_IN_PLACE: i64 = -1;
pub const MPI_STATUS_IGNORE: i64 = 1;
pub const MPI_STATUSES_IGNORE: i64 = 1;
pub const MPI_ERRCODES_IGNORE: i64 = 0;
pub const MPI_ARGV_NULL: i64 = 0;
pub const MPI_ARGVS_NULL: i64 = 0;
/// Verifier-specific marker (MPICH uses a link-time object).
pub const MPI_UNWEIGHTED: i64 = 2;
/// Verifier-specific marker (MPICH uses a link-time object).
pub const MPI_WEIGHTS_EMPTY: i64 = 3;
pub const MPI_FILE_NULL: i64 = 0;
/// `MPI_*_NULL_COPY_FN` / `MPI_*_NULL_DELETE_FN` / `MPI_CONVERSION_FN_NULL`
/// are null function pointers. The `MPI_*_DUP_FN`s are external functions,
/// recognized by name.
pub const MPI_NULL_FN: i64 = 0;

// ---------------------------------------------------------------------------
// Special ranks, tags and values (3.2.4, 5.2.2, A.1.1)
// ---------------------------------------------------------------------------
pub const MPI_PROC_NULL: i32 = -1;
pub const MPI_ANY_SOURCE: i32 = -2;
pub const MPI_ROOT: i32 = -3;
pub const MPI_ANY_TAG: i32 = -1;
pub const MPI_UNDEFINED: i32 = -32766;
pub const MPI_BSEND_OVERHEAD: i32 = 96;

// ---------------------------------------------------------------------------
// MPI_Status layout (MPICH's: five ints, 20 bytes)
// ---------------------------------------------------------------------------
pub const MPI_STATUS_SIZE_BYTES: u64 = 20;
pub const MPI_STATUS_COUNT_LO_OFFSET: u64 = 0;
pub const MPI_STATUS_COUNT_HI_AND_CANCELLED_OFFSET: u64 = 4;
pub const MPI_STATUS_SOURCE_OFFSET: u64 = 8;
pub const MPI_STATUS_TAG_OFFSET: u64 = 12;
pub const MPI_STATUS_ERROR_OFFSET: u64 = 16;

/// Encodes a received byte count and the cancelled flag into the
/// `(count_lo, count_hi_and_cancelled)` fields the way MPICH does: the count
/// is in bytes, its low 32 bits go to `count_lo`, the rest shifted left by
/// one into `count_hi_and_cancelled`, whose bit 0 is the cancelled flag.
pub fn status_count_fields(bytes: u64, cancelled: bool) -> (i32, i32) {
    let lo = bytes as u32 as i32;
    let hi = ((bytes >> 32) << 1) as u32 as i32;
    (lo, hi | cancelled as i32)
}

/// Inverse of [`status_count_fields`]: the byte count stored in a status.
pub fn status_count_bytes(count_lo: i32, count_hi_and_cancelled: i32) -> u64 {
    let hi = (count_hi_and_cancelled as u32 >> 1) as u64;
    (hi << 32) | count_lo as u32 as u64
}

/// The cancelled flag stored in a status (3.8.4).
pub fn status_cancelled(count_hi_and_cancelled: i32) -> bool {
    count_hi_and_cancelled & 1 != 0
}

// ---------------------------------------------------------------------------
// Predefined datatypes (3.2.2, 5.9.4, 17.2.6)
// ---------------------------------------------------------------------------
// C types
pub const MPI_CHAR: i32 = 0x4c00_0101;
pub const MPI_SHORT: i32 = 0x4c00_0203;
pub const MPI_INT: i32 = 0x4c00_0405;
pub const MPI_LONG: i32 = 0x4c00_0807;
pub const MPI_LONG_LONG_INT: i32 = 0x4c00_0809;
pub const MPI_LONG_LONG: i32 = MPI_LONG_LONG_INT;
pub const MPI_SIGNED_CHAR: i32 = 0x4c00_0118;
pub const MPI_UNSIGNED_CHAR: i32 = 0x4c00_0102;
pub const MPI_UNSIGNED_SHORT: i32 = 0x4c00_0204;
pub const MPI_UNSIGNED: i32 = 0x4c00_0406;
pub const MPI_UNSIGNED_LONG: i32 = 0x4c00_0808;
pub const MPI_UNSIGNED_LONG_LONG: i32 = 0x4c00_0819;
pub const MPI_FLOAT: i32 = 0x4c00_040a;
pub const MPI_DOUBLE: i32 = 0x4c00_080b;
pub const MPI_LONG_DOUBLE: i32 = 0x4c00_100c;
pub const MPI_WCHAR: i32 = 0x4c00_040e;
pub const MPI_BYTE: i32 = 0x4c00_010d;
pub const MPI_PACKED: i32 = 0x4c00_010f;

// C99 types
pub const MPI_C_BOOL: i32 = 0x4c00_013f;
pub const MPI_INT8_T: i32 = 0x4c00_0137;
pub const MPI_INT16_T: i32 = 0x4c00_0238;
pub const MPI_INT32_T: i32 = 0x4c00_0439;
pub const MPI_INT64_T: i32 = 0x4c00_083a;
pub const MPI_UINT8_T: i32 = 0x4c00_013b;
pub const MPI_UINT16_T: i32 = 0x4c00_023c;
pub const MPI_UINT32_T: i32 = 0x4c00_043d;
pub const MPI_UINT64_T: i32 = 0x4c00_083e;
pub const MPI_C_FLOAT_COMPLEX: i32 = 0x4c00_0840;
pub const MPI_C_COMPLEX: i32 = MPI_C_FLOAT_COMPLEX;
pub const MPI_C_DOUBLE_COMPLEX: i32 = 0x4c00_1041;
pub const MPI_C_LONG_DOUBLE_COMPLEX: i32 = 0x4c00_2042;

// Address, offset and count types
pub const MPI_AINT: i32 = 0x4c00_0843;
pub const MPI_OFFSET: i32 = 0x4c00_0844;
pub const MPI_COUNT: i32 = 0x4c00_0845;

// C++ types
pub const MPI_CXX_BOOL: i32 = 0x4c00_0133;
pub const MPI_CXX_FLOAT_COMPLEX: i32 = 0x4c00_0834;
pub const MPI_CXX_DOUBLE_COMPLEX: i32 = 0x4c00_1035;
pub const MPI_CXX_LONG_DOUBLE_COMPLEX: i32 = 0x4c00_2036;

// Pair types for MPI_MINLOC / MPI_MAXLOC (5.9.4)
pub const MPI_FLOAT_INT: i32 = 0x8c00_0000_u32 as i32;
pub const MPI_DOUBLE_INT: i32 = 0x8c00_0001_u32 as i32;
pub const MPI_LONG_INT: i32 = 0x8c00_0002_u32 as i32;
pub const MPI_SHORT_INT: i32 = 0x8c00_0003_u32 as i32;
pub const MPI_LONG_DOUBLE_INT: i32 = 0x8c00_0004_u32 as i32;
pub const MPI_2INT: i32 = 0x4c00_0816;

// Fortran types
pub const MPI_INTEGER: i32 = 0x4c00_041b;
pub const MPI_REAL: i32 = 0x4c00_041c;
pub const MPI_LOGICAL: i32 = 0x4c00_041d;
pub const MPI_COMPLEX: i32 = 0x4c00_081e;
pub const MPI_DOUBLE_PRECISION: i32 = 0x4c00_081f;
pub const MPI_2INTEGER: i32 = 0x4c00_0820;
pub const MPI_2REAL: i32 = 0x4c00_0821;
pub const MPI_DOUBLE_COMPLEX: i32 = 0x4c00_1022;
pub const MPI_2DOUBLE_PRECISION: i32 = 0x4c00_1023;
pub const MPI_CHARACTER: i32 = 0x4c00_011a;
pub const MPI_REAL4: i32 = 0x4c00_0427;
pub const MPI_REAL8: i32 = 0x4c00_0829;
pub const MPI_REAL16: i32 = 0x4c00_102b;
pub const MPI_COMPLEX8: i32 = 0x4c00_0828;
pub const MPI_COMPLEX16: i32 = 0x4c00_102a;
pub const MPI_COMPLEX32: i32 = 0x4c00_202c;
pub const MPI_INTEGER1: i32 = 0x4c00_012d;
pub const MPI_INTEGER2: i32 = 0x4c00_022f;
pub const MPI_INTEGER4: i32 = 0x4c00_0430;
pub const MPI_INTEGER8: i32 = 0x4c00_0831;
/// MPICH has no 16-byte Fortran integer.
pub const MPI_INTEGER16: i32 = MPI_DATATYPE_NULL;

/// Bound markers, removed in MPI 3.0 (16.1), still defined by MPICH.
pub const MPI_LB: i32 = 0x4c00_0010;
pub const MPI_UB: i32 = 0x4c00_0011;

// ---------------------------------------------------------------------------
// Predefined operations (5.9.2, 11.3.4)
// ---------------------------------------------------------------------------
pub const MPI_MAX: i32 = 0x5800_0001;
pub const MPI_MIN: i32 = 0x5800_0002;
pub const MPI_SUM: i32 = 0x5800_0003;
pub const MPI_PROD: i32 = 0x5800_0004;
pub const MPI_LAND: i32 = 0x5800_0005;
pub const MPI_BAND: i32 = 0x5800_0006;
pub const MPI_LOR: i32 = 0x5800_0007;
pub const MPI_BOR: i32 = 0x5800_0008;
pub const MPI_LXOR: i32 = 0x5800_0009;
pub const MPI_BXOR: i32 = 0x5800_000a;
pub const MPI_MINLOC: i32 = 0x5800_000b;
pub const MPI_MAXLOC: i32 = 0x5800_000c;
pub const MPI_REPLACE: i32 = 0x5800_000d;
pub const MPI_NO_OP: i32 = 0x5800_000e;

// ---------------------------------------------------------------------------
// Predefined attribute keys (8.1.2, 10.5.1, 11.2.6)
// ---------------------------------------------------------------------------
pub const MPI_TAG_UB: i32 = 0x6440_0001;
pub const MPI_HOST: i32 = 0x6440_0003;
pub const MPI_IO: i32 = 0x6440_0005;
pub const MPI_WTIME_IS_GLOBAL: i32 = 0x6440_0007;
pub const MPI_UNIVERSE_SIZE: i32 = 0x6440_0009;
pub const MPI_LASTUSEDCODE: i32 = 0x6440_000b;
pub const MPI_APPNUM: i32 = 0x6440_000d;

pub const MPI_WIN_BASE: i32 = 0x6600_0001;
pub const MPI_WIN_SIZE: i32 = 0x6600_0003;
pub const MPI_WIN_DISP_UNIT: i32 = 0x6600_0005;
pub const MPI_WIN_CREATE_FLAVOR: i32 = 0x6600_0007;
pub const MPI_WIN_MODEL: i32 = 0x6600_0009;

// ---------------------------------------------------------------------------
// Comparison results (6.3.1, 6.4.1), topologies (7.5.5), split types (6.4.2)
// ---------------------------------------------------------------------------
pub const MPI_IDENT: i32 = 0;
pub const MPI_CONGRUENT: i32 = 1;
pub const MPI_SIMILAR: i32 = 2;
pub const MPI_UNEQUAL: i32 = 3;

pub const MPI_GRAPH: i32 = 1;
pub const MPI_CART: i32 = 2;
pub const MPI_DIST_GRAPH: i32 = 3;

pub const MPI_COMM_TYPE_SHARED: i32 = 1;

// ---------------------------------------------------------------------------
// Thread support levels (12.4.3)
// ---------------------------------------------------------------------------
pub const MPI_THREAD_SINGLE: i32 = 0;
pub const MPI_THREAD_FUNNELED: i32 = 1;
pub const MPI_THREAD_SERIALIZED: i32 = 2;
pub const MPI_THREAD_MULTIPLE: i32 = 3;

// ---------------------------------------------------------------------------
// One-sided communication (11)
// ---------------------------------------------------------------------------
pub const MPI_WIN_FLAVOR_CREATE: i32 = 1;
pub const MPI_WIN_FLAVOR_ALLOCATE: i32 = 2;
pub const MPI_WIN_FLAVOR_DYNAMIC: i32 = 3;
pub const MPI_WIN_FLAVOR_SHARED: i32 = 4;
pub const MPI_WIN_SEPARATE: i32 = 1;
pub const MPI_WIN_UNIFIED: i32 = 2;
pub const MPI_LOCK_EXCLUSIVE: i32 = 234;
pub const MPI_LOCK_SHARED: i32 = 235;
// Assertions (11.5.5)
pub const MPI_MODE_NOCHECK: i32 = 1024;
pub const MPI_MODE_NOSTORE: i32 = 2048;
pub const MPI_MODE_NOPUT: i32 = 4096;
pub const MPI_MODE_NOPRECEDE: i32 = 8192;
pub const MPI_MODE_NOSUCCEED: i32 = 16384;

// ---------------------------------------------------------------------------
// File I/O (13)
// ---------------------------------------------------------------------------
pub const MPI_MODE_CREATE: i32 = 1;
pub const MPI_MODE_RDONLY: i32 = 2;
pub const MPI_MODE_WRONLY: i32 = 4;
pub const MPI_MODE_RDWR: i32 = 8;
pub const MPI_MODE_DELETE_ON_CLOSE: i32 = 16;
pub const MPI_MODE_UNIQUE_OPEN: i32 = 32;
pub const MPI_MODE_EXCL: i32 = 64;
pub const MPI_MODE_APPEND: i32 = 128;
pub const MPI_MODE_SEQUENTIAL: i32 = 256;
pub const MPI_DISPLACEMENT_CURRENT: i32 = -54278278;
pub const MPI_SEEK_SET: i32 = 600;
pub const MPI_SEEK_CUR: i32 = 602;
pub const MPI_SEEK_END: i32 = 604;

// ---------------------------------------------------------------------------
// Datatype constructors and decoding (4.1.3, 4.1.4, 4.1.13, 17.1.9)
// ---------------------------------------------------------------------------
pub const MPI_ORDER_C: i32 = 56;
pub const MPI_ORDER_FORTRAN: i32 = 57;
pub const MPI_DISTRIBUTE_BLOCK: i32 = 121;
pub const MPI_DISTRIBUTE_CYCLIC: i32 = 122;
pub const MPI_DISTRIBUTE_NONE: i32 = 123;
pub const MPI_DISTRIBUTE_DFLT_DARG: i32 = -49767;

pub const MPI_TYPECLASS_REAL: i32 = 1;
pub const MPI_TYPECLASS_INTEGER: i32 = 2;
pub const MPI_TYPECLASS_COMPLEX: i32 = 3;

pub const MPI_COMBINER_NAMED: i32 = 1;
pub const MPI_COMBINER_DUP: i32 = 2;
pub const MPI_COMBINER_CONTIGUOUS: i32 = 3;
pub const MPI_COMBINER_VECTOR: i32 = 4;
pub const MPI_COMBINER_HVECTOR_INTEGER: i32 = 5;
pub const MPI_COMBINER_HVECTOR: i32 = 6;
pub const MPI_COMBINER_INDEXED: i32 = 7;
pub const MPI_COMBINER_HINDEXED_INTEGER: i32 = 8;
pub const MPI_COMBINER_HINDEXED: i32 = 9;
pub const MPI_COMBINER_INDEXED_BLOCK: i32 = 10;
pub const MPI_COMBINER_STRUCT_INTEGER: i32 = 11;
pub const MPI_COMBINER_STRUCT: i32 = 12;
pub const MPI_COMBINER_SUBARRAY: i32 = 13;
pub const MPI_COMBINER_DARRAY: i32 = 14;
pub const MPI_COMBINER_F90_REAL: i32 = 15;
pub const MPI_COMBINER_F90_COMPLEX: i32 = 16;
pub const MPI_COMBINER_F90_INTEGER: i32 = 17;
pub const MPI_COMBINER_RESIZED: i32 = 18;
pub const MPI_COMBINER_HINDEXED_BLOCK: i32 = 19;

// ---------------------------------------------------------------------------
// Maximum string sizes (A.1.1)
// ---------------------------------------------------------------------------
pub const MPI_MAX_PROCESSOR_NAME: i32 = 128;
pub const MPI_MAX_LIBRARY_VERSION_STRING: i32 = 8192;
pub const MPI_MAX_ERROR_STRING: i32 = 512;
pub const MPI_MAX_PORT_NAME: i32 = 256;
pub const MPI_MAX_OBJECT_NAME: i32 = 128;
pub const MPI_MAX_INFO_KEY: i32 = 255;
pub const MPI_MAX_INFO_VAL: i32 = 1024;
pub const MPI_MAX_DATAREP_STRING: i32 = 128;

// ---------------------------------------------------------------------------
// Error classes (8.4, Tables 8.1 and 8.2; 14.3.10 for MPI_T)
// ---------------------------------------------------------------------------
pub const MPI_SUCCESS: i32 = 0;
pub const MPI_ERR_BUFFER: i32 = 1;
pub const MPI_ERR_COUNT: i32 = 2;
pub const MPI_ERR_TYPE: i32 = 3;
pub const MPI_ERR_TAG: i32 = 4;
pub const MPI_ERR_COMM: i32 = 5;
pub const MPI_ERR_RANK: i32 = 6;
pub const MPI_ERR_ROOT: i32 = 7;
pub const MPI_ERR_GROUP: i32 = 8;
pub const MPI_ERR_OP: i32 = 9;
pub const MPI_ERR_TOPOLOGY: i32 = 10;
pub const MPI_ERR_DIMS: i32 = 11;
pub const MPI_ERR_ARG: i32 = 12;
pub const MPI_ERR_UNKNOWN: i32 = 13;
pub const MPI_ERR_TRUNCATE: i32 = 14;
pub const MPI_ERR_OTHER: i32 = 15;
pub const MPI_ERR_INTERN: i32 = 16;
pub const MPI_ERR_IN_STATUS: i32 = 17;
pub const MPI_ERR_PENDING: i32 = 18;
pub const MPI_ERR_REQUEST: i32 = 19;
pub const MPI_ERR_ACCESS: i32 = 20;
pub const MPI_ERR_AMODE: i32 = 21;
pub const MPI_ERR_BAD_FILE: i32 = 22;
pub const MPI_ERR_CONVERSION: i32 = 23;
pub const MPI_ERR_DUP_DATAREP: i32 = 24;
pub const MPI_ERR_FILE_EXISTS: i32 = 25;
pub const MPI_ERR_FILE_IN_USE: i32 = 26;
pub const MPI_ERR_FILE: i32 = 27;
pub const MPI_ERR_INFO: i32 = 28;
pub const MPI_ERR_INFO_KEY: i32 = 29;
pub const MPI_ERR_INFO_VALUE: i32 = 30;
pub const MPI_ERR_INFO_NOKEY: i32 = 31;
pub const MPI_ERR_IO: i32 = 32;
pub const MPI_ERR_NAME: i32 = 33;
pub const MPI_ERR_NO_MEM: i32 = 34;
pub const MPI_ERR_NOT_SAME: i32 = 35;
pub const MPI_ERR_NO_SPACE: i32 = 36;
pub const MPI_ERR_NO_SUCH_FILE: i32 = 37;
pub const MPI_ERR_PORT: i32 = 38;
pub const MPI_ERR_QUOTA: i32 = 39;
pub const MPI_ERR_READ_ONLY: i32 = 40;
pub const MPI_ERR_SERVICE: i32 = 41;
pub const MPI_ERR_SPAWN: i32 = 42;
pub const MPI_ERR_UNSUPPORTED_DATAREP: i32 = 43;
pub const MPI_ERR_UNSUPPORTED_OPERATION: i32 = 44;
pub const MPI_ERR_WIN: i32 = 45;
pub const MPI_ERR_BASE: i32 = 46;
pub const MPI_ERR_LOCKTYPE: i32 = 47;
pub const MPI_ERR_KEYVAL: i32 = 48;
pub const MPI_ERR_RMA_CONFLICT: i32 = 49;
pub const MPI_ERR_RMA_SYNC: i32 = 50;
pub const MPI_ERR_SIZE: i32 = 51;
pub const MPI_ERR_DISP: i32 = 52;
pub const MPI_ERR_ASSERT: i32 = 53;
pub const MPI_ERR_RMA_RANGE: i32 = 55;
pub const MPI_ERR_RMA_ATTACH: i32 = 56;
pub const MPI_ERR_RMA_SHARED: i32 = 57;
pub const MPI_ERR_RMA_FLAVOR: i32 = 58;
pub const MPI_T_ERR_MEMORY: i32 = 59;
pub const MPI_T_ERR_NOT_INITIALIZED: i32 = 60;
pub const MPI_T_ERR_CANNOT_INIT: i32 = 61;
pub const MPI_T_ERR_INVALID_INDEX: i32 = 62;
pub const MPI_T_ERR_INVALID_ITEM: i32 = 63;
pub const MPI_T_ERR_INVALID_HANDLE: i32 = 64;
pub const MPI_T_ERR_OUT_OF_HANDLES: i32 = 65;
pub const MPI_T_ERR_OUT_OF_SESSIONS: i32 = 66;
pub const MPI_T_ERR_INVALID_SESSION: i32 = 67;
pub const MPI_T_ERR_CVAR_SET_NOT_NOW: i32 = 68;
pub const MPI_T_ERR_CVAR_SET_NEVER: i32 = 69;
pub const MPI_T_ERR_PVAR_NO_STARTSTOP: i32 = 70;
pub const MPI_T_ERR_PVAR_NO_WRITE: i32 = 71;
pub const MPI_T_ERR_PVAR_NO_ATOMIC: i32 = 72;
pub const MPI_T_ERR_INVALID_NAME: i32 = 73;
pub const MPI_T_ERR_INVALID: i32 = 74;
pub const MPI_ERR_LASTCODE: i32 = 0x3fff_ffff;

// ===========================================================================
// Tables and queries
// ===========================================================================

/// A scalar element as a reduction sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarKind {
    /// Two's-complement integer, little endian.
    Int { bytes: u8, signed: bool },
    /// IEEE float of 4 or 8 bytes; `bytes: 16` is x87 80-bit extended
    /// precision stored in 16 bytes (C `long double`).
    Float { bytes: u8 },
}

/// How to interpret the elements of a predefined datatype, e.g. for
/// reductions (5.9.2) and for rendering values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BasicKind {
    /// Integer, also used for booleans (`MPI_C_BOOL` is `Int{1, unsigned}`)
    /// and characters.
    Int { bytes: u8, signed: bool },
    /// See [`ScalarKind::Float`].
    Float { bytes: u8 },
    /// Real part then imaginary part, each a `Float { bytes: part_bytes }`.
    Complex { part_bytes: u8 },
    /// Uninterpreted bytes (`MPI_BYTE`, `MPI_PACKED`).
    Byte,
    /// A MINLOC/MAXLOC pair (MPI 3.1 §5.9.4): in memory, the C struct
    /// `{ value; index; }`: predefined type `value_type` at offset 0 and
    /// `index_type` at `index_offset`, `extent` bytes with the padding. Its
    /// type map is those two basic elements, so its size is their sum
    /// (`MPI_DOUBLE_INT`: 12) and packed data (messages, reduction
    /// buffers) holds the index right after the value.
    Pair {
        value: ScalarKind,
        index: ScalarKind,
        value_type: i32,
        index_type: i32,
        index_offset: u8,
        extent: u8,
    },
}

/// The datatype groups of 5.9.2 that decide which predefined operation
/// applies to which datatype.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpTypeGroup {
    CInteger,
    FortranInteger,
    FloatingPoint,
    Logical,
    Complex,
    Byte,
    /// `MPI_AINT`, `MPI_OFFSET`, `MPI_COUNT`.
    MultiLanguage,
    /// The MINLOC/MAXLOC pair types (5.9.4).
    Pair,
}

/// One predefined datatype.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DatatypeInfo {
    pub handle: i32,
    pub name: &'static str,
    /// Size in bytes (x86_64 LP64).
    pub size: u64,
    /// `None` where no element interpretation is supported (quad-precision
    /// Fortran types, `MPI_LB` / `MPI_UB`).
    pub kind: Option<BasicKind>,
    /// `None` for types no predefined reduction accepts (`MPI_CHAR`, ...).
    pub group: Option<OpTypeGroup>,
}

const fn int(bytes: u8, signed: bool) -> Option<BasicKind> {
    Some(BasicKind::Int { bytes, signed })
}
const fn float(bytes: u8) -> Option<BasicKind> {
    Some(BasicKind::Float { bytes })
}
const fn complex(part_bytes: u8) -> Option<BasicKind> {
    Some(BasicKind::Complex { part_bytes })
}
/// A pair of `value_type` (interpreted as `value`) and `index_type`, the
/// index at `index_offset` in an `extent`-byte struct.
const fn pair(
    (value_type, value): (i32, ScalarKind),
    (index_type, index): (i32, ScalarKind),
    index_offset: u8,
    extent: u8,
) -> Option<BasicKind> {
    Some(BasicKind::Pair {
        value,
        index,
        value_type,
        index_type,
        index_offset,
        extent,
    })
}
const SI4: ScalarKind = ScalarKind::Int {
    bytes: 4,
    signed: true,
};
const SI2: ScalarKind = ScalarKind::Int {
    bytes: 2,
    signed: true,
};
const SI8: ScalarKind = ScalarKind::Int {
    bytes: 8,
    signed: true,
};
const F4: ScalarKind = ScalarKind::Float { bytes: 4 };
const F8: ScalarKind = ScalarKind::Float { bytes: 8 };
const F16: ScalarKind = ScalarKind::Float { bytes: 16 };

const fn dt(
    handle: i32,
    name: &'static str,
    size: u64,
    kind: Option<BasicKind>,
    group: Option<OpTypeGroup>,
) -> DatatypeInfo {
    DatatypeInfo {
        handle,
        name,
        size,
        kind,
        group,
    }
}

use OpTypeGroup as G;

/// Every predefined datatype, one entry per handle value (synonyms such as
/// `MPI_LONG_LONG` and `MPI_C_COMPLEX` share their partner's entry).
#[rustfmt::skip]
pub const PREDEFINED_DATATYPES: &[DatatypeInfo] = &[
    // C types. `char` is signed on x86_64; `wchar_t` is a signed 4-byte int.
    dt(MPI_CHAR, "MPI_CHAR", 1, int(1, true), None),
    dt(MPI_SHORT, "MPI_SHORT", 2, int(2, true), Some(G::CInteger)),
    dt(MPI_INT, "MPI_INT", 4, int(4, true), Some(G::CInteger)),
    dt(MPI_LONG, "MPI_LONG", 8, int(8, true), Some(G::CInteger)),
    dt(MPI_LONG_LONG_INT, "MPI_LONG_LONG_INT", 8, int(8, true), Some(G::CInteger)),
    dt(MPI_SIGNED_CHAR, "MPI_SIGNED_CHAR", 1, int(1, true), Some(G::CInteger)),
    dt(MPI_UNSIGNED_CHAR, "MPI_UNSIGNED_CHAR", 1, int(1, false), Some(G::CInteger)),
    dt(MPI_UNSIGNED_SHORT, "MPI_UNSIGNED_SHORT", 2, int(2, false), Some(G::CInteger)),
    dt(MPI_UNSIGNED, "MPI_UNSIGNED", 4, int(4, false), Some(G::CInteger)),
    dt(MPI_UNSIGNED_LONG, "MPI_UNSIGNED_LONG", 8, int(8, false), Some(G::CInteger)),
    dt(MPI_UNSIGNED_LONG_LONG, "MPI_UNSIGNED_LONG_LONG", 8, int(8, false), Some(G::CInteger)),
    dt(MPI_FLOAT, "MPI_FLOAT", 4, float(4), Some(G::FloatingPoint)),
    dt(MPI_DOUBLE, "MPI_DOUBLE", 8, float(8), Some(G::FloatingPoint)),
    dt(MPI_LONG_DOUBLE, "MPI_LONG_DOUBLE", 16, float(16), Some(G::FloatingPoint)),
    dt(MPI_WCHAR, "MPI_WCHAR", 4, int(4, true), None),
    dt(MPI_BYTE, "MPI_BYTE", 1, Some(BasicKind::Byte), Some(G::Byte)),
    dt(MPI_PACKED, "MPI_PACKED", 1, Some(BasicKind::Byte), None),
    // C99 types
    dt(MPI_C_BOOL, "MPI_C_BOOL", 1, int(1, false), Some(G::Logical)),
    dt(MPI_INT8_T, "MPI_INT8_T", 1, int(1, true), Some(G::CInteger)),
    dt(MPI_INT16_T, "MPI_INT16_T", 2, int(2, true), Some(G::CInteger)),
    dt(MPI_INT32_T, "MPI_INT32_T", 4, int(4, true), Some(G::CInteger)),
    dt(MPI_INT64_T, "MPI_INT64_T", 8, int(8, true), Some(G::CInteger)),
    dt(MPI_UINT8_T, "MPI_UINT8_T", 1, int(1, false), Some(G::CInteger)),
    dt(MPI_UINT16_T, "MPI_UINT16_T", 2, int(2, false), Some(G::CInteger)),
    dt(MPI_UINT32_T, "MPI_UINT32_T", 4, int(4, false), Some(G::CInteger)),
    dt(MPI_UINT64_T, "MPI_UINT64_T", 8, int(8, false), Some(G::CInteger)),
    dt(MPI_C_FLOAT_COMPLEX, "MPI_C_FLOAT_COMPLEX", 8, complex(4), Some(G::Complex)),
    dt(MPI_C_DOUBLE_COMPLEX, "MPI_C_DOUBLE_COMPLEX", 16, complex(8), Some(G::Complex)),
    dt(MPI_C_LONG_DOUBLE_COMPLEX, "MPI_C_LONG_DOUBLE_COMPLEX", 32, complex(16), Some(G::Complex)),
    // Address, offset, count
    dt(MPI_AINT, "MPI_AINT", 8, int(8, true), Some(G::MultiLanguage)),
    dt(MPI_OFFSET, "MPI_OFFSET", 8, int(8, true), Some(G::MultiLanguage)),
    dt(MPI_COUNT, "MPI_COUNT", 8, int(8, true), Some(G::MultiLanguage)),
    // C++ types
    dt(MPI_CXX_BOOL, "MPI_CXX_BOOL", 1, int(1, false), Some(G::Logical)),
    dt(MPI_CXX_FLOAT_COMPLEX, "MPI_CXX_FLOAT_COMPLEX", 8, complex(4), Some(G::Complex)),
    dt(MPI_CXX_DOUBLE_COMPLEX, "MPI_CXX_DOUBLE_COMPLEX", 16, complex(8), Some(G::Complex)),
    dt(MPI_CXX_LONG_DOUBLE_COMPLEX, "MPI_CXX_LONG_DOUBLE_COMPLEX", 32, complex(16), Some(G::Complex)),
    // Pair types (§5.9.4): C layout of struct { value; int index; }. The
    // size is the data's (the padding is no data): MPICH's, see
    // `datatype::tests::predefined_types_match_mpich`.
    dt(MPI_FLOAT_INT, "MPI_FLOAT_INT", 8,
       pair((MPI_FLOAT, F4), (MPI_INT, SI4), 4, 8), Some(G::Pair)),
    dt(MPI_DOUBLE_INT, "MPI_DOUBLE_INT", 12,
       pair((MPI_DOUBLE, F8), (MPI_INT, SI4), 8, 16), Some(G::Pair)),
    dt(MPI_LONG_INT, "MPI_LONG_INT", 12,
       pair((MPI_LONG, SI8), (MPI_INT, SI4), 8, 16), Some(G::Pair)),
    dt(MPI_SHORT_INT, "MPI_SHORT_INT", 6,
       pair((MPI_SHORT, SI2), (MPI_INT, SI4), 4, 8), Some(G::Pair)),
    dt(MPI_LONG_DOUBLE_INT, "MPI_LONG_DOUBLE_INT", 20,
       pair((MPI_LONG_DOUBLE, F16), (MPI_INT, SI4), 16, 32), Some(G::Pair)),
    dt(MPI_2INT, "MPI_2INT", 8, pair((MPI_INT, SI4), (MPI_INT, SI4), 4, 8), Some(G::Pair)),
    // Fortran types (gfortran sizes). LOGICAL is a 4-byte int, 0 = false.
    dt(MPI_INTEGER, "MPI_INTEGER", 4, int(4, true), Some(G::FortranInteger)),
    dt(MPI_REAL, "MPI_REAL", 4, float(4), Some(G::FloatingPoint)),
    dt(MPI_LOGICAL, "MPI_LOGICAL", 4, int(4, true), Some(G::Logical)),
    dt(MPI_COMPLEX, "MPI_COMPLEX", 8, complex(4), Some(G::Complex)),
    dt(MPI_DOUBLE_PRECISION, "MPI_DOUBLE_PRECISION", 8, float(8), Some(G::FloatingPoint)),
    dt(MPI_2INTEGER, "MPI_2INTEGER", 8,
       pair((MPI_INTEGER, SI4), (MPI_INTEGER, SI4), 4, 8), Some(G::Pair)),
    dt(MPI_2REAL, "MPI_2REAL", 8, pair((MPI_REAL, F4), (MPI_REAL, F4), 4, 8), Some(G::Pair)),
    dt(MPI_DOUBLE_COMPLEX, "MPI_DOUBLE_COMPLEX", 16, complex(8), Some(G::Complex)),
    dt(MPI_2DOUBLE_PRECISION, "MPI_2DOUBLE_PRECISION", 16,
       pair((MPI_DOUBLE_PRECISION, F8), (MPI_DOUBLE_PRECISION, F8), 8, 16), Some(G::Pair)),
    dt(MPI_CHARACTER, "MPI_CHARACTER", 1, int(1, false), None),
    dt(MPI_REAL4, "MPI_REAL4", 4, float(4), Some(G::FloatingPoint)),
    dt(MPI_REAL8, "MPI_REAL8", 8, float(8), Some(G::FloatingPoint)),
    // REAL16 / COMPLEX32 are IEEE binary128, not x87: no interpretation.
    dt(MPI_REAL16, "MPI_REAL16", 16, None, Some(G::FloatingPoint)),
    dt(MPI_COMPLEX8, "MPI_COMPLEX8", 8, complex(4), Some(G::Complex)),
    dt(MPI_COMPLEX16, "MPI_COMPLEX16", 16, complex(8), Some(G::Complex)),
    dt(MPI_COMPLEX32, "MPI_COMPLEX32", 32, None, Some(G::Complex)),
    dt(MPI_INTEGER1, "MPI_INTEGER1", 1, int(1, true), Some(G::FortranInteger)),
    dt(MPI_INTEGER2, "MPI_INTEGER2", 2, int(2, true), Some(G::FortranInteger)),
    dt(MPI_INTEGER4, "MPI_INTEGER4", 4, int(4, true), Some(G::FortranInteger)),
    dt(MPI_INTEGER8, "MPI_INTEGER8", 8, int(8, true), Some(G::FortranInteger)),
    // Removed bound markers: size 0, no elements.
    dt(MPI_LB, "MPI_LB", 0, None, None),
    dt(MPI_UB, "MPI_UB", 0, None, None),
];

/// The table entry of a predefined datatype.
pub fn predefined_datatype(dt: i32) -> Option<&'static DatatypeInfo> {
    PREDEFINED_DATATYPES.iter().find(|d| d.handle == dt)
}

/// Size in bytes of a predefined datatype; `None` for any other handle
/// (including `MPI_DATATYPE_NULL`).
pub fn predefined_datatype_size(dt: i32) -> Option<u64> {
    predefined_datatype(dt).map(|d| d.size)
}

/// Extent in bytes of a predefined datatype (§4.1.7): its size, except for
/// the pair types, whose C struct has padding (`MPI_DOUBLE_INT`: 16).
pub fn predefined_datatype_extent(dt: i32) -> Option<u64> {
    predefined_datatype(dt).map(|d| match d.kind {
        Some(BasicKind::Pair { extent, .. }) => u64::from(extent),
        _ => d.size,
    })
}

/// Name of a predefined datatype or of `MPI_DATATYPE_NULL`.
pub fn predefined_datatype_name(dt: i32) -> Option<&'static str> {
    if dt == MPI_DATATYPE_NULL {
        return Some("MPI_DATATYPE_NULL");
    }
    predefined_datatype(dt).map(|d| d.name)
}

/// How the elements of a predefined datatype are interpreted.
pub fn datatype_basic_kind(dt: i32) -> Option<BasicKind> {
    predefined_datatype(dt).and_then(|d| d.kind)
}

/// The 5.9.2 group of a predefined datatype.
pub fn datatype_op_group(dt: i32) -> Option<OpTypeGroup> {
    predefined_datatype(dt).and_then(|d| d.group)
}

/// Whether predefined operation `op` may be applied to predefined datatype
/// `dt` (5.9.2, 5.9.4; 11.3.4 for MPI_REPLACE and MPI_NO_OP, which accept
/// any predefined datatype in accumulate calls). `false` for unknown
/// handles; user-defined operations are not decided here.
pub fn op_accepts_datatype(op: i32, dt: i32) -> bool {
    if predefined_datatype(dt).is_none() {
        return false;
    }
    let group = datatype_op_group(dt);
    match op {
        MPI_MAX | MPI_MIN => matches!(
            group,
            Some(G::CInteger | G::FortranInteger | G::FloatingPoint | G::MultiLanguage)
        ),
        MPI_SUM | MPI_PROD => matches!(
            group,
            Some(
                G::CInteger | G::FortranInteger | G::FloatingPoint | G::Complex | G::MultiLanguage
            )
        ),
        MPI_LAND | MPI_LOR | MPI_LXOR => matches!(group, Some(G::CInteger | G::Logical)),
        MPI_BAND | MPI_BOR | MPI_BXOR => matches!(
            group,
            Some(G::CInteger | G::FortranInteger | G::Byte | G::MultiLanguage)
        ),
        MPI_MINLOC | MPI_MAXLOC => group == Some(G::Pair),
        MPI_REPLACE | MPI_NO_OP => true,
        _ => false,
    }
}

/// Every predefined operation with its name.
pub const PREDEFINED_OPS: &[(i32, &str)] = &[
    (MPI_MAX, "MPI_MAX"),
    (MPI_MIN, "MPI_MIN"),
    (MPI_SUM, "MPI_SUM"),
    (MPI_PROD, "MPI_PROD"),
    (MPI_LAND, "MPI_LAND"),
    (MPI_BAND, "MPI_BAND"),
    (MPI_LOR, "MPI_LOR"),
    (MPI_BOR, "MPI_BOR"),
    (MPI_LXOR, "MPI_LXOR"),
    (MPI_BXOR, "MPI_BXOR"),
    (MPI_MINLOC, "MPI_MINLOC"),
    (MPI_MAXLOC, "MPI_MAXLOC"),
    (MPI_REPLACE, "MPI_REPLACE"),
    (MPI_NO_OP, "MPI_NO_OP"),
];

/// Name of a predefined operation or of `MPI_OP_NULL`.
pub fn predefined_op_name(op: i32) -> Option<&'static str> {
    if op == MPI_OP_NULL {
        return Some("MPI_OP_NULL");
    }
    PREDEFINED_OPS
        .iter()
        .find(|(h, _)| *h == op)
        .map(|(_, n)| *n)
}

/// Name of a predefined communicator or of `MPI_COMM_NULL`.
pub fn predefined_comm_name(comm: i32) -> Option<&'static str> {
    match comm {
        MPI_COMM_WORLD => Some("MPI_COMM_WORLD"),
        MPI_COMM_SELF => Some("MPI_COMM_SELF"),
        MPI_COMM_NULL => Some("MPI_COMM_NULL"),
        _ => None,
    }
}

/// Name of a predefined error handler or of `MPI_ERRHANDLER_NULL`.
pub fn predefined_errhandler_name(eh: i32) -> Option<&'static str> {
    match eh {
        MPI_ERRORS_ARE_FATAL => Some("MPI_ERRORS_ARE_FATAL"),
        MPI_ERRORS_RETURN => Some("MPI_ERRORS_RETURN"),
        MPI_ERRORS_ABORT => Some("MPI_ERRORS_ABORT"),
        MPI_ERRHANDLER_NULL => Some("MPI_ERRHANDLER_NULL"),
        _ => None,
    }
}

/// Every predefined error class (8.4) with its name.
pub const ERROR_CLASSES: &[(i32, &str)] = &[
    (MPI_SUCCESS, "MPI_SUCCESS"),
    (MPI_ERR_BUFFER, "MPI_ERR_BUFFER"),
    (MPI_ERR_COUNT, "MPI_ERR_COUNT"),
    (MPI_ERR_TYPE, "MPI_ERR_TYPE"),
    (MPI_ERR_TAG, "MPI_ERR_TAG"),
    (MPI_ERR_COMM, "MPI_ERR_COMM"),
    (MPI_ERR_RANK, "MPI_ERR_RANK"),
    (MPI_ERR_ROOT, "MPI_ERR_ROOT"),
    (MPI_ERR_GROUP, "MPI_ERR_GROUP"),
    (MPI_ERR_OP, "MPI_ERR_OP"),
    (MPI_ERR_TOPOLOGY, "MPI_ERR_TOPOLOGY"),
    (MPI_ERR_DIMS, "MPI_ERR_DIMS"),
    (MPI_ERR_ARG, "MPI_ERR_ARG"),
    (MPI_ERR_UNKNOWN, "MPI_ERR_UNKNOWN"),
    (MPI_ERR_TRUNCATE, "MPI_ERR_TRUNCATE"),
    (MPI_ERR_OTHER, "MPI_ERR_OTHER"),
    (MPI_ERR_INTERN, "MPI_ERR_INTERN"),
    (MPI_ERR_IN_STATUS, "MPI_ERR_IN_STATUS"),
    (MPI_ERR_PENDING, "MPI_ERR_PENDING"),
    (MPI_ERR_REQUEST, "MPI_ERR_REQUEST"),
    (MPI_ERR_ACCESS, "MPI_ERR_ACCESS"),
    (MPI_ERR_AMODE, "MPI_ERR_AMODE"),
    (MPI_ERR_BAD_FILE, "MPI_ERR_BAD_FILE"),
    (MPI_ERR_CONVERSION, "MPI_ERR_CONVERSION"),
    (MPI_ERR_DUP_DATAREP, "MPI_ERR_DUP_DATAREP"),
    (MPI_ERR_FILE_EXISTS, "MPI_ERR_FILE_EXISTS"),
    (MPI_ERR_FILE_IN_USE, "MPI_ERR_FILE_IN_USE"),
    (MPI_ERR_FILE, "MPI_ERR_FILE"),
    (MPI_ERR_INFO, "MPI_ERR_INFO"),
    (MPI_ERR_INFO_KEY, "MPI_ERR_INFO_KEY"),
    (MPI_ERR_INFO_VALUE, "MPI_ERR_INFO_VALUE"),
    (MPI_ERR_INFO_NOKEY, "MPI_ERR_INFO_NOKEY"),
    (MPI_ERR_IO, "MPI_ERR_IO"),
    (MPI_ERR_NAME, "MPI_ERR_NAME"),
    (MPI_ERR_NO_MEM, "MPI_ERR_NO_MEM"),
    (MPI_ERR_NOT_SAME, "MPI_ERR_NOT_SAME"),
    (MPI_ERR_NO_SPACE, "MPI_ERR_NO_SPACE"),
    (MPI_ERR_NO_SUCH_FILE, "MPI_ERR_NO_SUCH_FILE"),
    (MPI_ERR_PORT, "MPI_ERR_PORT"),
    (MPI_ERR_QUOTA, "MPI_ERR_QUOTA"),
    (MPI_ERR_READ_ONLY, "MPI_ERR_READ_ONLY"),
    (MPI_ERR_SERVICE, "MPI_ERR_SERVICE"),
    (MPI_ERR_SPAWN, "MPI_ERR_SPAWN"),
    (MPI_ERR_UNSUPPORTED_DATAREP, "MPI_ERR_UNSUPPORTED_DATAREP"),
    (
        MPI_ERR_UNSUPPORTED_OPERATION,
        "MPI_ERR_UNSUPPORTED_OPERATION",
    ),
    (MPI_ERR_WIN, "MPI_ERR_WIN"),
    (MPI_ERR_BASE, "MPI_ERR_BASE"),
    (MPI_ERR_LOCKTYPE, "MPI_ERR_LOCKTYPE"),
    (MPI_ERR_KEYVAL, "MPI_ERR_KEYVAL"),
    (MPI_ERR_RMA_CONFLICT, "MPI_ERR_RMA_CONFLICT"),
    (MPI_ERR_RMA_SYNC, "MPI_ERR_RMA_SYNC"),
    (MPI_ERR_SIZE, "MPI_ERR_SIZE"),
    (MPI_ERR_DISP, "MPI_ERR_DISP"),
    (MPI_ERR_ASSERT, "MPI_ERR_ASSERT"),
    (MPI_ERR_RMA_RANGE, "MPI_ERR_RMA_RANGE"),
    (MPI_ERR_RMA_ATTACH, "MPI_ERR_RMA_ATTACH"),
    (MPI_ERR_RMA_SHARED, "MPI_ERR_RMA_SHARED"),
    (MPI_ERR_RMA_FLAVOR, "MPI_ERR_RMA_FLAVOR"),
    (MPI_T_ERR_MEMORY, "MPI_T_ERR_MEMORY"),
    (MPI_T_ERR_NOT_INITIALIZED, "MPI_T_ERR_NOT_INITIALIZED"),
    (MPI_T_ERR_CANNOT_INIT, "MPI_T_ERR_CANNOT_INIT"),
    (MPI_T_ERR_INVALID_INDEX, "MPI_T_ERR_INVALID_INDEX"),
    (MPI_T_ERR_INVALID_ITEM, "MPI_T_ERR_INVALID_ITEM"),
    (MPI_T_ERR_INVALID_HANDLE, "MPI_T_ERR_INVALID_HANDLE"),
    (MPI_T_ERR_OUT_OF_HANDLES, "MPI_T_ERR_OUT_OF_HANDLES"),
    (MPI_T_ERR_OUT_OF_SESSIONS, "MPI_T_ERR_OUT_OF_SESSIONS"),
    (MPI_T_ERR_INVALID_SESSION, "MPI_T_ERR_INVALID_SESSION"),
    (MPI_T_ERR_CVAR_SET_NOT_NOW, "MPI_T_ERR_CVAR_SET_NOT_NOW"),
    (MPI_T_ERR_CVAR_SET_NEVER, "MPI_T_ERR_CVAR_SET_NEVER"),
    (MPI_T_ERR_PVAR_NO_STARTSTOP, "MPI_T_ERR_PVAR_NO_STARTSTOP"),
    (MPI_T_ERR_PVAR_NO_WRITE, "MPI_T_ERR_PVAR_NO_WRITE"),
    (MPI_T_ERR_PVAR_NO_ATOMIC, "MPI_T_ERR_PVAR_NO_ATOMIC"),
    (MPI_T_ERR_INVALID_NAME, "MPI_T_ERR_INVALID_NAME"),
    (MPI_T_ERR_INVALID, "MPI_T_ERR_INVALID"),
];

/// Name of a predefined error class.
pub fn error_class_name(class: i32) -> Option<&'static str> {
    ERROR_CLASSES
        .iter()
        .find(|(c, _)| *c == class)
        .map(|(_, n)| *n)
}

// Bases of the handles a process makes (its own numbering, MPICH-like).

/// First derived datatype handle of every process (MPICH's direct
/// datatype handles start at `0x8c000000`; predefined ones are `0x4c...`).
pub const TYPE_HANDLE_BASE: i32 = 0x8c10_0000u32 as i32;
/// First user-defined operation handle (MPICH's direct op handles are
/// `0x98000000...`; predefined ones are `0x58...`).
pub const OP_HANDLE_BASE: i32 = 0x9810_0000u32 as i32;
/// First info handle of every process (MPICH's direct info handles are
/// `0x9c000000...`; `MPI_INFO_NULL` is `0x1c000000`, `MPI_INFO_ENV`
/// `0x5c000001`).
pub const INFO_HANDLE_BASE: i32 = 0x9c10_0000u32 as i32;
/// First user error handler of every process (MPICH's direct errhandler
/// handles are `0x94000000...`; predefined ones are `0x54...`).
pub const ERRHANDLER_HANDLE_BASE: i32 = 0x9410_0000u32 as i32;
/// First keyval a process creates (MPICH's direct keyval handles are
/// `0xa4000000...`; `MPI_KEYVAL_INVALID` is `0x24000000`).
pub const KEYVAL_HANDLE_BASE: i32 = 0xa410_0000u32 as i32;
/// First request handle value; `MPI_REQUEST_NULL` is `0x2c000000` (MPICH).
pub const REQUEST_HANDLE_BASE: i32 = MPI_REQUEST_NULL + 1;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn handle_values_match_mpich() {
        assert_eq!(MPI_COMM_WORLD, 0x4400_0000);
        assert_eq!(MPI_INT, 0x4c00_0405);
        assert_eq!(MPI_DOUBLE_INT as u32, 0x8c00_0001);
        assert_eq!(MPI_SUM, 0x5800_0003);
        assert_eq!(MPI_REQUEST_NULL, 0x2c00_0000);
        assert_eq!(MPI_ANY_SOURCE, -2);
        assert_eq!(MPI_ANY_TAG, -1);
        assert_eq!(MPI_PROC_NULL, -1);
        assert_eq!(MPI_UNDEFINED, -32766);
        assert_eq!(MPI_IN_PLACE, -1);
        assert_eq!(MPI_STATUS_IGNORE, 1);
        assert_eq!(MPI_LONG_LONG, MPI_LONG_LONG_INT);
        assert_eq!(MPI_C_COMPLEX, MPI_C_FLOAT_COMPLEX);
        assert_eq!(MPI_INTEGER16, MPI_DATATYPE_NULL);
    }

    #[test]
    fn status_layout() {
        assert_eq!(MPI_STATUS_SIZE_BYTES, 5 * 4);
        assert_eq!(
            [
                MPI_STATUS_COUNT_LO_OFFSET,
                MPI_STATUS_COUNT_HI_AND_CANCELLED_OFFSET,
                MPI_STATUS_SOURCE_OFFSET,
                MPI_STATUS_TAG_OFFSET,
                MPI_STATUS_ERROR_OFFSET
            ],
            [0, 4, 8, 12, 16]
        );
    }

    #[test]
    fn status_count_round_trip() {
        for &(bytes, cancelled) in &[
            (0u64, false),
            (40, true),
            (0xffff_ffff, false),
            (5u64 << 32 | 7, true),
        ] {
            let (lo, hi) = status_count_fields(bytes, cancelled);
            assert_eq!(status_count_bytes(lo, hi), bytes);
            assert_eq!(status_cancelled(hi), cancelled);
        }
        assert_eq!(status_count_fields(12, false), (12, 0));
    }

    #[test]
    fn sizes() {
        assert_eq!(predefined_datatype_size(MPI_INT), Some(4));
        assert_eq!(predefined_datatype_size(MPI_CHAR), Some(1));
        assert_eq!(predefined_datatype_size(MPI_LONG), Some(8));
        assert_eq!(predefined_datatype_size(MPI_LONG_DOUBLE), Some(16));
        assert_eq!(predefined_datatype_size(MPI_C_BOOL), Some(1));
        assert_eq!(predefined_datatype_size(MPI_FLOAT_INT), Some(8));
        assert_eq!(predefined_datatype_size(MPI_DOUBLE_INT), Some(12));
        assert_eq!(predefined_datatype_size(MPI_LONG_INT), Some(12));
        assert_eq!(predefined_datatype_size(MPI_2INT), Some(8));
        assert_eq!(predefined_datatype_size(MPI_SHORT_INT), Some(6));
        assert_eq!(predefined_datatype_size(MPI_LONG_DOUBLE_INT), Some(20));
        assert_eq!(predefined_datatype_extent(MPI_SHORT_INT), Some(8));
        assert_eq!(predefined_datatype_extent(MPI_LONG_DOUBLE_INT), Some(32));
        assert_eq!(predefined_datatype_extent(MPI_INT), Some(4));
        assert_eq!(predefined_datatype_size(MPI_DATATYPE_NULL), None);
        assert_eq!(predefined_datatype_size(MPI_COMM_WORLD), None);
    }

    /// MPICH encodes the size of builtin (0x4c......) types in bits 8..16.
    #[test]
    fn sizes_agree_with_mpich_encoding() {
        for d in PREDEFINED_DATATYPES {
            if (d.handle as u32) >> 24 == 0x4c {
                assert_eq!(((d.handle >> 8) & 0xff) as u64, d.size, "{}", d.name);
            }
        }
    }

    #[test]
    fn pair_layout_is_consistent() {
        for d in PREDEFINED_DATATYPES {
            if let Some(BasicKind::Pair {
                value_type,
                index_type,
                index_offset,
                extent,
                ..
            }) = d.kind
            {
                let (v, i) = (
                    predefined_datatype_size(value_type).unwrap(),
                    predefined_datatype_size(index_type).unwrap(),
                );
                assert_eq!(v + i, d.size, "{}", d.name);
                assert!(v <= u64::from(index_offset), "{}", d.name);
                assert!(
                    u64::from(index_offset) + i <= u64::from(extent),
                    "{}",
                    d.name
                );
            }
        }
        assert_eq!(
            datatype_basic_kind(MPI_DOUBLE_INT),
            Some(BasicKind::Pair {
                value: ScalarKind::Float { bytes: 8 },
                index: ScalarKind::Int {
                    bytes: 4,
                    signed: true
                },
                value_type: MPI_DOUBLE,
                index_type: MPI_INT,
                index_offset: 8,
                extent: 16
            })
        );
    }

    #[test]
    fn kinds() {
        assert_eq!(
            datatype_basic_kind(MPI_INT),
            Some(BasicKind::Int {
                bytes: 4,
                signed: true
            })
        );
        assert_eq!(
            datatype_basic_kind(MPI_UNSIGNED_LONG),
            Some(BasicKind::Int {
                bytes: 8,
                signed: false
            })
        );
        assert_eq!(
            datatype_basic_kind(MPI_DOUBLE),
            Some(BasicKind::Float { bytes: 8 })
        );
        assert_eq!(
            datatype_basic_kind(MPI_LONG_DOUBLE),
            Some(BasicKind::Float { bytes: 16 })
        );
        assert_eq!(
            datatype_basic_kind(MPI_C_BOOL),
            Some(BasicKind::Int {
                bytes: 1,
                signed: false
            })
        );
        assert_eq!(datatype_basic_kind(MPI_BYTE), Some(BasicKind::Byte));
        assert_eq!(
            datatype_basic_kind(MPI_C_DOUBLE_COMPLEX),
            Some(BasicKind::Complex { part_bytes: 8 })
        );
        assert_eq!(datatype_basic_kind(MPI_COMM_WORLD), None);
    }

    #[test]
    fn names() {
        assert_eq!(predefined_datatype_name(MPI_INT), Some("MPI_INT"));
        assert_eq!(
            predefined_datatype_name(MPI_LONG_LONG),
            Some("MPI_LONG_LONG_INT")
        );
        assert_eq!(
            predefined_datatype_name(MPI_DATATYPE_NULL),
            Some("MPI_DATATYPE_NULL")
        );
        assert_eq!(predefined_datatype_name(0x1234), None);
        assert_eq!(predefined_op_name(MPI_MAXLOC), Some("MPI_MAXLOC"));
        assert_eq!(predefined_op_name(MPI_INT), None);
        assert_eq!(predefined_comm_name(MPI_COMM_WORLD), Some("MPI_COMM_WORLD"));
        assert_eq!(predefined_comm_name(MPI_COMM_NULL), Some("MPI_COMM_NULL"));
        assert_eq!(
            predefined_errhandler_name(MPI_ERRORS_RETURN),
            Some("MPI_ERRORS_RETURN")
        );
        assert_eq!(error_class_name(MPI_ERR_TRUNCATE), Some("MPI_ERR_TRUNCATE"));
    }

    #[test]
    fn tables_have_no_duplicates() {
        let handles: HashSet<i32> = PREDEFINED_DATATYPES.iter().map(|d| d.handle).collect();
        assert_eq!(handles.len(), PREDEFINED_DATATYPES.len());
        let names: HashSet<&str> = PREDEFINED_DATATYPES.iter().map(|d| d.name).collect();
        assert_eq!(names.len(), PREDEFINED_DATATYPES.len());
        let ops: HashSet<i32> = PREDEFINED_OPS.iter().map(|o| o.0).collect();
        assert_eq!(ops.len(), PREDEFINED_OPS.len());
        let errs: HashSet<i32> = ERROR_CLASSES.iter().map(|e| e.0).collect();
        assert_eq!(errs.len(), ERROR_CLASSES.len());
    }

    #[test]
    fn reduction_rules() {
        assert!(op_accepts_datatype(MPI_SUM, MPI_INT));
        assert!(op_accepts_datatype(MPI_SUM, MPI_C_DOUBLE_COMPLEX));
        assert!(!op_accepts_datatype(MPI_MAX, MPI_C_DOUBLE_COMPLEX));
        assert!(op_accepts_datatype(MPI_LAND, MPI_C_BOOL));
        assert!(!op_accepts_datatype(MPI_LAND, MPI_DOUBLE));
        assert!(op_accepts_datatype(MPI_BXOR, MPI_BYTE));
        assert!(!op_accepts_datatype(MPI_SUM, MPI_BYTE));
        assert!(!op_accepts_datatype(MPI_SUM, MPI_CHAR));
        assert!(op_accepts_datatype(MPI_MAXLOC, MPI_DOUBLE_INT));
        assert!(!op_accepts_datatype(MPI_MAXLOC, MPI_INT));
        assert!(!op_accepts_datatype(MPI_MIN, MPI_FLOAT_INT));
        assert!(op_accepts_datatype(MPI_REPLACE, MPI_CHAR));
        assert!(!op_accepts_datatype(MPI_OP_NULL, MPI_INT));
        assert!(!op_accepts_datatype(MPI_SUM, MPI_DATATYPE_NULL));
    }
}
