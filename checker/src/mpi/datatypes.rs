//! Derived datatypes (MPI 3.1 chapter 4) and user-defined operations
//! (§5.9.5) of each process. The type maps come from
//! `runtime_model::datatype`; this module keeps the per-process handle
//! tables and decodes the `MPI_Type_*` and `MPI_Op_*` calls.

use super::args::Args;
use super::decode::*;
use crate::diag::ErrorKind;
use crate::mpi::machine::*;
use runtime_model::datatype::{match_signatures, TypeMap};
use runtime_model::handles as h;
use runtime_model::mpi_api::MpiFunc;
use std::sync::Arc;

pub use runtime_model::mpi::objects::{DerivedType, Envelope, Objects as Tables, UserOp};

/// Byte displacements at or beyond 2^31 in magnitude. An `MPI_Aint` from
/// `MPI_Get_address` is the model's pointer `alloc << 32 | offset`, so the
/// difference of two addresses of one object is its byte offset (below
/// 2^31: allocations are smaller), while an absolute address (for use with
/// `MPI_BOTTOM`) or a difference between two objects is 2^31 or more.
const RELATIVE_LIMIT: i64 = 1 << 31;

/// Refuses, as unsupported, byte displacements that are absolute addresses
/// or differences between addresses of different objects (MPI 3.1 §4.1.5,
/// §4.1.12): the verifier's addresses are not those of a flat address space.
fn check_relative(
    model: &runtime_model::model::Model,
    site: &Site,
    displacements: &[i64],
    what: &str,
) -> Result<(), Halt> {
    match displacements
        .iter()
        .find(|d| d.unsigned_abs() >= RELATIVE_LIMIT as u64)
    {
        None => Ok(()),
        Some(d) => Err(Halt::Unsupported(format!(
            "{}: unsupported: {}: {what} holds {d}, an absolute address (MPI_BOTTOM addressing) or a difference between addresses of different objects; the verifier supports displacements relative to one object (MPI_Get_address of a member minus that of the first member)",
            model.describe_location(site.loc),
            site.func.name()
        ))),
    }
}

/// The bytes `count` basic elements of `map` occupy once packed: whole
/// items, then a prefix of one more (a pair type's item is two basic
/// elements, §5.9.4).
fn bytes_of_elements(map: &TypeMap, count: u64) -> Option<u64> {
    let per_item: u64 = map.runs().iter().map(|r| r.count).sum();
    if per_item == 0 {
        return (count == 0).then_some(0);
    }
    let mut bytes = (count / per_item).checked_mul(map.size())?;
    let mut rest = count % per_item;
    for r in map.runs() {
        let take = rest.min(r.count);
        bytes = bytes.checked_add(take.checked_mul(h::predefined_datatype_size(r.basic)?)?)?;
        rest -= take;
    }
    Some(bytes)
}

/// Name of a datatype handle of process `rank` for messages.
pub(crate) fn type_name_of(dt: i32) -> String {
    if h::predefined_datatype_name(dt).is_some() {
        datatype_name(dt)
    } else {
        format!("derived datatype {}", datatype_name(dt))
    }
}

impl Machine {
    /// The type map of `dt` for process `site.rank`. With `comm`, the type
    /// must be committed and not freed (MPI 3.1 §4.1.9).
    pub(crate) fn type_map(&self, site: &Site, dt: i32, comm: bool) -> Result<Arc<TypeMap>, Halt> {
        if dt == h::MPI_DATATYPE_NULL {
            return Err(site.invalid("datatype is MPI_DATATYPE_NULL"));
        }
        if let Some(m) = TypeMap::predefined(dt) {
            return Ok(Arc::new(m));
        }
        let Some(t) = self.world.objects.derived(site.rank, dt) else {
            return Err(site.invalid(format!("invalid datatype 0x{dt:x}")));
        };
        // A freed type stays valid for the operations already using it
        // (MPI 3.1 §4.1.9: they "will complete normally"): a persistent
        // request made with it keeps using it at each MPI_Start.
        if t.freed && !matches!(site.func, MpiFunc::Start | MpiFunc::Startall) {
            return Err(site.invalid(format!(
                "datatype {} was freed by MPI_Type_free",
                datatype_name(dt)
            )));
        }
        if comm && !t.committed {
            return Err(site.invalid(format!(
                "datatype {} is used for communication but was not committed (MPI_Type_commit)",
                datatype_name(dt)
            )));
        }
        Ok(t.map.clone())
    }

