//! Explicit tasks (OpenMP 5.2 §12.5): a task is one more logical thread of
//! the team. It starts after its creation (its clock holds its creator's
//! at the task construct) and, unless its `depend` clauses make it wait
//! for sibling tasks (§15.9.5), may run at once; it ends before the
//! creator's next `taskwait` (§15.5: child tasks), the end of a
//! `taskgroup` it was made in (§15.4: with their descendants), and the
//! next barrier (§15.3.1: every task of the team). Running it at whichever
//! point the fixed schedule reaches stands for every point a runtime may
//! choose because its accesses are checked against every access that none
//! of these orderings separates from it, as a thread's are
//! (docs/OPENMP.md): tasks are tied, and `untied` ones are run as tied,
//! which only restricts where they may resume.

use super::super::interp::{Fault, Process};
use super::{join_into, OmpStep, Team, Thread, ThreadState};
use crate::exec::memory::AllocKind;
use runtime_model::model::{FuncId, LocId, Model, Pointer};
use runtime_model::omp::OmpCall;

/// What an explicit task is to the team.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct TaskInfo {
    /// The thread or task whose task construct made it.
    pub parent: u32,
    /// The taskgroups it is part of: those open in its creator when it was
    /// made, and those its creator is part of.
    pub groups: Vec<u32>,
    /// A `final` task: tasks made inside it are included tasks.
    pub is_final: bool,
    /// Its task construct.
    pub loc: LocId,
    /// Its record and entry function.
    pub record: u64,
    pub entry: FuncId,
    /// An untied task handed itself back to the runtime (clang's code for
    /// an untied task does at each task scheduling point): its function
    /// runs again, for the next part, when it returns.
    pub requeued: bool,
}

/// The `depend` clauses sibling tasks gave one address: the last task with
/// `out`/`inout` on it, and the `in` tasks made since.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct DepEntry {
    last_out: Option<u32>,
    ins: Vec<u32>,
}

/// `kmp_depend_info` flags clang emits (`in` 1, `out`/`inout` 3).
const DEP_IN: u8 = 1;
const DEP_OUT: u8 = 2;

/// The flag bits of `__kmpc_omp_task_alloc` (kmp.h `kmp_tasking_flags_t`).
const TASK_FINAL: u32 = 2;

/// How a thread or task of the team is named in messages.
pub(super) fn actor(team: &Team, i: usize) -> String {
    if i as u32 >= team.implicit {
        format!("task {}", i as u32 - team.implicit + 1)
    } else {
        format!("thread {i}")
    }
}

