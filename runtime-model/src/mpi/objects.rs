//! The objects each process makes locally: derived datatypes (MPI 3.1
//! chapter 4), user-defined operations (§5.9.5), info objects (chapter 9)
//! and communicator names (§6.8). Their handles are process-local; no
//! other process sees them and no call on them blocks. Part of the MPI
//! library state with `World`; the checker decodes the calls that make and
//! use them.

use crate::datatype::TypeMap;
use crate::handles::{self as h, INFO_HANDLE_BASE, OP_HANDLE_BASE, TYPE_HANDLE_BASE};
use crate::model::LocId;
use crate::mpi_api::MpiFunc;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DerivedType {
    pub map: Arc<TypeMap>,
    pub committed: bool,
    pub freed: bool,
    /// How it was made, as MPI_Type_get_envelope / get_contents report it
    /// (MPI 3.1 §4.1.13).
    pub envelope: Arc<Envelope>,
}

/// The constructor of a derived datatype and its arguments (MPI 3.1
/// §4.1.13, the table of MPI_Type_get_contents): `combiner` is an
/// `MPI_COMBINER_*` value; `types` are the handles the program passed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Envelope {
    pub combiner: i32,
    pub ints: Vec<i32>,
    pub aints: Vec<i64>,
    pub types: Vec<i32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UserOp {
    /// Model function id of the user function.
    pub function: u64,
    pub commute: bool,
    pub freed: bool,
}

/// Per-process datatype and operation tables (handles are process-local),
/// and the other local objects a process makes: info objects and
/// communicator names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Objects {
    types: Vec<Arc<Vec<DerivedType>>>,
    ops: Vec<Arc<Vec<UserOp>>>,
    pub infos: InfoTables,
    /// Keyvals and cached attributes (MPI 3.1 §6.7).
    pub attrs: super::attrs::AttrTables,
    /// User error handlers, window error handlers, added error codes
    /// (MPI 3.1 §8.3, §8.5).
    pub errors: super::errhandlers::ErrTables,
}

impl Objects {
    pub fn ensure(&mut self, rank: usize) {
        if self.types.len() <= rank {
            self.types.resize_with(rank + 1, Default::default);
            self.ops.resize_with(rank + 1, Default::default);
        }
    }

    pub fn derived(&self, rank: usize, dt: i32) -> Option<&DerivedType> {
        let i = dt.wrapping_sub(TYPE_HANDLE_BASE);
        if i < 0 {
            return None;
        }
        self.types.get(rank)?.get(i as usize)
    }

    pub fn user_op(&self, rank: usize, op: i32) -> Option<&UserOp> {
        let i = op.wrapping_sub(OP_HANDLE_BASE);
        if i < 0 {
            return None;
        }
        self.ops.get(rank)?.get(i as usize)
    }

    pub fn add_type(&mut self, rank: usize, t: DerivedType) -> i32 {
        self.ensure(rank);
        let v = Arc::make_mut(&mut self.types[rank]);
        v.push(t);
        TYPE_HANDLE_BASE + (v.len() - 1) as i32
    }

    pub fn type_mut(&mut self, rank: usize, dt: i32) -> Option<&mut DerivedType> {
        let i = dt.wrapping_sub(TYPE_HANDLE_BASE);
        if i < 0 || self.types.get(rank)?.get(i as usize).is_none() {
            return None;
        }
        Arc::make_mut(&mut self.types[rank]).get_mut(i as usize)
    }

    pub fn add_op(&mut self, rank: usize, op: UserOp) -> i32 {
        self.ensure(rank);
        let v = Arc::make_mut(&mut self.ops[rank]);
        v.push(op);
        OP_HANDLE_BASE + (v.len() - 1) as i32
    }

    pub fn op_mut(&mut self, rank: usize, op: i32) -> Option<&mut UserOp> {
        let i = op.wrapping_sub(OP_HANDLE_BASE);
        if i < 0 || self.ops.get(rank)?.get(i as usize).is_none() {
            return None;
        }
        Arc::make_mut(&mut self.ops[rank]).get_mut(i as usize)
    }
}

/// One info object: (key, value) pairs in insertion order (§9: the order
/// MPI_Info_get_nthkey numbers them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InfoObject {
    pub entries: Vec<(String, String)>,
    pub freed: bool,
    /// The call that made it, for leak reports.
    pub made_at: (LocId, MpiFunc),
}

/// Per-process info objects and communicator names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct InfoTables {
    infos: Vec<Arc<Vec<InfoObject>>>,
    /// Names set with MPI_Comm_set_name, by communicator handle.
    names: Vec<Arc<Vec<(i32, String)>>>,
    /// Hints set with MPI_Comm_set_info, by communicator handle.
    hints: Vec<Arc<Vec<CommHints>>>,
}

/// The hints one process set on one of its communicator handles.
type CommHints = (i32, Vec<(String, String)>);

impl InfoTables {
    pub fn ensure(&mut self, rank: usize) {
        if self.infos.len() <= rank {
            self.infos.resize_with(rank + 1, Default::default);
            self.names.resize_with(rank + 1, Default::default);
            self.hints.resize_with(rank + 1, Default::default);
        }
    }

