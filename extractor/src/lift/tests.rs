//! Lifting tests: tiny C programs through the real pipeline (clang-19,
//! mem2reg, lift), before inlining and slicing.

use std::path::PathBuf;

use inkwell::context::Context;
use runtime_model::model::{
    BinOp, CastOp, Function, InstKind, LibcFunc, Model, Operand, Pointer, Terminator, Ty,
};
use runtime_model::mpi_api::MpiFunc;

use crate::compile::compile;
use crate::error::ExtractError;

/// A C program written to a fresh directory (kept alive with it).
struct Program {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl Program {
    fn new(source: &str) -> Program {
        Program::with_files(&[("prog.c", source)])
    }

    /// Several files; the first is the one `path` names.
    fn with_files(files: &[(&str, &str)]) -> Program {
        let dir = tempfile::tempdir().expect("temporary directory");
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).expect("write source");
        }
        let path = dir.path().join(files[0].0);
        Program { _dir: dir, path }
    }

    /// `file:line` of this program's line `line`, as errors print it.
    fn at(&self, line: u32) -> String {
        format!("{}:{line}", self.shown())
    }

    /// The path as reports show it: relative to the current directory when
    /// below it (the temporary directory may be, e.g. when run from /tmp).
    fn shown(&self) -> String {
        let cwd = std::env::current_dir().expect("current directory");
        self.path
            .strip_prefix(&cwd)
            .unwrap_or(&self.path)
            .display()
            .to_string()
    }

    fn lift_files(&self, paths: &[PathBuf]) -> Result<Model, ExtractError> {
        let context = Context::create();
        let module = compile(&context, paths, &[], false)?;
        super::lift_module(&module)
    }

    fn lift(&self) -> Result<Model, ExtractError> {
        self.lift_files(std::slice::from_ref(&self.path))
    }

    fn lift_ok(&self) -> Model {
        match self.lift() {
            Ok(m) => m,
            Err(e) => panic!("lifting failed: {e}"),
        }
    }
}

/// The placeholders of unsupported constructs in a lifted model, as
/// `file:line: what` (how `mpi-extract` warns about them), in order.
fn unsupported_sites(model: &Model) -> Vec<String> {
    model
        .functions
        .iter()
        .flat_map(|f| &f.blocks)
        .flat_map(|b| &b.insts)
        .filter_map(|i| match &i.kind {
            InstKind::Unsupported { what } => {
                let l = &model.locations[i.loc as usize];
                Some(format!(
                    "{}:{}: {what}",
                    model.files[l.file as usize], l.line
                ))
            }
            _ => None,
        })
        .collect()
}

fn function<'a>(model: &'a Model, name: &str) -> &'a Function {
    model
        .functions
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no function {name}"))
}

fn insts<'a>(model: &'a Model, name: &str) -> Vec<&'a InstKind> {
    function(model, name)
        .blocks
        .iter()
        .flat_map(|b| b.insts.iter().map(|i| &i.kind))
        .collect()
}

fn global_index(model: &Model, name: &str) -> u32 {
    model
        .globals
        .iter()
        .position(|g| g.name == name)
        .unwrap_or_else(|| panic!("no global {name}")) as u32
}

fn line_of(model: &Model, kind: &InstKind) -> u32 {
    let loc = model
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| b.insts.iter()))
        .find(|i| &i.kind == kind)
        .map(|i| i.loc)
        .expect("instruction in the model");
    model.locations[loc as usize].line
}

#[test]
fn mpi_send_has_its_six_arguments_and_line() {
    let p = Program::new(
        "#include <mpi.h>\n\
         int main(int argc, char **argv) {\n\
           int x = 7;\n\
           MPI_Init(&argc, &argv);\n\
           MPI_Send(&x, 1, MPI_INT, 1, 42, MPI_COMM_WORLD);\n\
           MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n\
           MPI_Finalize();\n\
           return 0;\n\
         }\n",
    );
    let model = p.lift_ok();
    model.validate().expect("valid model");
    let main = insts(&model, "main");
    let send = main
        .iter()
        .find(|k| {
            matches!(
                k,
                InstKind::Mpi {
                    func: MpiFunc::Send,
                    ..
                }
            )
        })
        .expect("an MPI_Send");
    let InstKind::Mpi { args, dst, .. } = send else {
        unreachable!()
    };
    assert!(dst.is_some(), "MPI_Send returns an int");
    assert_eq!(args.len(), 6);
    assert_eq!(args[1], Operand::Const(1));
    assert_eq!(args[2], Operand::Const(0x4c00_0405), "MPI_INT");
    assert_eq!(args[4], Operand::Const(42));
    assert_eq!(args[5], Operand::Const(0x4400_0000), "MPI_COMM_WORLD");
    assert_eq!(line_of(&model, send), 5);

    // Negative constants are zero-extended from their width.
    let recv = main
        .iter()
        .find(|k| {
            matches!(
                k,
                InstKind::Mpi {
                    func: MpiFunc::Recv,
                    ..
                }
            )
        })
        .expect("an MPI_Recv");
    let InstKind::Mpi { args, .. } = recv else {
        unreachable!()
    };
    assert_eq!(args[3], Operand::Const(0xFFFF_FFFE), "MPI_ANY_SOURCE = -2");
    assert_eq!(
        args[6],
        Operand::Const(1),
        "MPI_STATUS_IGNORE = (MPI_Status *)1"
    );
    let loc = &model.locations[model.functions[model.entry as usize].loc as usize];
    assert_eq!(loc.function.as_deref(), Some("main"));
    assert_eq!(model.files[loc.file as usize], p.shown());
}

