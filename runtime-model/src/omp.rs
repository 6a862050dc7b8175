//! The OpenMP runtime entry points a model may call: what clang emits for
//! `#pragma omp` under `-fopenmp` (the `__kmpc_*` interface of LLVM's
//! OpenMP runtime, libomp) and the `omp_*` functions of the OpenMP API
//! (OpenMP 5.2 §18) a program calls itself. `mpi-check` runs the threads of
//! a parallel region as threads of the rank (docs/OPENMP.md).

use serde::{Deserialize, Serialize};

/// One OpenMP runtime function. Arguments are passed as in C, in the order
/// of the runtime's prototype (`ident_t *` location first for `__kmpc_*`).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum OmpCall {
    /// `__kmpc_fork_call(loc, nargs, microtask, args...)`: runs
    /// `microtask(&gtid, &bound_tid, args...)` on every thread of a new team
    /// and returns when all of them returned (the region's join barrier).
    ForkCall,
    /// `__kmpc_serialized_parallel(loc, gtid)` and its end: a parallel
    /// region whose `if` clause is false runs its function directly on the
    /// encountering thread, as a team of one.
    SerializedParallel,
    EndSerializedParallel,
    /// `__kmpc_push_num_threads(loc, gtid, n)`: the `num_threads(n)`
    /// clause of the next parallel region.
    PushNumThreads,
    /// `__kmpc_global_thread_num(loc)`.
    GlobalThreadNum,
    /// `__kmpc_for_static_init_{4,4u,8,8u}(loc, gtid, schedule, &last,
    /// &lower, &upper, &stride, incr, chunk)`: this thread's share of a
    /// loop under a static schedule.
    ForStaticInit4,
    ForStaticInit4u,
    ForStaticInit8,
    ForStaticInit8u,
    /// `__kmpc_for_static_fini(loc, gtid)`.
    ForStaticFini,
    /// `__kmpc_dispatch_init_{4,4u,8,8u}(loc, gtid, schedule, lower, upper,
    /// incr, chunk)`: a loop under a dynamic schedule begins.
    DispatchInit4,
    DispatchInit4u,
    DispatchInit8,
    DispatchInit8u,
    /// `__kmpc_dispatch_next_{4,4u,8,8u}(loc, gtid, &last, &lower, &upper,
    /// &incr)`: 1 and the bounds of this thread's next chunk, or 0.
    DispatchNext4,
    DispatchNext4u,
    DispatchNext8,
    DispatchNext8u,
    /// `__kmpc_dispatch_deinit`: a loop under a dynamic schedule ends.
    DispatchFini,
    /// `__kmpc_barrier(loc, gtid)`: an explicit or implicit barrier.
    Barrier,
    /// `__kmpc_critical(loc, gtid, lock)` / `__kmpc_end_critical`.
    Critical,
    EndCritical,
    /// `__kmpc_single(loc, gtid)`: 1 for the thread that executes the
    /// `single` block; `__kmpc_end_single(loc, gtid)` after it.
    Single,
    EndSingle,
    /// `__kmpc_master(loc, gtid)`: 1 for thread 0; `__kmpc_end_master`.
    Master,
    EndMaster,
    /// `__kmpc_masked(loc, gtid, filter)`: 1 for thread `filter`.
    Masked,
    EndMasked,
    /// `__kmpc_reduce_nowait(loc, gtid, nvars, size, data, combine, lock)`:
    /// 1 when the calling thread is to combine its partial results into the
    /// shared variables (then `__kmpc_end_reduce_nowait(loc, gtid, lock)`).
    ReduceNowait,
    EndReduceNowait,
    /// The same with the barrier of a `for` without `nowait` in
    /// `__kmpc_end_reduce`.
    Reduce,
    EndReduce,
    /// `__kmpc_flush(loc)`.
    Flush,
    /// `omp_init_lock(&l)`, `omp_destroy_lock(&l)`, `omp_set_lock(&l)`,
    /// `omp_unset_lock(&l)`, `omp_test_lock(&l)`: a lock named by its
    /// address, as `critical` names one by its name.
    InitLock,
    DestroyLock,
    SetLock,
    UnsetLock,
    TestLock,
    /// `omp_get_thread_num()`.
    GetThreadNum,
    /// `omp_get_num_threads()`.
    GetNumThreads,
    /// `omp_get_max_threads()`.
    GetMaxThreads,
    /// `omp_set_num_threads(n)`.
    SetNumThreads,
    /// `omp_in_parallel()`.
    InParallel,
    /// `omp_get_num_procs()`.
    GetNumProcs,
    /// `omp_get_level()`.
    GetLevel,
    /// `omp_get_wtime()`: seconds on the process's logical clock, as
    /// `MPI_Wtime` reads it.
    GetWtime,
    /// `__kmpc_omp_task_alloc(loc, gtid, flags, sizeof_task, sizeof_shareds,
    /// entry)`: the record of a new explicit task (`kmp_task_t`: the
    /// pointer to its shared variables' block, its entry function, then the
    /// privates), filled by the program before it hands it over.
    TaskAlloc,
    /// `__kmpc_omp_task(loc, gtid, task)`: a deferred task (OpenMP 5.2
    /// §12.5); `__kmpc_omp_task_with_deps(loc, gtid, task, ndeps, deps,
    /// ndeps_noalias, noalias)` with its `depend` clauses (§15.9.5).
    Task,
    TaskWithDeps,
    /// `__kmpc_omp_task_begin_if0(loc, gtid, task)` and its
    /// `complete_if0`: an undeferred task (`if(0)`), whose entry function
    /// the encountering thread calls between the two.
    TaskBeginIf0,
    TaskCompleteIf0,
    /// `__kmpc_omp_wait_deps(loc, gtid, ndeps, deps, ndeps_noalias,
    /// noalias)`: an undeferred task waits for the tasks it depends on.
    WaitDeps,
    /// `__kmpc_omp_taskwait(loc, gtid)` (§15.5).
    TaskWait,
    /// `__kmpc_omp_taskyield(loc, gtid, end_part)`.
    TaskYield,
    /// `__kmpc_taskgroup(loc, gtid)` / `__kmpc_end_taskgroup` (§15.4).
    TaskGroup,
    EndTaskGroup,
    /// `__kmpc_ordered(loc, gtid)` / `__kmpc_end_ordered`: an `ordered`
    /// block of a `for ordered` loop (§15.10.2).
    Ordered,
    EndOrdered,
    /// `__kmpc_dispatch_fini_{4,4u,8,8u}(loc, gtid)`: the end of one
    /// iteration of an `ordered` loop.
    DispatchFiniIter,
    /// `omp_init_nest_lock(&l)` and the other nestable lock routines
    /// (§18.9): a lock its owner may set again, counted.
    InitNestLock,
    DestroyNestLock,
    SetNestLock,
    UnsetNestLock,
    TestNestLock,
    /// `llvm.threadlocal.address(&g)`: the running thread's copy of a
    /// `threadprivate` (or `_Thread_local`) variable.
    ThreadLocalAddress,
    /// `omp_in_final()`.
    InFinal,
    /// `__kmpc_taskloop(loc, gtid, task, if, &lb, &ub, st, nogroup, sched,
    /// grainsize, task_dup)`: the iterations of a `taskloop` as tasks
    /// (OpenMP 5.2 §12.6), `lb` and `ub` fields of the task record.
    TaskLoop,
    /// POSIX threads (POSIX.1-2017 XSH 2.9, `pthread.h`): a thread of the
    /// rank started by `pthread_create(&t, attr, start, arg)`, run as a
    /// thread of a team that lasts until every thread is joined
    /// (docs/OPENMP.md, "POSIX threads"); mutexes and condition variables
    /// named by their address.
    PthreadCreate,
    PthreadJoin,
    PthreadExit,
    PthreadSelf,
    PthreadEqual,
    PthreadDetach,
    PthreadAttrInit,
    PthreadAttrDestroy,
    PthreadAttrSetdetachstate,
    MutexInit,
    MutexDestroy,
    MutexLock,
    MutexTrylock,
    MutexUnlock,
    CondInit,
    CondDestroy,
    CondWait,
    CondSignal,
    CondBroadcast,
}

