//! Toy systems with known numbers of executions and states, for the
//! strategies' unit tests (no model, no MPI).

use super::*;
use std::hash::{Hash, Hasher};

/// `depth` decisions in a row, each among `width` options; the choices
/// taken so far are the state. An execution whose choices sum to
/// `error_sum` ends with an error; one whose first choice is `redundant_first`
/// is cut as redundant; a choice `halt_on` stops the execution at once.
#[derive(Clone, Debug)]
pub struct Tree {
    pub depth: usize,
    pub width: u32,
    pub taken: Vec<u32>,
    pub error_sum: Option<u32>,
    pub redundant_first: Option<u32>,
    pub halt_on: Option<u32>,
    /// A choice `fail_on` ends the execution at once with an error.
    pub fail_on: Option<u32>,
    /// Only the sum of the choices decides the future (`fingerprint`):
    /// different orders of the same choices merge.
    pub merge_sums: bool,
    /// Each settle takes a little time, so that the workers of a parallel
    /// search overlap and hand work to each other.
    pub slow: bool,
    /// Choice `c` taken at depth `i` costs `c * (i + 1)` instructions, which
    /// the key leaves out (as the MPI key leaves out the instructions each
    /// process executed); an execution past `budget` stops at a limit.
    pub budget: Option<u64>,
}

impl Tree {
    pub fn new(depth: usize, width: u32) -> Tree {
        Tree {
            depth,
            width,
            taken: Vec::new(),
            error_sum: None,
            redundant_first: None,
            halt_on: None,
            fail_on: None,
            merge_sums: false,
            slow: false,
            budget: None,
        }
    }

    fn sum(&self) -> u32 {
        self.taken.iter().sum()
    }

    fn instructions(&self) -> u64 {
        let cost = |(i, &c): (usize, &u32)| u64::from(c) * (i as u64 + 1);
        self.taken.iter().enumerate().map(cost).sum()
    }
}

impl Explorable for Tree {
    type Choice = u32;
    type Halt = String;
    type Error = (String, Vec<u32>);

    fn settle(&mut self, _limits: &Limits) -> Result<(), String> {
        if self.slow {
            std::thread::sleep(std::time::Duration::from_micros(20));
        }
        Ok(())
    }

    fn next(&self) -> Next<u32> {
        if self.redundant_first.is_some() && self.taken.first() == self.redundant_first.as_ref() {
            return Next::Redundant;
        }
        if self.taken.len() == self.depth {
            return Next::End;
        }
        Next::Branch((0..self.width).collect())
    }

    fn apply(&mut self, choice: &u32) -> Result<(), String> {
        self.taken.push(*choice);
        if Some(*choice) == self.halt_on {
            return Err(format!("halt at {:?}", self.taken));
        }
        if Some(*choice) == self.fail_on {
            return Err("fail".into());
        }
        if self.budget.is_some_and(|b| self.instructions() > b) {
            return Err("budget".into());
        }
        Ok(())
    }

    fn halted(&self, halt: String) -> Ending<Self::Error> {
        if halt == "fail" {
            return Ending {
                errors: vec![("fail".into(), self.taken.clone())],
                transitions: self.taken.len() as u64,
                instructions: self.instructions(),
                used: self.memo_used(),
                ..Ending::default()
            };
        }
        Ending {
            limit: Some(halt),
            transitions: self.taken.len() as u64,
            instructions: self.instructions(),
            used: self.memo_used(),
            ..Ending::default()
        }
    }

    fn ended(&self) -> Ending<Self::Error> {
        let mut e = Ending {
            transitions: self.taken.len() as u64,
            instructions: self.instructions(),
            used: self.memo_used(),
            ..Ending::default()
        };
        if self.has_errors() {
            e.errors.push(("sum".into(), self.taken.clone()));
        }
        e
    }

    fn pruned(&self) -> Ending<Self::Error> {
        Ending::default()
    }

    fn has_errors(&self) -> bool {
        self.taken.len() == self.depth && Some(self.sum()) == self.error_sum
    }

    fn take_errors(&mut self) -> Vec<Self::Error> {
        Vec::new()
    }

