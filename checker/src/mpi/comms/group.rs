//! Groups (MPI 3.1 §6.3): the accessors MPI_Group_size, _rank,
//! _translate_ranks and _compare (§6.3.1), the constructors MPI_Comm_group,
//! MPI_Group_incl/_excl/_range_incl/_range_excl, _union, _intersection and
//! _difference (§6.3.2) with MPI_Comm_remote_group (§6.6.1), and
//! MPI_Group_free (§6.3.3). All are local calls; the set arithmetic lives
//! in `runtime_model::mpi::comm`.

use super::arg_error;
use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::mpi::comm as cm;
use runtime_model::mpi::HandleError;
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    fn new_group_handle(&mut self, rank: usize, members: Vec<usize>) -> i32 {
        if members.is_empty() {
            h::MPI_GROUP_EMPTY
        } else {
            self.world.new_group(rank, members)
        }
    }

    /// The group calls and the calls making a communicator's group.
    pub(super) fn group_call(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let rank = site.rank;
        let a = Args::new(site.func, args);
        match site.func {
            F::CommGroup | F::CommRemoteGroup => {
                let handle = a.int("comm")?;
                let c = self.comm(site, handle)?;
                let comm = &self.world.comms[c];
                let g = if site.func == F::CommGroup {
                    comm.local_group(rank).to_vec()
                } else {
                    match comm.remote_group(rank) {
                        Some(g) => g.to_vec(),
                        None => {
                            return Err(site.invalid(format!(
                                "communicator {} is not an intercommunicator",
                                comm_name(handle)
                            )))
                        }
                    }
                };
                self.check_output(site, a.ptr("group")?, 4, "group")?;
                let handle = self.new_group_handle(rank, g);
                self.write_i32(site, a.ptr("group")?, handle, "group")?;
            }
            F::GroupSize => {
                let g = self.group_arg(site, a.int("group")?, "group")?;
                self.write_i32(site, a.ptr("size")?, g.len() as i32, "size")?;
            }
            F::GroupRank => {
                let g = self.group_arg(site, a.int("group")?, "group")?;
                let v = g
                    .iter()
                    .position(|&m| m == rank)
                    .map_or(h::MPI_UNDEFINED, |p| p as i32);
                self.write_i32(site, a.ptr("rank")?, v, "rank")?;
            }
            F::GroupIncl | F::GroupExcl | F::GroupRangeIncl | F::GroupRangeExcl => {
                let g = self.group_arg(site, a.int("group")?, "group")?;
                let n = a.int("n")?;
                if n < 0 {
                    return Err(site.invalid(format!("n = {n} is negative")));
                }
                let new = match site.func {
                    F::GroupIncl | F::GroupExcl => {
                        let ranks =
                            self.read_int_array(site, a.ptr("ranks")?, n as usize, "ranks")?;
                        if site.func == F::GroupIncl {
                            cm::incl(&g, &ranks)
                        } else {
                            cm::excl(&g, &ranks)
                        }
                    }
                    _ => {
                        let flat =
                            self.read_int_array(site, a.ptr("ranges")?, 3 * n as usize, "ranges")?;
                        let ranges: Vec<[i32; 3]> =
                            flat.chunks(3).map(|c| [c[0], c[1], c[2]]).collect();
                        if site.func == F::GroupRangeIncl {
                            cm::range_incl(&g, &ranges)
                        } else {
                            cm::range_excl(&g, &ranges)
                        }
                    }
                }
                .map_err(|e| arg_error(site, e))?;
                self.check_output(site, a.ptr("newgroup")?, 4, "newgroup")?;
                let handle = self.new_group_handle(rank, new);
                self.write_i32(site, a.ptr("newgroup")?, handle, "newgroup")?;
            }
            F::GroupUnion | F::GroupIntersection | F::GroupDifference => {
                let g1 = self.group_arg(site, a.int("group1")?, "group1")?;
                let g2 = self.group_arg(site, a.int("group2")?, "group2")?;
                let new = match site.func {
                    F::GroupUnion => cm::union(&g1, &g2),
                    F::GroupIntersection => cm::intersection(&g1, &g2),
                    _ => cm::difference(&g1, &g2),
                };
                self.check_output(site, a.ptr("newgroup")?, 4, "newgroup")?;
                let handle = self.new_group_handle(rank, new);
                self.write_i32(site, a.ptr("newgroup")?, handle, "newgroup")?;
            }
            F::GroupTranslateRanks => {
                let g1 = self.group_arg(site, a.int("group1")?, "group1")?;
                let n = a.int("n")?;
                if n < 0 {
                    return Err(site.invalid(format!("n = {n} is negative")));
                }
                let g2 = self.group_arg(site, a.int("group2")?, "group2")?;
                let ranks = self.read_int_array(site, a.ptr("ranks1")?, n as usize, "ranks1")?;
                let out = cm::translate_ranks(&g1, &ranks, &g2).map_err(|e| arg_error(site, e))?;
                self.write_int_array(site, a.ptr("ranks2")?, &out, "ranks2")?;
            }
            F::GroupCompare => {
                let g1 = self.group_arg(site, a.int("group1")?, "group1")?;
                let g2 = self.group_arg(site, a.int("group2")?, "group2")?;
                self.write_i32(
                    site,
                    a.ptr("result")?,
                    cm::compare_groups(&g1, &g2),
                    "result",
                )?;
            }
            F::GroupFree => {
                let addr = a.ptr("group")?;
                let handle = self.read_i32(site, addr, "group")?;
                self.world.free_group(handle, rank).map_err(|e| match e {
                    HandleError::Null => site.invalid("group is MPI_GROUP_NULL"),
                    HandleError::Freed => {
                        site.invalid(format!("group 0x{handle:x} was already freed"))
                    }
                    HandleError::Unknown => site.invalid(format!("invalid group 0x{handle:x}")),
                })?;
                self.write_i32(site, addr, h::MPI_GROUP_NULL, "group")?;
            }
            _ => {}
        }
        Ok(Effect::Return(0))
    }
}
