//! C++ exceptions as ordinary control flow.
//!
//! Once the program's own code has a handler (`cxx::program_catches`),
//! throwing and catching are lowered onto the C++ runtime the extractor
//! links in (`runtime/cxxrt.cpp`, "throwing and catching"), which keeps
//! the exception on its way in the global `__mpiv_eh_in_flight`:
//! - after a call that may throw, the code tests it and, when set, goes to
//!   the call's landing pad (`invoke`) or returns at once (a plain call:
//!   the exception leaves the function);
//! - around an `invoke` whose landing pad catches, its clauses are pushed
//!   on the runtime's stack of active handlers; a throw with no active
//!   handler that takes it terminates the process at the throw, before
//!   any destructor runs, as libstdc++'s two-phase unwinding does (Itanium
//!   C++ ABI §2.5; C++17 [except.handle]p9);
//! - a `landingpad` takes the exception and computes its selector clause
//!   by clause; `llvm.eh.typeid.for` gives the same numbers; `resume`
//!   puts the exception back in flight and returns.
//!
//! A program without a handler keeps the simpler form: every throw
//! terminates at once (`calls.rs`).

use std::collections::HashSet;

use runtime_model::model::{
    BinOp, CastOp, GepIndex, Inst, InstKind, IntPredicate, Operand, Reg, Terminator, Ty,
};

use super::function::FunctionLifter;
use super::ir::{self, LLVMOpcode, LLVMTypeKind, LLVMValueKind, Value};
use crate::error::ExtractError;

/// The runtime's entry points and what may throw in the module.
pub struct EhRuntime<'m> {
    module: ir::Module<'m>,
    in_flight: Value<'m>,
    push: Value<'m>,
    pop: Value<'m>,
    handled: Value<'m>,
    land: Value<'m>,
    select: Value<'m>,
    resume: Value<'m>,
    /// Functions an exception may leave.
    may_throw: HashSet<Value<'m>>,
}

impl<'m> EhRuntime<'m> {
    /// The runtime of `module`, when it has one (a C++ program).
    pub fn new(module: &ir::Module<'m>) -> Option<Self> {
        let function = |name: &str| module.function(name).filter(|f| !f.is_declaration());
        Some(EhRuntime {
            module: *module,
            in_flight: module.global("__mpiv_eh_in_flight")?,
            push: function("__mpiv_eh_push")?,
            pop: function("__mpiv_eh_pop")?,
            handled: function("__mpiv_eh_handled")?,
            land: function("__mpiv_eh_land")?,
            select: function("__mpiv_eh_select")?,
            resume: function("__mpiv_eh_resume")?,
            may_throw: may_throw(module),
        })
    }
}

/// The functions of `module` an exception may leave: not `nounwind`, and
/// with a `resume`, a throw, or a call that may throw (a function in the
/// set, or through a pointer) that is not `nounwind`.
fn may_throw<'m>(module: &ir::Module<'m>) -> HashSet<Value<'m>> {
    let defined: Vec<Value<'m>> = module
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration() && !f.has_function_attribute("nounwind"))
        .collect();
    let mut set = HashSet::new();
    loop {
        let before = set.len();
        for &f in &defined {
            if set.contains(&f) {
                continue;
            }
            let throws = f
                .blocks()
                .into_iter()
                .flat_map(|b| b.instructions())
                .any(|i| inst_may_throw(i, &set));
            if throws {
                set.insert(f);
            }
        }
        if set.len() == before {
            return set;
        }
    }
}

fn inst_may_throw<'m>(inst: Value<'m>, set: &HashSet<Value<'m>>) -> bool {
    match inst.opcode() {
        Some(LLVMOpcode::LLVMResume) => true,
        Some(LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke) => {
            if inst.has_function_attribute("nounwind") {
                return false;
            }
            match inst.called_value() {
                Some(c) if c.kind() == LLVMValueKind::LLVMFunctionValueKind => {
                    matches!(c.name().as_str(), "__cxa_throw" | "__cxa_rethrow") || set.contains(&c)
                }
                Some(c) if c.kind() == LLVMValueKind::LLVMInlineAsmValueKind => false,
                // Through a pointer: any function.
                _ => true,
            }
        }
        _ => false,
    }
}

fn eh<'a, 'm>(fl: &'a mut FunctionLifter<'_, 'm>) -> Option<&'a EhRuntime<'m>> {
    fl.cx().eh.as_ref()
}

/// Whether exceptions are lowered in this module.
pub fn active(fl: &mut FunctionLifter<'_, '_>) -> bool {
    eh(fl).is_some()
}

/// Whether an exception may leave this call or invoke.
fn call_may_throw<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> bool {
    match eh(fl) {
        Some(rt) => inst_may_throw(inst, &rt.may_throw),
        None => false,
    }
}