impl OmpCall {
    /// Every runtime function, in declaration order.
    pub const ALL: [OmpCall; 86] = [
        OmpCall::ForkCall,
        OmpCall::SerializedParallel,
        OmpCall::EndSerializedParallel,
        OmpCall::PushNumThreads,
        OmpCall::GlobalThreadNum,
        OmpCall::ForStaticInit4,
        OmpCall::ForStaticInit4u,
        OmpCall::ForStaticInit8,
        OmpCall::ForStaticInit8u,
        OmpCall::ForStaticFini,
        OmpCall::DispatchInit4,
        OmpCall::DispatchInit4u,
        OmpCall::DispatchInit8,
        OmpCall::DispatchInit8u,
        OmpCall::DispatchNext4,
        OmpCall::DispatchNext4u,
        OmpCall::DispatchNext8,
        OmpCall::DispatchNext8u,
        OmpCall::DispatchFini,
        OmpCall::Barrier,
        OmpCall::Critical,
        OmpCall::EndCritical,
        OmpCall::Single,
        OmpCall::EndSingle,
        OmpCall::Master,
        OmpCall::EndMaster,
        OmpCall::Masked,
        OmpCall::EndMasked,
        OmpCall::ReduceNowait,
        OmpCall::EndReduceNowait,
        OmpCall::Reduce,
        OmpCall::EndReduce,
        OmpCall::Flush,
        OmpCall::InitLock,
        OmpCall::DestroyLock,
        OmpCall::SetLock,
        OmpCall::UnsetLock,
        OmpCall::TestLock,
        OmpCall::GetThreadNum,
        OmpCall::GetNumThreads,
        OmpCall::GetMaxThreads,
        OmpCall::SetNumThreads,
        OmpCall::InParallel,
        OmpCall::GetNumProcs,
        OmpCall::GetLevel,
        OmpCall::GetWtime,
        OmpCall::TaskAlloc,
        OmpCall::Task,
        OmpCall::TaskWithDeps,
        OmpCall::TaskBeginIf0,
        OmpCall::TaskCompleteIf0,
        OmpCall::WaitDeps,
        OmpCall::TaskWait,
        OmpCall::TaskYield,
        OmpCall::TaskGroup,
        OmpCall::EndTaskGroup,
        OmpCall::Ordered,
        OmpCall::EndOrdered,
        OmpCall::DispatchFiniIter,
        OmpCall::InitNestLock,
        OmpCall::DestroyNestLock,
        OmpCall::SetNestLock,
        OmpCall::UnsetNestLock,
        OmpCall::TestNestLock,
        OmpCall::ThreadLocalAddress,
        OmpCall::InFinal,
        OmpCall::TaskLoop,
        OmpCall::PthreadCreate,
        OmpCall::PthreadJoin,
        OmpCall::PthreadExit,
        OmpCall::PthreadSelf,
        OmpCall::PthreadEqual,
        OmpCall::PthreadDetach,
        OmpCall::PthreadAttrInit,
        OmpCall::PthreadAttrDestroy,
        OmpCall::PthreadAttrSetdetachstate,
        OmpCall::MutexInit,
        OmpCall::MutexDestroy,
        OmpCall::MutexLock,
        OmpCall::MutexTrylock,
        OmpCall::MutexUnlock,
        OmpCall::CondInit,
        OmpCall::CondDestroy,
        OmpCall::CondWait,
        OmpCall::CondSignal,
        OmpCall::CondBroadcast,
    ];