    fn fingerprint(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        if self.merge_sums {
            (self.taken.len(), self.sum()).hash(&mut h);
        } else {
            self.taken.hash(&mut h);
        }
        h.finish()
    }

    /// With `merge_sums`, what decides the future: the length and the sum
    /// of the choices (and the first one, which may make it redundant).
    fn memo_key(&self) -> Option<u128> {
        self.merge_sums.then(|| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            (self.taken.len(), self.sum()).hash(&mut h);
            if self.redundant_first.is_some() {
                self.taken.first().hash(&mut h);
            }
            h.finish() as u128
        })
    }

    fn progress(&self) -> (u64, u64) {
        (self.taken.len() as u64, self.instructions())
    }

    fn memo_used(&self) -> [u64; LIMITED] {
        [self.instructions(), 0]
    }

    fn memo_room(&self) -> [u64; LIMITED] {
        let room = self
            .budget
            .map_or(u64::MAX, |b| b.saturating_sub(self.instructions()));
        [room, u64::MAX]
    }

    fn same_error(a: &Self::Error, b: &Self::Error) -> bool {
        a.0 == b.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(all_errors: bool) -> Search<Tree> {
        Search::new(Bounds {
            all_errors,
            ..Bounds::default()
        })
    }

    #[test]
    fn dfs_runs_every_execution_once() {
        let mut s = search(false);
        dfs::run(Tree::new(3, 3), &mut s);
        assert_eq!(s.outcome.executions, 27);
        // Every node of the tree is settled once: 1 + 3 + 9 + 27.
        assert_eq!(s.outcome.states, 40);
        assert_eq!(s.outcome.transitions, 27 * 3);
        assert!(s.outcome.errors.is_empty());
        assert!(s.outcome.incomplete.is_none());
    }

    #[test]
    fn dfs_stops_at_the_first_error_in_schedule_order() {
        let mut t = Tree::new(3, 3);
        t.error_sum = Some(4);
        let mut s = search(false);
        dfs::run(t.clone(), &mut s);
        // Schedules in order: 0.0.0 .. 0.1.2 (sum 3), 0.2.0, 0.2.1, 0.2.2 is
        // the first with sum 4: the 9th execution.
        assert_eq!(s.outcome.errors.len(), 1);
        assert_eq!(s.outcome.errors[0].schedule, vec![0, 2, 2]);
        assert_eq!(s.outcome.executions, 9);
        let mut all = search(true);
        dfs::run(t, &mut all);
        // One error kind, reported once, with its first schedule.
        assert_eq!(all.outcome.executions, 27);
        assert_eq!(all.outcome.errors.len(), 1);
        assert_eq!(all.outcome.errors[0].schedule, vec![0, 2, 2]);
    }

    #[test]
    fn dfs_counts_redundant_and_halted_executions() {
        let mut t = Tree::new(2, 3);
        t.redundant_first = Some(1);
        let mut s = search(false);
        dfs::run(t, &mut s);
        assert_eq!(s.outcome.pruned, 1);
        assert_eq!(s.outcome.executions, 6);
        let mut t = Tree::new(2, 2);
        t.halt_on = Some(1);
        let mut s = search(false);
        dfs::run(t, &mut s);
        // The first halt is a limit: the search is incomplete and stops.
        assert_eq!(s.outcome.incomplete.as_deref(), Some("halt at [0, 1]"));
        assert_eq!(s.outcome.executions, 2);
    }

    #[test]
    fn the_execution_bound_makes_a_search_incomplete() {
        let mut s = Search::new(Bounds {
            max_executions: Some(5),
            ..Bounds::default()
        });
        dfs::run(Tree::new(3, 3), &mut s);
        assert_eq!(s.outcome.executions, 5);
        assert_eq!(
            s.outcome.incomplete.as_deref(),
            Some("execution limit of 5 reached")
        );
    }

    #[test]
    fn replay_follows_its_schedule() {
        let mut t = Tree::new(3, 3);
        t.error_sum = Some(4);
        let mut s = search(false);
        replay::follow(t.clone(), &[0, 2, 2], &mut s);
        assert_eq!(s.outcome.executions, 1);
        assert_eq!(s.outcome.errors[0].schedule, vec![0, 2, 2]);
        let mut s = search(false);
        replay::follow(t.clone(), &[1], &mut s);
        assert_eq!(s.outcome.executions, 1);
        assert!(s.outcome.errors.is_empty(), "1.0.0 sums to 1");
        let mut s = search(false);
        replay::follow(t, &[0, 7], &mut s);
        assert_eq!(
            s.outcome.incomplete.as_deref(),
            Some("the replay schedule does not fit this program and process count (choice 7 of 3 at step 2)")
        );
    }

    #[test]
    fn cached_search_visits_each_state_once() {
        let mut s = search(false);
        cached::run(Tree::new(3, 3), &mut s);
        // Without merging the cached search is the whole tree.
        assert_eq!((s.outcome.states, s.outcome.executions), (40, 27));
        let mut t = Tree::new(3, 3);
        t.merge_sums = true;
        let mut s = search(false);
        cached::run(t, &mut s);
        // (length, sum) pairs: 1 + 3 + 5 + 7 states, 7 complete ones.
        assert_eq!((s.outcome.states, s.outcome.executions), (16, 7));
    }
}

