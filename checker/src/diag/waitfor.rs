//! Who waits for whom when an execution is stuck (issue 4, class 1): the
//! wait-for graph of the blocked processes, and the words that explain a
//! deadlock with it — the cycle when there is one ("wait-for cycle 0 -> 1 ->
//! 0; rank 0 in MPI_Recv at line 12; rank 1 in
//! MPI_Ssend at line 20"), otherwise the chain that ends in a process that
//! finished without doing what the chain waits for.
//!
//! Two places build the graph: a stuck execution of the permissive semantics
//! (`blocked`: each blocked call and the requests, messages or collective
//! members it waits for) and a stuck completes-before replay (`replayed`:
//! the unsatisfied dependencies of each stuck call).

use petgraph::graphmap::DiGraphMap;
use runtime_model::model::LocId;
use runtime_model::mpi_api::MpiFunc;
use std::collections::{BTreeSet, HashMap, VecDeque};

/// What a waiting process needs from a process it waits for.
#[derive(Clone, Debug, PartialEq)]
pub enum Need {
    /// A message it must send.
    Message,
    /// A receive it must post (a synchronous send, a buffer detach).
    Receive,
    /// Its arrival at collective `instance` of a communicator.
    Collective {
        comm: String,
        instance: usize,
        func: MpiFunc,
    },
    /// An MPI call it must reach (a completes-before dependency).
    Call,
    /// The release of the lock it holds on a window (MPI_Win_unlock).
    Unlock { window: usize },
    /// A call of general active target synchronization (MPI_Win_post,
    /// MPI_Win_start, MPI_Win_complete) on a window.
    RmaSync { call: &'static str, window: usize },
}

impl Need {
    /// What an edge of the drawn graph says.
    fn label(&self) -> String {
        match self {
            Need::Message => "a message".into(),
            Need::Receive => "a matching receive".into(),
            Need::Collective {
                comm,
                instance,
                func,
            } => format!("{} on {comm} (collective #{})", func.name(), instance + 1),
            Need::Call => "a call it must reach".into(),
            Need::Unlock { window } => format!("the release of its lock on window {window}"),
            Need::RmaSync { call, window } => format!("{call} on window {window}"),
        }
    }

    /// What a finished process did not do, for the end of a chain.
    fn missed(&self) -> String {
        match self {
            Need::Message => "sending a matching message".into(),
            Need::Receive => "posting a matching receive".into(),
            Need::Collective {
                comm,
                instance,
                func,
            } => format!(
                "calling {} on {comm} (collective #{})",
                func.name(),
                instance + 1
            ),
            Need::Call => "reaching the call it waits for".into(),
            Need::Unlock { window } => format!("releasing its lock on window {window}"),
            Need::RmaSync { call, window } => format!("calling {call} on window {window}"),
        }
    }
}

/// One blocked process.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiter {
    pub rank: usize,
    pub func: MpiFunc,
    pub loc: LocId,
    /// The processes it waits for, and for what.
    pub on: Vec<(usize, Need)>,
    /// Waits for any one of `on` (a wildcard receive or probe, Waitany,
    /// Waitsome) rather than for all of them.
    pub any: bool,
    /// What it waits for when no process can provide it.
    pub otherwise: Option<String>,
}

/// The blocked processes of a stuck execution.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WaitFor {
    pub waiters: Vec<Waiter>,
}

/// A wait-for graph ready to draw: what [`WaitFor::drawing`] returns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WaitGraph {
    pub nodes: Vec<WaitNode>,
    /// Edges between indices of `nodes`, from the waiting process.
    pub edges: Vec<WaitEdge>,
}

/// What a node of a [`WaitGraph`] stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// A blocked process.
    Blocked,
    /// A process a blocked one waits for that is not blocked itself (it
    /// finished, or stopped at an error).
    Process,
    /// A need no process can meet.
    Note,
}

