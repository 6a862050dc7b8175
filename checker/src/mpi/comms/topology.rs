//! Process topologies (MPI 3.1 chapter 7): the neighbor lists of a
//! distributed graph built from its members' calls (§7.5.4), and the local
//! topology calls: MPI_Topo_test, MPI_Cartdim_get, MPI_Cart_get,
//! MPI_Cart_rank, MPI_Cart_coords, MPI_Graph_neighbors[_count],
//! MPI_Dist_graph_neighbors[_count] (§7.5.5), MPI_Dims_create (§7.5.2),
//! MPI_Cart_shift (§7.5.6) and MPI_Cart_map (§7.5.8). The constructors
//! themselves are communicator-creating collectives (`create`); grid
//! arithmetic lives in `runtime_model::mpi::comm`.

use super::arg_error;
use crate::diag::ErrorKind;
use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::mpi::collective::Contribution;
use runtime_model::mpi::comm as cm;
use runtime_model::mpi::Topology;
use runtime_model::mpi_api::MpiFunc as F;

/// Entries of a dist-graph neighbor list: (rank, weight).
type Edges = Vec<(i32, i32)>;

impl Machine {
    pub(super) fn edge_weights(&self, site: &Site, addr: u64, n: usize) -> Result<Vec<i32>, Halt> {
        let a = addr as i64;
        if a == h::MPI_UNWEIGHTED || a == h::MPI_WEIGHTS_EMPTY || n == 0 {
            return Ok(vec![1; n]);
        }
        self.read_int_array(site, addr, n, "weights")
    }

    /// Neighbor lists of a distributed graph from the members' calls.
    #[allow(clippy::type_complexity)]
    pub(super) fn dist_graph(
        &self,
        site: &Site,
        cs: &[Contribution],
        members: &[usize],
    ) -> Result<(Vec<Edges>, Vec<Edges>, bool), Halt> {
        let n = cs.len();
        let mut sources: Vec<Edges> = vec![Vec::new(); n];
        let mut dests: Vec<Edges> = vec![Vec::new(); n];
        let weighted = cs.first().is_some_and(|c| c.args.first() == Some(&1));
        if site.func == F::DistGraphCreate {
            // Every edge, in the order of the specifying ranks (the order
            // of neighbors is not defined by the standard, §7.5.4).
            for c in cs {
                for e in c.args[1..].chunks(3) {
                    if let [s, d, w] = *e {
                        dests[s as usize].push((d as i32, w as i32));
                        sources[d as usize].push((s as i32, w as i32));
                    }
                }
            }
            return Ok((sources, dests, weighted));
        }
        for (r, c) in cs.iter().enumerate() {
            let a = &c.args;
            let indeg = a.get(1).copied().unwrap_or(0) as usize;
            for i in 0..indeg {
                sources[r].push((a[2 + 2 * i] as i32, a[3 + 2 * i] as i32));
            }
            let o = 2 + 2 * indeg;
            let outdeg = a.get(o).copied().unwrap_or(0) as usize;
            for i in 0..outdeg {
                dests[r].push((a[o + 1 + 2 * i] as i32, a[o + 2 + 2 * i] as i32));
            }
        }
        // §7.5.4: the members' lists must agree, each edge listed by both
        // ends as often.
        for r in 0..n {
            for d in 0..n {
                let out = dests[r].iter().filter(|e| e.0 == d as i32).count();
                let inn = sources[d].iter().filter(|e| e.0 == r as i32).count();
                if out != inn {
                    let (loc, func) = self.event_loc(cs[d].event).unwrap_or((site.loc, site.func));
                    let (rloc, rfunc) =
                        self.event_loc(cs[r].event).unwrap_or((site.loc, site.func));
                    return Err(Halt::Error(
                        Finding::new(
                            ErrorKind::CollectiveMismatch,
                            format!(
                                "MPI_Dist_graph_create_adjacent: rank {r} lists rank {d} as a destination {out} time(s) but rank {d} lists rank {r} as a source {inn} time(s)"
                            ),
                        )
                        .at(members[r], rloc, Some(rfunc))
                        .at(members[d], loc, Some(func)),
                    ));
                }
            }
        }
        Ok((sources, dests, weighted))
    }

