//! Attribute caching (MPI 3.1 §6.7, and the MPI-1 names of §15.1): keyvals,
//! attributes on communicators, datatypes and windows, and the copy and
//! delete callbacks the library runs. Callbacks are functions of the
//! program, run in the process's memory inside the MPI call that triggers
//! them, the way reductions run user operations (`user_op.rs`).
//!
//! - copy callbacks run at `MPI_Comm_dup` / `_idup` / `_dup_with_info` and
//!   `MPI_Type_dup`, in the order the attributes were set; the flag they
//!   return decides whether the new object gets the attribute (§6.7.2);
//! - delete callbacks run at `MPI_*_delete_attr`, when `MPI_*_set_attr`
//!   replaces a value, when the object is freed (`MPI_Comm_free`,
//!   `MPI_Type_free`, `MPI_Win_free`) and at `MPI_Finalize` for
//!   `MPI_COMM_SELF` (first, §8.7.1) then `MPI_COMM_WORLD`, in the reverse
//!   of the order the attributes were set.
//!
//! A callback returning anything but `MPI_SUCCESS` makes the call that ran
//! it erroneous (§6.7.2).

use super::args::Args;
use super::decode::*;
use crate::exec::interp::Fault;
use crate::exec::memory::AllocKind;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::{FuncId, Model, Pointer};
use runtime_model::mpi::attrs::{AttrTarget, Keyval};
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc as F;

/// Steps one callback may take.
const CALLBACK_STEPS: u64 = 50_000_000;

/// The predefined window attribute keys (§11.2.6), read by
/// `MPI_Win_get_attr` in `rma/window.rs`.
const WIN_KEYS: &[i32] = &[
    h::MPI_WIN_BASE,
    h::MPI_WIN_SIZE,
    h::MPI_WIN_DISP_UNIT,
    h::MPI_WIN_CREATE_FLAVOR,
    h::MPI_WIN_MODEL,
];

/// The object parameter and keyval parameter of an attribute call.
fn attr_params(func: F) -> (AttrTarget, &'static str, &'static str) {
    match func {
        F::TypeSetAttr | F::TypeGetAttr | F::TypeDeleteAttr => {
            (AttrTarget::Type, "datatype", "type_keyval")
        }
        F::WinSetAttr | F::WinGetAttr | F::WinDeleteAttr => (AttrTarget::Win, "win", "win_keyval"),
        F::AttrPut | F::AttrGet | F::AttrDelete => (AttrTarget::Comm, "comm", "keyval"),
        _ => (AttrTarget::Comm, "comm", "comm_keyval"),
    }
}

