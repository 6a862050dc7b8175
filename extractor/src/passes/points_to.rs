//! Flow-insensitive, field-insensitive points-to analysis by allocation site:
//! the memory half of the cone of influence (Li et al. 2011, §5 slices "with respect
//! to communications and user assertions"; values reach them through memory
//! as well as through registers).
//!
//! Abstract locations ("sites") are each global, the memory the runtime
//! hands to `main` (`argv` and its strings), and each `Alloca`, `malloc`,
//! `calloc` and `realloc` instruction. Every register gets the set of sites
//! its value may point into, every site the set of sites its contents may
//! point into; inclusion constraints are solved by chaotic iteration (sweeps
//! until nothing changes).
//!
//! Soundness choices:
//! - Pointers are integers in the model (`Pointer` encodes the allocation in
//!   the high bits), so sites flow through *every* value-producing operation
//!   that can carry them: casts (`ptrtoint`/`inttoptr`), integer and float
//!   arithmetic, GEP bases *and* indices (`base + (q - base)` is `q`), select
//!   and phi. Only comparisons produce values that cannot be addresses.
//! - An integer that never came from an address (a constant such as
//!   `MPI_STATUS_IGNORE` = 1 cast to a pointer) points nowhere: it aliases no
//!   site. Constants that encode a global's address point to that global.
//! - "Anything" (top) stands for values of unknown provenance: results of
//!   calls the slicer did not inline, and data received from another process
//!   when addresses of stack or heap memory may have been sent (allocation
//!   ids of those differ between processes, so a received address may name
//!   any allocation). Sent global addresses stay precise: global `i` is
//!   allocation `i + 1` in every process. This matters because initializer
//!   bytes are scanned for addresses without type information, so small
//!   integer arrays (`{0, 1}` reads as the address of global 0) produce
//!   spurious global sites, which must not poison every received value.

use runtime_model::model::{Function, InstKind, LibcFunc, Model, Operand, Pointer, Ty};
use runtime_model::mpi_api::MpiFunc;
use std::collections::HashMap;

pub type Site = u32;

/// A set of sites, or "anything".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sites {
    any: bool,
    /// Sorted, without duplicates; empty when `any`.
    list: Vec<Site>,
}

impl Sites {
    pub fn none() -> Sites {
        Sites::default()
    }

    pub fn one(s: Site) -> Sites {
        Sites {
            any: false,
            list: vec![s],
        }
    }

    pub fn anything() -> Sites {
        Sites {
            any: true,
            list: Vec::new(),
        }
    }

    pub fn is_any(&self) -> bool {
        self.any
    }

    pub fn is_empty(&self) -> bool {
        !self.any && self.list.is_empty()
    }

    /// The explicit sites (none when `is_any`).
    pub fn iter(&self) -> impl Iterator<Item = Site> + '_ {
        self.list.iter().copied()
    }

    /// Adds `other`; returns whether `self` grew.
    pub fn union_with(&mut self, other: &Sites) -> bool {
        if self.any || other.is_empty() {
            return false;
        }
        if other.any {
            *self = Sites::anything();
            return true;
        }
        if is_subset(&other.list, &self.list) {
            return false;
        }
        let mut merged = Vec::with_capacity(self.list.len() + other.list.len());
        let (mut i, mut j) = (0, 0);
        let (a, b) = (&self.list, &other.list);
        while i < a.len() || j < b.len() {
            let next = match (a.get(i), b.get(j)) {
                (Some(x), Some(y)) if x == y => {
                    i += 1;
                    j += 1;
                    *x
                }
                (Some(x), Some(y)) if x < y => {
                    i += 1;
                    *x
                }
                (Some(x), None) => {
                    i += 1;
                    *x
                }
                (_, Some(y)) => {
                    j += 1;
                    *y
                }
                (None, None) => unreachable!(),
            };
            merged.push(next);
        }
        self.list = merged;
        true
    }

    pub fn intersects(&self, other: &Sites) -> bool {
        if self.is_empty() || other.is_empty() {
            return false;
        }
        if self.any || other.any {
            return true;
        }
        let (mut i, mut j) = (0, 0);
        while i < self.list.len() && j < other.list.len() {
            match self.list[i].cmp(&other.list[j]) {
                std::cmp::Ordering::Equal => return true,
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
            }
        }
        false
    }
}