#[test]
fn global_initializers_are_little_endian_with_padding_and_pointers() {
    let p = Program::new(
        "struct S { char c; double d; int a[3]; };\n\
         int arr[4] = {1, 2, 3, -1};\n\
         struct S gs = {'a', 1.5, {1, 2, 3}};\n\
         int *gp = &arr[2];\n\
         const char *msg = \"hi\";\n\
         float f = 0.5f;\n\
         int zeros[100];\n\
         int main(void) { return arr[0] + gs.c + *gp + msg[0] + (int)f + zeros[3]; }\n",
    );
    let model = p.lift_ok();
    let g = |name: &str| &model.globals[global_index(&model, name) as usize];

    assert_eq!(g("arr").size, 16);
    assert_eq!(
        g("arr").init,
        [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]
    );

    let gs = g("gs");
    assert_eq!(
        gs.size, 32,
        "char, 7 bytes padding, double, int[3], 4 bytes tail padding"
    );
    let mut expected = vec![0u8; 32];
    expected[0] = b'a';
    expected[8..16].copy_from_slice(&1.5f64.to_le_bytes());
    for (i, v) in [1u32, 2, 3].iter().enumerate() {
        expected[16 + 4 * i..20 + 4 * i].copy_from_slice(&v.to_le_bytes());
    }
    assert_eq!(gs.init, expected);

    let arr_ptr = Pointer::global(global_index(&model, "arr"));
    assert_eq!(g("gp").init, (arr_ptr + 8).to_le_bytes());

    let str_index = global_index(&model, ".str");
    assert_eq!(g(".str").init, b"hi\0");
    assert!(g(".str").constant);
    assert_eq!(g("msg").init, Pointer::global(str_index).to_le_bytes());

    assert_eq!(g("f").init, 0.5f32.to_le_bytes());
    assert_eq!(g("zeros").init, vec![0; 400]);
    model.validate().expect("valid model");
}

#[test]
fn struct_fields_fold_into_offsets_and_array_indices_scale() {
    let p = Program::new(
        "struct S { char c; double d; int a[3]; };\n\
         int main(int argc, char **argv) {\n\
           struct S s;\n\
           s.d = 2.0;\n\
           s.a[argc] = 5;\n\
           return s.a[1];\n\
         }\n",
    );
    let model = p.lift_ok();
    let geps: Vec<_> = insts(&model, "main")
        .into_iter()
        .filter_map(|k| match k {
            InstKind::Gep {
                offset, indices, ..
            } => Some((*offset, indices.clone())),
            _ => None,
        })
        .collect();
    assert!(geps.contains(&(8, vec![])), "s.d is at offset 8: {geps:?}");
    assert!(
        geps.contains(&(16, vec![])),
        "s.a is at offset 16: {geps:?}"
    );
    let scaled = geps
        .iter()
        .flat_map(|(_, ix)| ix.iter())
        .find(|ix| ix.scale == 4)
        .expect("an int index scaled by 4");
    assert_eq!(
        scaled.index_ty,
        Ty::I64,
        "clang sign-extends the index to i64"
    );
    assert!(
        geps.contains(&(4, vec![])),
        "a[1] folds to offset 4: {geps:?}"
    );
}

#[test]
fn library_call_without_source_names_the_function_and_keeps_its_result() {
    let p = Program::new(
        "#include <stdlib.h>\n\
         int main(void) {\n\
           return system(\"true\");\n\
         }\n",
    );
    // Not refused: the call stops the check (inconclusive) if it runs,
    // unless it is assumed to have no effect (then its result is 0).
    let model = p.lift_ok();
    assert!(unsupported_sites(&model).is_empty());
    let foreign: Vec<_> = insts(&model, "main")
        .into_iter()
        .filter_map(|k| match k {
            InstKind::Foreign {
                dst,
                ty,
                callee,
                no_effect,
                ..
            } => Some((dst.is_some(), *ty, callee.clone(), *no_effect)),
            _ => None,
        })
        .collect();
    assert_eq!(
        foreign,
        [(true, Some(Ty::I32), "system".to_string(), false)]
    );
    model.validate().expect("valid model");
}

#[test]
fn an_unsupported_construct_ends_its_block() {
    // What follows the placeholder in its block never runs: it is not
    // lifted (no call of `getsid`) and the block ends in `unreachable`;
    // the other branch is lifted as usual.
    let p = Program::new(
        "#include <string.h>\n\
         #include <unistd.h>\n\
         int main(int argc, char **argv) {\n\
           if (argc > 3) {\n\
             __asm__ volatile(\"\" ::: \"memory\");\n\
             return argc + getsid(0);\n\
           }\n\
           return argc;\n\
         }\n",
    );
    let model = p.lift_ok();
    assert_eq!(
        unsupported_sites(&model),
        [format!("{}: unsupported: inline assembly", p.at(5))]
    );
    assert!(!insts(&model, "main")
        .iter()
        .any(|k| matches!(k, InstKind::Foreign { .. })));
    let main = function(&model, "main");
    let halting = main
        .blocks
        .iter()
        .find(|b| {
            b.insts
                .iter()
                .any(|i| matches!(i.kind, InstKind::Unsupported { .. }))
        })
        .expect("the block of the placeholder");
    assert!(matches!(
        halting.insts.last().map(|i| &i.kind),
        Some(InstKind::Unsupported { .. })
    ));
    assert_eq!(halting.term, Terminator::Unreachable);
    assert!(main
        .blocks
        .iter()
        .any(|b| matches!(b.term, Terminator::Ret { .. })));
    model.validate().expect("valid model");
}

#[test]
fn call_through_a_function_pointer_is_an_indirect_call_and_variadic_ones_unsupported() {
    let p = Program::new(
        "int one(void) { return 1; }\n\
         int (*volatile fp)(void) = one;\n\
         int (*volatile vp)(const char *, ...);\n\
         int main(void) {\n\
           if (vp) vp(\"%d\", 1);\n\
           return fp();\n\
         }\n",
    );
    let model = p.lift_ok();
    assert_eq!(
        unsupported_sites(&model),
        [format!(
            "{}: unsupported: call through a function pointer to a variadic function",
            p.at(5)
        )]
    );
    let main = &model.functions[model.entry as usize];
    assert!(main
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .any(|i| matches!(i.kind, InstKind::CallIndirect { dst: Some(_), .. })));
}

