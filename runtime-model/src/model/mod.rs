//! The model file: what `mpi-extract` writes and `mpi-check` executes.
//!
//! A model is the program after clang, `mem2reg`, inlining and slicing: one
//! entry function (`main`, with every user function inlined into it) made of
//! basic blocks of SSA instructions over 64-bit registers. It is deliberately
//! close to LLVM IR (Li et al. 2011, §5: the model is extracted from the compiler's
//! SSA form) but has no LLVM dependency, so the checker builds and runs on a
//! machine without LLVM.
//!
//! ## Value representation
//! Every register holds a `u64`:
//! - integers of width N are kept zero-extended (bits above N are 0);
//! - `f32` values hold their IEEE bits in the low 32 bits, `f64` their 64 bits;
//! - pointers encode their provenance: the allocation id in the high 32 bits
//!   and the byte offset in the low 32 bits (see [`Pointer`]). Null is 0.
//!
//! Because a pointer is an ordinary integer, `ptrtoint`/`inttoptr` and pointer
//! arithmetic are exact, and an access is checked against the allocation its
//! high bits name: that is the "byte-addressed memory with pointer provenance".

use serde::{Deserialize, Serialize};

mod inst;
mod libc;
mod pointer;

pub use inst::*;
pub use libc::*;
pub use pointer::*;

/// Identifies the format in the file's `format` field.
pub const MODEL_FORMAT: &str = "mpi-model";
/// Bumped on every incompatible change; the checker refuses other versions.
/// Adding an instruction kind (`Unsupported`) kept version 1: every older
/// model still reads, and a checker that predates a kind refuses a model
/// using it with a parse error (exit 2), never a wrong verdict.
/// Version 2 writes globals' initial bytes as runs (`global_init`).
/// Version 3 gives the standard streams `stdin`, `stdout`, `stderr` their
/// own pointer values (`Pointer::standard_stream`) instead of NULL.
/// Version 5 passes getopt calls the long options of `getopt_long` and
/// `getopt_long_only` (three more arguments).
pub const MODEL_VERSION: u32 = 5;

pub type Reg = u32;
pub type BlockId = u32;
pub type FuncId = u32;
pub type LocId = u32;

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Model {
    pub format: String,
    pub version: u32,
    /// Source files named by [`Location::file`].
    pub files: Vec<String>,
    /// Location table; instructions refer to it by index.
    pub locations: Vec<Location>,
    /// Global variables; global `i` lives in allocation `i + 1` of every process.
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
    /// The function every process starts in (`main`).
    pub entry: FuncId,
    /// Functions run before `main`, in order (`__attribute__((constructor))`,
    /// `llvm.global_ctors` by ascending priority).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub init_functions: Vec<FuncId>,
    /// Functions run after `main` returns or `exit` is called, after the
    /// `atexit` handlers, in order (`__attribute__((destructor))`,
    /// `llvm.global_dtors` by descending priority).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exit_functions: Vec<FuncId>,
    /// What the program relies on that the C or C++ standard leaves to the
    /// implementation, where it feeds an MPI call: reported beside the
    /// verdict, never changing it. An older model has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub portability: Vec<PortabilityNote>,
    pub stats: ExtractStats,
    /// Calls to functions without source the slicer removed because
    /// nothing they could return or write reaches an MPI call, an
    /// assertion, a crash or the exit status: the verdict assumes each
    /// returns, and every report says so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assumed_to_return: Vec<AssumedReturn>,
}

/// A call the slicer assumed to return (see [`Model::assumed_to_return`]).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct AssumedReturn {
    pub callee: String,
    pub loc: LocId,
}

/// A construct the language standard makes implementation-defined or
/// conditionally-supported, and the MPI calls whose arguments it shapes.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct PortabilityNote {
    /// The construct, in words: `offsetof on the non-standard-layout class
    /// 'Particle'`.
    pub construct: String,
    /// Where it is used (the first of its lines when it is used on several).
    pub at: LocId,
    /// How many more lines use it the same way.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub more: u32,
    /// The MPI calls it feeds, each with its function (`MPI_Type_create_struct`).
    pub feeds: Vec<(String, LocId)>,
    /// Which standard says so: `C++17 [support.types.layout]`.
    pub rule: String,
    /// How to make it portable.
    pub help: String,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A source position, with the call site it was inlined at (innermost first).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    pub file: u32,
    pub line: u32,
    pub column: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inlined_at: Option<LocId>,
    /// Name of the function the instruction came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(try_from = "GlobalRepr", into = "GlobalRepr")]