fn is_subset(small: &[Site], big: &[Site]) -> bool {
    let mut j = 0;
    for x in small {
        while j < big.len() && big[j] < *x {
            j += 1;
        }
        if j == big.len() || big[j] != *x {
            return false;
        }
    }
    true
}

/// MPI parameters that carry message payload: what a process receives there
/// is what some process sent from one of them.
pub fn is_payload_param(name: &str) -> bool {
    matches!(
        name,
        "buf" | "sendbuf" | "recvbuf" | "buffer" | "origin_addr" | "result_addr" | "compare_addr"
    )
}

/// The solved analysis for one function.
pub struct PointsTo {
    num_sites: u32,
    num_globals: u32,
    /// Allocation site of each allocating instruction, by (block, index).
    alloc_sites: HashMap<(usize, usize), Site>,
    regs: Vec<Sites>,
    /// What each site's contents may point into.
    contents: Vec<Sites>,
    /// The site standing for the pointer `strtok` keeps in the C library:
    /// its contents are the strings a `strtok(NULL, ...)` may go on
    /// scanning.
    strtok: Site,
    /// The site standing for the environment the C library keeps: its
    /// contents are the strings `putenv` put there (POSIX: the string
    /// itself becomes part of the environment), which `getenv` returns
    /// pointers into.
    env: Site,
    /// What a call to a function without source may write: see
    /// [`PointsTo::foreign_memory`]; and the part of it on the heap, which
    /// it may also free ([`PointsTo::foreign_heap`]).
    foreign: Sites,
    foreign_heap: Sites,
}

impl PointsTo {
    pub fn analyze(model: &Model, f: &Function) -> PointsTo {
        let num_globals = model.globals.len() as u32;
        let argv = num_globals;
        let argv_strings = num_globals + 1;
        let strtok = num_globals + 2;
        let env = num_globals + 3;
        let mut next = num_globals + 4;
        let mut alloc_sites = HashMap::new();
        for (b, block) in f.blocks.iter().enumerate() {
            for (i, inst) in block.insts.iter().enumerate() {
                if allocates(&inst.kind) {
                    alloc_sites.insert((b, i), next);
                    next += 1;
                }
            }
        }
        let mut pt = PointsTo {
            num_sites: next,
            num_globals,
            alloc_sites,
            regs: vec![Sites::none(); f.num_regs as usize],
            contents: Vec::new(),
            strtok,
            env,
            foreign: Sites::none(),
            foreign_heap: Sites::none(),
        };
        // Pointer parameters of the entry function point to memory the
        // runtime provides (`argv`, whose elements point to its strings).
        for (p, ty) in f.params.iter().enumerate() {
            if *ty == Ty::Ptr {
                pt.regs[p] = Sites::one(argv);
            }
        }
        let mut contents = vec![Sites::none(); next as usize];
        contents[argv as usize] = Sites::one(argv_strings);
        for (g, global) in model.globals.iter().enumerate() {
            contents[g] = pt.addresses_in(&global.init, model);
        }
        let mut solver = Solver {
            f,
            pt,
            contents,
            changed: true,
            argv,
        };
        while solver.changed {
            solver.changed = false;
            solver.sweep();
        }
        let mut pt = solver.pt;
        pt.contents = solver.contents;
        pt.foreign = pt.foreign_reach(model, f);
        pt.foreign_heap = pt.heap_part(f, &pt.foreign);
        pt
    }

    /// The heap memory among what a call without source may write: it may
    /// free that too (C11 §7.22.3.3), but not a stack object or a global.
    pub fn foreign_heap(&self) -> &Sites {
        &self.foreign_heap
    }