#[test]
fn unknown_mpi_function_is_unsupported() {
    let p = Program::new(
        "#include <mpi.h>\n\
         int main(void) {\n\
           MPI_Comm c;\n\
           return MPI_Comm_spawn(\"w\", 0, 1, 0, 0, MPI_COMM_WORLD, &c, 0);\n\
         }\n",
    );
    assert_eq!(
        unsupported_sites(&p.lift_ok()),
        [format!("{}: unsupported: MPI_Comm_spawn", p.at(4))]
    );
}

#[test]
fn address_taken_functions_become_function_pointers_and_are_lifted() {
    let p = Program::new(
        "static int twice(int x) { return 2 * x; }\n\
         int (*table[1])(int) = { twice };\n\
         int main(void) { return table[0] != 0; }\n",
    );
    let model = p.lift_ok();
    let id = model
        .functions
        .iter()
        .position(|f| f.name == "twice")
        .expect("twice is lifted") as u32;
    let table = &model.globals[global_index(&model, "table") as usize];
    assert_eq!(table.init, Pointer::function(id).to_le_bytes());
    assert_eq!(function(&model, "twice").params, vec![Ty::I32]);
    assert_eq!(function(&model, "twice").ret, Some(Ty::I32));
}

#[test]
fn direct_calls_and_byval_structs() {
    let p = Program::new(
        "struct Big { double x[4]; };\n\
         static double first(struct Big b) { b.x[1] = 0; return b.x[0]; }\n\
         int main(void) {\n\
           struct Big big = {{1, 2, 3, 4}};\n\
           return (int)first(big);\n\
         }\n",
    );
    let model = p.lift_ok();
    let callee = model
        .functions
        .iter()
        .position(|f| f.name == "first")
        .expect("first is lifted") as u32;
    assert!(insts(&model, "main")
        .iter()
        .any(|k| matches!(k, InstKind::Call { func, dst: Some(_), .. } if *func == callee)));
    // The callee starts by copying the struct it was passed.
    let body = insts(&model, "first");
    let InstKind::Alloca {
        dst: copy,
        elem_size: 32,
        ..
    } = body[0]
    else {
        panic!("expected an alloca first, got {:?}", body[0]);
    };
    let InstKind::Libc {
        func: LibcFunc::Memcpy,
        args,
        ..
    } = body[1]
    else {
        panic!("expected a memcpy second, got {:?}", body[1]);
    };
    assert_eq!(args[0].value, Operand::Reg(*copy));
    assert_eq!(args[1].value, Operand::Reg(0), "from the incoming pointer");
    assert_eq!(args[2].value, Operand::Const(32));
    // ... and every later access goes to the copy.
    assert!(body[2..]
        .iter()
        .all(|k| { !k.dst_and_operands().1.contains(&Operand::Reg(0)) }));
}

#[test]
fn loops_have_phis_after_mem2reg_and_floats_are_bits() {
    let p = Program::new(
        "int main(int argc, char **argv) {\n\
           double s = 0.25;\n\
           float t = -1.0f;\n\
           for (int i = 0; i < argc; i++) s = s * 2.0 + 1.0;\n\
           return (int)(s + t);\n\
         }\n",
    );
    let model = p.lift_ok();
    let main = function(&model, "main");
    let phis: Vec<_> = main.blocks.iter().flat_map(|b| b.phis.iter()).collect();
    assert!(phis.iter().any(|ph| ph.ty == Ty::I32), "the loop counter");
    let s_phi = phis.iter().find(|ph| ph.ty == Ty::F64).expect("s is a phi");
    assert!(s_phi
        .incoming
        .iter()
        .any(|(_, v)| *v == Operand::Const(0.25f64.to_bits())));
    let body = insts(&model, "main");
    // `s * 2.0 + 1.0` is an llvm.fmuladd: multiply, then add.
    let mul = body.iter().position(|k| {
        matches!(k, InstKind::Binary { op: BinOp::FMul, rhs, .. } if *rhs == Operand::Const(2.0f64.to_bits()))
    });
    let mul = mul.expect("the multiplication");
    assert!(matches!(
        body[mul + 1],
        InstKind::Binary { op: BinOp::FAdd, rhs, .. } if *rhs == Operand::Const(1.0f64.to_bits())
    ));
    assert!(body.iter().any(|k| matches!(
        k,
        InstKind::Cast { op: CastOp::FpExt, from: Ty::F32, to: Ty::F64, value, .. }
            if *value == Operand::Const((-1.0f32).to_bits() as u64)
    )));
    assert!(main.num_regs > main.params.len() as u32);
    model.validate().expect("valid model");
}

#[test]
fn switches_keep_their_cases() {
    let p = Program::new(
        "int main(int argc, char **argv) {\n\
           switch (argc) { case 1: return 10; case -3: return 20; default: return 0; }\n\
         }\n",
    );
    let model = p.lift_ok();
    let Terminator::Switch {
        ty, cases, value, ..
    } = &function(&model, "main").blocks[0].term
    else {
        panic!("expected a switch");
    };
    assert_eq!(*ty, Ty::I32);
    assert_eq!(*value, Operand::Reg(0));
    let values: Vec<u64> = cases.iter().map(|(v, _)| *v).collect();
    assert_eq!(values, vec![1, 0xFFFF_FFFD]);
}