#[cfg(test)]
mod memo_tests {
    use super::*;

    /// Each error with its schedule.
    type Errors = Vec<((String, Vec<u32>), Vec<u32>)>;

    fn errs(o: &Outcome<(String, Vec<u32>)>) -> Errors {
        o.errors
            .iter()
            .map(|f| (f.error.clone(), f.schedule.clone()))
            .collect()
    }

    /// Everything but the work is the same.
    fn same_outcome(a: &Outcome<(String, Vec<u32>)>, b: &Outcome<(String, Vec<u32>)>, what: &str) {
        assert_eq!(a.executions, b.executions, "executions: {what}");
        assert_eq!(a.transitions, b.transitions, "transitions: {what}");
        assert_eq!(a.instructions, b.instructions, "instructions: {what}");
        assert_eq!(a.pruned, b.pruned, "pruned: {what}");
        assert_eq!(a.incomplete, b.incomplete, "incomplete: {what}");
        assert_eq!(errs(a), errs(b), "errors: {what}");
    }

    /// The stateful search (sequential, and parallel on several threads)
    /// against the stateless one: everything but the work is the same.
    fn same(t: &Tree, all_errors: bool) -> u64 {
        let bounds = Bounds {
            all_errors,
            ..Bounds::default()
        };
        let mut plain: Search<Tree> = Search::new(bounds.clone());
        dfs::run(t.clone(), &mut plain);
        let mut merged = 0;
        // Slow settles make the threads overlap and hand work to each
        // other: a summary must never count a subtree another thread
        // explored part of (`parallel::donate`).
        let mut t = t.clone();
        t.slow = true;
        let t = &t;
        for jobs in [1, 2, 3, 2, 3, 2, 3] {
            let mut memo: Search<Tree> = Search::new(bounds.clone());
            memo.memo = Some(std::sync::Arc::new(memo::Table::default()));
            if jobs == 1 {
                dfs::run(t.clone(), &mut memo);
            } else {
                parallel::run(t.clone(), &mut memo, jobs, &|| {});
            }
            let (a, b) = (&plain.outcome, &memo.outcome);
            let what = format!("{t:?} all_errors={all_errors} jobs={jobs}");
            same_outcome(a, b, &what);
            assert!(b.states <= a.states, "states: {what}");
            if jobs == 1 {
                merged = b.merged;
                assert!(b.states < a.states || b.merged == 0, "{what}");
            }
        }
        merged
    }

    #[test]
    fn stateful_search_has_the_stateless_outcome() {
        let mut t = Tree::new(6, 3);
        t.merge_sums = true;
        assert!(same(&t, false) > 0, "orders of the same choices merge");
        t.error_sum = Some(9);
        same(&t, false);
        same(&t, true);
        t.error_sum = Some(13);
        same(&t, false);
        same(&t, true);
        let mut t = Tree::new(5, 4);
        t.merge_sums = true;
        t.redundant_first = Some(2);
        t.error_sum = Some(11);
        same(&t, false);
        same(&t, true);
        let mut t = Tree::new(5, 3);
        t.merge_sums = true;
        t.halt_on = Some(2);
        same(&t, false);
        same(&t, true);
    }