    fn heap_part(&self, f: &Function, sites: &Sites) -> Sites {
        if sites.is_any() {
            return Sites::anything();
        }
        let mut heap = Sites::none();
        for (b, block) in f.blocks.iter().enumerate() {
            for (i, inst) in block.insts.iter().enumerate() {
                if matches!(inst.kind, InstKind::Alloca { .. }) {
                    continue;
                }
                if let Some(site) = self.alloc_site(b, i) {
                    if sites.intersects(&Sites::one(site)) {
                        heap.union_with(&Sites::one(site));
                    }
                }
            }
        }
        heap
    }

    /// Memory a function without source (`InstKind::Foreign`) may write
    /// when the program calls it: whatever is reachable from the pointers
    /// any such call is given (a library may keep a pointer and write
    /// through it in a later call), from the program's writable globals
    /// (another translation unit may name them) and from the C library's
    /// own state (the environment, `strtok`'s string, static buffers); not
    /// the constant globals themselves, which nobody may write.
    pub fn foreign_memory(&self) -> &Sites {
        &self.foreign
    }

    fn foreign_reach(&self, model: &Model, f: &Function) -> Sites {
        let mut roots = Sites::none();
        let mut any_call = false;
        for inst in f.blocks.iter().flat_map(|b| &b.insts) {
            if let InstKind::Foreign {
                no_effect: false,
                args,
                args_unknown,
                ..
            } = &inst.kind
            {
                any_call = true;
                if *args_unknown {
                    return Sites::anything();
                }
                for a in args {
                    roots.union_with(&self.of(*a));
                }
            }
        }
        if !any_call {
            return Sites::none();
        }
        for g in 0..self.num_globals {
            roots.union_with(&Sites::one(g));
        }
        roots.union_with(&self.library_memory());
        roots.union_with(&Sites::one(self.strtok));
        roots.union_with(&Sites::one(self.env));
        let reach = self.reachable(&roots);
        if reach.is_any() {
            return reach;
        }
        let mut out = Sites::none();
        for site in reach.iter() {
            let constant =
                (site as usize) < model.globals.len() && model.globals[site as usize].constant;
            if !constant {
                out.union_with(&Sites::one(site));
            }
        }
        out
    }

    /// `sites` and every site reachable from them through stored addresses
    /// (what a function reading a `va_list`'s arguments, and the strings
    /// they point to, may read).
    pub fn reachable(&self, sites: &Sites) -> Sites {
        if sites.is_any() {
            return Sites::anything();
        }
        let mut out = sites.clone();
        let mut todo: Vec<Site> = sites.iter().collect();
        while let Some(s) = todo.pop() {
            let Some(c) = self.contents.get(s as usize) else {
                continue;
            };
            if c.is_any() {
                return Sites::anything();
            }
            for t in c.iter() {
                if out.union_with(&Sites::one(t)) {
                    todo.push(t);
                }
            }
        }
        out
    }

    /// What the contents of `sites` may point into.
    pub fn pointees(&self, sites: &Sites) -> Sites {
        if sites.is_any() {
            return Sites::anything();
        }
        let mut out = Sites::none();
        for s in sites.iter() {
            if let Some(c) = self.contents.get(s as usize) {
                out.union_with(c);
            }
        }
        out
    }

    /// The strings `strtok` may be scanning: every string a call of it
    /// started (its saved pointer points into one of them).
    pub fn strtok_strings(&self) -> Sites {
        self.pointees(&Sites::one(self.strtok))
    }

    /// The strings `putenv` put in the environment (a `getenv` may read
    /// their names and return pointers into them).
    pub fn environment_strings(&self) -> Sites {
        self.pointees(&Sites::one(self.env))
    }

    /// The C library's own memory: the strings `getenv` and `strerror`
    /// return, and the static buffers of `localtime`, `gmtime`, `ctime`,
    /// `asctime` and `seed48` (the site after `argv`, see `analyze`).
    pub fn library_memory(&self) -> Sites {
        Sites::one(self.num_globals + 1)
    }

    pub fn num_sites(&self) -> u32 {
        self.num_sites
    }

    /// The site an allocating instruction creates.
    pub fn alloc_site(&self, block: usize, inst: usize) -> Option<Site> {
        self.alloc_sites.get(&(block, inst)).copied()
    }