#[test]
fn printf_arguments_are_typed_and_stdout_holds_its_marker() {
    let p = Program::new(
        "#include <stdio.h>\n\
         int main(void) {\n\
           printf(\"%d %f\\n\", 3, 1.5);\n\
           fflush(stdout);\n\
           return 0;\n\
         }\n",
    );
    let model = p.lift_ok();
    let main = insts(&model, "main");
    let Some(InstKind::Libc { args, dst, .. }) = main.iter().find(|k| {
        matches!(
            k,
            InstKind::Libc {
                func: LibcFunc::Printf,
                ..
            }
        )
    }) else {
        panic!("no printf");
    };
    assert!(dst.is_some());
    let tys: Vec<Ty> = args.iter().map(|a| a.ty).collect();
    assert_eq!(tys, vec![Ty::Ptr, Ty::I32, Ty::F64]);
    let stdout = &model.globals[global_index(&model, "stdout") as usize];
    let marker = runtime_model::model::Pointer::standard_stream("stdout").unwrap();
    assert_eq!(
        (stdout.size, stdout.init.clone()),
        (8, marker.to_le_bytes().to_vec())
    );
}

#[test]
fn sources_are_linked() {
    let p = Program::with_files(&[
        (
            "main.c",
            "int helper(int);\nint main(void) { return helper(2); }\n",
        ),
        ("helper.c", "int helper(int x) { return x + 1; }\n"),
    ]);
    let helper = p.path.with_file_name("helper.c");
    let model = p
        .lift_files(&[p.path.clone(), helper.clone()])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(function(&model, "helper").params, vec![Ty::I32]);
    let cwd = std::env::current_dir().expect("current directory");
    let shown = helper
        .strip_prefix(&cwd)
        .unwrap_or(&helper)
        .display()
        .to_string();
    assert!(model.files.contains(&shown));
}

#[test]
fn a_program_without_main_is_rejected() {
    let p = Program::new("int f(void) { return 0; }\n");
    assert_eq!(
        p.lift(),
        Err(ExtractError::Input(
            "no `main` function in the given sources".into()
        ))
    );
}

#[test]
fn long_double_values_are_register_pairs() {
    use runtime_model::model::{Half, X87Op};
    let p = Program::new(
        "static long double half(long double x) { return x / 2; }\n\
         int main(int argc, char **argv) {\n\
           long double x = argc;\n\
           long double y = x > 1 ? half(x) : -x;\n\
           return (int)(y * 3);\n\
         }\n",
    );
    let m = p.lift_ok();
    assert!(
        unsupported_sites(&m).is_empty(),
        "{:?}",
        unsupported_sites(&m)
    );
    let x87: Vec<X87Op> = m
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| b.insts.iter()))
        .filter_map(|i| match &i.kind {
            InstKind::X87 { op, .. } => Some(*op),
            _ => None,
        })
        .collect();
    // Each operation making a long double is there once per half.
    for half in [Half::Lo, Half::Hi] {
        assert!(
            x87.iter()
                .any(|o| matches!(o, X87Op::FromInt { half: h, .. } if *h == half)),
            "{x87:?}"
        );
        assert!(
            x87.iter()
                .any(|o| matches!(o, X87Op::Binary { half: h, .. } if *h == half)),
            "{x87:?}"
        );
        assert!(
            x87.iter()
                .any(|o| matches!(o, X87Op::Neg { half: h } if *h == half)),
            "{x87:?}"
        );
    }
    assert!(
        x87.iter().any(|o| matches!(o, X87Op::Cmp { .. })),
        "{x87:?}"
    );
    assert!(
        x87.iter()
            .any(|o| matches!(o, X87Op::ToInt { signed: true, .. })),
        "{x87:?}"
    );
    // `half` takes its argument's high half after the result area.
    let half = m
        .functions
        .iter()
        .find(|f| f.name.contains("half"))
        .expect("half");
    assert_eq!(half.params, vec![Ty::I64, Ty::Ptr, Ty::I16]);
    assert_eq!(half.ret, None);
}

#[test]
fn long_double_constructs_without_a_model_stay_unsupported() {
    // expl (no correctly rounded exponential is modeled): the placeholder,
    // at its line.
    let p = Program::new(
        "int main(int argc, char **argv) {\n\
           long double x = argc;\n\
           return (int)__builtin_expl(x);\n\
         }\n",
    );
    let sites = unsupported_sites(&p.lift_ok());
    assert_eq!(sites.len(), 1, "{sites:?}");
    assert!(
        sites[0].starts_with(&format!("{}: unsupported:", p.at(3))),
        "{sites:?}"
    );
    assert!(sites[0].contains("long double"), "{sites:?}");
}

#[test]
fn small_structs_returned_in_registers_go_through_a_result_area() {
    let p = Program::new(
        "struct P { double x, y; };\n\
         static struct P make(void) { struct P p = {1, 2}; return p; }\n\
         int main(void) {\n\
           struct P p = make();\n\
           return (int)p.x;\n\
         }\n",
    );
    let model = p.lift_ok();
    // `{ double, double }` is returned through a hidden pointer parameter.
    let make = function(&model, "make");
    assert_eq!(make.params, vec![Ty::Ptr]);
    assert_eq!(make.ret, None);
    let main = insts(&model, "main");
    assert!(main
        .iter()
        .any(|k| matches!(k, InstKind::Call { dst: None, args, .. } if args.len() == 1)));
}

#[test]
fn vector_operations_stay_unsupported() {
    let p = Program::new(
        "typedef double v2 __attribute__((vector_size(16)));\n\
         int main(int argc, char **argv) {\n\
           v2 a = {argc, 2.0};\n\
           a = a * a;\n\
           return (int)a[0];\n\
         }\n",
    );
    let sites = unsupported_sites(&p.lift_ok());
    assert_eq!(sites.len(), 1, "{sites:?}");
    assert!(
        sites[0].starts_with(&format!("{}: unsupported: ", p.at(3))),
        "{sites:?}"
    );
}

#[test]
fn bad_sources_give_clear_errors() {
    let p = Program::new("int main(void) { return 0 }\n");
    let context = Context::create();
    let missing = p.path.with_file_name("missing.c");
    let err =
        compile(&context, std::slice::from_ref(&missing), &[], false).expect_err("missing file");
    assert_eq!(
        err.to_string(),
        format!(
            "error: cannot read {}: No such file or directory",
            missing.display()
        )
    );
    let err =
        compile(&context, std::slice::from_ref(&p.path), &[], false).expect_err("syntax error");
    let ExtractError::Compile(diagnostics) = err else {
        panic!("expected a clang error, got {err:?}");
    };
    assert!(diagnostics.contains("expected ';'"), "{diagnostics}");
}

