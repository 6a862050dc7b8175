//! MPI_Reduce_local (MPI 3.1 §5.9.7): a reduction of two local buffers,
//! no communication.

use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::Model;

impl Machine {
    /// MPI_Reduce_local (MPI 3.1 §5.9.7): `inoutbuf = inbuf op inoutbuf`,
    /// no communication; a user-defined operation runs the program's function.
    pub(crate) fn call_reduce_local(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (inbuf, inout, count, dt, op) = (
            a.ptr("inbuf")?,
            a.ptr("inoutbuf")?,
            a.int("count")?,
            a.int("datatype")?,
            a.int("op")?,
        );
        let user = self.user_op_of(site.rank, op);
        self.log_call(site, None, None);
        let op_name = match (&user, h::predefined_op_name(op)) {
            (Some(_), _) => match super::super::decode::numbered(op, h::OP_HANDLE_BASE) {
                Some(n) => format!("op#{n}"),
                None => format!("0x{op:x}"),
            },
            (None, name) => name.unwrap_or("?").trim_start_matches("MPI_").to_string(),
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_Reduce_local(count={count}, type={}, op={op_name})",
                datatype_name(dt)
            ),
        );
        let out = match user {
            Some(u) => {
                if u.freed {
                    return Err(
                        site.invalid(format!("operation 0x{op:x} was freed by MPI_Op_free"))
                    );
                }
                self.type_map(site, dt, false)?;
                let input = self.pack(site, inbuf, count, dt, "inbuf")?;
                let acc = self.pack(site, inout, count, dt, "inoutbuf")?;
                self.check_unpack(site, inout, count, dt, "inoutbuf")?;
                self.user_reduce(model, site.rank, Some(site.func), &u, dt, &[&input, &acc])?
            }
            None => {
                self.check_op(site, op, dt)?;
                let input = self.pack(site, inbuf, count, dt, "inbuf")?;
                let mut acc = self.pack(site, inout, count, dt, "inoutbuf")?.to_vec();
                runtime_model::reduce::reduce_local(op, dt, &input, &mut acc)
                    .map_err(|e| site.invalid(format!("reduction failed: {e}")))?;
                self.check_unpack(site, inout, count, dt, "inoutbuf")?;
                acc
            }
        };
        self.unpack(site.rank, inout, dt, &out)
            .map_err(|f| site.memory("inoutbuf", f))?;
        Ok(Effect::Return(0))
    }
}