    pub fn get(&self, rank: usize, handle: i32) -> Option<&InfoObject> {
        let i = handle.wrapping_sub(INFO_HANDLE_BASE);
        if i < 0 {
            return None;
        }
        self.infos.get(rank)?.get(i as usize)
    }

    pub fn get_mut(&mut self, rank: usize, handle: i32) -> Option<&mut InfoObject> {
        let i = handle.wrapping_sub(INFO_HANDLE_BASE);
        if i < 0 || self.get(rank, handle).is_none() {
            return None;
        }
        Arc::make_mut(&mut self.infos[rank]).get_mut(i as usize)
    }

    pub fn add(&mut self, rank: usize, info: InfoObject) -> i32 {
        self.ensure(rank);
        let v = Arc::make_mut(&mut self.infos[rank]);
        v.push(info);
        INFO_HANDLE_BASE + (v.len() - 1) as i32
    }

    /// Info objects of `rank` never freed, with the call that made each.
    pub fn live(&self, rank: usize) -> Vec<(LocId, MpiFunc)> {
        self.infos
            .get(rank)
            .map(|v| v.iter().filter(|i| !i.freed).map(|i| i.made_at).collect())
            .unwrap_or_default()
    }

    /// The name MPI_Comm_get_name reports (§6.8): the one set last, else
    /// the predefined communicators' own names, else the empty string.
    pub fn comm_name(&self, rank: usize, comm: i32) -> String {
        if let Some((_, n)) = self
            .names
            .get(rank)
            .and_then(|v| v.iter().rev().find(|(c, _)| *c == comm))
        {
            return n.clone();
        }
        match comm {
            h::MPI_COMM_WORLD => "MPI_COMM_WORLD".into(),
            h::MPI_COMM_SELF => "MPI_COMM_SELF".into(),
            _ => String::new(),
        }
    }

    /// The hints MPI_Comm_set_info last gave communicator handle `comm`
    /// of process `rank` (none by default).
    pub fn comm_hints(&self, rank: usize, comm: i32) -> Vec<(String, String)> {
        self.hints
            .get(rank)
            .and_then(|v| v.iter().find(|(c, _)| *c == comm))
            .map(|(_, e)| e.clone())
            .unwrap_or_default()
    }

    /// MPI_Comm_set_info replaces the hints it names and keeps the others
    /// (MPI 3.1 §6.4.4: hints not given keep their values).
    pub fn set_comm_hints(&mut self, rank: usize, comm: i32, entries: Vec<(String, String)>) {
        self.ensure(rank);
        let v = Arc::make_mut(&mut self.hints[rank]);
        let mut all = v
            .iter()
            .find(|(c, _)| *c == comm)
            .map(|(_, e)| e.clone())
            .unwrap_or_default();
        for (k, val) in entries {
            match all.iter_mut().find(|(key, _)| *key == k) {
                Some(e) => e.1 = val,
                None => all.push((k, val)),
            }
        }
        v.retain(|(c, _)| *c != comm);
        v.push((comm, all));
    }

    /// The name set last on object handle `handle` (a communicator or a
    /// datatype), if any.
    pub fn object_name(&self, rank: usize, handle: i32) -> Option<String> {
        self.names
            .get(rank)
            .and_then(|v| v.iter().rev().find(|(c, _)| *c == handle))
            .map(|(_, n)| n.clone())
    }

    pub fn set_comm_name(&mut self, rank: usize, comm: i32, name: String) {
        self.ensure(rank);
        let v = Arc::make_mut(&mut self.names[rank]);
        v.retain(|(c, _)| *c != comm);
        v.push((comm, name));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comm_names_default_to_the_predefined_ones_and_follow_the_last_set() {
        let mut t = InfoTables::default();
        assert_eq!(t.comm_name(0, h::MPI_COMM_WORLD), "MPI_COMM_WORLD");
        assert_eq!(t.comm_name(0, 0x4400_0005), "");
        t.set_comm_name(0, h::MPI_COMM_WORLD, "grid".into());
        t.set_comm_name(0, h::MPI_COMM_WORLD, "mesh".into());
        assert_eq!(t.comm_name(0, h::MPI_COMM_WORLD), "mesh");
        assert_eq!(t.comm_name(1, h::MPI_COMM_WORLD), "MPI_COMM_WORLD");
    }

    #[test]
    fn info_handles_are_per_process_and_live_until_freed() {
        let mut t = InfoTables::default();
        let made = (0, MpiFunc::InfoCreate);
        let a = t.add(
            1,
            InfoObject {
                entries: vec![],
                freed: false,
                made_at: made,
            },
        );
        assert_eq!(a, INFO_HANDLE_BASE);
        assert!(t.get(0, a).is_none());
        assert_eq!(t.live(1), vec![made]);
        t.get_mut(1, a).unwrap().freed = true;
        assert!(t.live(1).is_empty());
    }
}