#[test]
fn intrinsics_become_model_instructions() {
    let p = Program::new(
        "#include <stdlib.h>\n\
         #include <math.h>\n\
         int main(int argc, char **argv) {\n\
           double v[argc];\n\
           v[0] = fmin(argc, 2.0);\n\
           if (__builtin_expect(argc > 7, 0)) __builtin_trap();\n\
           return abs(argc - 5) + (int)v[0];\n\
         }\n",
    );
    let model = p.lift_ok();
    let body = insts(&model, "main");
    // The variable-length array: an alloca whose count is a register.
    assert!(body.iter().any(|k| matches!(
        k,
        InstKind::Alloca {
            elem_size: 8,
            count: Operand::Reg(_),
            ..
        }
    )));
    assert!(body.iter().any(|k| matches!(
        k,
        InstKind::Libc {
            func: LibcFunc::Fmin,
            dst: Some(_),
            ..
        }
    )));
    assert!(body.iter().any(|k| matches!(
        k,
        InstKind::Libc {
            func: LibcFunc::Abort,
            ..
        }
    )));
    // abs(x): x < 0, 0 - x, select.
    let select = body
        .iter()
        .position(|k| matches!(k, InstKind::Select { .. }))
        .expect("abs becomes a select");
    assert!(matches!(
        body[select - 2],
        InstKind::ICmp {
            pred: runtime_model::model::IntPredicate::Slt,
            rhs: Operand::Const(0),
            ..
        }
    ));
    assert!(matches!(
        body[select - 1],
        InstKind::Binary {
            op: BinOp::Sub,
            lhs: Operand::Const(0),
            ..
        }
    ));
    model.validate().expect("valid model");
}

#[test]
fn addresses_of_things_outside_the_program_are_unsupported() {
    let p = Program::new(
        "#include <stdlib.h>\n\
         void (*volatile release)(void *);\n\
         int main(void) {\n\
           release = free;\n\
           return 0;\n\
         }\n",
    );
    assert_eq!(
        unsupported_sites(&p.lift_ok()),
        [format!(
            "{}: unsupported: address of external function free",
            p.at(4)
        )]
    );

    let p = Program::new(
        "extern int elsewhere;\n\
         int main(void) {\n\
           return elsewhere;\n\
         }\n",
    );
    assert_eq!(
        unsupported_sites(&p.lift_ok()),
        [format!(
            "{}: unsupported: external variable elsewhere (not defined in the given sources)",
            p.at(3)
        )]
    );
}

#[test]
fn qsort_with_a_named_comparator_becomes_a_sort_calling_it() {
    let p = Program::new(
        "#include <stdlib.h>\n\
         static int up(const void *a, const void *b) {\n\
           return *(const int *)a - *(const int *)b;\n\
         }\n\
         int main(void) {\n\
           int v[3] = {3, 1, 2};\n\
           qsort(v, 3, sizeof v[0], up);\n\
           return v[0];\n\
         }\n",
    );
    let model = p.lift_ok();
    let main = insts(&model, "main");
    let sort = model
        .functions
        .iter()
        .position(|f| f.name.starts_with("qsort.up."))
        .expect("a sort made for the call");
    assert!(main.iter().any(
        |k| matches!(k, InstKind::Call { func, args, .. } if *func as usize == sort && args.len() == 3)
    ));
    let up = model
        .functions
        .iter()
        .position(|f| f.name == "up")
        .expect("up");
    let calls_up = model.functions[sort]
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .any(|i| matches!(&i.kind, InstKind::Call { func, .. } if *func as usize == up));
    assert!(calls_up, "the sort calls the comparator directly");
    // Every instruction of the sort is placed at the qsort call.
    let at = model.functions[sort].blocks[1].insts.first().map(|i| i.loc);
    if let Some(loc) = at {
        assert_eq!(model.locations[loc as usize].line, 7);
    }
}

#[test]
fn qsort_with_a_comparator_variable_sorts_through_the_pointer() {
    let p = Program::new(
        "#include <stdlib.h>\n\
         static int up(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }\n\
         static int down(const void *a, const void *b) { return *(const int *)b - *(const int *)a; }\n\
         int main(int argc, char **argv) {\n\
           int v[4] = {3, 1, 4, 2};\n\
           qsort(v, 4, sizeof v[0], argc > 5 ? up : down);\n\
           return v[0] * 1000 + v[1] * 100 + v[2] * 10 + v[3];\n\
         }\n",
    );
    assert_eq!(run_main(&p), 4321);
    let model = p.lift_ok();
    assert_eq!(unsupported_sites(&model), Vec::<String>::new());
    let sort = model
        .functions
        .iter()
        .find(|f| f.name.starts_with("qsort.pointer."))
        .expect("the sort made for the call");
    assert!(sort
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .any(|i| matches!(i.kind, InstKind::CallIndirect { .. })));
}

/// Exit status of the program's `main`, run by LLVM's JIT on the module
/// `compile` hands the lifter (its debug information dropped, since the
/// generated functions carry the caller's locations): what the code made
/// before lifting computes, independently of the model.
fn run_main(p: &Program) -> i32 {
    let context = Context::create();
    let module = match compile(&context, std::slice::from_ref(&p.path), &[], false) {
        Ok(m) => m,
        Err(e) => panic!("compiling failed: {e}"),
    };
    // The host's C library would answer a call left in place.
    for name in ["bsearch", "__errno_location"] {
        let called = module.get_function(name).is_some_and(|f| {
            inkwell::values::BasicValue::get_first_use(&f.as_global_value().as_pointer_value())
                .is_some()
        });
        assert!(!called, "{name} is still called");
    }
    module.strip_debug_info();
    let engine = module
        .create_jit_execution_engine(inkwell::OptimizationLevel::None)
        .expect("a JIT for the host");
    let main = module.get_function("main").expect("main");
    // SAFETY: `main` takes no arguments and calls only the program's own
    // functions (the rewrites removed the library calls).
    unsafe { engine.run_function_as_main(main, &[]) }
}