    /// The local topology calls.
    pub(super) fn topology_query(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let rank = site.rank;
        let a = Args::new(site.func, args);
        match site.func {
            F::CartGet => {
                let c = self.comm(site, a.int("comm")?)?;
                let cart = self.cart_of(site, c)?;
                let maxdims = a.int("maxdims")?;
                if maxdims < cart.ndims() as i32 {
                    return Err(site.invalid(format!(
                        "maxdims = {maxdims} is less than the grid's {} dims",
                        cart.ndims()
                    )));
                }
                let crank = self.world.comms[c].rank_of(rank).unwrap_or(0);
                let periods: Vec<i32> = cart.periods.iter().map(|&p| p as i32).collect();
                self.write_int_array(site, a.ptr("dims")?, &cart.dims, "dims")?;
                self.write_int_array(site, a.ptr("periods")?, &periods, "periods")?;
                self.write_int_array(site, a.ptr("coords")?, &cart.coords(crank), "coords")?;
            }
            F::CartRank => {
                let c = self.comm(site, a.int("comm")?)?;
                let cart = self.cart_of(site, c)?;
                let coords = self.read_int_array(site, a.ptr("coords")?, cart.ndims(), "coords")?;
                let r = cart.rank(&coords).map_err(|e| arg_error(site, e))?;
                self.write_i32(site, a.ptr("rank")?, r as i32, "rank")?;
            }
            F::CartCoords => {
                let c = self.comm(site, a.int("comm")?)?;
                let cart = self.cart_of(site, c)?;
                let r = a.int("rank")?;
                if r < 0 || r as usize >= cart.size() {
                    return Err(site.invalid(format!(
                        "rank {r} is not a rank of the grid (size {})",
                        cart.size()
                    )));
                }
                let maxdims = a.int("maxdims")?;
                if maxdims < cart.ndims() as i32 {
                    return Err(site.invalid(format!(
                        "maxdims = {maxdims} is less than the grid's {} dims",
                        cart.ndims()
                    )));
                }
                self.write_int_array(site, a.ptr("coords")?, &cart.coords(r as usize), "coords")?;
            }
            F::CartShift => {
                let c = self.comm(site, a.int("comm")?)?;
                let cart = self.cart_of(site, c)?;
                let (dir, disp) = (a.int("direction")?, a.int("disp")?);
                if dir < 0 || dir as usize >= cart.ndims() {
                    return Err(site.invalid(format!(
                        "direction {dir} is not a dimension of the grid (dims {})",
                        cart.ndims()
                    )));
                }
                let crank = self.world.comms[c].rank_of(rank).unwrap_or(0);
                let (s, d) = cart.shift(crank, dir as usize, disp);
                self.write_i32(site, a.ptr("rank_source")?, s, "rank_source")?;
                self.write_i32(site, a.ptr("rank_dest")?, d, "rank_dest")?;
            }
            F::CartdimGet => {
                let c = self.comm(site, a.int("comm")?)?;
                let cart = self.cart_of(site, c)?;
                self.write_i32(site, a.ptr("ndims")?, cart.ndims() as i32, "ndims")?;
            }
            F::TopoTest => {
                let c = self.comm(site, a.int("comm")?)?;
                let v = match self.world.comms[c].topology {
                    Topology::None => h::MPI_UNDEFINED,
                    Topology::Cart(_) => h::MPI_CART,
                    Topology::Graph(_) => h::MPI_GRAPH,
                    Topology::DistGraph { .. } => h::MPI_DIST_GRAPH,
                };
                self.write_i32(site, a.ptr("status")?, v, "status")?;
            }
            F::DimsCreate => {
                let (nnodes, nd) = (a.int("nnodes")?, a.int("ndims")?);
                if nd < 0 {
                    return Err(site.invalid(format!("ndims = {nd} is negative")));
                }
                let dims = self.read_int_array(site, a.ptr("dims")?, nd as usize, "dims")?;
                let filled = cm::dims_create(nnodes, &dims).map_err(|e| arg_error(site, e))?;
                self.write_int_array(site, a.ptr("dims")?, &filled, "dims")?;
            }
            // §7.5.5: the graph MPI_Graph_create made, as its `index` and
            // `edges` arrays; MPI_Graph_get writes at most `maxindex` and
            // `maxedges` entries.
            F::GraphdimsGet | F::GraphGet => {
                let c = self.comm(site, a.int("comm")?)?;
                let Topology::Graph(g) = &self.world.comms[c].topology else {
                    return Err(site.invalid("no graph topology on the communicator"));
                };
                let edges: Vec<i32> = g.iter().flatten().copied().collect();
                let index: Vec<i32> = g
                    .iter()
                    .scan(0i32, |n, ns| {
                        *n += ns.len() as i32;
                        Some(*n)
                    })
                    .collect();
                if site.func == F::GraphdimsGet {
                    self.write_i32(site, a.ptr("nnodes")?, index.len() as i32, "nnodes")?;
                    self.write_i32(site, a.ptr("nedges")?, edges.len() as i32, "nedges")?;
                } else {
                    let (mi, me) = (a.int("maxindex")?, a.int("maxedges")?);
                    if mi < 0 || me < 0 {
                        return Err(site.invalid(format!(
                            "maxindex ({mi}) and maxedges ({me}) must not be negative"
                        )));
                    }
                    let index = &index[..index.len().min(mi as usize)];
                    let edges = &edges[..edges.len().min(me as usize)];
                    self.write_int_array(site, a.ptr("index")?, index, "index")?;
                    self.write_int_array(site, a.ptr("edges")?, edges, "edges")?;
                }
            }
            // §7.5.5: the neighbors MPI_Graph_create gave rank `rank`.
            F::GraphNeighborsCount | F::GraphNeighbors => {
                let c = self.comm(site, a.int("comm")?)?;
                let Topology::Graph(g) = &self.world.comms[c].topology else {
                    return Err(site.invalid("no graph topology on the communicator"));
                };
                let r = a.int("rank")?;
                let Some(ns) = usize::try_from(r).ok().and_then(|r| g.get(r)).cloned() else {
                    return Err(site.invalid(format!(
                        "rank {r} is not a rank of the communicator (size {})",
                        g.len()
                    )));
                };
                if site.func == F::GraphNeighborsCount {
                    self.write_i32(site, a.ptr("nneighbors")?, ns.len() as i32, "nneighbors")?;
                } else {
                    let max = a.int("maxneighbors")?;
                    let shown = ns.len().min(max.max(0) as usize);
                    // §7.5.5: at most `maxneighbors` are returned.
                    self.write_int_array(site, a.ptr("neighbors")?, &ns[..shown], "neighbors")?;
                }
            }
            // §7.5.7: the rank the caller would have in a grid of `dims`
            // over `comm`. Grids are never reordered here (as in
            // MPI_Cart_create), so it keeps its rank, or gets MPI_UNDEFINED
            // when the grid has fewer processes than the communicator.
            F::CartMap => {
                let c = self.intra(site, a.int("comm")?)?;
                let nd = a.int("ndims")?;
                // ndims 0 maps onto a grid of one process (MPI 3.1 §7.5.8,
                // as MPI_Cart_create's zero-dimensional topology, §7.5.1).
                if nd < 0 {
                    return Err(site.invalid(format!("ndims = {nd} is negative")));
                }
                let dims = self.read_int_array(site, a.ptr("dims")?, nd as usize, "dims")?;
                self.read_int_array(site, a.ptr("periods")?, nd as usize, "periods")?;
                if let Some(d) = dims.iter().find(|&&d| d < 1) {
                    return Err(site.invalid(format!("dims has the non-positive entry {d}")));
                }
                let cells = dims
                    .iter()
                    .try_fold(1i64, |p, &d| p.checked_mul(d as i64))
                    .unwrap_or(i64::MAX);
                let size = self.world.comms[c].size() as i64;
                if cells > size {
                    return Err(site.invalid(format!(
                        "dims describe a grid of {cells} processes, more than the communicator's {size}"
                    )));
                }
                let crank = self.world.comms[c].rank_of(rank).unwrap_or(0) as i64;
                let v = if crank < cells {
                    crank as i32
                } else {
                    h::MPI_UNDEFINED
                };
                self.write_i32(site, a.ptr("newrank")?, v, "newrank")?;
            }
            // §7.5.8: the rank the caller would have in the graph; as
            // MPI_Graph_create never reorders here, its own rank, or
            // MPI_UNDEFINED when the graph has fewer nodes than the
            // communicator has processes.
            F::GraphMap => {
                let c = self.intra(site, a.int("comm")?)?;
                let nnodes = a.int("nnodes")?;
                let size = self.world.comms[c].size();
                if nnodes < 1 || nnodes as usize > size {
                    return Err(site.invalid(format!(
                        "nnodes = {nnodes} is not between 1 and the communicator size {size}"
                    )));
                }
                let index = self.read_int_array(site, a.ptr("index")?, nnodes as usize, "index")?;
                if index.windows(2).any(|w| w[1] < w[0]) || index[0] < 0 {
                    return Err(site.invalid("index is not non-decreasing from 0"));
                }
                let nedges = index[nnodes as usize - 1];
                let edges = self.read_int_array(site, a.ptr("edges")?, nedges as usize, "edges")?;
                if let Some(e) = edges.iter().find(|&&e| e < 0 || e >= nnodes) {
                    return Err(site.invalid(format!(
                        "edges contain {e}, which is not a node of the graph (nnodes {nnodes})"
                    )));
                }
                let crank = self.world.comms[c].rank_of(rank).unwrap_or(0);
                let v = if crank < nnodes as usize {
                    crank as i32
                } else {
                    h::MPI_UNDEFINED
                };
                self.write_i32(site, a.ptr("newrank")?, v, "newrank")?;
            }
            F::DistGraphNeighborsCount | F::DistGraphNeighbors => {
                let c = self.comm(site, a.int("comm")?)?;
                let crank = self.world.comms[c].rank_of(rank).unwrap_or(0);
                let Topology::DistGraph {
                    sources,
                    destinations,
                    weighted,
                } = self.world.comms[c].topology.clone()
                else {
                    return Err(site.invalid("no distributed graph topology on the communicator"));
                };
                let (ins, outs) = (&sources[crank], &destinations[crank]);
                if site.func == F::DistGraphNeighborsCount {
                    self.write_i32(site, a.ptr("indegree")?, ins.len() as i32, "indegree")?;
                    self.write_i32(site, a.ptr("outdegree")?, outs.len() as i32, "outdegree")?;
                    self.write_i32(site, a.ptr("weighted")?, weighted as i32, "weighted")?;
                } else {
                    let (maxin, maxout) = (a.int("maxindegree")?, a.int("maxoutdegree")?);
                    if maxin < ins.len() as i32 || maxout < outs.len() as i32 {
                        return Err(site.invalid(format!(
                            "maxindegree/maxoutdegree {maxin}/{maxout} are less than the degrees {}/{}",
                            ins.len(),
                            outs.len()
                        )));
                    }
                    let r: Vec<i32> = ins.iter().map(|e| e.0).collect();
                    let w: Vec<i32> = ins.iter().map(|e| e.1).collect();
                    self.write_int_array(site, a.ptr("sources")?, &r, "sources")?;
                    if weighted && a.ptr("sourceweights")? as i64 != h::MPI_UNWEIGHTED {
                        self.write_int_array(site, a.ptr("sourceweights")?, &w, "sourceweights")?;
                    }
                    let r: Vec<i32> = outs.iter().map(|e| e.0).collect();
                    let w: Vec<i32> = outs.iter().map(|e| e.1).collect();
                    self.write_int_array(site, a.ptr("destinations")?, &r, "destinations")?;
                    if weighted && a.ptr("destweights")? as i64 != h::MPI_UNWEIGHTED {
                        self.write_int_array(site, a.ptr("destweights")?, &w, "destweights")?;
                    }
                }
            }
            _ => {}
        }
        Ok(Effect::Return(0))
    }
}