/// `dst = call f(args)` of a runtime function.
fn call<'m>(fl: &mut FunctionLifter<'_, 'm>, f: Value<'m>, dst: Option<Reg>, args: Vec<Operand>) {
    let func = fl.cx().symbols.function_id(f);
    fl.emit(InstKind::Call { dst, func, args });
}

/// A register that is 1 when an exception is in flight.
fn in_flight(fl: &mut FunctionLifter<'_, '_>) -> Result<Operand, ExtractError> {
    let global = eh(fl).map(|rt| rt.in_flight);
    let global = global.ok_or_else(|| fl.internal("no exception runtime".into()))?;
    let at = fl.operand(global)?;
    let e = fl.fresh_reg();
    fl.emit(InstKind::Load {
        dst: e,
        ty: Ty::Ptr,
        ptr: at,
        volatile: false,
    });
    let set = fl.fresh_reg();
    fl.emit(InstKind::ICmp {
        dst: set,
        pred: IntPredicate::Ne,
        ty: Ty::Ptr,
        lhs: Operand::Reg(e),
        rhs: Operand::Const(0),
    });
    Ok(Operand::Reg(set))
}

/// A throw (`__cxa_throw`, `throw;`, libstdc++'s `std::__throw_*`): the
/// type it throws as the runtime's handler search takes it (its type_info,
/// or null for the exception being handled), and as a message names it.
fn throw_site<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    name: &str,
    args: &[Value<'m>],
) -> Result<Option<(Operand, String)>, ExtractError> {
    let Some(thrown) = super::cxx::thrown_type(name, args.get(1).copied()) else {
        return Ok(None);
    };
    let type_info = match name {
        "__cxa_throw" => match args.get(1) {
            Some(&t) => fl.operand(t)?,
            None => return Ok(None),
        },
        "__cxa_rethrow" => Operand::Const(0),
        "_ZSt9terminatev" => return Ok(None),
        _ => {
            // std::out_of_range's type_info is _ZTISt12out_of_range.
            let Some(short) = thrown.strip_prefix("std::") else {
                return Ok(None);
            };
            let module = eh(fl).map(|rt| rt.module);
            match module.and_then(|m| m.global(&format!("_ZTISt{}{short}", short.len()))) {
                Some(g) => fl.operand(g)?,
                None => return Ok(None),
            }
        }
    };
    Ok(Some((type_info, thrown)))
}

/// Before the call `inst` to `name`: when it throws, terminate here if no
/// active handler takes the exception.
pub fn before_call<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    name: &str,
) -> Result<(), ExtractError> {
    let Some(handled) = eh(fl).map(|rt| rt.handled) else {
        return Ok(());
    };
    let Some((type_info, thrown)) = throw_site(fl, name, &inst.call_args())? else {
        return Ok(());
    };
    let found = fl.fresh_reg();
    call(fl, handled, Some(found), vec![type_info]);
    let why = if name == "__cxa_rethrow" {
        "uncaught exception (rethrown with `throw;`)".to_string()
    } else {
        format!("uncaught exception of type {thrown}")
    };
    let loc = fl.here();
    let terminate = fl.side_block(
        vec![Inst {
            kind: InstKind::Terminate { why },
            loc,
        }],
        Terminator::Unreachable,
    );
    fl.branch_off(Operand::Reg(found), terminate, false);
    Ok(())
}

/// After the plain call `inst`: an exception leaving it leaves this
/// function too.
pub fn after_call<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
) -> Result<(), ExtractError> {
    if !call_may_throw(fl, inst) {
        return Ok(());
    }
    let set = in_flight(fl)?;
    let out = fl.unwind_return();
    fl.branch_off(set, out, true);
    Ok(())
}

/// The clauses of the landing pad at the start of `pad` that make it a
/// handler the search phase stops at: its `catch` clauses (null for
/// `catch (...)`), none for a pad that only cleans up or only calls
/// `std::terminate` (a `noexcept` function's).
fn handler_clauses<'m>(pad: ir::BasicBlock<'m>) -> Vec<Value<'m>> {
    let insts: Vec<Value<'m>> = pad.instructions().collect();
    let Some(lp) = insts
        .iter()
        .find(|i| i.opcode() == Some(LLVMOpcode::LLVMLandingPad))
    else {
        return Vec::new();
    };
    let clauses = lp.clauses();
    let terminates = insts.iter().any(|i| {
        i.called_value()
            .is_some_and(|c| c.name() == "__clang_call_terminate")
    });
    let catch_all_only = clauses
        .iter()
        .all(|c| c.kind() == LLVMValueKind::LLVMConstantPointerNullValueKind);
    if terminates && catch_all_only {
        return Vec::new();
    }
    // A filter (a dynamic exception specification) is an array.
    clauses
        .into_iter()
        .filter(|c| c.ty().kind() != LLVMTypeKind::LLVMArrayTypeKind)
        .collect()
}

