//! Which functions and globals go into the model, and their ids.
//!
//! Both are discovered while lifting: a function when it is called or its
//! address is taken, a global when code or another global's initializer
//! refers to it. Ids are handed out in discovery order (so `main`, found
//! first, is function 0) and the lifter drains both lists until no new
//! symbol turns up.

use std::collections::HashMap;

use runtime_model::model::FuncId;

use super::ir::Value;

#[derive(Default)]
pub struct Symbols<'m> {
    functions: Vec<Value<'m>>,
    function_ids: HashMap<Value<'m>, FuncId>,
    globals: Vec<Value<'m>>,
    global_ids: HashMap<Value<'m>, u32>,
}

impl<'m> Symbols<'m> {
    /// The id of function `f` (with a body), registering it on first sight.
    pub fn function_id(&mut self, f: Value<'m>) -> FuncId {
        intern(&mut self.functions, &mut self.function_ids, f)
    }

    /// The index of global variable `g` in `Model::globals`, registering it
    /// on first sight.
    pub fn global_index(&mut self, g: Value<'m>) -> u32 {
        intern(&mut self.globals, &mut self.global_ids, g)
    }

    pub fn function(&self, id: usize) -> Option<Value<'m>> {
        self.functions.get(id).copied()
    }

    pub fn global(&self, index: usize) -> Option<Value<'m>> {
        self.globals.get(index).copied()
    }
}

fn intern<'m>(list: &mut Vec<Value<'m>>, ids: &mut HashMap<Value<'m>, u32>, v: Value<'m>) -> u32 {
    *ids.entry(v).or_insert_with(|| {
        list.push(v);
        (list.len() - 1) as u32
    })
}