    /// The C name of the function.
    pub fn c_name(self) -> &'static str {
        match self {
            OmpCall::ForkCall => "__kmpc_fork_call",
            OmpCall::SerializedParallel => "__kmpc_serialized_parallel",
            OmpCall::EndSerializedParallel => "__kmpc_end_serialized_parallel",
            OmpCall::PushNumThreads => "__kmpc_push_num_threads",
            OmpCall::GlobalThreadNum => "__kmpc_global_thread_num",
            OmpCall::ForStaticInit4 => "__kmpc_for_static_init_4",
            OmpCall::ForStaticInit4u => "__kmpc_for_static_init_4u",
            OmpCall::ForStaticInit8 => "__kmpc_for_static_init_8",
            OmpCall::ForStaticInit8u => "__kmpc_for_static_init_8u",
            OmpCall::ForStaticFini => "__kmpc_for_static_fini",
            OmpCall::DispatchInit4 => "__kmpc_dispatch_init_4",
            OmpCall::DispatchInit4u => "__kmpc_dispatch_init_4u",
            OmpCall::DispatchInit8 => "__kmpc_dispatch_init_8",
            OmpCall::DispatchInit8u => "__kmpc_dispatch_init_8u",
            OmpCall::DispatchNext4 => "__kmpc_dispatch_next_4",
            OmpCall::DispatchNext4u => "__kmpc_dispatch_next_4u",
            OmpCall::DispatchNext8 => "__kmpc_dispatch_next_8",
            OmpCall::DispatchNext8u => "__kmpc_dispatch_next_8u",
            OmpCall::DispatchFini => "__kmpc_dispatch_deinit",
            OmpCall::Barrier => "__kmpc_barrier",
            OmpCall::Critical => "__kmpc_critical",
            OmpCall::EndCritical => "__kmpc_end_critical",
            OmpCall::Single => "__kmpc_single",
            OmpCall::EndSingle => "__kmpc_end_single",
            OmpCall::Master => "__kmpc_master",
            OmpCall::EndMaster => "__kmpc_end_master",
            OmpCall::Masked => "__kmpc_masked",
            OmpCall::EndMasked => "__kmpc_end_masked",
            OmpCall::ReduceNowait => "__kmpc_reduce_nowait",
            OmpCall::EndReduceNowait => "__kmpc_end_reduce_nowait",
            OmpCall::Reduce => "__kmpc_reduce",
            OmpCall::EndReduce => "__kmpc_end_reduce",
            OmpCall::Flush => "__kmpc_flush",
            OmpCall::InitLock => "omp_init_lock",
            OmpCall::DestroyLock => "omp_destroy_lock",
            OmpCall::SetLock => "omp_set_lock",
            OmpCall::UnsetLock => "omp_unset_lock",
            OmpCall::TestLock => "omp_test_lock",
            OmpCall::GetThreadNum => "omp_get_thread_num",
            OmpCall::GetNumThreads => "omp_get_num_threads",
            OmpCall::GetMaxThreads => "omp_get_max_threads",
            OmpCall::SetNumThreads => "omp_set_num_threads",
            OmpCall::InParallel => "omp_in_parallel",
            OmpCall::GetNumProcs => "omp_get_num_procs",
            OmpCall::GetLevel => "omp_get_level",
            OmpCall::GetWtime => "omp_get_wtime",
            OmpCall::TaskAlloc => "__kmpc_omp_task_alloc",
            OmpCall::Task => "__kmpc_omp_task",
            OmpCall::TaskWithDeps => "__kmpc_omp_task_with_deps",
            OmpCall::TaskBeginIf0 => "__kmpc_omp_task_begin_if0",
            OmpCall::TaskCompleteIf0 => "__kmpc_omp_task_complete_if0",
            OmpCall::WaitDeps => "__kmpc_omp_wait_deps",
            OmpCall::TaskWait => "__kmpc_omp_taskwait",
            OmpCall::TaskYield => "__kmpc_omp_taskyield",
            OmpCall::TaskGroup => "__kmpc_taskgroup",
            OmpCall::EndTaskGroup => "__kmpc_end_taskgroup",
            OmpCall::Ordered => "__kmpc_ordered",
            OmpCall::EndOrdered => "__kmpc_end_ordered",
            OmpCall::DispatchFiniIter => "__kmpc_dispatch_fini_4",
            OmpCall::InitNestLock => "omp_init_nest_lock",
            OmpCall::DestroyNestLock => "omp_destroy_nest_lock",
            OmpCall::SetNestLock => "omp_set_nest_lock",
            OmpCall::UnsetNestLock => "omp_unset_nest_lock",
            OmpCall::TestNestLock => "omp_test_nest_lock",
            OmpCall::ThreadLocalAddress => "llvm.threadlocal.address",
            OmpCall::InFinal => "omp_in_final",
            OmpCall::TaskLoop => "__kmpc_taskloop",
            OmpCall::PthreadCreate => "pthread_create",
            OmpCall::PthreadJoin => "pthread_join",
            OmpCall::PthreadExit => "pthread_exit",
            OmpCall::PthreadSelf => "pthread_self",
            OmpCall::PthreadEqual => "pthread_equal",
            OmpCall::PthreadDetach => "pthread_detach",
            OmpCall::PthreadAttrInit => "pthread_attr_init",
            OmpCall::PthreadAttrDestroy => "pthread_attr_destroy",
            OmpCall::PthreadAttrSetdetachstate => "pthread_attr_setdetachstate",
            OmpCall::MutexInit => "pthread_mutex_init",
            OmpCall::MutexDestroy => "pthread_mutex_destroy",
            OmpCall::MutexLock => "pthread_mutex_lock",
            OmpCall::MutexTrylock => "pthread_mutex_trylock",
            OmpCall::MutexUnlock => "pthread_mutex_unlock",
            OmpCall::CondInit => "pthread_cond_init",
            OmpCall::CondDestroy => "pthread_cond_destroy",
            OmpCall::CondWait => "pthread_cond_wait",
            OmpCall::CondSignal => "pthread_cond_signal",
            OmpCall::CondBroadcast => "pthread_cond_broadcast",
        }
    }

    pub fn from_c_name(name: &str) -> Option<OmpCall> {
        if name.starts_with("__kmpc_dispatch_fini_") {
            return Some(OmpCall::DispatchFiniIter);
        }
        if name.starts_with("llvm.") {
            return None;
        }
        OmpCall::ALL.iter().copied().find(|f| f.c_name() == name)
    }

    /// The POSIX threads functions (`posix.rs` in the checker).
    pub fn is_posix(self) -> bool {
        matches!(
            self,
            OmpCall::PthreadCreate
                | OmpCall::PthreadJoin
                | OmpCall::PthreadExit
                | OmpCall::PthreadSelf
                | OmpCall::PthreadEqual
                | OmpCall::PthreadDetach
                | OmpCall::PthreadAttrInit
                | OmpCall::PthreadAttrDestroy
                | OmpCall::PthreadAttrSetdetachstate
                | OmpCall::MutexInit
                | OmpCall::MutexDestroy
                | OmpCall::MutexLock
                | OmpCall::MutexTrylock
                | OmpCall::MutexUnlock
                | OmpCall::CondInit
                | OmpCall::CondDestroy
                | OmpCall::CondWait
                | OmpCall::CondSignal
                | OmpCall::CondBroadcast
        )
    }

    /// Functions that only answer a question (no effect on what runs next).
    pub fn is_query(self) -> bool {
        matches!(
            self,
            OmpCall::GlobalThreadNum
                | OmpCall::GetThreadNum
                | OmpCall::GetNumThreads
                | OmpCall::GetMaxThreads
                | OmpCall::InParallel
                | OmpCall::GetNumProcs
                | OmpCall::GetLevel
                | OmpCall::GetWtime
                | OmpCall::ThreadLocalAddress
                | OmpCall::InFinal
                | OmpCall::PthreadSelf
                | OmpCall::PthreadEqual
        )
    }

    /// The loop-bound pointers of a `__kmpc_for_static_init_*` call: the
    /// argument positions the call writes through (`&last`, `&lower`,
    /// `&upper`, `&stride`).
    pub fn written_pointer_args(self) -> &'static [usize] {
        match self {
            OmpCall::ForStaticInit4
            | OmpCall::ForStaticInit4u
            | OmpCall::ForStaticInit8
            | OmpCall::ForStaticInit8u => &[3, 4, 5, 6],
            OmpCall::DispatchNext4
            | OmpCall::DispatchNext4u
            | OmpCall::DispatchNext8
            | OmpCall::DispatchNext8u => &[2, 3, 4, 5],
            _ => &[],
        }
    }
}