/// A node of a [`WaitGraph`]: its label, line by line (`rank 0`,
/// `MPI_Recv at prog.c:9`).
#[derive(Clone, Debug, PartialEq)]
pub struct WaitNode {
    pub kind: NodeKind,
    pub lines: Vec<String>,
}

/// An edge of a [`WaitGraph`]: `from` waits for `to`, for `label`; `any`
/// when any one of `from`'s edges would do.
#[derive(Clone, Debug, PartialEq)]
pub struct WaitEdge {
    pub from: usize,
    pub to: usize,
    pub label: String,
    pub any: bool,
}

/// How a process that is not blocked ended, e.g. "finished (MPI_Finalize at
/// line 22)"; `None` when nothing is known of it.
pub type Ending<'a> = &'a dyn Fn(usize) -> Option<String>;

impl WaitFor {
    /// Blocked processes whose wait leads, through other blocked ones, to
    /// a process that stopped at an error (`crashed`): their being stuck
    /// follows from that error and is not another one.
    pub fn waiting_on(&self, crashed: &dyn Fn(usize) -> bool) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        loop {
            let before = out.len();
            for w in &self.waiters {
                if !out.contains(&w.rank)
                    && w.on.iter().any(|(t, _)| crashed(*t) || out.contains(t))
                {
                    out.push(w.rank);
                }
            }
            if out.len() == before {
                return out;
            }
        }
    }

    fn waiter(&self, rank: usize) -> Option<&Waiter> {
        self.waiters.iter().find(|w| w.rank == rank)
    }

    fn graph(&self) -> DiGraphMap<usize, ()> {
        let mut g = DiGraphMap::new();
        for w in &self.waiters {
            g.add_node(w.rank);
        }
        for w in &self.waiters {
            for &(t, _) in &w.on {
                if self.waiter(t).is_some() {
                    g.add_edge(w.rank, t, ());
                }
            }
        }
        g
    }

    /// A cycle of blocked processes, as ranks in wait-for order starting at
    /// the lowest rank of the first cyclic component: the shortest way from
    /// that rank back to itself.
    pub fn cycle(&self) -> Option<Vec<usize>> {
        let g = self.graph();
        let mut comps: Vec<Vec<usize>> = petgraph::algo::tarjan_scc(&g)
            .into_iter()
            .filter(|c| c.len() > 1 || g.contains_edge(c[0], c[0]))
            .collect();
        for c in &mut comps {
            c.sort_unstable();
        }
        comps.sort();
        let comp = comps.first()?;
        let start = comp[0];
        // Breadth-first search inside the component for the way back.
        let mut parent: HashMap<usize, usize> = HashMap::new();
        let mut queue = VecDeque::from([start]);
        while let Some(n) = queue.pop_front() {
            let mut next: Vec<usize> = g.neighbors(n).filter(|m| comp.contains(m)).collect();
            next.sort_unstable();
            for m in next {
                if m == start {
                    let mut path = vec![n];
                    let mut at = n;
                    while at != start {
                        at = parent[&at];
                        path.push(at);
                    }
                    path.reverse();
                    return Some(path);
                }
                if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(m) {
                    e.insert(n);
                    queue.push_back(m);
                }
            }
        }
        None
    }

    /// The graph as drawn (`--wait-for-graph`, `--html`): a node per
    /// process involved (a blocked one with the call it waits in and its
    /// source position `site`), an edge from each waiter to each process it
    /// waits for, labeled with what it needs and marked `any` when any one
    /// of them would do (a wildcard receive, Waitany). A need no process can
    /// meet is a note node. Nodes and edges come in a fixed order (waiters
    /// first, by position in `waiters`), so every drawing is the same.
    pub fn drawing(&self, site: &dyn Fn(LocId) -> String) -> WaitGraph {
        let mut g = WaitGraph::default();
        let mut index: HashMap<usize, usize> = HashMap::new();
        for w in &self.waiters {
            index.insert(w.rank, g.nodes.len());
            g.nodes.push(WaitNode {
                kind: NodeKind::Blocked,
                lines: vec![
                    format!("rank {}", w.rank),
                    format!("{} at {}", w.func.name(), site(w.loc)),
                ],
            });
        }
        for w in &self.waiters {
            let from = index[&w.rank];
            for (target, need) in &w.on {
                let to = *index.entry(*target).or_insert_with(|| {
                    g.nodes.push(WaitNode {
                        kind: NodeKind::Process,
                        lines: vec![format!("rank {target}")],
                    });
                    g.nodes.len() - 1
                });
                g.edges.push(WaitEdge {
                    from,
                    to,
                    label: need.label(),
                    any: w.any,
                });
            }
            if let Some(what) = &w.otherwise {
                g.nodes.push(WaitNode {
                    kind: NodeKind::Note,
                    lines: vec![format!("no process provides {what}")],
                });
                g.edges.push(WaitEdge {
                    from,
                    to: g.nodes.len() - 1,
                    label: "waits for".into(),
                    any: false,
                });
            }
        }
        g
    }

    /// The graph in Graphviz DOT (`--wait-for-graph`): the [`drawing`]
    /// with boxes for nodes and dashed edges where any one would do.
    ///
    /// [`drawing`]: WaitFor::drawing
    pub fn to_dot(&self, site: &dyn Fn(LocId) -> String) -> String {
        use petgraph::dot::{Config, Dot};
        use petgraph::graph::{DiGraph, NodeIndex};
        let drawing = self.drawing(site);
        let mut g: DiGraph<String, (String, bool)> = DiGraph::new();
        let nodes: Vec<NodeIndex> = drawing
            .nodes
            .iter()
            .map(|n| g.add_node(n.lines.join("\\n")))
            .collect();
        for e in &drawing.edges {
            g.add_edge(nodes[e.from], nodes[e.to], (e.label.clone(), e.any));
        }
        let edge_attrs =
            |_: &DiGraph<String, (String, bool)>,
             e: petgraph::graph::EdgeReference<'_, (String, bool)>| {
                let (label, any) = e.weight();
                let style = if *any { ", style = dashed" } else { "" };
                format!("label = {label:?}{style}")
            };
        let node_attrs = |_: &DiGraph<String, (String, bool)>, (_, label): (NodeIndex, &String)| {
            format!("label = \"{}\", shape = box", label.replace('"', "'"))
        };
        format!(
            "{:?}",
            Dot::with_attr_getters(
                &g,
                &[Config::EdgeNoLabel, Config::NodeNoLabel],
                &edge_attrs,
                &node_attrs
            )
        )
    }

    /// The deadlock in words: the wait-for cycle, or the chains of waiting
    /// processes ending in processes that finished, then any blocked process
    /// neither covers.
    pub fn describe(&self, line: &dyn Fn(LocId) -> u32, ending: Ending) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut covered: BTreeSet<usize> = BTreeSet::new();
        if let Some(cycle) = self.cycle() {
            parts.push(self.cycle_words(&cycle, line));
            covered.extend(cycle);
        }
        // Chains start at processes no other uncovered blocked process
        // waits for, so each chain is as long as it can be.
        let waited_on: BTreeSet<usize> = self
            .waiters
            .iter()
            .filter(|w| !covered.contains(&w.rank))
            .flat_map(|w| w.on.iter().map(|(t, _)| *t).filter(|&t| t != w.rank))
            .collect();
        let mut starts: Vec<usize> = self
            .waiters
            .iter()
            .map(|w| w.rank)
            .filter(|r| !covered.contains(r) && !waited_on.contains(r))
            .collect();
        let rest: Vec<usize> = self
            .waiters
            .iter()
            .map(|w| w.rank)
            .filter(|r| !covered.contains(r) && !starts.contains(r))
            .collect();
        starts.extend(rest);
        let mut ends: Vec<(usize, Need)> = Vec::new();
        for start in starts {
            if covered.contains(&start) {
                continue;
            }
            parts.push(self.chain(start, &mut covered, &mut ends, line));
        }
        // Finished processes the chains wait for, grouped by what they did
        // not do.
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for (t, need) in ends {
            let Some(how) = ending(t) else { continue };
            let missed = need.missed();
            match groups.iter_mut().find(|(m, _)| *m == missed) {
                Some((_, v)) => v.push(format!("rank {t} {how}")),
                None => groups.push((missed, vec![format!("rank {t} {how}")])),
            }
        }
        for (missed, who) in groups {
            parts.push(format!("{} without {missed}", list(&who, "and")));
        }
        parts.join("; ")
    }

    /// The cycle as a path of ranks and where each waits, grouped by call
    /// site, so that the headline stays one readable line:
    /// `wait-for cycle 0 -> 2 -> 1 -> 0, each in MPI_Recv at line 8`, or
    /// `wait-for cycle 0 -> 1 -> 0; rank 0 in MPI_Recv at line 18; rank 1 in
    /// MPI_Ssend at line 22` (the clauses after the first are notes).
    fn cycle_words(&self, cycle: &[usize], line: &dyn Fn(LocId) -> u32) -> String {
        if let [r] = cycle {
            if let Some(w) = self.waiter(*r) {
                let mut targets = vec![*r];
                if w.any {
                    targets.extend(w.on.iter().map(|(t, _)| *t).filter(|t| t != r));
                }
                return format!("wait-for cycle: {}", clause(w, &targets, line));
            }
        }
        let mut path: Vec<String> = cycle.iter().map(|r| r.to_string()).collect();
        path.push(cycle[0].to_string());
        // A cycle through thousands of ranks keeps its ends.
        const SHOWN: usize = 12;
        let path = if path.len() > SHOWN {
            format!(
                "of {} ranks {} -> ... -> {}",
                cycle.len(),
                path[..SHOWN / 2].join(" -> "),
                path[path.len() - 2..].join(" -> ")
            )
        } else {
            path.join(" -> ")
        };
        let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
        for (i, &r) in cycle.iter().enumerate() {
            let Some(w) = self.waiter(r) else { continue };
            let mut at = format!("in {} at line {}", w.func.name(), line(w.loc));
            // Waiting for any one of several: the cycle goes through one
            // of them, the others are named too.
            let next = cycle[(i + 1) % cycle.len()];
            if w.any && w.on.iter().any(|(t, _)| *t != next) {
                let mut names = vec![format!("rank {next}")];
                names.extend(
                    w.on.iter()
                        .map(|(t, _)| *t)
                        .filter(|&t| t != next)
                        .map(|t| format!("rank {t}")),
                );
                at.push_str(&format!(" (for {})", list(&names, "or")));
            }
            match groups.iter_mut().find(|(a, _)| *a == at) {
                Some((_, ranks)) => ranks.push(r),
                None => groups.push((at, vec![r])),
            }
        }
        match groups.as_slice() {
            [(at, _)] => format!("wait-for cycle {path}, each {at}"),
            _ => {
                let sites: Vec<String> = groups
                    .iter()
                    .map(|(at, ranks)| format!("{} {at}", ranks_words(ranks)))
                    .collect();
                format!("wait-for cycle {path}; {}", sites.join("; "))
            }
        }
    }

    /// `start` and the blocked processes it waits for, in turn, until one
    /// already described or one that is not blocked; those not blocked go
    /// to `ends`.
    fn chain(
        &self,
        start: usize,
        covered: &mut BTreeSet<usize>,
        ends: &mut Vec<(usize, Need)>,
        line: &dyn Fn(LocId) -> u32,
    ) -> String {
        let mut clauses = Vec::new();
        let mut links: Vec<&Waiter> = Vec::new();
        let mut at = Some(start);
        while let Some(r) = at.take() {
            let Some(w) = self.waiter(r) else { break };
            covered.insert(r);
            let targets: Vec<usize> = w.on.iter().map(|(t, _)| *t).collect();
            clauses.push(clause(w, &targets, line));
            links.push(w);
            for (t, need) in &w.on {
                if self.waiter(*t).is_none() && !ends.iter().any(|(e, _)| e == t) {
                    ends.push((*t, need.clone()));
                }
            }
            at = targets
                .iter()
                .copied()
                .find(|t| self.waiter(*t).is_some() && !covered.contains(t));
        }
        chain_path(&links, line).unwrap_or_else(|| clauses.join(", "))
    }
}