    /// The key leaves the instructions executed out: a known subtree is
    /// reused only where its executions stay within the budget, so every
    /// execution that would pass it is still found (the search is
    /// incomplete exactly when the stateless one is).
    #[test]
    fn a_known_subtree_is_reused_only_within_the_budget() {
        for budget in [20, 30, 40, 45, 60, 1000] {
            let mut t = Tree::new(6, 3);
            t.merge_sums = true;
            t.budget = Some(budget);
            same(&t, false);
            same(&t, true);
        }
    }

    #[test]
    fn a_known_subtree_is_counted_not_explored() {
        let mut t = Tree::new(8, 3);
        t.merge_sums = true;
        let mut s: Search<Tree> = Search::new(Bounds::default());
        s.memo = Some(std::sync::Arc::new(memo::Table::default()));
        dfs::run(t, &mut s);
        assert_eq!(s.outcome.executions, 6561);
        assert_eq!(s.outcome.transitions, 6561 * 8);
        // States are the (length, sum) pairs, each explored once; every
        // other arrival at one is a merge: far fewer than the 9841 nodes.
        assert!(s.outcome.states < 200, "{} states", s.outcome.states);
        assert!(s.outcome.merged > 0);
    }

    /// The rest of a partitioned table, as another process holds it: every
    /// question is answered `delay` polls later, if `owner` knows the key.
    struct Owner {
        owner: std::sync::Arc<memo::Table>,
        delay: usize,
        asked: Vec<(u128, usize)>,
        answered: std::rc::Rc<std::cell::Cell<u64>>,
    }

    impl memo::Remote for Owner {
        fn owns(&self, _key: u128) -> bool {
            false
        }
        fn ask(&mut self, key: u128) {
            self.asked.push((key, self.delay));
        }
        fn tell(&mut self, _key: u128, _summary: memo::Summary) {}
        fn poll(&mut self, table: &memo::Table) -> Vec<(u128, memo::Summary)> {
            let mut out = Vec::new();
            self.asked.retain_mut(|(key, wait)| {
                if *wait > 0 {
                    *wait -= 1;
                    return true;
                }
                if let Some(s) = self.owner.get(*key) {
                    table.insert(*key, s);
                    out.push((*key, s));
                }
                false
            });
            self.answered.set(self.answered.get() + out.len() as u64);
            out
        }
    }