/// What an atomic read-modify-write does to memory (LLVM's `atomicrmw`
/// operations; clang emits them for `#pragma omp atomic`).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum AtomicOp {
    /// `load atomic`: reads, writes nothing.
    Read,
    /// `store atomic` and `atomicrmw xchg`.
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    FSub,
    FMax,
    FMin,
}

impl AtomicOp {
    /// Updates whose order does not change the final value when no thread
    /// reads the old one: integer add/sub, the bitwise and min/max ones,
    /// and floating-point add/sub, whose order OpenMP leaves unspecified as
    /// for a reduction (OpenMP 5.2 §5.5.1; the checker computes one order).
    pub fn commutes_with(self, other: AtomicOp) -> bool {
        use AtomicOp::*;
        let class = |op: AtomicOp| match op {
            Add | Sub => 1,
            And => 2,
            Or => 3,
            Xor => 4,
            Max => 5,
            Min => 6,
            UMax => 7,
            UMin => 8,
            FAdd | FSub => 9,
            FMax => 10,
            FMin => 11,
            Read | Xchg | Nand => 0,
        };
        class(self) != 0 && class(self) == class(other)
    }
}

#[cfg(test)]
mod tests {
    use super::OmpCall;

    #[test]
    fn every_runtime_function_is_found_by_its_name() {
        // `llvm.threadlocal.address` is an intrinsic, lifted with them.
        for f in OmpCall::ALL
            .into_iter()
            .filter(|f| !f.c_name().starts_with("llvm."))
        {
            // `__kmpc_dispatch_fini_*` stands for its four widths.
            assert_eq!(OmpCall::from_c_name(f.c_name()), Some(f), "{}", f.c_name());
        }
    }

    #[test]
    fn posix_threads_functions_are_the_pthread_ones() {
        for f in OmpCall::ALL {
            assert_eq!(
                f.is_posix(),
                f.c_name().starts_with("pthread_"),
                "{}",
                f.c_name()
            );
        }
        assert_eq!(OmpCall::from_c_name("pthread_cancel"), None);
        assert_eq!(OmpCall::from_c_name("pthread_rwlock_rdlock"), None);
    }
}