pub struct Global {
    pub name: String,
    pub size: u64,
    /// Initial bytes (`size` of them; pointers inside are encoded with [`Pointer`]).
    pub init: Vec<u8>,
    pub constant: bool,
}

/// A global as the file writes it: its non-zero initial bytes as runs
/// (`crate::global_init`).
#[derive(Serialize, Deserialize)]
struct GlobalRepr {
    name: String,
    size: u64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    init: Vec<crate::global_init::Segment>,
    constant: bool,
}

impl From<Global> for GlobalRepr {
    fn from(g: Global) -> GlobalRepr {
        GlobalRepr {
            init: crate::global_init::encode(&g.init),
            name: g.name,
            size: g.size,
            constant: g.constant,
        }
    }
}

impl TryFrom<GlobalRepr> for Global {
    type Error = String;
    fn try_from(g: GlobalRepr) -> Result<Global, String> {
        let init = crate::global_init::decode(g.size, &g.init)
            .map_err(|e| format!("global {}: {e}", g.name))?;
        Ok(Global {
            name: g.name,
            size: g.size,
            init,
            constant: g.constant,
        })
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct ExtractStats {
    pub functions_inlined: u32,
    pub instructions_kept: u32,
    pub instructions_removed: u32,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    /// Parameters occupy registers `0..params.len()`.
    pub params: Vec<Ty>,
    pub ret: Option<Ty>,
    pub num_regs: u32,
    /// `blocks[0]` is the entry block.
    pub blocks: Vec<Block>,
    pub loc: LocId,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Block {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phis: Vec<Phi>,
    pub insts: Vec<Inst>,
    pub term: Terminator,
    pub term_loc: LocId,
}

/// `dst = phi [pred -> value]...`; all phis of a block are assigned in
/// parallel when control enters the block.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Phi {
    pub dst: Reg,
    pub ty: Ty,
    pub incoming: Vec<(BlockId, Operand)>,
}

/// Why a model file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelError {
    Io(String),
    Parse(String),
    WrongFormat(String),
    WrongVersion { found: u32 },
    Invalid(String),
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelError::Io(e) => write!(f, "{e}"),
            ModelError::Parse(e) => write!(f, "not a valid model file: {e}"),
            ModelError::WrongFormat(found) if found.is_empty() => {
                write!(f, "not a model file (no `format` field; expected `{MODEL_FORMAT}`)")
            }
            ModelError::WrongFormat(found) => {
                write!(f, "not a model file (format `{found}`, expected `{MODEL_FORMAT}`)")
            }
            ModelError::WrongVersion { found } => write!(
                f,
                "model file version {found} is not supported (this mpi-check reads version {MODEL_VERSION}); re-run mpi-extract"
            ),
            ModelError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ModelError {}

impl Model {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("model serialization cannot fail")
    }

    /// Reads and validates a model file.
    pub fn read(path: &std::path::Path) -> Result<Model, ModelError> {
        let bytes = std::fs::read(path)
            .map_err(|e| ModelError::Io(format!("cannot read {}: {e}", path.display())))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| ModelError::Parse(format!("{} is not a text file", path.display())))?;
        Model::from_json(&text).map_err(|e| match e {
            ModelError::Io(m) => ModelError::Io(m),
            other => ModelError::Invalid(format!("{}: {other}", path.display())),
        })
    }

    pub fn from_json(text: &str) -> Result<Model, ModelError> {
        // Check the header first so an old model gets "wrong version", not a
        // confusing field error.
        // Only the two header fields, the rest skipped unparsed: no tree of
        // the whole file is built (typed serde, then the model itself).
        #[derive(Deserialize)]
        struct Header {
            #[serde(default)]
            format: Option<serde_json::Value>,
            #[serde(default)]
            version: Option<serde_json::Value>,
        }
        let header: Header =
            serde_json::from_str(text).map_err(|e| ModelError::Parse(e.to_string()))?;
        let format = header
            .format
            .as_ref()
            .and_then(|v| v.as_str())
            .unwrap_or("");
        if format != MODEL_FORMAT {
            return Err(ModelError::WrongFormat(format.to_string()));
        }
        let version = header
            .version
            .as_ref()
            .and_then(|v| v.as_u64())
            .unwrap_or(0) as u32;
        if version != MODEL_VERSION {
            return Err(ModelError::WrongVersion { found: version });
        }
        let model: Model =
            serde_json::from_str(text).map_err(|e| ModelError::Parse(e.to_string()))?;
        model.validate()?;
        Ok(model)
    }