    /// Whether `dt` is a derived datatype of `rank`.
    pub(crate) fn is_derived(&self, rank: usize, dt: i32) -> bool {
        self.world.objects.derived(rank, dt).is_some()
    }

    /// Type map of a datatype already checked at its call, for later use
    /// (receive completion, unpacking). Freed types keep their map.
    pub(crate) fn known_map(&self, rank: usize, dt: i32) -> Option<Arc<TypeMap>> {
        match TypeMap::predefined(dt) {
            Some(m) => Some(Arc::new(m)),
            None => self.world.objects.derived(rank, dt).map(|t| t.map.clone()),
        }
    }

    /// Compares the type signatures of a completed receive and the send it
    /// matched (MPI 3.1 §3.3.1): a mismatch is `type-mismatch`.
    /// Truncation is left to the byte count check.
    pub(crate) fn check_signatures(
        &self,
        rank: usize,
        req: &runtime_model::mpi::p2p::Request,
    ) -> Result<(), Halt> {
        use runtime_model::mpi::p2p::ReqOp;
        let ReqOp::Recv(recv) = &req.op else {
            return Ok(());
        };
        let Some(partner) = req.partner else {
            return Ok(());
        };
        let sreq = &self.world.p2p.requests[partner];
        let ReqOp::Send(send) = &sreq.op else {
            return Ok(());
        };
        let (Some(smap), Some(rmap)) = (
            self.known_map(sreq.owner, send.datatype),
            self.known_map(rank, recv.datatype),
        ) else {
            return Ok(());
        };
        let (Ok(ssig), Ok(rsig)) = (
            smap.signature(send.count.max(0) as u64),
            rmap.signature(recv.count.max(0) as u64),
        ) else {
            return Ok(());
        };
        match match_signatures(&ssig, &rsig) {
            Err(m) if !m.is_truncation() => {
                let names = |dt: Option<i32>| dt.map_or("end of message".into(), datatype_name);
                Err(Halt::Error(Finding::new(
                    ErrorKind::TypeMismatch,
                    format!(
                        "type signatures differ at element {}: sent {} (send type {}), the receive expects {} (receive type {})",
                        m.index,
                        names(m.sent),
                        type_name_of(send.datatype),
                        names(m.expected),
                        type_name_of(recv.datatype)
                    ),
                )
                .at(rank, self.blocked_loc(rank), self.blocked_func(rank))))
            }
            _ => Ok(()),
        }
    }

    pub(crate) fn read_i64(&self, site: &Site, addr: u64, what: &str) -> Result<i64, Halt> {
        self.procs[site.rank]
            .proc
            .mem
            .load(addr, 8)
            .map(|v| v as i64)
            .map_err(|f| site.memory(what, f))
    }

    pub(crate) fn write_i64(
        &mut self,
        site: &Site,
        addr: u64,
        v: i64,
        what: &str,
    ) -> Result<(), Halt> {
        self.procs[site.rank]
            .proc
            .mem
            .store(addr, 8, v as u64)
            .map_err(|f| site.memory(what, f))
    }

    fn ints(&self, site: &Site, addr: u64, n: i32, what: &str) -> Result<Vec<i64>, Halt> {
        (0..n.max(0) as u64)
            .map(|i| Ok(self.read_i32(site, addr + 4 * i, what)? as i64))
            .collect()
    }

    fn aints(&self, site: &Site, addr: u64, n: i32, what: &str) -> Result<Vec<i64>, Halt> {
        (0..n.max(0) as u64)
            .map(|i| self.read_i64(site, addr + 8 * i, what))
            .collect()
    }

