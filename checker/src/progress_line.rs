//! The progress line on standard error while a check runs: a spinner with
//! the process count, executions, transitions, the execution rate, the
//! model instructions executed (so that one long local computation shows
//! it is moving) and the elapsed time (`indicatif`). It appears only on a terminal, and only once
//! a check has run for a second; it is cleared when the check ends, so the
//! report on standard output is unchanged and logs of CI runs (no
//! terminal) never see it.

use crate::explore::progress;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a check runs before the line appears.
const QUIET_FOR: Duration = Duration::from_secs(1);
/// How often the line is redrawn.
const TICK: Duration = Duration::from_millis(200);

/// Shows progress until dropped.
pub struct ProgressLine {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl ProgressLine {
    /// Starts the display for the check at `np` processes, when standard
    /// error is a terminal and `enabled`.
    pub fn start(np: usize, enabled: bool) -> ProgressLine {
        let stop = Arc::new(AtomicBool::new(false));
        if !enabled || !std::io::stderr().is_terminal() {
            return ProgressLine { stop, thread: None };
        }
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || show(np, &flag));
        ProgressLine {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            // The display thread only draws; its end does not matter.
            let _ = t.join();
        }
    }
}

fn show(np: usize, stop: &AtomicBool) {
    let start = Instant::now();
    let (executions0, transitions0) = progress::read();
    let instructions0 = progress::instructions();
    while start.elapsed() < QUIET_FOR {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        std::thread::sleep(TICK / 4);
    }
    let bar = indicatif::ProgressBar::new_spinner();
    let style = indicatif::ProgressStyle::with_template("{spinner} mpi-check -n {prefix}: {msg}")
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
    bar.set_style(style);
    bar.set_prefix(np.to_string());
    while !stop.load(Ordering::Relaxed) {
        let (executions, transitions) = progress::read();
        bar.set_message(status(
            executions - executions0,
            transitions - transitions0,
            progress::instructions() - instructions0,
            start.elapsed(),
        ));
        bar.tick();
        std::thread::sleep(TICK);
    }
    bar.finish_and_clear();
}

/// `1,234 executions, 56,789 transitions, 310 executions/s, 4 s`, with
/// `, 120 M instructions` before the time once there are a million.
pub fn status(executions: u64, transitions: u64, instructions: u64, elapsed: Duration) -> String {
    let rate = executions as f64 / elapsed.as_secs_f64().max(1e-3);
    let work = if instructions >= 1_000_000 {
        format!(", {} M instructions", grouped(instructions / 1_000_000))
    } else {
        String::new()
    };
    format!(
        "{} executions, {} transitions, {} executions/s{work}, {} s",
        grouped(executions),
        grouped(transitions),
        grouped(rate as u64),
        elapsed.as_secs()
    )
}

/// `n` with thousands separated by commas.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_counts_with_separators_and_rate() {
        assert_eq!(
            status(12_345, 1_234_567, 0, Duration::from_secs(5)),
            "12,345 executions, 1,234,567 transitions, 2,469 executions/s, 5 s"
        );
        assert_eq!(
            status(1, 3, 2_500_000_000, Duration::from_secs(9)),
            "1 executions, 3 transitions, 0 executions/s, 2,500 M instructions, 9 s"
        );
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
    }

    #[test]
    fn no_display_without_a_terminal_or_when_disabled() {
        let line = ProgressLine::start(2, false);
        assert!(line.thread.is_none());
    }
}
