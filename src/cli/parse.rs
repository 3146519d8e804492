//! The values of the command line's options that clap is told how to read: the rules,
//! the numbers of games, matches, points, threads, and names.

use crate::brade::RuleSet;
use crate::session::{GAME_CHOICES, MAX_NAME};
use crate::words::cli as words;

pub(super) fn parse_rules(text: &str) -> Result<RuleSet, String> {
    text.parse()
        .map_err(|e: crate::brade::RuleSetError| e.to_string())
}

pub(super) fn parse_games(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if GAME_CHOICES.contains(&n) => Ok(n),
        _ => Err(words::bad_games(text)),
    }
}

pub(super) fn parse_match(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if GAME_CHOICES.contains(&n) && n > 1 => Ok(n),
        _ => Err(words::bad_match_length(text)),
    }
}

pub(super) fn parse_points(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if crate::backgammon::Score::is_length(n) => Ok(n),
        _ => Err(format!(
            "a backgammon match is an odd number of points from 1 to 25, or 0 for money play, not {text:?}"
        )),
    }
}

pub(super) fn parse_count(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if (1..=MAX_COUNT).contains(&n) => Ok(n),
        _ => Err(words::bad_count(text, MAX_COUNT)),
    }
}

/// The most games (or matches) one command plays: a hundred million take days.
const MAX_COUNT: u32 = 100_000_000;

/// The most threads a rollout starts (every thread costs memory and a stack).
const MAX_THREADS: usize = 256;

pub(super) fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(words::bad_threads(text, MAX_THREADS)),
    }
}

pub(super) fn parse_name(text: &str) -> Result<String, String> {
    let name = text.trim();
    if name.is_empty() || name.chars().any(char::is_control) {
        return Err(words::EMPTY_NAME.to_string());
    }
    if name.chars().count() > MAX_NAME {
        return Err(words::long_name(MAX_NAME));
    }
    Ok(name.to_string())
}