    /// The `MPI_Type_*` and `MPI_Op_*` calls (MPI 3.1 §4.1, §5.9.5).
    pub(crate) fn call_datatype(
        &mut self,
        model: &runtime_model::model::Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        use MpiFunc as F;
        let func = site.func;
        let rank = site.rank;
        let a = Args::new(func, args);
        self.log_call(site, None, None);
        self.trace_event(rank, site.loc, format!("{}(...)", func.name()));
        let derr = |e: runtime_model::datatype::DatatypeError| -> Halt {
            match e {
                runtime_model::datatype::DatatypeError::TooLarge(w) => Halt::Unsupported(format!(
                    "{}: unsupported: {}: {w} too large for the verifier",
                    model.describe_location(site.loc),
                    func.name()
                )),
                e => site.invalid(e.to_string()),
            }
        };
        let new_type =
            |state: &mut Machine, map: TypeMap, env: Envelope, out: u64| -> Result<Effect, Halt> {
                let handle = state.world.objects.add_type(
                    rank,
                    DerivedType {
                        map: Arc::new(map),
                        committed: false,
                        freed: false,
                        envelope: Arc::new(env),
                    },
                );
                state.write_i32(site, out, handle, "newtype")?;
                Ok(Effect::Return(0))
            };
        // The constructors' count (`ndims` for MPI_Type_create_subarray,
        // whose check keeps the name `count`); the other calls have none
        // (MPI_Type_create_darray checks its `ndims` itself).
        let count = match func {
            F::TypeCreateSubarray => a.int("ndims")?,
            _ if a.has("count") => a.int("count")?,
            _ => 0,
        };
        if count < 0 {
            return Err(site.invalid(format!("count is negative ({count})")));
        }
        let env = |combiner: i32, ints: &[i64], aints: &[i64], types: &[i32]| Envelope {
            combiner,
            ints: ints.iter().map(|&v| v as i32).collect(),
            aints: aints.to_vec(),
            types: types.to_vec(),
        };
        match func {
            F::TypeContiguous => {
                let old = self.type_map(site, a.int("oldtype")?, false)?;
                let m = TypeMap::contiguous(count as i64, &old).map_err(derr)?;
                let e = env(
                    h::MPI_COMBINER_CONTIGUOUS,
                    &[count as i64],
                    &[],
                    &[a.int("oldtype")?],
                );
                new_type(self, m, e, a.ptr("newtype")?)
            }
            F::TypeVector | F::TypeCreateHvector | F::TypeHvector => {
                let old = self.type_map(site, a.int("oldtype")?, false)?;
                let (bl, stride) = (a.int("blocklength")? as i64, a.ptr("stride")? as i64);
                if func != F::TypeVector {
                    check_relative(model, site, &[stride], "stride")?;
                }
                let m = if func == F::TypeVector {
                    TypeMap::vector(count as i64, bl, stride as i32 as i64, &old)
                } else {
                    TypeMap::hvector(count as i64, bl, stride, &old)
                }
                .map_err(derr)?;
                let old_h = [a.int("oldtype")?];
                let e = if func == F::TypeVector {
                    env(
                        h::MPI_COMBINER_VECTOR,
                        &[count as i64, bl, stride as i32 as i64],
                        &[],
                        &old_h,
                    )
                } else {
                    env(
                        h::MPI_COMBINER_HVECTOR,
                        &[count as i64, bl],
                        &[stride],
                        &old_h,
                    )
                };
                new_type(self, m, e, a.ptr("newtype")?)
            }
            F::TypeIndexed | F::TypeCreateHindexed | F::TypeHindexed => {
                let old = self.type_map(site, a.int("oldtype")?, false)?;
                let bls = self.ints(
                    site,
                    a.ptr("array_of_blocklengths")?,
                    count,
                    "array_of_blocklengths",
                )?;
                let old_h = [a.int("oldtype")?];
                let mut head = vec![count as i64];
                head.extend(&bls);
                let (m, e) = if func == F::TypeIndexed {
                    let ds = self.ints(
                        site,
                        a.ptr("array_of_displacements")?,
                        count,
                        "array_of_displacements",
                    )?;
                    head.extend(&ds);
                    (
                        TypeMap::indexed(&bls, &ds, &old),
                        env(h::MPI_COMBINER_INDEXED, &head, &[], &old_h),
                    )
                } else {
                    let ds = self.aints(
                        site,
                        a.ptr("array_of_displacements")?,
                        count,
                        "array_of_displacements",
                    )?;
                    check_relative(model, site, &ds, "array_of_displacements")?;
                    (
                        TypeMap::hindexed(&bls, &ds, &old),
                        env(h::MPI_COMBINER_HINDEXED, &head, &ds, &old_h),
                    )
                };
                new_type(self, m.map_err(derr)?, e, a.ptr("newtype")?)
            }
            F::TypeCreateIndexedBlock | F::TypeCreateHindexedBlock => {
                let old = self.type_map(site, a.int("oldtype")?, false)?;
                let bl = a.int("blocklength")? as i64;
                // Displacements in elements of the old type, or in bytes
                // (`MPI_Aint`) for the h-form (MPI 3.1 §4.1.2).
                let old_h = [a.int("oldtype")?];
                let mut head = vec![count as i64, bl];
                let (m, e) = if func == F::TypeCreateIndexedBlock {
                    let ds = self.ints(
                        site,
                        a.ptr("array_of_displacements")?,
                        count,
                        "array_of_displacements",
                    )?;
                    head.extend(&ds);
                    (
                        TypeMap::indexed_block(bl, &ds, &old),
                        env(h::MPI_COMBINER_INDEXED_BLOCK, &head, &[], &old_h),
                    )
                } else {
                    let ds = self.aints(
                        site,
                        a.ptr("array_of_displacements")?,
                        count,
                        "array_of_displacements",
                    )?;
                    check_relative(model, site, &ds, "array_of_displacements")?;
                    (
                        TypeMap::hindexed_block(bl, &ds, &old),
                        env(h::MPI_COMBINER_HINDEXED_BLOCK, &head, &ds, &old_h),
                    )
                };
                new_type(self, m.map_err(derr)?, e, a.ptr("newtype")?)
            }
            F::TypeCreateStruct | F::TypeStruct => {
                let bls = self.ints(
                    site,
                    a.ptr("array_of_blocklengths")?,
                    count,
                    "array_of_blocklengths",
                )?;
                let ds = self.aints(
                    site,
                    a.ptr("array_of_displacements")?,
                    count,
                    "array_of_displacements",
                )?;
                check_relative(model, site, &ds, "array_of_displacements")?;
                let hs = self.ints(site, a.ptr("array_of_types")?, count, "array_of_types")?;
                let maps = hs
                    .iter()
                    .map(|&t| self.type_map(site, t as i32, false))
                    .collect::<Result<Vec<_>, _>>()?;
                let refs: Vec<&TypeMap> = maps.iter().map(|m| &**m).collect();
                let m = TypeMap::structure(&bls, &ds, &refs).map_err(derr)?;
                let mut head = vec![count as i64];
                head.extend(&bls);
                let types: Vec<i32> = hs.iter().map(|&t| t as i32).collect();
                let e = env(h::MPI_COMBINER_STRUCT, &head, &ds, &types);
                new_type(self, m, e, a.ptr("newtype")?)
            }
            F::TypeCreateSubarray => {
                let n = count;
                let sizes = self.ints(site, a.ptr("array_of_sizes")?, n, "array_of_sizes")?;
                let subs = self.ints(site, a.ptr("array_of_subsizes")?, n, "array_of_subsizes")?;
                let starts = self.ints(site, a.ptr("array_of_starts")?, n, "array_of_starts")?;
                let order = a.int("order")?;
                if order != h::MPI_ORDER_C && order != h::MPI_ORDER_FORTRAN {
                    return Err(site.invalid(format!("invalid order {order}")));
                }
                let old = self.type_map(site, a.int("oldtype")?, false)?;
                let m = TypeMap::subarray(&sizes, &subs, &starts, order == h::MPI_ORDER_C, &old)
                    .map_err(derr)?;
                let mut ints = vec![n as i64];
                ints.extend(sizes.iter().chain(&subs).chain(&starts));
                ints.push(order as i64);
                let e = env(h::MPI_COMBINER_SUBARRAY, &ints, &[], &[a.int("oldtype")?]);
                new_type(self, m, e, a.ptr("newtype")?)
            }
            F::TypeCreateDarray => {
                let (size, r, n) = (a.int("size")?, a.int("rank")?, a.int("ndims")?);
                if n < 0 {
                    return Err(site.invalid(format!("ndims is negative ({n})")));
                }
                let gsizes = self.ints(site, a.ptr("array_of_gsizes")?, n, "array_of_gsizes")?;
                let distribs =
                    self.ints(site, a.ptr("array_of_distribs")?, n, "array_of_distribs")?;
                let dargs = self.ints(site, a.ptr("array_of_dargs")?, n, "array_of_dargs")?;
                let psizes = self.ints(site, a.ptr("array_of_psizes")?, n, "array_of_psizes")?;
                let order = a.int("order")?;
                if order != h::MPI_ORDER_C && order != h::MPI_ORDER_FORTRAN {
                    return Err(site.invalid(format!("invalid order {order}")));
                }
                let old = self.type_map(site, a.int("oldtype")?, false)?;
                let m = TypeMap::darray(
                    size as i64,
                    r as i64,
                    &gsizes,
                    &distribs,
                    &dargs,
                    &psizes,
                    order == h::MPI_ORDER_C,
                    &old,
                )
                .map_err(derr)?;
                let mut ints = vec![size as i64, r as i64, n as i64];
                ints.extend(gsizes.iter().chain(&distribs).chain(&dargs).chain(&psizes));
                ints.push(order as i64);
                let e = env(h::MPI_COMBINER_DARRAY, &ints, &[], &[a.int("oldtype")?]);
                new_type(self, m, e, a.ptr("newtype")?)
            }
            F::TypeCreateResized => {
                let old = self.type_map(site, a.int("oldtype")?, false)?;
                let (lb, extent) = (a.ptr("lb")? as i64, a.ptr("extent")? as i64);
                let m = old.resized(lb, extent).map_err(derr)?;
                let e = env(
                    h::MPI_COMBINER_RESIZED,
                    &[],
                    &[lb, extent],
                    &[a.int("oldtype")?],
                );
                new_type(self, m, e, a.ptr("newtype")?)
            }
            F::TypeDup => {
                let oldtype = a.int("oldtype")?;
                let old = self.type_map(site, oldtype, false)?;
                // A duplicate of a committed type is committed (§4.1.10).
                let committed = !self.is_derived(rank, oldtype)
                    || self
                        .world
                        .objects
                        .derived(rank, oldtype)
                        .is_some_and(|t| t.committed);
                let handle = self.world.objects.add_type(
                    rank,
                    DerivedType {
                        map: old,
                        committed,
                        freed: false,
                        envelope: Arc::new(env(h::MPI_COMBINER_DUP, &[], &[], &[oldtype])),
                    },
                );
                // Attribute copy callbacks (MPI 3.1 §6.7.4).
                self.attrs_at_type_dup(model, site, oldtype, handle)?;
                self.write_i32(site, a.ptr("newtype")?, handle, "newtype")?;
                Ok(Effect::Return(0))
            }
            F::TypeCommit | F::TypeFree => {
                let addr = a.ptr("datatype")?;
                let dt = self.read_i32(site, addr, "datatype")?;
                self.type_map(site, dt, false)?;
                let Some(t) = self.world.objects.type_mut(rank, dt) else {
                    if func == F::TypeCommit {
                        // Committing a predefined type is allowed and does nothing.
                        return Ok(Effect::Return(0));
                    }
                    return Err(site.invalid(format!(
                        "cannot free the predefined datatype {}",
                        datatype_name(dt)
                    )));
                };
                if func == F::TypeCommit {
                    t.committed = true;
                } else {
                    t.freed = true;
                    self.write_i32(site, addr, h::MPI_DATATYPE_NULL, "datatype")?;
                }
                Ok(Effect::Return(0))
            }
            // MPI 3.1 §4.1.13: how a datatype was made. A predefined type
            // is MPI_COMBINER_NAMED, whose contents may not be asked.
            F::TypeGetEnvelope => {
                let dt = a.int("datatype")?;
                self.type_map(site, dt, false)?;
                let e = self
                    .world
                    .objects
                    .derived(rank, dt)
                    .map(|t| t.envelope.clone())
                    .unwrap_or_else(|| {
                        Arc::new(Envelope {
                            combiner: h::MPI_COMBINER_NAMED,
                            ..Envelope::default()
                        })
                    });
                let outs = [
                    ("num_integers", e.ints.len() as i32),
                    ("num_addresses", e.aints.len() as i32),
                    ("num_datatypes", e.types.len() as i32),
                    ("combiner", e.combiner),
                ];
                for (name, v) in outs {
                    self.write_i32(site, a.ptr(name)?, v, name)?;
                }
                Ok(Effect::Return(0))
            }
            F::TypeGetContents => {
                let dt = a.int("datatype")?;
                self.type_map(site, dt, false)?;
                let Some(e) = self
                    .world
                    .objects
                    .derived(rank, dt)
                    .map(|t| t.envelope.clone())
                else {
                    return Err(site.invalid(format!(
                        "{} is a predefined datatype (MPI_COMBINER_NAMED): calling MPI_Type_get_contents on it is erroneous (MPI 3.1 §4.1.13)",
                        datatype_name(dt)
                    )));
                };
                let needs = [
                    ("max_integers", e.ints.len()),
                    ("max_addresses", e.aints.len()),
                    ("max_datatypes", e.types.len()),
                ];
                for (name, n) in needs {
                    let max = a.int(name)?;
                    if (max as i64) < n as i64 {
                        return Err(site.invalid(format!(
                            "{name} is {max}, but the datatype's constructor has {n} (MPI_Type_get_envelope's count; MPI 3.1 §4.1.13)"
                        )));
                    }
                }
                let ints = a.ptr("array_of_integers")?;
                for (i, &v) in e.ints.iter().enumerate() {
                    self.write_i32(site, ints + 4 * i as u64, v, "array_of_integers")?;
                }
                let aints = a.ptr("array_of_addresses")?;
                for (i, &v) in e.aints.iter().enumerate() {
                    self.write_i64(site, aints + 8 * i as u64, v, "array_of_addresses")?;
                }
                // §4.1.13: a derived type comes back as a new handle to an
                // equivalent type, which the program must free; a
                // predefined one as itself.
                let types = a.ptr("array_of_datatypes")?;
                for (i, &t) in e.types.iter().enumerate() {
                    let handle = match self.world.objects.derived(rank, t).cloned() {
                        Some(mut copy) => {
                            copy.freed = false;
                            self.world.objects.add_type(rank, copy)
                        }
                        None => t,
                    };
                    self.write_i32(site, types + 4 * i as u64, handle, "array_of_datatypes")?;
                }
                Ok(Effect::Return(0))
            }
            // MPI 3.1 §17.1.9: a predefined type of the class and size; a
            // size the compiler does not have is erroneous. The sized
            // Fortran types MPICH returns (an implementation may pick
            // another type of that class and size).
            F::TypeMatchSize => {
                let (class, size) = (a.int("typeclass")?, a.int("size")?);
                let found = match (class, size) {
                    (h::MPI_TYPECLASS_REAL, 4) => Some(h::MPI_REAL4),
                    (h::MPI_TYPECLASS_REAL, 8) => Some(h::MPI_REAL8),
                    (h::MPI_TYPECLASS_REAL, 16) => Some(h::MPI_REAL16),
                    (h::MPI_TYPECLASS_INTEGER, 1) => Some(h::MPI_INTEGER1),
                    (h::MPI_TYPECLASS_INTEGER, 2) => Some(h::MPI_INTEGER2),
                    (h::MPI_TYPECLASS_INTEGER, 4) => Some(h::MPI_INTEGER4),
                    (h::MPI_TYPECLASS_INTEGER, 8) => Some(h::MPI_INTEGER8),
                    (h::MPI_TYPECLASS_COMPLEX, 8) => Some(h::MPI_COMPLEX8),
                    (h::MPI_TYPECLASS_COMPLEX, 16) => Some(h::MPI_COMPLEX16),
                    (h::MPI_TYPECLASS_COMPLEX, 32) => Some(h::MPI_COMPLEX32),
                    (h::MPI_TYPECLASS_REAL | h::MPI_TYPECLASS_INTEGER | h::MPI_TYPECLASS_COMPLEX, _) => None,
                    _ => {
                        return Err(site.invalid(format!(
                            "typeclass {class} is none of MPI_TYPECLASS_REAL, MPI_TYPECLASS_INTEGER, MPI_TYPECLASS_COMPLEX (MPI 3.1 §17.1.9)"
                        )))
                    }
                };
                let Some(t) = found else {
                    return Err(site.invalid(format!(
                        "no {} type of {size} bytes: asking for a size the compiler does not support is erroneous (MPI 3.1 §17.1.9)",
                        match class {
                            h::MPI_TYPECLASS_REAL => "real",
                            h::MPI_TYPECLASS_INTEGER => "integer",
                            _ => "complex",
                        }
                    )));
                };
                self.write_i32(site, a.ptr("datatype")?, t, "datatype")?;
                Ok(Effect::Return(0))
            }
            F::TypeSize => {
                let m = self.type_map(site, a.int("datatype")?, false)?;
                let size = i32::try_from(m.size()).unwrap_or(h::MPI_UNDEFINED);
                self.write_i32(site, a.ptr("size")?, size, "size")?;
                Ok(Effect::Return(0))
            }
            // The large-count form writes an MPI_Count (§4.1.8).
            F::TypeSizeX => {
                let m = self.type_map(site, a.int("datatype")?, false)?;
                let size = i64::try_from(m.size()).unwrap_or(h::MPI_UNDEFINED as i64);
                self.write_i64(site, a.ptr("size")?, size, "size")?;
                Ok(Effect::Return(0))
            }
            // MPI-1 forms removed in MPI 3.0 (§17.2): MPI_Type_extent is the
            // extent of MPI_Type_get_extent, MPI_Type_lb / MPI_Type_ub the
            // bounds of the type map (§4.1.7).
            F::TypeExtent | F::TypeLb | F::TypeUb => {
                let m = self.type_map(site, a.int("datatype")?, false)?;
                let (v, what) = match func {
                    F::TypeExtent => (m.extent(), "extent"),
                    F::TypeLb => (m.lb(), "displacement"),
                    _ => (m.ub(), "displacement"),
                };
                // The output parameter is `extent` or `displacement`, as `what`.
                self.write_i64(site, a.ptr(what)?, v, what)?;
                Ok(Effect::Return(0))
            }
            // MPI_Aint and MPI_Count are both 8 bytes in this ABI, so the
            // `_x` forms write the same cells (§4.1.7, §4.1.8).
            F::TypeGetExtent | F::TypeGetTrueExtent | F::TypeGetExtentX | F::TypeGetTrueExtentX => {
                let m = self.type_map(site, a.int("datatype")?, false)?;
                let ((lb, ext), (lb_at, ext_at)) =
                    if matches!(func, F::TypeGetExtent | F::TypeGetExtentX) {
                        ((m.lb(), m.extent()), (a.ptr("lb")?, a.ptr("extent")?))
                    } else {
                        (
                            (m.true_lb(), m.true_extent()),
                            (a.ptr("true_lb")?, a.ptr("true_extent")?),
                        )
                    };
                self.write_i64(site, lb_at, lb, "lb")?;
                self.write_i64(site, ext_at, ext, "extent")?;
                Ok(Effect::Return(0))
            }
            F::OpCreate => {
                let f = a.ptr("user_fn")?;
                let Some(function) = runtime_model::model::Pointer::as_function(f) else {
                    return Err(site.invalid("user_fn is not a function of the program"));
                };
                let commute = a.int("commute")? != 0;
                let op = self.world.objects.add_op(
                    rank,
                    UserOp {
                        function: function as u64,
                        commute,
                        freed: false,
                    },
                );
                self.write_i32(site, a.ptr("op")?, op, "op")?;
                Ok(Effect::Return(0))
            }
            F::OpFree => {
                let addr = a.ptr("op")?;
                let op = self.read_i32(site, addr, "op")?;
                match self.world.objects.op_mut(rank, op) {
                    Some(u) if !u.freed => u.freed = true,
                    Some(_) => {
                        return Err(site.invalid(format!("operation 0x{op:x} was already freed")))
                    }
                    None if h::predefined_op_name(op).is_some() => {
                        return Err(site.invalid(format!(
                            "cannot free the predefined operation {}",
                            h::predefined_op_name(op).unwrap_or("?")
                        )))
                    }
                    None => return Err(site.invalid(format!("invalid operation 0x{op:x}"))),
                }
                self.write_i32(site, addr, h::MPI_OP_NULL, "op")?;
                Ok(Effect::Return(0))
            }
            _ => Err(misrouted(site.func, "datatype")),
        }
    }