/// A chain of three or more processes each waiting for exactly one other,
/// as a path grouped by call site, so that the headline stays one line:
/// `wait-for chain 0 -> 1 -> 2 -> 3, each in MPI_Recv at line 12` (where
/// the last one stands is said after it). `None` for shorter chains and
/// for chains with a process waiting for several, whose clauses say more.
fn chain_path(links: &[&Waiter], line: &dyn Fn(LocId) -> u32) -> Option<String> {
    if links.len() < 3 || links.iter().any(|w| w.on.len() != 1 || w.any) {
        return None;
    }
    let mut path: Vec<String> = links.iter().map(|w| w.rank.to_string()).collect();
    let last = links.last()?.on.first()?.0;
    path.push(last.to_string());
    const SHOWN: usize = 12;
    let path = if path.len() > SHOWN {
        format!(
            "of {} ranks {} -> ... -> {}",
            path.len(),
            path[..SHOWN / 2].join(" -> "),
            path[path.len() - 2..].join(" -> ")
        )
    } else {
        path.join(" -> ")
    };
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for w in links {
        let at = format!("in {} at line {}", w.func.name(), line(w.loc));
        match groups.iter_mut().find(|(a, _)| *a == at) {
            Some((_, ranks)) => ranks.push(w.rank),
            None => groups.push((at, vec![w.rank])),
        }
    }
    Some(match groups.as_slice() {
        [(at, _)] => format!("wait-for chain {path}, each {at}"),
        _ => {
            let sites: Vec<String> = groups
                .iter()
                .map(|(at, ranks)| format!("{} {at}", ranks_words(ranks)))
                .collect();
            format!("wait-for chain {path}; {}", sites.join("; "))
        }
    })
}

