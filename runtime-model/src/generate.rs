//! `--generate` of both binaries: their man page and shell completion
//! scripts, made from their clap command lines (`clap_mangen`,
//! `clap_complete`). Behind the `cli` feature: the model itself needs no
//! command-line crate.

use clap::ValueEnum;

/// What `--generate` writes to standard output.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Generate {
    /// A man page (roff).
    Man,
    Bash,
    Zsh,
    Fish,
    Elvish,
    Powershell,
}

/// Writes the man page or a shell's completion script for `cmd` to
/// standard output. A reader that stops early (`| head`) is not an error.
pub fn generate(what: Generate, mut cmd: clap::Command) -> std::io::Result<()> {
    use clap_complete::Shell;
    use std::io::Write;
    let mut text = Vec::new();
    let shell = match what {
        Generate::Man => None,
        Generate::Bash => Some(Shell::Bash),
        Generate::Zsh => Some(Shell::Zsh),
        Generate::Fish => Some(Shell::Fish),
        Generate::Elvish => Some(Shell::Elvish),
        Generate::Powershell => Some(Shell::PowerShell),
    };
    match shell {
        None => clap_mangen::Man::new(cmd).render(&mut text)?,
        Some(shell) => {
            let name = cmd.get_name().to_string();
            clap_complete::generate(shell, &mut cmd, name, &mut text);
        }
    }
    match std::io::stdout().lock().write_all(&text) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        result => result,
    }
}