    /// MPI_Get_elements (§4.1.11): basic elements in the received bytes;
    /// MPI_Get_elements_x writes them as an MPI_Count.
    pub(crate) fn call_get_elements(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let st = a.ptr("status")?;
        if ignores_status(st) {
            return Err(site.invalid("status is MPI_STATUS_IGNORE"));
        }
        let m = self.type_map(site, a.int("datatype")?, false)?;
        let lo = self.read_i32(site, st + h::MPI_STATUS_COUNT_LO_OFFSET, "status")?;
        let hi = self.read_i32(
            site,
            st + h::MPI_STATUS_COUNT_HI_AND_CANCELLED_OFFSET,
            "status",
        )?;
        let elements = m.get_elements(h::status_count_bytes(lo, hi));
        if site.func == MpiFunc::GetElementsX {
            let v = elements
                .and_then(|n| i64::try_from(n).ok())
                .unwrap_or(h::MPI_UNDEFINED as i64);
            self.write_i64(site, a.ptr("count")?, v, "count")?;
        } else {
            let v = elements
                .and_then(|n| i32::try_from(n).ok())
                .unwrap_or(h::MPI_UNDEFINED);
            self.write_i32(site, a.ptr("count")?, v, "count")?;
        }
        Ok(Effect::Return(0))
    }