    /// Answers that come while the subtree they are about is being
    /// explored cut it: the outcome is the stateless search's, whatever
    /// the delay, and an early answer saves the work.
    #[test]
    fn a_subtree_known_elsewhere_is_cut_when_the_answer_comes() {
        let mut trees = Vec::new();
        let mut t = Tree::new(7, 3);
        t.merge_sums = true;
        trees.push(t.clone());
        t.error_sum = Some(13);
        trees.push(t.clone());
        let mut t = Tree::new(6, 3);
        t.merge_sums = true;
        t.redundant_first = Some(2);
        trees.push(t.clone());
        t.redundant_first = None;
        t.budget = Some(40);
        trees.push(t.clone());
        for t in trees {
            for all_errors in [false, true] {
                let bounds = Bounds {
                    all_errors,
                    ..Bounds::default()
                };
                let mut plain: Search<Tree> = Search::new(bounds.clone());
                dfs::run(t.clone(), &mut plain);
                // What another process learned exploring the whole tree
                // (for `budget`, with more room: its summaries do not fit).
                let owner = std::sync::Arc::new(memo::Table::default());
                let mut first: Search<Tree> = Search::new(bounds.clone());
                first.memo = Some(owner.clone());
                let mut roomy = t.clone();
                roomy.budget = None;
                dfs::run(roomy, &mut first);
                let mut alone: Search<Tree> = Search::new(bounds.clone());
                alone.memo = Some(std::sync::Arc::new(memo::Table::default()));
                dfs::run(t.clone(), &mut alone);
                for delay in [0, 1, 2, 3, 5, 8, 13, 40, 1000] {
                    let answered = std::rc::Rc::new(std::cell::Cell::new(0));
                    memo::attach(Some(Box::new(Owner {
                        owner: owner.clone(),
                        delay,
                        asked: Vec::new(),
                        answered: answered.clone(),
                    })));
                    let mut s: Search<Tree> = Search::new(bounds.clone());
                    s.memo = Some(std::sync::Arc::new(memo::Table::default()));
                    dfs::run(t.clone(), &mut s);
                    memo::attach(None);
                    let (a, b) = (&plain.outcome, &s.outcome);
                    let what = format!("{t:?} all_errors={all_errors} delay={delay}");
                    same_outcome(a, b, &what);
                    if delay <= 3 && a.errors.is_empty() && t.budget.is_none() {
                        assert!(answered.get() > 0, "{what}");
                        assert!(b.states < alone.outcome.states, "states: {what}");
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod split_tests {
    use super::*;

    /// What one table learned, sent as bytes to another: the same
    /// summaries.
    #[test]
    fn summaries_travel_between_tables() {
        let mut t = Tree::new(6, 3);
        t.merge_sums = true;
        let table = std::sync::Arc::new(memo::Table::default());
        let mut s: Search<Tree> = Search::new(Bounds::default());
        s.memo = Some(table.clone());
        let mut learned = Vec::new();
        // Every key the search can meet, read back from the table.
        for depth in 0..=6usize {
            for sum in 0..=12u32 {
                let mut state = t.clone();
                state.taken = vec![0; depth];
                if depth > 0 {
                    state.taken[0] = sum;
                }
                learned.push(state);
            }
        }
        dfs::run(t.clone(), &mut s);
        let mut keys: Vec<u128> = learned.iter().filter_map(|x| x.memo_key()).collect();
        keys.sort_unstable();
        keys.dedup();
        let entries: Vec<_> = keys
            .into_iter()
            .filter_map(|k| table.get(k).map(|v| (k, v)))
            .collect();
        assert_eq!(entries.len() as u64, table.len());
        let mut bytes = Vec::new();
        memo::encode(&entries, &mut bytes);
        let other = std::sync::Arc::new(memo::Table::default());
        for (k, v) in memo::decode(&bytes) {
            other.insert(k, v);
        }
        assert_eq!(other.len(), table.len());
        // With every summary known, only the root is explored.
        let mut again: Search<Tree> = Search::new(Bounds::default());
        again.memo = Some(other);
        dfs::run(t, &mut again);
        assert_eq!(again.outcome.executions, s.outcome.executions);
        assert_eq!(again.outcome.transitions, s.outcome.transitions);
        assert_eq!(again.outcome.states, 1);
    }

    /// The parts together explore what a whole run explores, and the
    /// merge's reading of their pieces (`driver::merge::up_to`: the pieces
    /// that start at or before the first error) counts what a whole run
    /// counts before it stops.
    #[test]
    fn parts_cover_the_search_once() {
        let mut trees = Vec::new();
        let mut t = Tree::new(5, 3);
        t.redundant_first = Some(1);
        t.error_sum = Some(7);
        trees.push(t);
        // Errors at every depth: the expansion (breadth first) meets the
        // shallow ones before deeper ones that come first in schedule
        // order.
        let mut t = Tree::new(5, 3);
        t.fail_on = Some(2);
        trees.push(t.clone());
        t.error_sum = Some(3);
        trees.push(t);
        for (t, all_errors) in trees
            .iter()
            .flat_map(|t| [(t.clone(), false), (t.clone(), true)])
        {
            let bounds = Bounds {
                all_errors,
                ..Bounds::default()
            };
            let mut whole: Search<Tree> = Search::new(bounds.clone());
            dfs::run(t.clone(), &mut whole);
            // Shared: one process explores every part, the last first, with
            // one cut of the top and one table of summaries (`--distributed`).
            for (parts, shared) in [1, 2, 3, 7, 100]
                .into_iter()
                .flat_map(|p| [(p, false), (p, true)])
            {
                let (mut executions, mut pruned, mut first) = (0, 0, None::<Vec<u32>>);
                let mut units = Vec::new();
                let cut = std::sync::OnceLock::new();
                let table = std::sync::Arc::new(memo::Table::default());
                let mut t = t.clone();
                t.merge_sums = shared;
                for part in (0..parts).rev() {
                    let mut s: Search<Tree> = Search::new(bounds.clone());
                    if shared {
                        s.memo = Some(table.clone());
                        units.extend(split::run_cut(t.clone(), &mut s, part, parts, &cut));
                    } else {
                        units.extend(split::run(t.clone(), &mut s, part, parts));
                    }
                    executions += s.outcome.executions;
                    pruned += s.outcome.pruned;
                    for f in &s.outcome.errors {
                        if first.as_ref().is_none_or(|x| f.schedule < *x) {
                            first = Some(f.schedule.clone());
                        }
                    }
                }
                let what = format!("{t:?} parts={parts} all_errors={all_errors} shared={shared}");
                assert_eq!(
                    first,
                    Some(whole.outcome.errors[0].schedule.clone()),
                    "{what}"
                );
                if all_errors {
                    assert_eq!(executions, whole.outcome.executions, "{what}");
                    assert_eq!(pruned, whole.outcome.pruned, "{what}");
                } else {
                    let first = first.unwrap_or_default();
                    let before = units.iter().filter(|u| u.start <= first);
                    let counted: u64 = before.clone().map(|u| u.executions).sum();
                    let moved: u64 = before.map(|u| u.transitions).sum();
                    assert_eq!(counted, whole.outcome.executions, "{what}");
                    assert_eq!(moved, whole.outcome.transitions, "{what}");
                }
            }
        }
    }
}

#[cfg(test)]
mod parallel_tests {
    use super::*;

    /// The parallel search's outcome, field by field, against the
    /// sequential one's.
    fn same(t: &Tree, all_errors: bool) {
        let mut t = t.clone();
        t.slow = true;
        let t = &t;
        let bounds = Bounds {
            all_errors,
            ..Bounds::default()
        };
        let mut seq: Search<Tree> = Search::new(bounds.clone());
        dfs::run(t.clone(), &mut seq);
        for jobs in [1, 2, 3, 4, 8] {
            for _ in 0..3 {
                let mut par: Search<Tree> = Search::new(bounds.clone());
                parallel::run(t.clone(), &mut par, jobs, &|| {});
                let (a, b) = (&seq.outcome, &par.outcome);
                let what = format!("{t:?} all_errors={all_errors} jobs={jobs}");
                assert_eq!(a.executions, b.executions, "executions: {what}");
                assert_eq!(a.states, b.states, "states: {what}");
                assert_eq!(a.transitions, b.transitions, "transitions: {what}");
                assert_eq!(a.pruned, b.pruned, "pruned: {what}");
                assert_eq!(a.incomplete, b.incomplete, "incomplete: {what}");
                let errs = |o: &Outcome<(String, Vec<u32>)>| {
                    o.errors
                        .iter()
                        .map(|f| (f.error.clone(), f.schedule.clone()))
                        .collect::<Vec<_>>()
                };
                assert_eq!(errs(a), errs(b), "errors: {what}");
            }
        }
    }

    #[test]
    fn parallel_search_has_the_sequential_outcome() {
        let before = parallel::DONATIONS.load(std::sync::atomic::Ordering::Relaxed);
        same(&Tree::new(4, 3), false);
        let mut t = Tree::new(5, 3);
        t.error_sum = Some(7);
        same(&t, false);
        same(&t, true);
        // No error until late in schedule order.
        t.error_sum = Some(9);
        same(&t, false);
        let mut t = Tree::new(4, 4);
        t.redundant_first = Some(2);
        t.error_sum = Some(11);
        same(&t, false);
        same(&t, true);
        let mut t = Tree::new(4, 3);
        t.halt_on = Some(2);
        same(&t, false);
        same(&t, true);
        let given = parallel::DONATIONS.load(std::sync::atomic::Ordering::Relaxed) - before;
        assert!(given > 50, "workers shared only {given} tasks");
    }
}
