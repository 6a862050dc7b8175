//! User error handlers, window error handlers and the error classes, codes
//! and strings a process adds (MPI 3.1 §8.3, §8.5). All process-local; the
//! checker decodes the calls and runs the handlers.

use crate::handles::{ERRHANDLER_HANDLE_BASE, MPI_ERRORS_ARE_FATAL, MPI_ERR_LASTCODE};
use std::sync::Arc;

/// The kind of object a user error handler is made for (§8.3.1–§8.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrhandlerTarget {
    Comm,
    Win,
    File,
}

impl ErrhandlerTarget {
    pub fn noun(self) -> &'static str {
        match self {
            ErrhandlerTarget::Comm => "communicator",
            ErrhandlerTarget::Win => "window",
            ErrhandlerTarget::File => "file",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UserErrhandler {
    pub target: ErrhandlerTarget,
    /// Pointer bits of the program's handler function.
    pub function: u64,
    /// Handles the program holds: one from its creation, one more from
    /// each `MPI_*_get_errhandler` (which returns a new reference, §8.3.1);
    /// `MPI_Errhandler_free` releases one. Objects using it keep it even
    /// at zero (§8.3.4).
    pub refs: u32,
}

/// An error class or code `MPI_Add_error_class` / `_code` made, with the
/// string `MPI_Add_error_string` gave it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UserCode {
    pub code: i32,
    pub class: i32,
    pub string: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ErrTables {
    handlers: Vec<Arc<Vec<UserErrhandler>>>,
    /// Per process, the error handler set on each window (by handle);
    /// windows not listed have `MPI_ERRORS_ARE_FATAL` (§8.3).
    windows: Vec<Arc<Vec<(i32, i32)>>>,
    codes: Vec<Arc<Vec<UserCode>>>,
}

impl ErrTables {
    fn ensure(&mut self, rank: usize) {
        if self.handlers.len() <= rank {
            self.handlers.resize_with(rank + 1, Default::default);
            self.windows.resize_with(rank + 1, Default::default);
            self.codes.resize_with(rank + 1, Default::default);
        }
    }

    pub fn handler(&self, rank: usize, eh: i32) -> Option<&UserErrhandler> {
        let i = eh.wrapping_sub(ERRHANDLER_HANDLE_BASE);
        if i < 0 {
            return None;
        }
        self.handlers.get(rank)?.get(i as usize)
    }

    pub fn handler_mut(&mut self, rank: usize, eh: i32) -> Option<&mut UserErrhandler> {
        self.handler(rank, eh)?;
        let i = eh.wrapping_sub(ERRHANDLER_HANDLE_BASE) as usize;
        Arc::make_mut(&mut self.handlers[rank]).get_mut(i)
    }

    pub fn add_handler(&mut self, rank: usize, h: UserErrhandler) -> i32 {
        self.ensure(rank);
        let v = Arc::make_mut(&mut self.handlers[rank]);
        v.push(h);
        ERRHANDLER_HANDLE_BASE + (v.len() - 1) as i32
    }

    pub fn win_handler(&self, rank: usize, win: i32) -> i32 {
        self.windows
            .get(rank)
            .and_then(|v| v.iter().find(|(w, _)| *w == win))
            .map_or(MPI_ERRORS_ARE_FATAL, |(_, eh)| *eh)
    }

    pub fn set_win_handler(&mut self, rank: usize, win: i32, eh: i32) {
        self.ensure(rank);
        let v = Arc::make_mut(&mut self.windows[rank]);
        v.retain(|(w, _)| *w != win);
        v.push((win, eh));
    }

    /// Adds an error class (`class == None`, the code is its own class) or
    /// a code of `class`; returns its value, above every value used before
    /// (§8.5: values above MPI_ERR_LASTCODE).
    pub fn add_code(&mut self, rank: usize, class: Option<i32>) -> i32 {
        self.ensure(rank);
        let code = self.last_used(rank) + 1;
        Arc::make_mut(&mut self.codes[rank]).push(UserCode {
            code,
            class: class.unwrap_or(code),
            string: String::new(),
        });
        code
    }

    pub fn code(&self, rank: usize, code: i32) -> Option<&UserCode> {
        self.codes.get(rank)?.iter().find(|c| c.code == code)
    }

    pub fn set_string(&mut self, rank: usize, code: i32, s: String) -> bool {
        let Some(v) = self.codes.get_mut(rank) else {
            return false;
        };
        match Arc::make_mut(v).iter_mut().find(|c| c.code == code) {
            Some(c) => {
                c.string = s;
                true
            }
            None => false,
        }
    }

    /// `MPI_LASTUSEDCODE` (§8.5).
    pub fn last_used(&self, rank: usize) -> i32 {
        self.codes
            .get(rank)
            .and_then(|v| v.last())
            .map_or(MPI_ERR_LASTCODE, |c| c.code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_count_up_from_the_last_predefined_one() {
        let mut t = ErrTables::default();
        assert_eq!(t.last_used(0), MPI_ERR_LASTCODE);
        let class = t.add_code(0, None);
        let code = t.add_code(0, Some(class));
        assert_eq!((class, code), (MPI_ERR_LASTCODE + 1, MPI_ERR_LASTCODE + 2));
        assert_eq!(t.code(0, code).unwrap().class, class);
        assert!(t.set_string(0, code, "mine".into()));
        assert_eq!(t.code(0, code).unwrap().string, "mine");
        assert_eq!(t.last_used(1), MPI_ERR_LASTCODE);
    }

    #[test]
    fn windows_default_to_fatal() {
        let mut t = ErrTables::default();
        assert_eq!(t.win_handler(0, 5), MPI_ERRORS_ARE_FATAL);
        t.set_win_handler(0, 5, 7);
        assert_eq!(t.win_handler(0, 5), 7);
        assert_eq!(t.win_handler(1, 5), MPI_ERRORS_ARE_FATAL);
    }
}