    /// Checks every index in the model, so the checker can execute it without
    /// bounds surprises.
    pub fn validate(&self) -> Result<(), ModelError> {
        let bad = |m: String| Err(ModelError::Invalid(format!("corrupt model file: {m}")));
        if self.functions.get(self.entry as usize).is_none() {
            return bad(format!("entry function {} does not exist", self.entry));
        }
        for (i, l) in self.locations.iter().enumerate() {
            if l.file as usize >= self.files.len() {
                return bad(format!("location {i} names file {}", l.file));
            }
            if let Some(p) = l.inlined_at {
                if p as usize >= self.locations.len() {
                    return bad(format!("location {i} inlined at missing location {p}"));
                }
            }
        }
        for g in &self.globals {
            if g.init.len() as u64 != g.size {
                return bad(format!(
                    "global {} has {} initial bytes for size {}",
                    g.name,
                    g.init.len(),
                    g.size
                ));
            }
        }
        let nloc = self.locations.len();
        for f in &self.functions {
            let nb = f.blocks.len() as u32;
            if nb == 0 {
                return bad(format!("function {} has no blocks", f.name));
            }
            if (f.params.len() as u32) > f.num_regs {
                return bad(format!(
                    "function {} has more parameters than registers",
                    f.name
                ));
            }
            let reg_ok = |r: Reg| r < f.num_regs;
            let op_ok = |o: &Operand| match o {
                Operand::Reg(r) => reg_ok(*r),
                Operand::Const(_) => true,
            };
            let loc_ok = |l: LocId| (l as usize) < nloc;
            if !loc_ok(f.loc) {
                return bad(format!("function {} has a bad location", f.name));
            }
            for (bi, b) in f.blocks.iter().enumerate() {
                let here = format!("{} block {bi}", f.name);
                for p in &b.phis {
                    if !reg_ok(p.dst) || p.incoming.iter().any(|(pb, o)| *pb >= nb || !op_ok(o)) {
                        return bad(format!("{here}: bad phi"));
                    }
                }
                if !loc_ok(b.term_loc) {
                    return bad(format!("{here}: bad terminator location"));
                }
                for inst in &b.insts {
                    if !loc_ok(inst.loc) {
                        return bad(format!("{here}: bad location"));
                    }
                    let (dst, ops) = inst.kind.dst_and_operands();
                    if dst.is_some_and(|d| !reg_ok(d)) || !ops.iter().all(op_ok) {
                        return bad(format!("{here}: register out of range"));
                    }
                    if let InstKind::Call { func, .. } = &inst.kind {
                        if *func as usize >= self.functions.len() {
                            return bad(format!("{here}: call to missing function {func}"));
                        }
                    }
                }
                let succ_ok = b.term.successors().iter().all(|s| *s < nb);
                let term_ops_ok = match &b.term {
                    Terminator::CondBr { cond, .. } => op_ok(cond),
                    Terminator::Switch { value, .. } => op_ok(value),
                    Terminator::Ret { value } => value.as_ref().is_none_or(op_ok),
                    _ => true,
                };
                if !succ_ok || !term_ops_ok {
                    return bad(format!("{here}: bad terminator"));
                }
            }
        }
        Ok(())
    }

    /// The location a report shows for `loc`: its innermost position in
    /// the program's own files. A step inside a library header's code
    /// (`std::vector::push_back`, inlined) is shown at the program's line
    /// that called it, the first site of its inlining chain outside the
    /// library; without one, `loc` itself.
    pub fn user_loc(&self, loc: LocId) -> LocId {
        let mut cur = loc;
        for _ in 0..64 {
            let Some(l) = self.locations.get(cur as usize) else {
                return loc;
            };
            let file = self.files.get(l.file as usize).map_or("", String::as_str);
            if !is_library_file(file) {
                return cur;
            }
            match l.inlined_at {
                Some(next) => cur = next,
                None => return loc,
            }
        }
        loc
    }

    /// `file:line:column` of a location (innermost position).
    /// `file:line` of a location (no column: for places found by timing,
    /// such as where a time limit interrupted a loop).
    pub fn describe_line(&self, loc: LocId) -> String {
        let loc = self.user_loc(loc);
        match self.locations.get(loc as usize) {
            Some(l) => format!(
                "{}:{}",
                self.files
                    .get(l.file as usize)
                    .map(String::as_str)
                    .unwrap_or("?"),
                l.line
            ),
            None => "?".to_string(),
        }
    }

    pub fn describe_location(&self, loc: LocId) -> String {
        let loc = self.user_loc(loc);
        match self.locations.get(loc as usize) {
            Some(l) => format!(
                "{}:{}:{}",
                self.files
                    .get(l.file as usize)
                    .map(String::as_str)
                    .unwrap_or("?"),
                l.line,
                l.column
            ),
            None => "?".to_string(),
        }
    }
}
