//! Errors `mpi-extract` reports. Each is one line for the user; all exit 2.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExtractError {
    /// Bad command line or input file (missing, not C...).
    Input(String),
    /// clang rejected the program; carries clang's diagnostics.
    Compile(String),
    /// The program uses something the model does not support, at `location`
    /// (`file:line`, or empty when no source position is known).
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
                write!(f, "{location}: unsupported call to {callee}")
            }
            ExtractError::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

impl std::error::Error for ExtractError {}