impl Machine {
    /// Entry point of the attribute calls.
    pub(crate) fn call_attr(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let rank = site.rank;
        let a = Args::new(site.func, args);
        match site.func {
            F::CommCreateKeyval | F::TypeCreateKeyval | F::WinCreateKeyval | F::KeyvalCreate => {
                let (target, copy, delete, out) = match site.func {
                    F::TypeCreateKeyval => (
                        AttrTarget::Type,
                        "type_copy_attr_fn",
                        "type_delete_attr_fn",
                        "type_keyval",
                    ),
                    F::WinCreateKeyval => (
                        AttrTarget::Win,
                        "win_copy_attr_fn",
                        "win_delete_attr_fn",
                        "win_keyval",
                    ),
                    F::KeyvalCreate => (AttrTarget::Comm, "copy_fn", "delete_fn", "keyval"),
                    _ => (
                        AttrTarget::Comm,
                        "comm_copy_attr_fn",
                        "comm_delete_attr_fn",
                        "comm_keyval",
                    ),
                };
                let copy_fn = callback_arg(site, a.ptr(copy)?, copy)?;
                let delete_fn = callback_arg(site, a.ptr(delete)?, delete)?;
                let k = self.world.objects.attrs.add_keyval(
                    rank,
                    Keyval {
                        target,
                        copy_fn,
                        delete_fn,
                        extra_state: a.ptr("extra_state")?,
                        freed: false,
                        made_at: (site.loc, site.func),
                    },
                );
                self.write_i32(site, a.ptr(out)?, k, out)?;
                self.trace_event(
                    rank,
                    site.loc,
                    format!("{}() -> keyval 0x{k:x}", site.func.name()),
                );
            }
            F::CommFreeKeyval | F::TypeFreeKeyval | F::WinFreeKeyval | F::KeyvalFree => {
                let (target, name) = match site.func {
                    F::TypeFreeKeyval => (AttrTarget::Type, "type_keyval"),
                    F::WinFreeKeyval => (AttrTarget::Win, "win_keyval"),
                    F::KeyvalFree => (AttrTarget::Comm, "keyval"),
                    _ => (AttrTarget::Comm, "comm_keyval"),
                };
                let addr = a.ptr(name)?;
                let k = self.read_i32(site, addr, name)?;
                self.user_keyval(site, target, k)?;
                // §6.7.2: freeing a keyval still in use is not erroneous;
                // the attributes stay until deleted or their object freed.
                if let Some(kv) = self.world.objects.attrs.keyval_mut(rank, k) {
                    kv.freed = true;
                }
                self.write_i32(site, addr, h::MPI_KEYVAL_INVALID, name)?;
                self.trace_event(
                    rank,
                    site.loc,
                    format!("{}(keyval 0x{k:x})", site.func.name()),
                );
            }
            F::CommSetAttr | F::AttrPut | F::TypeSetAttr | F::WinSetAttr => {
                let (target, obj_name, key_name) = attr_params(site.func);
                let object = self.attr_object(site, target, a.int(obj_name)?)?;
                let keyval = a.int(key_name)?;
                let predefined = match target {
                    AttrTarget::Comm => self.predefined_attr(site.rank, keyval).is_some(),
                    AttrTarget::Win => WIN_KEYS.contains(&keyval),
                    AttrTarget::Type => false,
                };
                if predefined {
                    return Err(site.invalid(format!(
                        "keyval 0x{keyval:x} is a predefined attribute key: its value cannot be set (MPI 3.1 §8.1.2)"
                    )));
                }
                self.user_keyval(site, target, keyval)?;
                // §6.7.2: setting a present attribute is as if it were
                // deleted first (its delete callback runs), then stored.
                if let Some(old) = self.world.objects.attrs.get(rank, target, object, keyval) {
                    self.run_delete(model, site, target, object, keyval, old)?;
                }
                let value = a.ptr("attribute_val")?;
                self.world
                    .objects
                    .attrs
                    .set(rank, target, object, keyval, value);
                self.trace_event(
                    rank,
                    site.loc,
                    format!(
                        "{}({} {}, keyval 0x{keyval:x})",
                        site.func.name(),
                        target.noun(),
                        object_name(target, object)
                    ),
                );
            }
            F::CommGetAttr | F::AttrGet | F::TypeGetAttr => {
                let (target, obj_name, key_name) = attr_params(site.func);
                let object = self.attr_object(site, target, a.int(obj_name)?)?;
                let keyval = a.int(key_name)?;
                if target == AttrTarget::Comm {
                    if let Some(value) = self.predefined_attr(site.rank, keyval) {
                        return self.get_predefined_attr(site, &a, keyval, value);
                    }
                }
                self.get_user_attr(site, target, object, keyval, &a)?;
            }
            F::CommDeleteAttr | F::AttrDelete | F::TypeDeleteAttr | F::WinDeleteAttr => {
                let (target, obj_name, key_name) = attr_params(site.func);
                let object = self.attr_object(site, target, a.int(obj_name)?)?;
                let keyval = a.int(key_name)?;
                self.user_keyval(site, target, keyval)?;
                // The standard names no error for deleting an attribute that
                // is not present: nothing happens.
                if let Some(old) = self.world.objects.attrs.get(rank, target, object, keyval) {
                    self.run_delete(model, site, target, object, keyval, old)?;
                    self.world
                        .objects
                        .attrs
                        .remove(rank, target, object, keyval);
                }
                self.trace_event(
                    rank,
                    site.loc,
                    format!(
                        "{}({} {}, keyval 0x{keyval:x})",
                        site.func.name(),
                        target.noun(),
                        object_name(target, object)
                    ),
                );
            }
            _ => return Err(misrouted(site.func, "attribute")),
        }
        Ok(Effect::Return(0))
    }