/// "rank 0 waits for rank 1 in MPI_Recv at line 12".
fn clause(w: &Waiter, targets: &[usize], line: &dyn Fn(LocId) -> u32) -> String {
    let at = format!("in {} at line {}", w.func.name(), line(w.loc));
    if targets.is_empty() {
        let what = w
            .otherwise
            .as_deref()
            .unwrap_or("an event that never happens");
        return format!("rank {} waits {at} for {what}", w.rank);
    }
    let names: Vec<String> = targets
        .iter()
        .map(|&t| {
            if t == w.rank {
                "itself".to_string()
            } else {
                format!("rank {t}")
            }
        })
        .collect();
    let who = list(&names, if w.any { "or" } else { "and" });
    format!("rank {} waits for {who} {at}", w.rank)
}

/// "rank 0", "ranks 0 and 2", "ranks 0, 2, 4, ... (9 ranks)".
fn ranks_words(ranks: &[usize]) -> String {
    const SHOWN: usize = 6;
    match ranks {
        [one] => format!("rank {one}"),
        _ if ranks.len() > SHOWN => {
            let head: Vec<String> = ranks[..SHOWN].iter().map(|r| r.to_string()).collect();
            format!("ranks {}, ... ({} ranks)", head.join(", "), ranks.len())
        }
        _ => {
            let all: Vec<String> = ranks.iter().map(|r| r.to_string()).collect();
            format!("ranks {}", list(&all, "and"))
        }
    }
}

/// "a, b and c".
fn list(items: &[String], conj: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {conj} {last}", init.join(", ")),
    }
}
