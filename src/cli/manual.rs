//! `brade man` and `brade completions SHELL`: the manual page and the shells' completion
//! scripts, both made from the command line's own definition ([`super::Cli`]), so that
//! they name exactly the commands and options the program takes.
//!
//! The man page is clap_mangen's page of `brade` (name, synopsis, description, options,
//! the list of commands), then a COMMANDS section with every command's synopsis, its
//! description and its options, as `git help`'s pages give each command's in full.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::CommandFactory;

use super::{Cli, finish};

/// The manual page of `brade` and every command, in roff.
#[must_use]
pub fn page() -> Vec<u8> {
    let mut built = Cli::command();
    built.build();
    let mut out = Vec::new();
    let man = clap_mangen::Man::new(built).section("1").manual("brade manual");
    // Writing into a Vec cannot fail.
    let mut whole = Vec::new();
    let _ = man.render(&mut whole);
    // The title line first, as man(7) pages begin (clap_mangen puts its definition of a
    // quote before it; roff takes it as well after).
    let whole = String::from_utf8_lossy(&whole);
    let (title, rest): (Vec<&str>, Vec<&str>) = whole.lines().partition(|l| l.starts_with(".TH "));
    for line in title.iter().chain(&rest) {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, ".SH COMMANDS");
    // The commands as defined, without the global options (described once above).
    for sub in Cli::command().get_subcommands() {
        command(&mut out, sub, "brade");
    }
    out
}

/// `sub`'s synopsis, description and options under a heading of its own (`brade
/// benchmark make`), then its own commands'.
fn command(out: &mut Vec<u8>, sub: &clap::Command, parent: &str) {
    if sub.is_hide_set() {
        return;
    }
    let name = format!("{parent} {}", sub.get_name());
    let _ = writeln!(out, ".SS \"{name}\"");
    let man = clap_mangen::Man::new(sub.clone().bin_name(&name));
    let mut part = Vec::new();
    let _ = man.render_synopsis_section(&mut part);
    let _ = man.render_description_section(&mut part);
    if sub.get_arguments().any(|a| !a.is_hide_set()) {
        let _ = man.render_options_section(&mut part);
    }
    // Each part's own section headings would end the COMMANDS section: the synopsis, the
    // description and the options run on under the command's heading, each a paragraph
    // (the page's preamble, defining a quote, is said once at the top).
    for line in String::from_utf8_lossy(&part).lines() {
        match line.strip_prefix(".SH ") {
            Some("OPTIONS") => {
                let _ = writeln!(out, ".PP\nOptions:");
            }
            Some(_) => {
                let _ = writeln!(out, ".PP");
            }
            None if line.starts_with(".ie ") || line.starts_with(".el ") => {}
            None => {
                let _ = writeln!(out, "{line}");
            }
        }
    }
    for inner in sub.get_subcommands() {
        command(out, inner, &name);
    }
}

/// `brade man`: the manual page on standard output.
pub fn man() -> ExitCode {
    finish(io::stdout().lock().write_all(&page()))
}

/// The completion script of `shell` for `brade`.
#[must_use]
pub fn script(shell: clap_complete::Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "brade", &mut out);
    out
}

/// `brade completions SHELL`: the script on standard output.
pub fn completions(shell: clap_complete::Shell) -> ExitCode {
    finish(io::stdout().lock().write_all(&script(shell)))
}