/// `invoke f(...) to label %normal unwind label %pad`.
pub fn invoke<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    normal: ir::BasicBlock<'m>,
    pad: ir::BasicBlock<'m>,
) -> Result<Terminator, ExtractError> {
    let Some((push, pop)) = eh(fl).map(|rt| (rt.push, rt.pop)) else {
        return Err(fl.internal("no exception runtime".into()));
    };
    let clauses = handler_clauses(pad);
    for &c in &clauses {
        let c = fl.operand(c)?;
        call(fl, push, None, vec![c]);
    }
    super::calls::lift_call_site(fl, inst)?;
    if !clauses.is_empty() {
        call(fl, pop, None, vec![Operand::Const(clauses.len() as u64)]);
    }
    let normal = fl.block_id(normal)?;
    if !call_may_throw(fl, inst) {
        return Ok(Terminator::Br { target: normal });
    }
    let set = in_flight(fl)?;
    Ok(Terminator::CondBr {
        cond: set,
        if_true: fl.block_id(pad)?,
        if_false: normal,
    })
}

/// `%lp = landingpad { ptr, i32 } ...`: the exception (the runtime's
/// record) and the selector of the clause that takes it, 0 for none.
pub fn landing_pad<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
) -> Result<(), ExtractError> {
    let Some((land, select)) = eh(fl).map(|rt| (rt.land, rt.select)) else {
        return Err(fl.unsupported("exception handling"));
    };
    let dst = fl.reg_of(inst)?;
    let e = fl.fresh_reg();
    call(fl, land, Some(e), Vec::new());
    let mut selector = Operand::Const(0);
    for clause in inst.clauses() {
        if clause.ty().kind() == LLVMTypeKind::LLVMArrayTypeKind {
            return Err(fl.unsupported("dynamic exception specification (throw(...))"));
        }
        let clause = fl.operand(clause)?;
        let next = fl.fresh_reg();
        call(
            fl,
            select,
            Some(next),
            vec![Operand::Reg(e), clause, selector],
        );
        selector = Operand::Reg(next);
    }
    fl.emit(InstKind::Alloca {
        dst,
        elem_size: 16,
        count: Operand::Const(1),
    });
    fl.emit(InstKind::Store {
        ty: Ty::Ptr,
        value: Operand::Reg(e),
        ptr: Operand::Reg(dst),
    });
    let at = fl.fresh_reg();
    fl.emit(InstKind::Gep {
        dst: at,
        base: Operand::Reg(dst),
        offset: 8,
        indices: Vec::<GepIndex>::new(),
    });
    fl.emit(InstKind::Store {
        ty: Ty::I32,
        value: selector,
        ptr: Operand::Reg(at),
    });
    Ok(())
}

/// `resume { ptr, i32 } %v`: the exception goes on to the caller.
pub fn resume<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
) -> Result<Terminator, ExtractError> {
    let Some(resume) = eh(fl).map(|rt| rt.resume) else {
        return Ok(Terminator::Unreachable);
    };
    let v = fl.raw_operand(inst, 0)?;
    let agg = super::aggregates::operand(fl, v)?;
    let e = fl.fresh_reg();
    fl.emit(InstKind::Load {
        dst: e,
        ty: Ty::Ptr,
        ptr: agg,
        volatile: false,
    });
    call(fl, resume, None, vec![Operand::Reg(e)]);
    Ok(fl.return_anything())
}

/// `llvm.eh.typeid.for(ptr @typeinfo)`: the number `__mpiv_eh_select`
/// gives a clause of that type, the high half of its encoded address (the
/// global's allocation).
pub fn type_id<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    args: &[Value<'m>],
) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let ti = args
        .first()
        .ok_or_else(|| fl.internal("llvm.eh.typeid.for without an argument".into()))?;
    let ti = fl.operand(*ti)?;
    let bits = fl.fresh_reg();
    fl.emit(InstKind::Cast {
        dst: bits,
        op: CastOp::PtrToInt,
        from: Ty::Ptr,
        to: Ty::I64,
        value: ti,
    });
    let high = fl.fresh_reg();
    fl.emit(InstKind::Binary {
        dst: high,
        op: BinOp::LShr,
        ty: Ty::I64,
        lhs: Operand::Reg(bits),
        rhs: Operand::Const(32),
    });
    fl.emit(InstKind::Cast {
        dst,
        op: CastOp::Trunc,
        from: Ty::I64,
        to: Ty::I32,
        value: Operand::Reg(high),
    });
    Ok(())
}