/// A program looking `key` up with `bsearch` in the first `n` of six
/// records sorted by id, through a comparator taking the key first: `main`
/// returns the index found, -1 for none, or -2 when the comparator saw
/// anything but the key as its first argument. `calls` counts comparisons.
fn bsearch_program(key: i32, n: usize) -> Program {
    Program::new(&format!(
        "#include <stdlib.h>\n\
         struct rec {{ int id; double value; }};\n\
         static struct rec table[6] = {{{{2, 0.5}}, {{4, 1}}, {{6, 2}}, {{8, 4}}, {{10, 8}}, {{12, 16}}}};\n\
         static int key = {key}, calls, wrong;\n\
         static int by_id(const void *k, const void *e) {{\n\
           calls++;\n\
           if (k != &key) wrong = 1;\n\
           int a = *(const int *)k, b = ((const struct rec *)e)->id;\n\
           return (a > b) - (a < b);\n\
         }}\n\
         int main(void) {{\n\
           struct rec *r = bsearch(&key, {base}, {n}, sizeof table[0], by_id);\n\
           if (wrong) return -2;\n\
           return r ? (int)(r - table) : -1;\n\
         }}\n",
        base = if n == 0 { "NULL" } else { "table" },
    ))
}

#[test]
fn bsearch_with_a_named_comparator_becomes_a_search_calling_it() {
    let p = bsearch_program(8, 6);
    let model = p.lift_ok();
    assert_eq!(unsupported_sites(&model), Vec::<String>::new());
    let search = model
        .functions
        .iter()
        .position(|f| f.name.starts_with("bsearch.by_id."))
        .expect("a search made for the call");
    assert!(insts(&model, "main").iter().any(
        |k| matches!(k, InstKind::Call { func, args, .. } if *func as usize == search && args.len() == 4)
    ));
    let by_id = model
        .functions
        .iter()
        .position(|f| f.name == "by_id")
        .expect("by_id");
    let calls_by_id = model.functions[search]
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .any(|i| matches!(&i.kind, InstKind::Call { func, .. } if *func as usize == by_id));
    assert!(calls_by_id, "the search calls the comparator directly");
    // Every instruction of the search is placed at the bsearch call.
    for i in model.functions[search].blocks.iter().flat_map(|b| &b.insts) {
        assert_eq!(model.locations[i.loc as usize].line, 12);
    }
}

#[test]
fn bsearch_finds_every_element_of_the_table() {
    for (index, key) in [2, 4, 6, 8, 10, 12].into_iter().enumerate() {
        assert_eq!(
            run_main(&bsearch_program(key, 6)),
            index as i32,
            "key {key}"
        );
    }
    // A table of one element, and the last of an odd-sized prefix.
    assert_eq!(run_main(&bsearch_program(2, 1)), 0);
    assert_eq!(run_main(&bsearch_program(10, 5)), 4);
}

#[test]
fn bsearch_returns_null_for_a_missing_key() {
    for key in [1, 5, 11, 13] {
        assert_eq!(run_main(&bsearch_program(key, 6)), -1, "key {key}");
    }
    // 12 is in the table, but not among the first five records.
    assert_eq!(run_main(&bsearch_program(12, 5)), -1);
}

#[test]
fn bsearch_of_an_empty_array_returns_null_without_comparing() {
    let p = Program::new(
        "#include <stdlib.h>\n\
         static int calls;\n\
         static int up(const void *a, const void *b) {\n\
           calls++;\n\
           return *(const int *)a - *(const int *)b;\n\
         }\n\
         int main(void) {\n\
           int key = 3;\n\
           int *r = bsearch(&key, NULL, 0, sizeof key, up);\n\
           return r ? 1 : 10 + calls;\n\
         }\n",
    );
    assert_eq!(run_main(&p), 10);
    assert_eq!(unsupported_sites(&p.lift_ok()), Vec::<String>::new());
}

#[test]
fn bsearch_with_a_comparator_variable_searches_through_the_pointer() {
    let p = Program::new(
        "#include <stdlib.h>\n\
         static int up(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }\n\
         static int down(const void *a, const void *b) { return *(const int *)b - *(const int *)a; }\n\
         int main(int argc, char **argv) {\n\
           int v[4] = {1, 2, 3, 4}, k = 3;\n\
           int *hit = bsearch(&k, v, 4, sizeof v[0], argc > 5 ? down : up);\n\
           return hit ? (int)(hit - v) : -1;\n\
         }\n",
    );
    assert_eq!(run_main(&p), 2);
    assert_eq!(unsupported_sites(&p.lift_ok()), Vec::<String>::new());
}

#[test]
fn errno_is_a_zeroed_global_of_the_program() {
    let p = Program::new(
        "#include <errno.h>\n\
         int main(void) {\n\
           int before = errno;\n\
           errno = ERANGE;\n\
           return before * 100 + errno;\n\
         }\n",
    );
    assert_eq!(run_main(&p), 34);
    let model = p.lift_ok();
    assert_eq!(unsupported_sites(&model), Vec::<String>::new());
    let errno = &model.globals[global_index(&model, "errno") as usize];
    assert_eq!((errno.size, errno.constant), (4, false));
    assert_eq!(errno.init, [0; 4]);
}