    /// What an operand may point into.
    pub fn of(&self, o: Operand) -> Sites {
        match o {
            Operand::Reg(r) => self.regs.get(r as usize).cloned().unwrap_or_default(),
            Operand::Const(c) => self.constant(c),
        }
    }

    /// A constant points to the global whose address it encodes, else nowhere.
    fn constant(&self, c: u64) -> Sites {
        let alloc = Pointer::decode(c).alloc;
        if alloc >= 1 && alloc <= self.num_globals {
            Sites::one(alloc - 1)
        } else {
            Sites::none()
        }
    }

    /// Globals whose addresses appear in a global's initial bytes (at any
    /// offset: a packed struct may hold an unaligned pointer), counting only
    /// words whose offset lies within the named global.
    fn addresses_in(&self, init: &[u8], model: &Model) -> Sites {
        let mut out = Sites::none();
        for w in init.windows(8) {
            let p = Pointer::decode(u64::from_le_bytes(w.try_into().expect("8 bytes")));
            if p.alloc >= 1 && p.alloc <= self.num_globals {
                let size = model.globals[p.alloc as usize - 1].size;
                if u64::from(p.offset) <= size {
                    out.union_with(&Sites::one(p.alloc - 1));
                }
            }
        }
        out
    }
}

fn allocates(kind: &InstKind) -> bool {
    matches!(
        kind,
        InstKind::Alloca { .. }
            | InstKind::Libc {
                func: LibcFunc::Malloc
                    | LibcFunc::Calloc
                    | LibcFunc::AlignedAlloc
                    | LibcFunc::Memalign
                    | LibcFunc::Valloc
                    | LibcFunc::Asprintf
                    | LibcFunc::Vasprintf
                    | LibcFunc::Getcwd
                    | LibcFunc::PosixMemalign
                    | LibcFunc::Realloc
                    | LibcFunc::Strdup
                    | LibcFunc::Strndup
                    | LibcFunc::Fopen
                    | LibcFunc::CxxNew
                    | LibcFunc::CxxNewArray
                    | LibcFunc::CxxNewNothrow
                    | LibcFunc::CxxNewArrayNothrow,
                ..
            }
    )
}

struct Solver<'a> {
    f: &'a Function,
    pt: PointsTo,
    /// What each site's contents may point into.
    contents: Vec<Sites>,
    changed: bool,
    argv: Site,
}

