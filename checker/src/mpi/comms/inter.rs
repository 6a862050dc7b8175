//! Intercommunicators (MPI 3.1 §6.6): MPI_Intercomm_create and
//! MPI_Intercomm_merge (§6.6.2), collectives over two disjoint groups, and
//! the accessors MPI_Comm_test_inter and MPI_Comm_remote_size (§6.6.1).
//! (MPI_Comm_remote_group makes a group and is decoded with MPI_Comm_group
//! in `group`.)

use super::{list, Join};
use crate::diag::ErrorKind;
use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::mpi::collective::Contribution;
use runtime_model::mpi::comm as cm;
use runtime_model::mpi::p2p::EventRef;
use runtime_model::mpi::{Comm, CommId, IntercommHalf, Topology};
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    /// MPI_Intercomm_create (§6.6.2): collective over both local
    /// communicators; the leaders find each other through `peer_comm`.
    /// Members wait on a hidden communicator of their group whose arrivals
    /// are recorded only once the other group has arrived too.
    pub(super) fn intercomm_create(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let local = self.intra(site, a.int("local_comm")?)?;
        let leader = a.int("local_leader")?;
        let out = a.ptr("newintercomm")?;
        let group = self.world.comms[local].members.clone();
        if leader < 0 || leader as usize >= group.len() {
            return Err(site.invalid(format!(
                "local_leader {leader} is not a rank of the local communicator (size {})",
                group.len()
            )));
        }
        self.check_output(site, out, 4, "newintercomm")?;
        let crank = self.world.comms[local].rank_of(site.rank).unwrap_or(0);
        let is_leader = crank == leader as usize;
        let mut v = vec![];
        let mut desc = format!("local_leader={leader}");
        if is_leader {
            let peer_h = a.int("peer_comm")?;
            let peer = self.comm(site, peer_h)?;
            let remote = a.int("remote_leader")?;
            let tag = a.int("tag")?;
            let remote_world = self.peer(site, peer, remote, "remote_leader")?;
            if !valid_tag(tag, false) {
                return Err(site.invalid(format!("tag {tag} is not a valid tag")));
            }
            if group.contains(&remote_world) {
                return Err(site.invalid(format!(
                    "remote_leader {remote} (world rank {remote_world}) is in the local group: the groups must be disjoint"
                )));
            }
            v = vec![peer as i64, remote_world as i64, tag as i64];
            desc = format!(
                "{desc}, peer_comm={}, remote_leader={remote}, tag={tag}",
                comm_name(peer_h)
            );
        }
        let j = Join {
            parent: local,
            args: v,
            must_agree: false,
            root: Some(leader as usize),
            desc,
        };
        let (k, ev) = self.join_creation(site, &j, "local_leader")?;
        // The group's half of the call, and the hidden communicator its
        // members wait on: the group plus, once the local leader has called,
        // a slot for the remote leader, filled when the other group is there.
        let idx = match self
            .world
            .intercomm_halves
            .iter()
            .position(|x| x.local == local && x.instance == k)
        {
            Some(i) => i,
            None => {
                let mut hold = Comm::new(self.world.comms[local].handle, group.clone());
                hold.join_next(0, false);
                for r in 1..group.len() {
                    hold.next_instance[r] = 1;
                }
                let hold = self.world.add_comm(hold);
                self.world.intercomm_halves.push(IntercommHalf {
                    local,
                    instance: k,
                    hold,
                    group: group.clone(),
                    leader: group[leader as usize],
                    remote_leader: None,
                    peer: 0,
                    tag: 0,
                    complete: false,
                });
                self.world.intercomm_halves.len() - 1
            }
        };
        let hold = self.world.intercomm_halves[idx].hold;
        let _ = self.world.comms[hold].instances[0].arrive(crank, hold_contribution(ev));
        if is_leader {
            let half = &mut self.world.intercomm_halves[idx];
            half.peer = j.args[0] as usize;
            half.remote_leader = Some(j.args[1] as usize);
            half.tag = j.args[2] as i32;
            let c = &mut self.world.comms[hold];
            c.members.push(j.args[1] as usize);
            c.next_instance.push(1);
            c.instances[0].arrivals.push(None);
        }
        if self.instance_complete(local, k) {
            self.world.intercomm_halves[idx].complete = true;
            self.link_intercomm(site, out, idx)?;
        }
        Ok(Effect::Block(Block::Collective {
            comm: hold,
            instance: 0,
            recv_buf: out,
        }))
    }

    /// A group's half is complete: if the other group's is too, make the
    /// intercommunicator and let both groups go.
    fn link_intercomm(&mut self, site: &Site, out: u64, idx: usize) -> Result<(), Halt> {
        let me = self.world.intercomm_halves[idx].clone();
        let Some(remote_leader) = me.remote_leader else {
            return Ok(());
        };
        let Some(other) = self.world.intercomm_halves.iter().position(|x| {
            x.complete
                && x.leader == remote_leader
                && x.remote_leader == Some(me.leader)
                && x.peer == me.peer
                && x.tag == me.tag
        }) else {
            return Ok(());
        };
        let them = self.world.intercomm_halves[other].clone();
        if let Some(m) = me.group.iter().find(|m| them.group.contains(m)) {
            // Both groups' calls are at fault: the error is not this call's alone.
            let mut f = Finding::new(
                ErrorKind::InvalidArgument,
                format!(
                    "MPI_Intercomm_create: the two groups share world rank {m}; they must be disjoint (MPI 3.1 §6.6.2)"
                ),
            )
            .at(site.rank, site.loc, Some(site.func));
            for ev in self.world.instance_events(them.local, them.instance) {
                if let Some((loc, func)) = self.event_loc(ev) {
                    f = f.at(ev.0, loc, Some(func));
                }
            }
            return Err(Halt::Error(f));
        }
        self.world
            .intercomm_halves
            .retain(|x| x.hold != me.hold && x.hold != them.hold);
        // Side 0 is the group whose leader has the lower world rank.
        let (a, b) = if me.leader < them.leader {
            (&me, &them)
        } else {
            (&them, &me)
        };
        let id = self.new_intercomm((site.func, a.local), a.group.clone(), b.group.clone());
        for half in [a, b] {
            for &m in &half.group {
                let eh = self.errhandler_on(m, half.local);
                let handle = self.world.bind_comm(m, id, eh);
                self.deliver_handle(site, out, m, handle)?;
            }
        }
        self.name_bridge(id);
        // Each member needed every member of both groups (a data dependency).
        let ea = self.world.instance_events(a.local, a.instance);
        let eb = self.world.instance_events(b.local, b.instance);
        for (x, y) in [(&ea, &eb), (&eb, &ea)] {
            for &w in x {
                for &n in y {
                    self.record_dep(Dep {
                        waiter: w,
                        needs: Needed::Call(n),
                        kind: DepKind::Always,
                    });
                }
            }
        }
        // Release both groups: the remote leader's slot is filled with its
        // call.
        for (half, other) in [(a, b), (b, a)] {
            let at = other.group.iter().position(|&m| m == other.leader);
            let remote_ev = at.and_then(|r| {
                self.world.comms[other.local].instances[other.instance].arrivals[r]
                    .as_ref()
                    .map(|c| c.event)
            });
            if let Some(e) = remote_ev {
                let slot = half.group.len();
                let _ = self.world.comms[half.hold].instances[0].arrive(slot, hold_contribution(e));
            }
        }
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_Intercomm_create completes: new intercommunicator {} of world ranks {} and {}",
                comm_name(self.world.comms[id].handle),
                list(&a.group),
                list(&b.group)
            ),
        );
        self.version += 1;
        Ok(())
    }

    /// An intercommunicator of groups `a` (its `members`) and `b`, with the
    /// hidden communicator over both on which its collectives rendezvous.
    /// Its members' handles are bound by the caller, then `name_bridge`.
    pub(super) fn new_intercomm(
        &mut self,
        origin: (F, CommId),
        a: Vec<usize>,
        b: Vec<usize>,
    ) -> CommId {
        let both: Vec<usize> = a.iter().chain(&b).copied().collect();
        let mut bridge = Comm::new(0, both);
        bridge.handle = self.world.comms[origin.1].handle;
        let bridge = self.world.add_comm(bridge);
        let mut inter = Comm::new(0, a);
        inter.remote = Some(b);
        inter.bridge = Some(bridge);
        inter.origin = Some(origin);
        self.world.add_comm(inter)
    }

    /// The bridge of a new intercommunicator is named by its handle.
    pub(super) fn name_bridge(&mut self, inter: CommId) {
        if let Some(bridge) = self.world.comms[inter].bridge {
            self.world.comms[bridge].handle = self.world.comms[inter].handle;
        }
    }

    /// MPI_Comm_dup (and _with_info), MPI_Comm_split (and _type) and
    /// MPI_Comm_create on an intercommunicator (MPI 3.1 §6.4.2): collective
    /// over both groups, in the intercommunicator's collective order; the
    /// results are intercommunicators. Members wait on its bridge.
    pub(super) fn inter_creating_call(
        &mut self,
        site: &Site,
        args: &[u64],
        inter: CommId,
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let Some(bridge) = self.world.comms[inter].bridge else {
            return Err(site.invalid("intercommunicator without its groups"));
        };
        let out = a.ptr("newcomm")?;
        self.check_output(site, out, 4, "newcomm")?;
        let (v, desc) = match site.func {
            F::CommSplit | F::CommSplitType => self.split_color_key(site, &a)?,
            F::CommCreate => {
                // §6.4.2: "The group argument should only contain those
                // processes in the local group of the input
                // intercommunicator that are to be a part of newcomm."
                let g = self.group_arg(site, a.int("group")?, "group")?;
                let local = self.world.comms[inter].local_group(site.rank);
                if let Some(m) = g.iter().find(|m| !local.contains(m)) {
                    return Err(site.invalid(format!(
                        "group contains world rank {m}, which is not in the local group of the intercommunicator"
                    )));
                }
                let desc = format!("group=world ranks {}", list(&g));
                (g.iter().map(|&m| m as i64).collect(), desc)
            }
            F::CommDupWithInfo => {
                // Hints are not kept: only the handle is checked.
                self.info_arg(site, a.int("info")?, true)?;
                (vec![], String::new())
            }
            _ => (vec![], String::new()),
        };
        let j = Join {
            parent: bridge,
            args: v,
            must_agree: false,
            root: None,
            desc,
        };
        let (k, _) = self.join_creation(site, &j, "arguments")?;
        if self.instance_complete(bridge, k) {
            self.complete_inter_creation(site, inter, bridge, k, out)?;
        }
        Ok(Effect::Block(Block::Collective {
            comm: bridge,
            instance: k,
            recv_buf: out,
        }))
    }

    /// Every member of both groups called: make the new intercommunicators
    /// and give the rest `MPI_COMM_NULL`.
    fn complete_inter_creation(
        &mut self,
        site: &Site,
        inter: CommId,
        bridge: CommId,
        k: usize,
        out: u64,
    ) -> Result<(), Halt> {
        let cs = self.instance_contributions(bridge, k);
        let ga = self.world.comms[inter].members.clone();
        let gb = self.world.comms[inter].remote.clone().unwrap_or_default();
        let (ca, cb) = cs.split_at(ga.len().min(cs.len()));
        let mut made: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        match site.func {
            F::CommSplit | F::CommSplitType => {
                // §6.4.2: "those processes on the left with the same color
                // as those processes on the right combine to create a new
                // intercommunicator [...]. For those colors that are
                // specified only on one side of the intercommunicator,
                // MPI_COMM_NULL is returned."
                let side = |cs: &[Contribution], g: &[usize]| -> Vec<(i32, Vec<usize>)> {
                    let entries: Vec<(Option<i32>, i32)> = cs
                        .iter()
                        .map(|c| {
                            let color = c.args.first().copied().unwrap_or(0) as i32;
                            let key = c.args.get(1).copied().unwrap_or(0) as i32;
                            ((color != h::MPI_UNDEFINED).then_some(color), key)
                        })
                        .collect();
                    cm::split(&entries)
                        .into_iter()
                        .map(|(color, ranks)| (color, ranks.iter().map(|&r| g[r]).collect()))
                        .collect()
                };
                let (sa, sb) = (side(ca, &ga), side(cb, &gb));
                for (color, ma) in sa {
                    if let Some((_, mb)) = sb.iter().find(|(c, _)| *c == color) {
                        made.push((ma, mb.clone()));
                    }
                }
            }
            F::CommCreate => {
                // §6.4.2: "All processes in the same local group of comm
                // must specify the same value for group [...]. If either
                // group does not specify at least one process in the local
                // group of the intercommunicator, or if the calling process
                // is not included in the group, MPI_COMM_NULL is returned."
                let na = self.one_group(site, ca, &ga)?;
                let nb = self.one_group(site, cb, &gb)?;
                if !na.is_empty() && !nb.is_empty() {
                    made.push((na, nb));
                }
            }
            _ => made.push((ga.clone(), gb.clone())),
        }
        let dup = matches!(site.func, F::CommDup | F::CommDupWithInfo);
        let mut got: Vec<usize> = Vec::new();
        for (ma, mb) in made {
            let id = self.new_intercomm((site.func, inter), ma.clone(), mb.clone());
            for &m in ma.iter().chain(&mb) {
                let eh = self.errhandler_on(m, inter);
                let handle = self.world.bind_comm(m, id, eh);
                if dup {
                    self.adopt_copied_attrs(m, inter, handle);
                }
                self.deliver_handle(site, out, m, handle)?;
                got.push(m);
            }
            self.name_bridge(id);
            self.trace_event(
                site.rank,
                site.loc,
                format!(
                    "{} completes: new intercommunicator {} of world ranks {} and {}",
                    site.func.name(),
                    comm_name(self.world.comms[id].handle),
                    list(&ma),
                    list(&mb)
                ),
            );
        }
        for &m in ga.iter().chain(&gb) {
            if !got.contains(&m) {
                self.deliver_handle(site, out, m, h::MPI_COMM_NULL)?;
            }
        }
        Ok(())
    }

    /// The group every member of one side of an intercommunicator passed to
    /// MPI_Comm_create (§6.4.2: the same members in the same order).
    fn one_group(&self, site: &Site, cs: &[Contribution], g: &[usize]) -> Result<Vec<usize>, Halt> {
        let Some(first) = cs.first() else {
            return Ok(vec![]);
        };
        if let Some((i, c)) = cs.iter().enumerate().find(|(_, c)| c.args != first.args) {
            let members =
                |c: &Contribution| -> Vec<usize> { c.args.iter().map(|&m| m as usize).collect() };
            let (loc0, f0) = self.event_loc(first.event).unwrap_or((site.loc, site.func));
            let (loc1, f1) = self.event_loc(c.event).unwrap_or((site.loc, site.func));
            return Err(Halt::Error(
                Finding::new(
                    ErrorKind::CollectiveMismatch,
                    format!(
                        "MPI_Comm_create on an intercommunicator: world rank {} passes group {} but world rank {} of the same group passes {} (MPI 3.1 §6.4.2: every process of a local group passes the same group)",
                        g[0],
                        list(&members(first)),
                        g[i],
                        list(&members(c))
                    ),
                )
                .at(g[0], loc0, Some(f0))
                .at(g[i], loc1, Some(f1)),
            ));
        }
        Ok(first.args.iter().map(|&m| m as usize).collect())
    }

    /// MPI_Intercomm_merge (§6.6.2): collective over both groups.
    pub(super) fn intercomm_merge(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let inter_h = a.int("intercomm")?;
        let inter = self.comm(site, inter_h)?;
        let Some(bridge) = self.world.comms[inter].bridge else {
            return Err(site.invalid(format!(
                "communicator {} is not an intercommunicator",
                comm_name(inter_h)
            )));
        };
        let high = (a.int("high")? != 0) as i64;
        let out = a.ptr("newintracomm")?;
        self.check_output(site, out, 4, "newintracomm")?;
        let j = Join {
            parent: bridge,
            args: vec![high],
            must_agree: false,
            root: None,
            desc: format!("high={high}"),
        };
        let (k, _) = self.join_creation(site, &j, "arguments")?;
        if self.instance_complete(bridge, k) {
            let cs = self.instance_contributions(bridge, k);
            let a = self.world.comms[inter].members.clone();
            let b = self.world.comms[inter].remote.clone().unwrap_or_default();
            let high_of = |from: usize, len: usize| -> Option<i64> {
                let hs: Vec<i64> = cs[from..from + len].iter().map(|c| c.args[0]).collect();
                hs.iter().all(|&x| x == hs[0]).then_some(hs[0])
            };
            let (Some(ha), Some(hb)) = (high_of(0, a.len()), high_of(a.len(), b.len())) else {
                return Err(site.finding(
                    ErrorKind::CollectiveMismatch,
                    "MPI_Intercomm_merge: the processes of one group pass different values of high",
                ));
            };
            // The group passing high = false comes first; with equal values
            // the order is arbitrary (§6.6.2), here side 0 first.
            let members: Vec<usize> = if ha > hb {
                b.iter().chain(&a).copied().collect()
            } else {
                a.iter().chain(&b).copied().collect()
            };
            self.make_comm(site, out, inter, members, Topology::None)?;
        }
        Ok(Effect::Block(Block::Collective {
            comm: bridge,
            instance: k,
            recv_buf: out,
        }))
    }

    /// The intercommunicator accessors (§6.6.1): MPI_Comm_test_inter and
    /// MPI_Comm_remote_size.
    pub(super) fn intercomm_query(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let rank = site.rank;
        let a = Args::new(site.func, args);
        match site.func {
            F::CommTestInter => {
                let c = self.comm(site, a.int("comm")?)?;
                let v = self.world.comms[c].is_inter() as i32;
                self.write_i32(site, a.ptr("flag")?, v, "flag")?;
            }
            F::CommRemoteSize => {
                let handle = a.int("comm")?;
                let c = self.comm(site, handle)?;
                let Some(g) = self.world.comms[c].remote_group(rank) else {
                    return Err(site.invalid(format!(
                        "communicator {} is not an intercommunicator",
                        comm_name(handle)
                    )));
                };
                let v = g.len() as i32;
                self.write_i32(site, a.ptr("size")?, v, "size")?;
            }
            _ => {}
        }
        Ok(Effect::Return(0))
    }
}

/// A member's arrival on the hidden communicator MPI_Intercomm_create waits on.
fn hold_contribution(event: EventRef) -> Contribution {
    Contribution::control(F::IntercommCreate, None, event, vec![])
}