#[test]
fn getopt_variables_are_globals_of_the_program_and_calls_pass_them() {
    let p = Program::new(
        "#include <unistd.h>\n\
         int main(int argc, char **argv) {\n\
           int opt, n = 0;\n\
           while ((opt = getopt(argc, argv, \"n:\")) != -1)\n\
             n += opt;\n\
           return n + optind;\n\
         }\n",
    );
    let model = p.lift_ok();
    assert_eq!(unsupported_sites(&model), Vec::<String>::new());
    // glibc's initial values, made even for the variables the program
    // does not name.
    let init = |name: &str| {
        model.globals[global_index(&model, name) as usize]
            .init
            .clone()
    };
    assert_eq!(init("optind"), 1u32.to_le_bytes());
    assert_eq!(init("opterr"), 1u32.to_le_bytes());
    assert_eq!(init("optopt"), (b'?' as u32).to_le_bytes());
    assert_eq!(init("optarg"), [0; 8]);
    let call = insts(&model, "main")
        .into_iter()
        .find_map(|k| match k {
            InstKind::Libc {
                func: LibcFunc::Getopt,
                args,
                ..
            } => Some(args.clone()),
            _ => None,
        })
        .expect("a getopt call");
    let passed: Vec<_> = call.iter().map(|a| a.value).collect();
    let global = |name: &str| Operand::Const(Pointer::global(global_index(&model, name)));
    assert_eq!(
        passed[3..],
        [
            global("optarg"),
            global("optind"),
            global("opterr"),
            global("optopt"),
            Operand::Const(0),
            // No long options, no long index, not getopt_long_only.
            Operand::Const(0),
            Operand::Const(0),
            Operand::Const(0)
        ]
    );
}

#[test]
fn strict_posix_getopt_does_not_permute() {
    // _POSIX_C_SOURCE without _GNU_SOURCE: glibc's headers name getopt
    // __posix_getopt.
    let p = Program::new(
        "#define _POSIX_C_SOURCE 200809L\n\
         #include <unistd.h>\n\
         int main(int argc, char **argv) {\n\
           return getopt(argc, argv, \"v\") + optind;\n\
         }\n",
    );
    let model = p.lift_ok();
    assert_eq!(unsupported_sites(&model), Vec::<String>::new());
    let posix = insts(&model, "main").into_iter().find_map(|k| match k {
        InstKind::Libc {
            func: LibcFunc::Getopt,
            args,
            ..
        } => args.get(7).map(|a| a.value),
        _ => None,
    });
    assert_eq!(posix, Some(Operand::Const(1)));
}

#[test]
fn variadic_calls_pass_an_argument_area() {
    let p = Program::new(
        "#include <stdarg.h>\n\
         #include <stdio.h>\n\
         static void say(const char *f, ...) {\n\
           va_list ap;\n\
           va_start(ap, f);\n\
           vprintf(f, ap);\n\
           va_end(ap);\n\
         }\n\
         int main(void) {\n\
           say(\"%d %f\\n\", 1, 2.0);\n\
           return 0;\n\
         }\n",
    );
    let model = p.lift_ok();
    let say = function(&model, "say");
    assert_eq!(
        say.params,
        vec![Ty::Ptr, Ty::Ptr],
        "the area is a hidden parameter"
    );
    let main = insts(&model, "main");
    assert!(main.iter().any(|k| matches!(
        k,
        InstKind::Alloca {
            elem_size: 8,
            count: Operand::Const(2),
            ..
        }
    )));
    let stores: Vec<Ty> = main
        .iter()
        .filter_map(|k| match k {
            InstKind::Store { ty, .. } => Some(*ty),
            _ => None,
        })
        .collect();
    assert_eq!(stores, vec![Ty::I32, Ty::F64]);
    assert!(main
        .iter()
        .any(|k| matches!(k, InstKind::Call { args, .. } if args.len() == 2)));
    let body = insts(&model, "say");
    assert!(body.iter().any(|k| matches!(
        k,
        InstKind::Libc {
            func: LibcFunc::VaStart,
            ..
        }
    )));
    assert!(body.iter().any(|k| matches!(
        k,
        InstKind::Libc {
            func: LibcFunc::Vprintf,
            ..
        }
    )));
}

#[test]
fn math_forms_and_classification() {
    let p = Program::new(
        "#include <math.h>\n\
         #include <ctype.h>\n\
         int main(int argc, char **argv) {\n\
           float f = sinf((float)argc);\n\
           double d = round(argc * 0.5) + trunc(f) + fmod(d, 2.0);\n\
           return isnan(d) + isinf(d) + isfinite(f) + isdigit(argv[0][0]);\n\
         }\n",
    );
    let model = p.lift_ok();
    let body = insts(&model, "main");
    let libc: Vec<(LibcFunc, Ty)> = body
        .iter()
        .filter_map(|k| match k {
            InstKind::Libc { func, args, .. } => Some((*func, args.first()?.ty)),
            _ => None,
        })
        .collect();
    for expected in [
        (LibcFunc::Sin, Ty::F32),
        (LibcFunc::Round, Ty::F64),
        (LibcFunc::Trunc, Ty::F64),
        (LibcFunc::Fmod, Ty::F64),
        (LibcFunc::Isdigit, Ty::I32),
    ] {
        assert!(libc.contains(&expected), "{expected:?} in {libc:?}");
    }
    // isnan: unordered comparison of d with itself.
    assert!(body.iter().any(|k| matches!(
        k,
        InstKind::FCmp {
            pred: runtime_model::model::FloatPredicate::Uno,
            ..
        }
    )));
}

#[test]
fn complex_arithmetic_uses_cabs_and_a_result_block() {
    let p = Program::new(
        "#include <complex.h>\n\
         int main(int argc, char **argv) {\n\
           double complex z = argc + 2.0 * I;\n\
           z = z * z / (z + 1.0);\n\
           return cabs(z) > 1.0;\n\
         }\n",
    );
    let model = p.lift_ok();
    let body = insts(&model, "main");
    let has = |f: LibcFunc| {
        body.iter()
            .any(|k| matches!(k, InstKind::Libc { func, .. } if *func == f))
    };
    assert!(has(LibcFunc::Hypot), "cabs is hypot of the two parts");
    assert!(has(LibcFunc::Muldc3) && has(LibcFunc::Divdc3));
}