    /// `MPI_*_get_attr` of a keyval the program created: the stored
    /// `void *` and flag 1, or flag 0 when nothing is cached (§6.7.2).
    pub(crate) fn get_user_attr(
        &mut self,
        site: &Site,
        target: AttrTarget,
        object: i32,
        keyval: i32,
        a: &Args,
    ) -> Result<(), Halt> {
        let rank = site.rank;
        self.user_keyval(site, target, keyval)?;
        let flag = a.ptr("flag")?;
        match self.world.objects.attrs.get(rank, target, object, keyval) {
            Some(v) => {
                self.procs[rank]
                    .proc
                    .mem
                    .store(a.ptr("attribute_val")?, 8, v)
                    .map_err(|f| site.memory("attribute_val", f))?;
                self.write_i32(site, flag, 1, "flag")
            }
            None => self.write_i32(site, flag, 0, "flag"),
        }
    }

    /// A predefined communicator attribute: a pointer to an int holding its
    /// value (§8.1.2).
    fn get_predefined_attr(
        &mut self,
        site: &Site,
        a: &Args,
        keyval: i32,
        value: i32,
    ) -> Result<Effect, Halt> {
        let rank = site.rank;
        let cell = self.attr_cell(site, keyval)?;
        let mem = &mut self.procs[rank].proc.mem;
        mem.store(cell, 4, value as u32 as u64)
            .map_err(|f| site.memory("attribute", f))?;
        mem.store(a.ptr("attribute_val")?, 8, cell)
            .map_err(|f| site.memory("attribute_val", f))?;
        self.write_i32(site, a.ptr("flag")?, 1, "flag")?;
        Ok(Effect::Return(0))
    }

    /// The object an attribute call names, checked: communicators and
    /// windows must be live; any datatype, predefined or derived and not
    /// freed, may cache attributes.
    fn attr_object(&self, site: &Site, target: AttrTarget, handle: i32) -> Result<i32, Halt> {
        match target {
            AttrTarget::Comm => {
                self.comm(site, handle)?;
            }
            AttrTarget::Type => {
                self.type_map(site, handle, false)?;
            }
            AttrTarget::Win => {
                self.window(site, handle)?;
            }
        }
        Ok(handle)
    }

    /// A keyval the program made for `target` objects, still usable: not
    /// freed, or freed with attributes still cached under it (§6.7.2).
    fn user_keyval(&self, site: &Site, target: AttrTarget, k: i32) -> Result<Keyval, Halt> {
        if k == h::MPI_KEYVAL_INVALID {
            return Err(site.invalid("keyval is MPI_KEYVAL_INVALID"));
        }
        let Some(kv) = self.world.objects.attrs.keyval(site.rank, k) else {
            return Err(
                if self.predefined_attr(site.rank, k).is_some() || WIN_KEYS.contains(&k) {
                    site.invalid(format!(
                        "keyval 0x{k:x} is a predefined attribute key, not one for {}s",
                        target.noun()
                    ))
                } else {
                    site.invalid(format!("keyval 0x{k:x} is not a valid attribute key"))
                },
            );
        };
        if kv.target != target {
            return Err(site.invalid(format!(
                "keyval 0x{k:x} was created for {}s, not {}s (MPI 3.1 §6.7)",
                kv.target.noun(),
                target.noun()
            )));
        }
        if kv.freed
            && (matches!(
                site.func,
                F::CommFreeKeyval | F::TypeFreeKeyval | F::WinFreeKeyval | F::KeyvalFree
            ) || !self.world.objects.attrs.in_use(site.rank, k))
        {
            return Err(site.invalid(format!(
                "keyval 0x{k:x} was freed by {}",
                kv.made_at.1.name().replace("create", "free")
            )));
        }
        Ok(kv.clone())
    }