impl Process {
    /// `__kmpc_omp_task_alloc(loc, gtid, flags, sizeof_task, sizeof_shareds,
    /// entry)`: a task record, `kmp_task_t` (pointer to the shared
    /// variables' block, entry function, part id, two more words, then the
    /// privates clang lays out) followed by the block of shared variables'
    /// addresses, as libomp lays it out.
    pub(super) fn task_alloc(&mut self, args: &[u64]) -> Result<u64, Fault> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let (flags, size, shareds, entry) = (arg(2) as u32, arg(3), arg(4), arg(5));
        let offset = size.div_ceil(8) * 8;
        let task = self
            .mem
            .allocate(offset + shareds, AllocKind::Stack)
            .map_err(Fault::Memory)?;
        let m = &mut self.mem;
        if shareds > 0 {
            m.store(task, 8, task + offset).map_err(Fault::Memory)?;
        }
        m.store(task + 8, 8, entry).map_err(Fault::Memory)?;
        if let Some(team) = self.omp.team.as_mut() {
            team.allocs.insert(task, flags);
        }
        Ok(task)
    }

    /// `__kmpc_omp_task` / `__kmpc_omp_task_with_deps`: the task joins the
    /// team, to run when its dependences are met.
    pub(super) fn task_create(
        &mut self,
        model: &Model,
        call: OmpCall,
        args: &[u64],
        loc: LocId,
    ) -> Result<OmpStep, Fault> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let task = arg(2);
        let deps = if call == OmpCall::TaskWithDeps {
            let mut d = self.read_deps(arg(4), arg(3))?;
            d.extend(self.read_deps(arg(6), arg(5))?);
            d
        } else {
            Vec::new()
        };
        self.task_allowed("an explicit task")?;
        // The running untied task itself, at the end of a part.
        if let Some(team) = self.omp.team.as_mut() {
            let me = team.current as usize;
            if let Some(k) = team.threads[me].task.as_mut() {
                if k.record == task && deps.is_empty() {
                    k.requeued = true;
                    return Ok(OmpStep::Return(0));
                }
            }
        }
        let Some(flags) = self.omp.team.as_mut().and_then(|t| t.allocs.remove(&task)) else {
            return Err(Fault::Unsupported(
                "a task record not made by __kmpc_omp_task_alloc in this region".into(),
            ));
        };
        self.spawn(model, task, flags, &deps, loc)?;
        Ok(OmpStep::Return(0))
    }

    /// Task record `task` becomes a task of the team, made by the running
    /// thread, waiting for the siblings `deps` names.
    fn spawn(
        &mut self,
        model: &Model,
        task: u64,
        flags: u32,
        deps: &[(u64, bool)],
        loc: LocId,
    ) -> Result<(), Fault> {
        let entry = self.mem.load(task + 8, 8).map_err(Fault::Memory)?;
        let func = Pointer::as_function(entry)
            .filter(|f| {
                model
                    .functions
                    .get(*f as usize)
                    .is_some_and(|f| f.params.len() == 2)
            })
            .ok_or_else(|| Fault::Unsupported("a task whose function is unknown".into()))?;
        let frame = Self::entry_frame(model, func, &[0, task]);
        let Some(team) = self.omp.team.as_mut() else {
            return Err(Fault::Unreachable);
        };
        let me = team.current;
        let k = team.threads.len() as u32;
        let waits = Self::predecessors(team, me, deps, Some(k));
        let creator = &mut team.threads[me as usize];
        let start = |c: &[u32]| {
            let mut c = c.to_vec();
            c.resize(k as usize + 1, 0);
            c[k as usize] = 1;
            c
        };
        let (clock, det) = (start(&creator.clock), start(&creator.det));
        // What the creator does next is not ordered before the task.
        creator.tick(me as usize);
        let mut groups = creator.groups.clone();
        if let Some(t) = &creator.task {
            groups.extend_from_slice(&t.groups);
        }
        let mut t = Thread::new(vec![frame], clock, det);
        t.task = Some(Box::new(TaskInfo {
            parent: me,
            groups,
            is_final: flags & TASK_FINAL != 0,
            loc,
            record: task,
            entry: func,
            requeued: false,
        }));
        if !waits.is_empty() {
            t.state = ThreadState::Deps(loc);
            t.waits = waits;
        }
        team.threads.push(t);
        Ok(())
    }

    /// `__kmpc_taskloop(loc, gtid, task, if, &lb, &ub, st, nogroup, sched,
    /// grainsize, task_dup)`: the loop's iterations as tasks, inside an
    /// implicit taskgroup unless `nogroup` (OpenMP 5.2 §12.6). How many
    /// iterations a task gets is the implementation's (`grainsize(g)`:
    /// from g to 2g - 1; `num_tasks(n)`: any division into that many), so
    /// any two iterations may be in different tasks unless one task must
    /// hold them all: each iteration is made a task of its own, a copy of
    /// the record with its bounds (as libomp copies it), and a conflict
    /// between two iterations is a race some division exhibits.
    pub(super) fn taskloop(
        &mut self,
        model: &Model,
        args: &[u64],
        loc: LocId,
    ) -> Result<OmpStep, Fault> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let (task, cond, plb, pub_, st) = (arg(2), arg(3) as u32, arg(4), arg(5), arg(6) as i64);
        let (nogroup, sched, grain, dup) = (arg(7) as u32, arg(8) as u32, arg(9), arg(10));
        self.task_allowed("a taskloop")?;
        if cond == 0 {
            return Err(Fault::Unsupported(
                "a taskloop whose if clause is false (undeferred tasks)".into(),
            ));
        }
        if dup != 0 {
            return Err(Fault::Unsupported(
                "a taskloop with lastprivate variables or firstprivate ones that need copying (its task_dup function)".into(),
            ));
        }
        let Some(flags) = self.omp.team.as_mut().and_then(|t| t.allocs.remove(&task)) else {
            return Err(Fault::Unsupported(
                "a task record not made by __kmpc_omp_task_alloc in this region".into(),
            ));
        };
        let m = &self.mem;
        let lb = m.load(plb, 8).map_err(Fault::Memory)? as i64 as i128;
        let ub = m.load(pub_, 8).map_err(Fault::Memory)? as i64 as i128;
        let st = st as i128;
        let trip = match st {
            0 => return Err(Fault::Unsupported("a taskloop with step 0".into())),
            s if s > 0 && ub >= lb => (ub - lb) / s + 1,
            s if s < 0 && lb >= ub => (lb - ub) / -s + 1,
            _ => 0,
        };
        // One task must hold every iteration: num_tasks(1), or a grain
        // size of at least the trip count (sched 1: grainsize, 2: num_tasks).
        let one = (sched == 2 && grain == 1) || (sched == 1 && grain as u128 >= trip as u128);
        let Some((size, _, _)) = m.block_of(task) else {
            return Err(Fault::Unreachable);
        };
        let bytes = m.read_bytes(task, size).map_err(Fault::Memory)?.to_vec();
        let shareds = m.load(task, 8).map_err(Fault::Memory)?;
        let (lb_at, ub_at) = (plb.wrapping_sub(task), pub_.wrapping_sub(task));
        // `liter`, the last-iteration flag, follows `st` (kmp.h).
        let last_at = ub_at + 16;
        let group = nogroup == 0;
        if group {
            self.taskgroup_begin();
        }
        let chunks: Vec<(i128, i128)> = if one {
            vec![(lb, trip)]
        } else {
            (0..trip).map(|k| (lb + k * st, 1)).collect()
        };
        let n = chunks.len();
        for (i, (first, count)) in chunks.into_iter().enumerate() {
            let copy = self
                .mem
                .allocate(size, AllocKind::Stack)
                .map_err(Fault::Memory)?;
            let m = &mut self.mem;
            m.write_bytes(copy, &bytes).map_err(Fault::Memory)?;
            if shareds != 0 {
                m.store(copy, 8, copy + shareds.wrapping_sub(task))
                    .map_err(Fault::Memory)?;
            }
            m.store(copy + lb_at, 8, first as u64)
                .map_err(Fault::Memory)?;
            m.store(copy + ub_at, 8, (first + (count - 1) * st) as u64)
                .map_err(Fault::Memory)?;
            if last_at + 4 <= size {
                m.store(copy + last_at, 4, (i + 1 == n) as u64)
                    .map_err(Fault::Memory)?;
            }
            self.spawn(model, copy, flags, &[], loc)?;
        }
        if group {
            return self.taskgroup_end(model, loc);
        }
        Ok(OmpStep::Return(0))
    }

    /// Whether the running thread may make a deferred task here (else the
    /// construct is not modeled).
    fn task_allowed(&self, what: &str) -> Result<(), Fault> {
        let Some(team) = self.omp.team.as_ref() else {
            return Err(Fault::Unsupported(format!(
                "{what} outside a parallel region (or in a parallel region whose if clause is false)"
            )));
        };
        let t = &team.threads[team.current as usize];
        let why = if !t.nest.is_empty() {
            "inside a nested parallel region"
        } else if t.undeferred > 0 {
            "inside an undeferred (if(0)) task"
        } else if t.task.as_ref().is_some_and(|k| k.is_final) {
            "inside a final task (an included task)"
        } else {
            return Ok(());
        };
        Err(Fault::Unsupported(format!("{what} {why}")))
    }

    /// The `kmp_depend_info` records `{ base, len, flags }` at `list`.
    fn read_deps(&self, list: u64, n: u64) -> Result<Vec<(u64, bool)>, Fault> {
        let n = n as u32 as u64;
        let mut deps = Vec::with_capacity(n as usize);
        for i in 0..n {
            let rec = list + 24 * i;
            let base = self.mem.load(rec, 8).map_err(Fault::Memory)?;
            let flags = self.mem.load(rec + 16, 1).map_err(Fault::Memory)? as u8;
            let out = match flags {
                DEP_IN => false,
                f if f & !(DEP_IN | DEP_OUT) == 0 && f & DEP_OUT != 0 => true,
                _ => {
                    return Err(Fault::Unsupported(format!(
                        "a depend clause of kind {flags:#x} (mutexinoutset, inoutset or omp_all_memory; in, out and inout are modeled)"
                    )))
                }
            };
            deps.push((base, out));
        }
        Ok(deps)
    }

    /// The sibling tasks a task with `deps` made by `parent` waits for
    /// (OpenMP 5.2 §15.9.5: an `in` dependence on the previous `out`/`inout`
    /// one of the same address; an `out`/`inout` one on the previous ones
    /// of either kind); `register` enters the new task `k` for later
    /// siblings.
    fn predecessors(
        team: &mut Team,
        parent: u32,
        deps: &[(u64, bool)],
        register: Option<u32>,
    ) -> Vec<u32> {
        let mut preds = Vec::new();
        for &(addr, out) in deps {
            let e = team.deps.entry((parent, addr)).or_default();
            preds.extend(e.last_out);
            if out {
                preds.extend_from_slice(&e.ins);
            }
            if let Some(k) = register {
                if out {
                    e.last_out = Some(k);
                    e.ins.clear();
                } else {
                    e.ins.push(k);
                }
            }
        }
        preds.sort_unstable();
        preds.dedup();
        preds.retain(|&p| Some(p) != register);
        preds
    }

    /// `__kmpc_omp_task_begin_if0`: the creator runs the task's function
    /// itself, now.
    pub(super) fn task_begin_if0(&mut self, task: u64) -> Result<(), Fault> {
        if let Some(team) = self.omp.team.as_mut() {
            team.allocs.remove(&task);
            let me = team.current as usize;
            team.threads[me].undeferred += 1;
        }
        Ok(())
    }

    /// `__kmpc_omp_wait_deps`: an undeferred task with `depend` clauses
    /// waits for the sibling tasks they name before its creator runs it.
    pub(super) fn wait_deps(
        &mut self,
        model: &Model,
        args: &[u64],
        loc: LocId,
    ) -> Result<OmpStep, Fault> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let mut deps = self.read_deps(arg(3), arg(2))?;
        deps.extend(self.read_deps(arg(5), arg(4))?);
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(OmpStep::Return(0));
        };
        let me = team.current;
        let waits = Self::predecessors(team, me, &deps, None);
        self.wait_for(model, ThreadState::Deps(loc), waits)
    }

    /// Parks the running thread in `state` (when what it waits for is
    /// not done yet) and runs another.
    fn wait_for(
        &mut self,
        model: &Model,
        state: ThreadState,
        waits: Vec<u32>,
    ) -> Result<OmpStep, Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(OmpStep::Return(0));
        };
        let me = team.current as usize;
        team.threads[me].state = state;
        team.threads[me].waits = waits;
        Self::wake(team);
        if team.threads[me].state == ThreadState::Runnable {
            return Ok(OmpStep::Return(0));
        }
        // Past the call when it resumes.
        if let Some(fr) = self.frames.last_mut() {
            fr.ip += 1;
        }
        self.schedule(model)?;
        Ok(OmpStep::Switched)
    }

    /// `__kmpc_omp_taskwait`: until the running thread's child tasks
    /// completed (OpenMP 5.2 §15.5; not their descendants).
    pub(super) fn taskwait(&mut self, model: &Model, loc: LocId) -> Result<OmpStep, Fault> {
        let Some(team) = self.omp.team.as_ref() else {
            return Ok(OmpStep::Return(0));
        };
        if team.threads[team.current as usize].undeferred > 0 {
            return Err(Fault::Unsupported(
                "a taskwait inside an undeferred (if(0)) task".into(),
            ));
        }
        self.wait_for(model, ThreadState::TaskWait(loc), Vec::new())
    }

    /// `__kmpc_taskgroup`.
    pub(super) fn taskgroup_begin(&mut self) {
        if let Some(team) = self.omp.team.as_mut() {
            team.groups += 1;
            let id = team.groups;
            let me = team.current as usize;
            team.threads[me].groups.push(id);
        }
    }

    /// `__kmpc_end_taskgroup`: until the tasks made in the group and their
    /// descendants completed (OpenMP 5.2 §15.4).
    pub(super) fn taskgroup_end(&mut self, model: &Model, loc: LocId) -> Result<OmpStep, Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(OmpStep::Return(0));
        };
        let me = team.current as usize;
        let Some(id) = team.threads[me].groups.pop() else {
            return Ok(OmpStep::Return(0));
        };
        self.wait_for(model, ThreadState::TaskGroup(id, loc), Vec::new())
    }

    /// `omp_in_final()`.
    pub(super) fn omp_in_final(&self) -> bool {
        self.omp.team.as_ref().is_some_and(|t| {
            t.threads[t.current as usize]
                .task
                .as_ref()
                .is_some_and(|k| k.is_final)
        })
    }

    /// Makes runnable the threads and tasks whose wait is over, with the
    /// clocks of what they waited for.
    pub(super) fn wake(team: &mut Team) {
        for i in 0..team.threads.len() {
            let done = |j: &usize| matches!(team.threads[*j].state, ThreadState::Done(_));
            let tasks = (team.implicit as usize)..team.threads.len();
            let awaited: Vec<usize> = match team.threads[i].state {
                // `pthread_join`: it runs the join again, which returns.
                ThreadState::Join(k) => vec![k as usize],
                ThreadState::TaskWait(_) => tasks
                    .filter(|&j| {
                        team.threads[j]
                            .task
                            .as_ref()
                            .is_some_and(|k| k.parent == i as u32)
                    })
                    .collect(),
                ThreadState::TaskGroup(g, _) => tasks
                    .filter(|&j| {
                        team.threads[j]
                            .task
                            .as_ref()
                            .is_some_and(|k| k.groups.contains(&g))
                    })
                    .collect(),
                ThreadState::Deps(_) => team.threads[i].waits.iter().map(|&w| w as usize).collect(),
                ThreadState::Ordered(l, it) => {
                    let Some(o) = team.ordered.get(&l) else {
                        continue;
                    };
                    if o.next < it {
                        continue;
                    }
                    let (clock, det) = (o.clock.clone(), o.det.clone());
                    let t = &mut team.threads[i];
                    join_into(&mut t.clock, &clock);
                    join_into(&mut t.det, &det);
                    t.in_ordered = Some(l);
                    t.state = ThreadState::Runnable;
                    continue;
                }
                _ => continue,
            };
            if !awaited.iter().all(done) {
                continue;
            }
            let mut clock = std::mem::take(&mut team.threads[i].clock);
            let mut det = std::mem::take(&mut team.threads[i].det);
            for j in awaited {
                join_into(&mut clock, &team.threads[j].clock);
                join_into(&mut det, &team.threads[j].det);
            }
            let t = &mut team.threads[i];
            t.clock = clock;
            t.det = det;
            t.waits.clear();
            t.state = ThreadState::Runnable;
        }
    }
}