#[test]
fn float_and_long_double_complex_pass_through_a_result_block() {
    let p = Program::new(
        "#include <complex.h>\n\
         int main(int argc, char **argv) {\n\
           float complex f = argc + 2.0f * I;\n\
           long double complex l = argc + 2.0L * I;\n\
           f = f * f / (f + 1.0f);\n\
           l = l * l / (l + 1.0L);\n\
           return crealf(f) + creall(l) > 1.0L;\n\
         }\n",
    );
    let model = p.lift_ok();
    let body = insts(&model, "main");
    let call = |f: LibcFunc| {
        body.iter().find_map(|k| match k {
            InstKind::Libc { func, args, .. } if *func == f => Some(args.len()),
            _ => None,
        })
    };
    // Four operands and the block; a long double operand is two halves.
    assert_eq!(call(LibcFunc::Divsc3), Some(5));
    assert_eq!(call(LibcFunc::Mulsc3), Some(5));
    assert_eq!(call(LibcFunc::Divxc3), Some(9));
    assert_eq!(call(LibcFunc::Mulxc3), Some(9));
}

#[test]
fn openmp_regions_become_fork_calls_and_critical_updates_atomic() {
    let p = Program::new(
        "#include <omp.h>\n\
         int main(void) {\n\
           long sum = 0, seen = 0;\n\
           #pragma omp parallel\n\
           {\n\
             long part = omp_get_thread_num() + 1;\n\
             #pragma omp critical\n\
             { sum += part; if (sum > 2) seen = sum; }\n\
           }\n\
           return (int)(sum + seen);\n\
         }\n",
    );
    let mut model = p.lift().expect("lifts");
    let forks = insts(&model, "main")
        .into_iter()
        .filter(|k| {
            matches!(
                k,
                InstKind::Omp {
                    call: runtime_model::omp::OmpCall::ForkCall,
                    ..
                }
            )
        })
        .count();
    assert_eq!(forks, 1, "one parallel region");
    // `sum += part` is an update under the lock; the test of `sum` after it
    // reads the new value, so that load stays.
    let rewritten =
        crate::passes::locked_updates::updates_under_locks_become_atomic(&mut model.functions);
    let atomics: Vec<_> = model
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| &b.insts))
        .filter(|i| matches!(i.kind, InstKind::Atomic { .. }))
        .collect();
    assert_eq!(rewritten, 0, "the loaded sum is used again: no rewrite");
    assert!(atomics.is_empty());
}

#[test]
fn critical_sum_becomes_an_atomic_update() {
    let p = Program::new(
        "#include <omp.h>\n\
         int main(void) {\n\
           double sum = 0;\n\
           #pragma omp parallel\n\
           {\n\
             double part = omp_get_thread_num() + 1.0;\n\
             #pragma omp critical\n\
             sum += part;\n\
           }\n\
           return (int)sum;\n\
         }\n",
    );
    let mut model = p.lift().expect("lifts");
    let rewritten =
        crate::passes::locked_updates::updates_under_locks_become_atomic(&mut model.functions);
    assert_eq!(rewritten, 1);
    assert!(model
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| &b.insts))
        .any(|i| matches!(
            i.kind,
            InstKind::Atomic {
                op: runtime_model::omp::AtomicOp::FAdd,
                dst: None,
                ..
            }
        )));
}

#[test]
fn locals_end_at_the_returns_of_their_function() {
    let p = Program::new(
        "static int *leak(int v) { int local = v; return &local; }\n\
         int main(void) { return *leak(3); }\n",
    );
    let mut model = p.lift().expect("lifts");
    let added = crate::passes::lifetimes::end_locals_at_returns(&mut model);
    assert!(added >= 1);
    assert!(insts(&model, "leak")
        .iter()
        .any(|k| matches!(k, InstKind::LifetimeEnd { .. })));
    assert!(!insts(&model, "main")
        .iter()
        .any(|k| matches!(k, InstKind::LifetimeEnd { .. })));
}

#[test]
fn pthread_calls_become_omp_calls_that_keep_what_the_thread_reads() {
    use runtime_model::omp::OmpCall;
    let p = Program::new(
        "#include <pthread.h>\n\
         static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n\
         static void *worker(void *p) {\n\
           pthread_mutex_lock(&m);\n\
           long v = *(int *)p + 1;\n\
           pthread_mutex_unlock(&m);\n\
           return (void *)v;\n\
         }\n\
         int main(void) {\n\
           int from = 41;\n\
           pthread_t t;\n\
           void *r;\n\
           pthread_create(&t, 0, worker, &from);\n\
           pthread_join(t, &r);\n\
           return (int)(long)r;\n\
         }\n",
    );
    let mut model = p.lift_ok();
    crate::passes::slice::slice(&mut model, false);
    let calls = |name: &str| -> Vec<OmpCall> {
        insts(&model, name)
            .into_iter()
            .filter_map(|k| match k {
                InstKind::Omp { call, .. } => Some(*call),
                _ => None,
            })
            .collect()
    };
    assert_eq!(
        calls("main"),
        vec![OmpCall::PthreadCreate, OmpCall::PthreadJoin]
    );
    assert_eq!(
        calls("worker"),
        vec![OmpCall::MutexLock, OmpCall::MutexUnlock]
    );
    // Only the new thread reads `from`: pthread_create may read anything,
    // so the slicer keeps the store (it removed it when the call was taken
    // for one without memory effects).
    let stores_41 = insts(&model, "main")
        .into_iter()
        .filter(|k| {
            matches!(
                k,
                InstKind::Store {
                    value: runtime_model::model::Operand::Const(41),
                    ..
                }
            )
        })
        .count();
    assert_eq!(stores_41, 1, "the store the thread reads stays");
}