    /// Runs the delete callback of `keyval` on the value cached on `object`
    /// (the caller removes or replaces the attribute).
    fn run_delete(
        &mut self,
        model: &Model,
        site: &Site,
        target: AttrTarget,
        object: i32,
        keyval: i32,
        value: u64,
    ) -> Result<(), Halt> {
        let Some(kv) = self.world.objects.attrs.keyval(site.rank, keyval).cloned() else {
            return Ok(());
        };
        let Some(function) = Pointer::as_function(kv.delete_fn) else {
            // MPI_*_NULL_DELETE_FN.
            return Ok(());
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{} runs the delete callback of keyval 0x{keyval:x} on {} {}",
                site.func.name(),
                target.noun(),
                object_name(target, object)
            ),
        );
        // (object, keyval, attribute_val, extra_state)
        let args = [
            object as u32 as u64,
            keyval as u32 as u64,
            value,
            kv.extra_state,
        ];
        let code = self.run_callback(model, site, function, &args, "attribute delete callback")?;
        if code as u32 != 0 {
            return Err(site.invalid(format!(
                "the delete callback of keyval 0x{keyval:x} returned error code {} (not MPI_SUCCESS): the call that ran it is erroneous (MPI 3.1 §6.7.2)",
                code as u32 as i32
            )));
        }
        Ok(())
    }

    /// Runs the copy callback of every attribute cached on `object`, in the
    /// order they were set; returns those the callbacks said to copy, with
    /// their new values.
    fn run_copies(
        &mut self,
        model: &Model,
        site: &Site,
        target: AttrTarget,
        object: i32,
    ) -> Result<Vec<(i32, u64)>, Halt> {
        let rank = site.rank;
        let mut copied = Vec::new();
        for attr in self.world.objects.attrs.on(rank, target, object) {
            let Some(kv) = self.world.objects.attrs.keyval(rank, attr.keyval).cloned() else {
                continue;
            };
            let Some(function) = Pointer::as_function(kv.copy_fn) else {
                // MPI_*_NULL_COPY_FN: not copied.
                continue;
            };
            let mem = &mut self.procs[rank].proc.mem;
            let out = mem
                .allocate(8, AllocKind::Heap)
                .map_err(|f| site.memory("attribute copy", f))?;
            let flag = mem
                .allocate(4, AllocKind::Heap)
                .map_err(|f| site.memory("attribute copy", f))?;
            mem.store(out, 8, 0)
                .and_then(|_| mem.store(flag, 4, 0))
                .map_err(|f| site.memory("attribute copy", f))?;
            // (oldobject, keyval, extra_state, attribute_val_in,
            //  attribute_val_out, flag)
            let args = [
                object as u32 as u64,
                attr.keyval as u32 as u64,
                kv.extra_state,
                attr.value,
                out,
                flag,
            ];
            let code =
                self.run_callback(model, site, function, &args, "attribute copy callback")?;
            let mem = &mut self.procs[rank].proc.mem;
            let (v, f) = (
                mem.load(out, 8)
                    .map_err(|f| site.memory("attribute copy", f))?,
                mem.load(flag, 4)
                    .map_err(|f| site.memory("attribute copy", f))?,
            );
            mem.free(out)
                .and_then(|_| mem.free(flag))
                .map_err(|f| site.memory("attribute copy", f))?;
            if code as u32 != 0 {
                return Err(site.invalid(format!(
                    "the copy callback of keyval 0x{:x} returned error code {} (not MPI_SUCCESS), so the duplication fails (MPI 3.1 §6.7.2)",
                    attr.keyval, code as u32 as i32
                )));
            }
            self.trace_event(
                rank,
                site.loc,
                format!(
                    "{} ran the copy callback of keyval 0x{:x}: {}",
                    site.func.name(),
                    attr.keyval,
                    if f as u32 != 0 {
                        "copied"
                    } else {
                        "not copied"
                    }
                ),
            );
            if f as u32 != 0 {
                copied.push((attr.keyval, v));
            }
        }
        Ok(copied)
    }

    /// Runs the delete callbacks of every attribute on `object` (its free),
    /// the last set first, and forgets them.
    pub(crate) fn delete_all_attrs(
        &mut self,
        model: &Model,
        site: &Site,
        target: AttrTarget,
        object: i32,
    ) -> Result<(), Halt> {
        let attrs = self.world.objects.attrs.on(site.rank, target, object);
        for attr in attrs.iter().rev() {
            self.run_delete(model, site, target, object, attr.keyval, attr.value)?;
            self.world
                .objects
                .attrs
                .remove(site.rank, target, object, attr.keyval);
        }
        Ok(())
    }

    /// Before a call frees an object: its attributes' delete callbacks
    /// (§6.7.2: "when a communicator is deallocated"; §6.7.4, §6.7.3).
    /// An invalid handle caches nothing; the freeing call reports it.
    pub(crate) fn attrs_before_free(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<(), Halt> {
        let a = Args::new(site.func, args);
        let (target, name) = match site.func {
            F::CommFree => (AttrTarget::Comm, "comm"),
            F::TypeFree => (AttrTarget::Type, "datatype"),
            F::WinFree => (AttrTarget::Win, "win"),
            _ => return Ok(()),
        };
        let Ok(object) = self.read_i32(site, a.ptr(name)?, name) else {
            return Ok(());
        };
        self.delete_all_attrs(model, site, target, object)
    }

    /// MPI 3.1 §8.7.1: MPI_Finalize first frees `MPI_COMM_SELF`'s
    /// attributes, running their delete callbacks; then those of
    /// `MPI_COMM_WORLD` (as MPICH and Open MPI do).
    pub(crate) fn attrs_at_finalize(&mut self, model: &Model, site: &Site) -> Result<(), Halt> {
        self.delete_all_attrs(model, site, AttrTarget::Comm, h::MPI_COMM_SELF)?;
        self.delete_all_attrs(model, site, AttrTarget::Comm, h::MPI_COMM_WORLD)
    }

    /// At the start of `MPI_Comm_dup` / `_idup` / `_dup_with_info`: runs
    /// the copy callbacks of the attributes on `comm` (the caller's own
    /// call; what they copy is local), and keeps what they copy for the
    /// new handle, which `adopt_copied_attrs` attaches when the collective
    /// completes.
    pub(crate) fn attrs_at_comm_dup(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<(), Halt> {
        let handle = Args::new(site.func, args).int("comm")?;
        let Some(parent) = self.world.resolve_comm(handle, site.rank) else {
            return Ok(());
        };
        let copied = self.run_copies(model, site, AttrTarget::Comm, handle)?;
        self.world
            .objects
            .attrs
            .queue_copies(site.rank, parent, copied);
        Ok(())
    }

    /// Member `rank` got `handle` from a duplication of `parent`: the
    /// attributes its copy callbacks copied.
    pub(crate) fn adopt_copied_attrs(&mut self, rank: usize, parent: CommId, handle: i32) {
        for (keyval, value) in self.world.objects.attrs.take_copies(rank, parent) {
            self.world
                .objects
                .attrs
                .set(rank, AttrTarget::Comm, handle, keyval, value);
        }
    }

    /// MPI_Type_dup (§4.1.10, §6.7.4): the copy callbacks of `oldtype`'s
    /// attributes decide what `newtype` caches.
    pub(crate) fn attrs_at_type_dup(
        &mut self,
        model: &Model,
        site: &Site,
        oldtype: i32,
        newtype: i32,
    ) -> Result<(), Halt> {
        for (keyval, value) in self.run_copies(model, site, AttrTarget::Type, oldtype)? {
            self.world
                .objects
                .attrs
                .set(site.rank, AttrTarget::Type, newtype, keyval, value);
        }
        Ok(())
    }

    /// Runs a function of the program the library calls (`what`: an
    /// attribute callback, an error handler) inside the call at `site`;
    /// its return value.
    pub(crate) fn run_callback(
        &mut self,
        model: &Model,
        site: &Site,
        function: FuncId,
        args: &[u64],
        what: &str,
    ) -> Result<u64, Halt> {
        let rank = site.rank;
        let budget = self.procs[rank].proc.steps.saturating_add(CALLBACK_STEPS);
        match self.call_serving_mpi(model, site, function, args, budget, what)? {
            Ok(v) => Ok(v),
            Err((Fault::Unsupported(m), at)) => {
                let m = m.replace("a user reduction operator", &format!("an {what}"));
                Err(Halt::Unsupported(match at {
                    Some(at) => format!(
                        "{}: {m} (in the {what} run by {} at {})",
                        model.describe_location(at),
                        site.func.name(),
                        model.describe_location(site.loc)
                    ),
                    None => format!("{}: {m}", model.describe_location(site.loc)),
                }))
            }
            Err((f, at)) => {
                let (kind_of, msg) = fault_finding(&f);
                let mut finding = Finding::new(kind_of, format!("in the {what}: {msg}"));
                if let Some(at) = at {
                    finding = finding.at(rank, at, None);
                }
                Err(Halt::Error(finding.at(rank, site.loc, Some(site.func))))
            }
        }
    }
}

impl Machine {
    /// Runs `function` of `site`'s process as a callback of the library,
    /// serving the MPI calls it makes: a call that completes at once
    /// (`MPI_Comm_rank`, `MPI_Error_string`, `MPI_Comm_get_attr`,
    /// `MPI_Status_set_elements`, ...) is issued as the process's own and
    /// the callback goes on; one that would block (a collective, a
    /// receive) cannot be made inside the library call running it here,
    /// and ends the check as unsupported at its line.
    fn call_serving_mpi(
        &mut self,
        model: &Model,
        site: &Site,
        function: FuncId,
        args: &[u64],
        budget: u64,
        what: &str,
    ) -> Result<Result<u64, (Fault, Option<runtime_model::model::LocId>)>, Halt> {
        let rank = site.rank;
        let saved = match self.procs[rank].proc.enter_function(model, function, args) {
            Ok(saved) => saved,
            Err(e) => return Ok(Err(e)),
        };
        let phase = self.procs[rank].phase.clone();
        let stop = loop {
            let stop = self.procs[rank].proc.run_entered(model, budget);
            let crate::exec::interp::Stop::Mpi { func, args, loc } = &stop else {
                break stop;
            };
            let (func, args, loc) = (*func, args.clone(), *loc);
            let issued = self.issue(model, rank, func, &args, loc);
            let blocked = self.procs[rank].phase != phase;
            self.procs[rank].phase = phase.clone();
            let fault = match issued {
                Ok(()) if !blocked => continue,
                Ok(()) => Fault::Unsupported(format!(
                    "{} would wait inside the {what} (a callback cannot block inside the MPI call that runs it here)",
                    func.name()
                )),
                // The nested call's error (or limit) is the program's,
                // reported where it was made.
                Err(halt) => {
                    let _ = self.procs[rank].proc.leave_function(saved, stop, budget);
                    return Err(halt);
                }
            };
            let _ = self.procs[rank].proc.leave_function(saved, stop, budget);
            return Ok(Err((fault, Some(loc))));
        };
        Ok(self.procs[rank].proc.leave_function(saved, stop, budget))
    }
}

/// A callback argument: a function of the program, or the null function
/// (`MPI_*_NULL_COPY_FN`, `MPI_*_NULL_DELETE_FN`).
fn callback_arg(site: &Site, bits: u64, what: &str) -> Result<u64, Halt> {
    if bits == 0 || Pointer::as_function(bits).is_some() {
        Ok(bits)
    } else {
        Err(site.invalid(format!("{what} is not a function of the program")))
    }
}

fn object_name(target: AttrTarget, object: i32) -> String {
    match target {
        AttrTarget::Comm => comm_name(object),
        AttrTarget::Type => datatype_name(object),
        AttrTarget::Win => format!("0x{object:x}"),
    }
}
