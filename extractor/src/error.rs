//! Errors `mpi-extract` reports. Each is one line for the user; all exit 2.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExtractError {
    /// Bad command line or input file (missing, not C...).
    Input(String),
    /// clang rejected the program; carries clang's diagnostics.
    Compile(String),
    /// The program uses something the model does not support, at `location`
    /// (`file:line`, or empty when no source position is known). Inside a
    /// function body this is not fatal: the lifter and the inliner put an
    /// `InstKind::Unsupported` placeholder there (see `deferred_reason`).
    Unsupported { location: String, what: String },
    /// A call to an external function the model does not know.
    UnsupportedCall { location: String, callee: String },
    /// Anything else that went wrong inside the tool (not the user's fault).
    Internal(String),
}

impl ExtractError {
    pub fn unsupported(location: impl Into<String>, what: impl Into<String>) -> Self {
        ExtractError::Unsupported {
            location: location.into(),
            what: what.into(),
        }
    }

    /// For an unsupported construct inside a function body, the text of the
    /// placeholder that replaces it (`unsupported call to strerror`): the
    /// message without its location, which the placeholder's own location
    /// supplies. `None` for the errors that cannot wait until the construct
    /// runs (bad input, clang errors, bugs of this tool).
    pub fn deferred_reason(&self) -> Option<String> {
        match self {
            ExtractError::Unsupported { what, .. } => Some(format!("unsupported: {what}")),
            ExtractError::UnsupportedCall { callee, .. } => {
                Some(crate::lift::cxx::unmodeled_call(&c_spelling(callee)))
            }
            ExtractError::Input(_) | ExtractError::Compile(_) | ExtractError::Internal(_) => None,
        }
    }
}

/// How the user wrote a library symbol: glibc implements `errno` as a call
/// to `__errno_location()`, which the user never wrote; a C++ function is
/// named demangled.
fn c_spelling(callee: &str) -> String {
    match callee {
        "__errno_location" => "errno (__errno_location)".to_string(),
        _ => crate::lift::cxx::short_name(callee),
    }
}

impl fmt::Display for ExtractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExtractError::Input(m) => write!(f, "error: {m}"),
            ExtractError::Compile(m) => write!(f, "error: clang failed:\n{m}"),
            ExtractError::Unsupported { location, what } if location.is_empty() => {
                write!(f, "unsupported: {what}")
            }
            ExtractError::Unsupported { location, what } => {
                write!(f, "{location}: unsupported: {what}")
            }
            ExtractError::UnsupportedCall { location, callee } => {
                let why = crate::lift::cxx::unmodeled_call(&c_spelling(callee));
                write!(f, "{location}: {why}")
            }
            ExtractError::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

impl std::error::Error for ExtractError {}