impl Solver<'_> {
    fn val(&self, o: Operand) -> Sites {
        self.pt.of(o)
    }

    fn arg(&self, args: &[Operand], i: usize) -> Sites {
        args.get(i).map(|a| self.val(*a)).unwrap_or_default()
    }

    /// What the text a printf-family call formats may point into: printed
    /// numbers (`%p`, `%ld` of an address) can be parsed back by strtol, so
    /// the text carries the sites of every argument after the destination.
    fn printed(&self, args: &[Operand]) -> Sites {
        let mut v = Sites::none();
        for a in args.iter().skip(1) {
            let p = self.val(*a);
            v.union_with(&self.load_from(&p));
            v.union_with(&p);
        }
        v
    }

    fn def(&mut self, dst: Option<u32>, v: &Sites) {
        if let Some(slot) = dst.and_then(|d| self.pt.regs.get_mut(d as usize)) {
            self.changed |= slot.union_with(v);
        }
    }

    /// `*ptr ∪= v` for every site `ptr` may point into.
    fn store_into(&mut self, ptr: &Sites, v: &Sites) {
        if v.is_empty() {
            return;
        }
        if ptr.is_any() {
            for c in &mut self.contents {
                self.changed |= c.union_with(v);
            }
        } else {
            for s in ptr.iter() {
                self.changed |= self.contents[s as usize].union_with(v);
            }
        }
    }

    /// Union of the contents of every site `ptr` may point into.
    fn load_from(&self, ptr: &Sites) -> Sites {
        let mut out = Sites::none();
        if ptr.is_any() {
            self.contents.iter().for_each(|c| {
                out.union_with(c);
            });
        } else {
            for s in ptr.iter() {
                out.union_with(&self.contents[s as usize]);
            }
        }
        out
    }

    fn sweep(&mut self) {
        let f = self.f;
        // What processes may send: if any payload holds addresses, anything
        // received may be an address of any allocation in the receiver.
        let mut sent = Sites::none();
        for (b, block) in f.blocks.iter().enumerate() {
            for phi in &block.phis {
                let mut v = Sites::none();
                for (_, o) in &phi.incoming {
                    v.union_with(&self.val(*o));
                }
                self.def(Some(phi.dst), &v);
            }
            for (i, inst) in block.insts.iter().enumerate() {
                self.transfer(b, i, &inst.kind, &mut sent);
            }
        }
        let received = self.received(&sent);
        if !received.is_empty() {
            for inst in f.blocks.iter().flat_map(|b| &b.insts) {
                if let InstKind::Mpi { func, args, .. } = &inst.kind {
                    for (name, a) in func.params().iter().zip(args) {
                        if is_payload_param(name) {
                            self.store_into(&self.val(*a), &received);
                        }
                    }
                }
            }
        }
    }

    /// What a receive buffer may point into given what may have been sent.
    /// Global `i` is allocation `i + 1` in every process, so a sent global
    /// address names the same global on arrival; any other address names an
    /// allocation whose id depends on the sender's history, i.e. anything.
    fn received(&self, sent: &Sites) -> Sites {
        if sent.is_any() || sent.iter().any(|s| s >= self.pt.num_globals) {
            return Sites::anything();
        }
        sent.clone()
    }

    fn transfer(&mut self, b: usize, i: usize, kind: &InstKind, sent: &mut Sites) {
        match kind {
            InstKind::Binary { dst, lhs, rhs, .. } => {
                let mut v = self.val(*lhs);
                v.union_with(&self.val(*rhs));
                self.def(Some(*dst), &v);
            }
            InstKind::FNeg { dst, value, .. } | InstKind::Cast { dst, value, .. } => {
                let v = self.val(*value);
                self.def(Some(*dst), &v);
            }
            InstKind::X87 { dst, args, .. } => {
                let mut v = Sites::default();
                for a in args {
                    v.union_with(&self.val(*a));
                }
                self.def(Some(*dst), &v);
            }
            // An assumed foreign call returns an opaque object, which
            // points into no memory of the program.
            InstKind::Foreign { dst, .. } => self.def(*dst, &Sites::default()),
            // Nothing runs after an unsupported construct: no value flows.
            InstKind::ICmp { .. }
            | InstKind::FCmp { .. }
            | InstKind::Unsupported { .. }
            | InstKind::Terminate { .. } => {}
            InstKind::Select {
                dst,
                if_true,
                if_false,
                ..
            } => {
                let mut v = self.val(*if_true);
                v.union_with(&self.val(*if_false));
                self.def(Some(*dst), &v);
            }
            InstKind::Gep {
                dst, base, indices, ..
            } => {
                let mut v = self.val(*base);
                for ix in indices {
                    v.union_with(&self.val(ix.index));
                }
                self.def(Some(*dst), &v);
            }
            InstKind::Load { dst, ptr, .. } => {
                let v = self.load_from(&self.val(*ptr));
                self.def(Some(*dst), &v);
            }
            InstKind::Store { value, ptr, .. } => {
                self.store_into(&self.val(*ptr), &self.val(*value));
            }
            InstKind::Alloca { dst, .. } => {
                let site = self.pt.alloc_site(b, i).expect("alloca has a site");
                self.def(Some(*dst), &Sites::one(site));
            }
            InstKind::Libc { dst, func, args } => {
                let args: Vec<Operand> = args.iter().map(|a| a.value).collect();
                self.libc(b, i, *dst, *func, &args);
            }
            InstKind::Mpi { dst, func, args } => {
                // MPI_Aint_add / MPI_Aint_diff compute an address from
                // their arguments (MPI 3.1 §4.1.5).
                if matches!(func, MpiFunc::AintAdd | MpiFunc::AintDiff) {
                    let mut v = Sites::none();
                    for a in args {
                        v.union_with(&self.val(*a));
                    }
                    self.def(*dst, &v);
                }
                for (name, a) in func.params().iter().zip(args) {
                    let p = self.val(*a);
                    if is_payload_param(name) {
                        sent.union_with(&self.load_from(&p));
                    }
                    // MPI_Init may replace `argv` with the runtime's own.
                    if matches!(func, MpiFunc::Init | MpiFunc::InitThread) && *name == "argv" {
                        self.store_into(&p, &Sites::one(self.argv));
                    }
                    // MPI_Alloc_mem stores a fresh block's address (MPI 3.1
                    // §8.2), unknown here; MPI_Get_address stores the address
                    // of `location` as an integer the program may turn back
                    // into a pointer (§4.1.5).
                    // MPI_Win_allocate does the same (§11.2.2).
                    if *name == "baseptr" {
                        self.store_into(&p, &Sites::anything());
                    }
                    if matches!(func, MpiFunc::GetAddress | MpiFunc::Address) && *name == "address"
                    {
                        let location = self.val(args[0]);
                        self.store_into(&p, &location);
                    }
                }
            }
            InstKind::Call { dst, .. }
            | InstKind::CallIndirect { dst, .. }
            | InstKind::Omp {
                dst,
                call:
                    runtime_model::omp::OmpCall::ForkCall
                    | runtime_model::omp::OmpCall::Task
                    | runtime_model::omp::OmpCall::TaskWithDeps
                    | runtime_model::omp::OmpCall::TaskAlloc
                    | runtime_model::omp::OmpCall::TaskLoop,
                ..
            } => {
                // An un-inlined callee (or the threads of a parallel
                // region) may return or store any address.
                self.def(*dst, &Sites::anything());
                self.store_into(&Sites::anything(), &Sites::anything());
            }
            // A POSIX thread's start routine gets the argument, and its
            // return value reaches `pthread_join`'s `&ret`.
            InstKind::Omp { dst, call, .. } if call.is_posix() && !call.is_query() => {
                self.def(*dst, &Sites::anything());
                self.store_into(&Sites::anything(), &Sites::anything());
            }
            InstKind::LifetimeEnd { .. } => {}
            // The other runtime calls return and store numbers.
            // A thread's copy of a threadprivate variable stands for the
            // variable.
            InstKind::Omp {
                dst,
                call: runtime_model::omp::OmpCall::ThreadLocalAddress,
                args,
            } => {
                let v = args.first().map_or_else(Sites::anything, |a| self.val(*a));
                self.def(*dst, &v);
            }
            InstKind::Omp { dst, .. } => self.def(*dst, &Sites::none()),
            InstKind::Atomic {
                dst, ptr, value, ..
            } => {
                let p = self.val(*ptr);
                let old = self.load_from(&p);
                self.def(*dst, &old);
                let v = self.val(*value);
                self.store_into(&p, &v);
            }
        }
    }

    fn libc(&mut self, b: usize, i: usize, dst: Option<u32>, func: LibcFunc, args: &[Operand]) {
        use LibcFunc::*;
        match func {
            Malloc | Calloc | AlignedAlloc | Memalign | Valloc | CxxNew | CxxNewArray
            | CxxNewNothrow | CxxNewArrayNothrow => {
                let site = self.pt.alloc_site(b, i).expect("allocation has a site");
                self.def(dst, &Sites::one(site));
            }
            // getcwd returns its buffer, or a block it allocates when given
            // none.
            Getcwd => {
                let mut v = Sites::one(self.pt.alloc_site(b, i).expect("allocation has a site"));
                v.union_with(&self.arg(args, 0));
                self.def(dst, &v);
            }
            // posix_memalign stores the block's address through its first
            // argument.
            PosixMemalign => {
                let site = self.pt.alloc_site(b, i).expect("allocation has a site");
                let slot = self.arg(args, 0);
                self.store_into(&slot, &Sites::one(site));
            }
            // setjmp's number in `env` and longjmp point nowhere.
            Gethostname | Getpid | Setjmp | Longjmp | AnyInt => {}
            Fopen => {
                let site = self.pt.alloc_site(b, i).expect("allocation has a site");
                self.def(dst, &Sites::one(site));
            }
            Fclose | Fwrite | Muldc3 | Divdc3 | Mulsc3 | Divsc3 | Mulxc3 | Divxc3 => {}
            // Input text holds no address of the program.
            Scanf | Fscanf | Fgetc | Getchar | Fread | Feof | Ungetc => {}
            Fseek | Fseeko | Ftell | Ftello | Rewind | Fgetpos | Fsetpos | Ferror | Clearerr
            | Remove | Rename | Unlink => {}
            // fgets returns its buffer (or NULL).
            Fgets => {
                let d = self.arg(args, 0);
                self.def(dst, &d);
            }
            Strdup | Strndup => {
                let site = Sites::one(self.pt.alloc_site(b, i).expect("allocation has a site"));
                self.store_into(&site, &self.load_from(&self.arg(args, 0)));
                self.def(dst, &site);
            }
            // Parsed text may be a printed address (`%p`): what the string
            // holds may land in every output.
            Sscanf => {
                let text = self.load_from(&self.arg(args, 0));
                for a in args.iter().skip(2) {
                    let p = self.val(*a);
                    self.store_into(&p, &text);
                }
            }
            Realloc => {
                let site = Sites::one(self.pt.alloc_site(b, i).expect("allocation has a site"));
                let old = self.arg(args, 0);
                // The result may be the old block or a new one with its contents.
                let mut v = site.clone();
                v.union_with(&old);
                self.def(dst, &v);
                self.store_into(&site, &self.load_from(&old));
            }
            // stpcpy and stpncpy return a pointer into their destination.
            Memcpy | Memmove | Strcpy | Strncpy | Strcat | Strncat | Stpcpy | Stpncpy => {
                let (d, s) = (self.arg(args, 0), self.arg(args, 1));
                self.store_into(&d, &self.load_from(&s));
                self.def(dst, &d);
            }
            Memset => {
                let d = self.arg(args, 0);
                self.def(dst, &d);
            }
            // `ap` holds the address of the argument area.
            VaStart => {
                let area = self.arg(args, 1);
                self.store_into(&self.arg(args, 0), &area);
            }
            Sprintf | Snprintf | Vsprintf | Vsnprintf => {
                let v = self.printed(args);
                self.store_into(&self.arg(args, 0), &v);
            }
            // asprintf stores the address of a new block holding the text.
            Asprintf | Vasprintf => {
                let site = Sites::one(self.pt.alloc_site(b, i).expect("allocation has a site"));
                let v = self.printed(args);
                self.store_into(&site, &v);
                self.store_into(&self.arg(args, 0), &site);
            }
            Strtol | Strtoul | Strtod | Strtof => {
                let s = self.arg(args, 0);
                self.store_into(&self.arg(args, 1), &s);
                self.def(dst, &self.load_from(&s));
            }
            // strtok keeps a pointer into the string it was given and
            // returns one into it (or into an earlier call's string).
            Strtok => {
                let saved = Sites::one(self.pt.strtok);
                self.store_into(&saved, &self.arg(args, 0));
                self.def(dst, &self.load_from(&saved));
            }
            StrtokR => {
                let (s, save_ptr) = (self.arg(args, 0), self.arg(args, 2));
                self.store_into(&save_ptr, &s);
                let mut v = s;
                v.union_with(&self.load_from(&save_ptr));
                self.def(dst, &v);
            }
            // optarg points into an argument string (argv's contents).
            Getopt => {
                let strings = self.load_from(&self.arg(args, 1));
                self.store_into(&self.arg(args, 3), &strings);
            }
            // strlcpy and strlcat copy a string and return its length.
            Strlcpy | Strlcat => {
                let (d, s) = (self.arg(args, 0), self.arg(args, 1));
                self.store_into(&d, &self.load_from(&s));
            }
            // strsep returns the string its slot held, and stores a pointer
            // into it there.
            Strsep => {
                let s = self.load_from(&self.arg(args, 0));
                self.def(dst, &s);
            }
            // The path functions return a pointer into their argument or a
            // string of the C library's (".").
            Basename | Dirname | GnuBasename => {
                let mut v = self.arg(args, 0);
                v.union_with(&Sites::one(self.argv + 1));
                self.def(dst, &v);
            }
            // The search functions return a pointer into their first argument.
            Strchr | Strrchr | Strstr | Memchr | Strpbrk | Strcasestr | Memrchr => {
                let s = self.arg(args, 0);
                self.def(dst, &s);
            }
            Atoi | Atol | Atof => {
                let v = self.load_from(&self.arg(args, 0));
                self.def(dst, &v);
            }
            Sqrt | Fabs | Pow | Exp | Log | Floor | Ceil | Fmin | Fmax | Abs | Labs | Llabs
            | Sin | Cos | Tan | Asin | Acos | Atan | Sinh | Cosh | Tanh | Exp2 | Log2 | Log10
            | Cbrt | Round | Trunc | Rint | Atan2 | Fmod | Hypot | Copysign | Isalnum | Isalpha
            | Isdigit | Isxdigit | Isspace | Isupper | Islower | Ispunct | Isprint | Toupper
            | Tolower | Popcount | Clz | Ctz | Bswap | Difftime | Ldexp | Lround | Lrint | Erf
            | Erfc | Expm1 | Log1p | Fdim | Tgamma | Lgamma | Remainder | Div => {
                let mut v = Sites::none();
                for a in args {
                    v.union_with(&self.val(*a));
                }
                self.def(dst, &v);
            }
            Free | Strlen | Strcmp | Strncmp | Memcmp | Printf | Fprintf | Vprintf | Vfprintf
            | Puts | Putchar | Perror | Fputs | Fputc | Fflush | AssertFail | Abort | Exit
            | ExitNow | Atexit | Sleep | Usleep | Rand | Srand | Time | Clock | CxxDelete
            | CxxDeleteArray | CxaAtexit | CxxPureVirtual => {}
            // Numbers: a generator's draw, a parse of a tag, a quotient pair
            // in the result block, a formatted time, system facts; signal
            // returns SIG_DFL and sigaction stores an empty action.
            RandR | Nan | Ldiv | Strftime | Sysconf | Isatty | Signal | Sigaction | Getppid
            | Getuid | Setenv | Unsetenv | Access | Stat | Setvbuf | Setbuf => {}
            // The static buffers of the C library (the site after `argv`):
            // a `struct tm` whose `tm_zone` points to a string of the
            // library's, a string, seed48's array.
            Localtime | Gmtime | Ctime | Asctime | Seed48 => {
                let library = Sites::one(self.argv + 1);
                self.store_into(&library, &library);
                self.def(dst, &library);
            }
            // The `_r` forms fill the caller's struct or buffer and return
            // it; a `struct tm`'s `tm_zone` points to the library's string.
            LocaltimeR | GmtimeR | CtimeR | AsctimeR => {
                let out = self.arg(args, 1);
                self.store_into(&out, &Sites::one(self.argv + 1));
                self.def(dst, &out);
            }
            Mktime => self.store_into(&self.arg(args, 0), &Sites::one(self.argv + 1)),
            // The string itself becomes part of the environment.
            Putenv => {
                let s = self.arg(args, 0);
                self.store_into(&Sites::one(self.pt.env), &s);
            }
            // The clocks and generators write numbers; the comparisons and
            // counts return them.
            // The parts stored are numbers.
            Frexp | Modf | Remquo => {
                let v = self.arg(args, 0);
                self.def(dst, &v);
            }
            Gettimeofday | ClockGettime | ClockGetres | Nanosleep | Drand48 | Erand48 | Lrand48
            | Nrand48 | Mrand48 | Jrand48 | Srand48 | Strcasecmp | Strncasecmp | Strspn
            | Strcspn | Strnlen => {}
            // The environment's strings are the runtime's, like argv's (the
            // site after `argv`, see `analyze`).
            // A name `putenv` set returns a pointer into its string.
            Getenv => {
                let mut v = Sites::one(self.argv + 1);
                v.union_with(&self.load_from(&Sites::one(self.pt.env)));
                self.def(dst, &v);
            }
            Strerror => self.def(dst, &Sites::one(self.argv + 1)),
        }
    }
}
