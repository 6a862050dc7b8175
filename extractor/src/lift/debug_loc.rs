//! Source positions: the model's file and location tables, and where an
//! instruction without its own `!dbg` attachment is placed.

use std::collections::HashMap;

use runtime_model::model::{LocId, Location};

use super::ir::{self, DebugLoc};

/// Stands in for a file when the IR names none (a module built without `-g`).
const UNKNOWN_FILE: &str = "<unknown>";

/// A resolved source position of an instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourcePos {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl SourcePos {
    /// `file:line`, the prefix of every error about this instruction (empty
    /// when the position is unknown, so the error carries no location).
    pub fn describe(&self) -> String {
        if self.file.is_empty() {
            String::new()
        } else {
            format!("{}:{}", self.file, self.line)
        }
    }
}

impl From<DebugLoc> for SourcePos {
    fn from(d: DebugLoc) -> Self {
        let file = if d.file.is_empty() {
            UNKNOWN_FILE.to_string()
        } else {
            d.file
        };
        SourcePos {
            file,
            line: d.line,
            column: d.column,
        }
    }
}

/// Position of a function: its `DISubprogram` line.
pub fn function_pos(func: ir::Value<'_>) -> SourcePos {
    func.subprogram_loc()
        .map(SourcePos::from)
        .unwrap_or_else(|| SourcePos {
            file: UNKNOWN_FILE.to_string(),
            line: 0,
            column: 0,
        })
}

/// Position of an instruction. Phis, allocas and some compiler-made
/// instructions carry no location (or line 0): they take the next located
/// instruction of their block, else the previous one, else the function's
/// line, so that every model instruction still points into the user's code.
pub fn instruction_pos(inst: ir::Value<'_>, func: ir::Value<'_>) -> SourcePos {
    if let Some(d) = inst.debug_loc() {
        return d.into();
    }
    let forward = std::iter::successors(inst.next_instruction(), |i| i.next_instruction());
    let backward = std::iter::successors(inst.previous_instruction(), |i| i.previous_instruction());
    forward
        .chain(backward)
        .find_map(|i| i.debug_loc())
        .map(SourcePos::from)
        .unwrap_or_else(|| function_pos(func))
}

/// The model's `files` and `locations` tables, with identical entries shared.
#[derive(Default)]
pub struct Locations {
    files: Vec<String>,
    file_ids: HashMap<String, u32>,
    locations: Vec<Location>,
    location_ids: HashMap<Location, LocId>,
}

impl Locations {
    /// The id of `pos` inside function `function`.
    pub fn intern(&mut self, pos: &SourcePos, function: &str) -> LocId {
        let file = self.file_id(&pos.file);
        let loc = Location {
            file,
            line: pos.line,
            column: pos.column,
            inlined_at: None,
            function: Some(super::cxx::short_name(function)),
        };
        if let Some(id) = self.location_ids.get(&loc) {
            return *id;
        }
        let id = self.locations.len() as LocId;
        self.locations.push(loc.clone());
        self.location_ids.insert(loc, id);
        id
    }

    fn file_id(&mut self, file: &str) -> u32 {
        if let Some(id) = self.file_ids.get(file) {
            return *id;
        }
        let id = self.files.len() as u32;
        self.files.push(file.to_string());
        self.file_ids.insert(file.to_string(), id);
        id
    }

    /// The finished `(files, locations)` tables.
    pub fn into_tables(self) -> (Vec<String>, Vec<Location>) {
        (self.files, self.locations)
    }
}
