//! The words of a collective mismatch (MPI 3.1 §5.1): which members
//! disagree on the function, root, operation, amount or type signature of
//! one collective instance, shared by every collective including the
//! communicator-creating ones.

use crate::diag::ErrorKind;
use crate::mpi::datatypes::type_name_of;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::mpi::collective::{Mismatch, Typed};
use runtime_model::mpi::CommId;
use std::ops::Range;
use std::sync::Arc;

impl Machine {
    /// The error for member `site`'s call that does not fit instance `k`
    /// of `comm` (MPI 3.1 §5.1): one function for every collective,
    /// communicator-creating ones included, so each mismatch has one kind.
    /// `remote` is the caller's remote group on an intercommunicator's
    /// collective; `what` names the argument a root or argument mismatch is
    /// about (`root`, `local_leader`, `dims or periods`...).
    pub(crate) fn collective_mismatch(
        &self,
        site: &Site,
        comm: CommId,
        k: usize,
        m: Mismatch,
        remote: Option<&Range<usize>>,
        what: &str,
    ) -> Halt {
        let first = m.first();
        // The function the program called: a thread's blocking collective
        // is posted as its nonblocking form (exec::omp::multiple).
        let func = if self.procs[site.rank].proc.posts_blocking_call() {
            site.func.blocking_form()
        } else {
            site.func
        };
        let (first_loc, mut first_func) = self.event_loc(first).unwrap_or((site.loc, func));
        // The first member's call as it matched (its blocking form when a
        // thread's blocking call was posted as nonblocking).
        if let Mismatch::Function {
            first_func: matched,
            ..
        } = &m
        {
            if matched.blocking_form() == first_func.blocking_form() {
                first_func = *matched;
            }
        }
        let cname = self.comm_label(comm);
        let head = format!("collective #{} on {cname} ({})", k + 1, func.name());
        let (kind, msg) = match m {
            Mismatch::Function { first_func, .. } => (
                ErrorKind::CollectiveMismatch,
                format!(
                    "collective #{} on {cname}: rank {} calls {} while rank {} calls {}",
                    k + 1,
                    first.0,
                    first_func.name(),
                    site.rank,
                    func.name()
                ),
            ),
            Mismatch::Root {
                first_root: None,
                root: None,
                ..
            } => (
                ErrorKind::RootMismatch,
                format!(
                    "{head}: no member passes {what}=MPI_ROOT; on an intercommunicator one process of the root group passes MPI_ROOT, the rest of its group MPI_PROC_NULL and the other group the root's rank (MPI 3.1 §5.2.2)"
                ),
            ),
            Mismatch::Root {
                first_root, root, ..
            } => match remote {
                None => {
                    let (fr, r) = (first_root.unwrap_or(0), root.unwrap_or(0));
                    (
                        ErrorKind::RootMismatch,
                        format!(
                            "{head}: rank {} passes {what}={r} but rank {} passed {what}={fr}; every member must pass the same {what} (expected {what}={fr})",
                            site.rank, first.0
                        ),
                    )
                }
                Some(remote) => {
                    let members = &self.world.comms[comm].members;
                    // Index where the second group starts.
                    let split = if remote.start == 0 {
                        remote.end
                    } else {
                        remote.start
                    };
                    let text = |who: usize, x: Option<usize>| match x {
                        None => "MPI_PROC_NULL".to_string(),
                        Some(x) if members.get(x) == Some(&who) => "MPI_ROOT".to_string(),
                        Some(x) if x >= split => (x - split).to_string(),
                        Some(x) => x.to_string(),
                    };
                    (
                        ErrorKind::RootMismatch,
                        format!(
                            "{head}: rank {} passes {what}={} but rank {} passed {what}={}; on an intercommunicator the root passes MPI_ROOT, the rest of its group MPI_PROC_NULL and the other group the root's rank (MPI 3.1 §5.2.2)",
                            site.rank,
                            text(site.rank, root),
                            first.0,
                            text(first.0, first_root)
                        ),
                    )
                }
            },
            Mismatch::Op { first_op, op, .. } => {
                let name = |o: i32| h::predefined_op_name(o).unwrap_or("a user-defined operation");
                (
                    ErrorKind::OpMismatch,
                    format!(
                        "{head}: rank {} passes op={} but rank {} passed op={}; every member must pass the same operation (expected op={})",
                        site.rank,
                        name(op),
                        first.0,
                        name(first_op),
                        name(first_op)
                    ),
                )
            }
            Mismatch::Size {
                first_bytes,
                bytes,
                first_type,
                ty,
                ..
            } => {
                // Name the count and datatype each side passed when the
                // block has one (a reduction's vector, a pairwise block).
                let amount = |t: &Option<Arc<Typed>>, b: u64| match t {
                    Some(t) => format!("{} {} ({b} bytes)", t.count, type_name_of(t.datatype)),
                    None => format!("count/datatype amounting to {b} bytes"),
                };
                (
                    ErrorKind::CountMismatch,
                    format!(
                        "{head}: rank {} passes {} but rank {} passed {} for the same transfer; the amounts of data must be equal (MPI 3.1 §5.1, expected {first_bytes} bytes)",
                        site.rank,
                        amount(&ty, bytes),
                        first.0,
                        amount(&first_type, first_bytes)
                    ),
                )
            }
            Mismatch::Args { .. } => (
                ErrorKind::CollectiveMismatch,
                format!(
                    "{head}: rank {} and rank {} pass different {what}",
                    first.0, site.rank
                ),
            ),
            Mismatch::Type {
                first_type,
                ty,
                index,
                first_elem,
                elem,
                ..
            } => {
                let elem_name = |e: Option<i32>| e.map_or("nothing".into(), datatype_name);
                (
                    ErrorKind::TypeMismatch,
                    format!(
                        "{head}: rank {} passes {} {} but rank {} passed {} {} for the same transfer; the type signatures differ at element {index} ({} vs {}) and must be equal (MPI 3.1 §5.1)",
                        site.rank,
                        ty.count,
                        type_name_of(ty.datatype),
                        first.0,
                        first_type.count,
                        type_name_of(first_type.datatype),
                        elem_name(elem),
                        elem_name(first_elem)
                    ),
                )
            }
        };
        Halt::Error(
            Finding::new(kind, msg)
                .at(first.0, first_loc, Some(first_func))
                .at(site.rank, site.loc, Some(func)),
        )
    }
}