    /// MPI_Status_set_elements(_x) (MPI 3.1 §12.3): sets the status so that
    /// MPI_Get_elements with `datatype` answers `count` (and MPI_Get_count
    /// the items those elements make). The cancelled flag is kept.
    pub(crate) fn call_status_set_elements(
        &mut self,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let st = a.ptr("status")?;
        if ignores_status(st) {
            return Err(site.invalid("status is MPI_STATUS_IGNORE"));
        }
        // An MPI_Count in the `_x` form, an int otherwise.
        let count = if site.func == MpiFunc::StatusSetElementsX {
            a.ptr("count")? as i64
        } else {
            a.int("count")? as i64
        };
        if count < 0 {
            return Err(site.invalid(format!("count is negative ({count})")));
        }
        let m = self.type_map(site, a.int("datatype")?, false)?;
        let Some(bytes) = bytes_of_elements(&m, count as u64) else {
            return Err(site.invalid(format!(
                "count {count} is not a number of basic elements the datatype can hold"
            )));
        };
        let hi_at = st + h::MPI_STATUS_COUNT_HI_AND_CANCELLED_OFFSET;
        let cancelled = h::status_cancelled(self.read_i32(site, hi_at, "status")?);
        let (lo, hi) = h::status_count_fields(bytes, cancelled);
        self.write_i32(site, st + h::MPI_STATUS_COUNT_LO_OFFSET, lo, "status")?;
        self.write_i32(site, hi_at, hi, "status")?;
        Ok(Effect::Return(0))
    }
}
