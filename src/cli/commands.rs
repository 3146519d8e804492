//! Each game's half of the command line: [`GameCommands`], implemented once per game (in
//! `brade/` and `backgammon/`). The command line reads the arguments once
//! ([`super::args`]), chooses the game — `--game`, a position only one game writes, or the
//! game of the file named — and hands them to that game's half, which answers in its own
//! terms and refuses, in words, the options that are not its own.

use std::path::Path;
use std::process::ExitCode;

use super::args::Options;
use super::args::{
    ArenaArgs, BenchmarkCommand, BotArgs, EvalArgs, MovesArgs, PerftArgs, PlayArgs, RolloutArgs, TrainArgs,
};
use crate::brade::RuleSet;
use crate::game::Kind;
use crate::share::picture::Extras;
use crate::store::{MatchFile, RecordGame};
use crate::words::Lang;

/// How `brade analyze` writes a match's analysis, and what it checks and adds.
#[derive(Clone, Debug)]
pub struct Analyze {
    /// One line per decision, tab-separated.
    pub tsv: bool,
    /// One block per decision as eXtreme Gammon copies it.
    pub xg: bool,
    /// The rules `--rules` named, which must be the record's.
    pub rules: Option<RuleSet>,
    /// The decisions to roll out, and how.
    pub rollout: Option<super::verdict::Asked>,
}

/// What `brade export` writes instead of the transcript.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// The `.mat` text GNU Backgammon imports.
    Mat,
    /// GNU Backgammon's `.sgf`, with the analysis.
    Sgf,
}

/// A game's half of the command line.
pub(super) trait GameCommands: RecordGame {
    /// `brade play`: a new match of the game at once.
    fn play(opts: &Options, args: PlayArgs) -> ExitCode;

    /// `brade moves`: every legal play of a roll (or of each line of standard input).
    fn moves(args: MovesArgs) -> ExitCode;

    /// `brade perft`: the leaf plays of the game tree to a depth.
    fn perft(lang: Lang, args: PerftArgs) -> ExitCode;

    /// `brade rollout`: a position (or the best plays of a roll) played out many times.
    fn rollout(lang: Lang, args: RolloutArgs, seed: u64) -> ExitCode;

    /// `brade bot`: a chosen play for each line of standard input.
    fn bot(args: BotArgs, seed: u64) -> ExitCode;

    /// `brade arena`: games (or matches) between two levels.
    fn arena(lang: Lang, args: ArenaArgs, seed: u64) -> ExitCode;

    /// `brade eval`: the network's estimate of a position.
    fn eval(args: EvalArgs) -> ExitCode;

    /// `brade train`: the game's network trained.
    fn train(lang: Lang, args: TrainArgs, seed: u64) -> ExitCode;

    /// `brade benchmark`: the game's benchmark positions made, or the levels judged.
    fn benchmark(lang: Lang, command: BenchmarkCommand, seed: u64) -> ExitCode;

    /// `brade edit`: the code of `position` for the game's editor (`None`: its start), or
    /// why it is no position of the game, in words.
    fn edit(lang: Lang, position: Option<&str>) -> Result<Option<String>, String>;

    /// `brade picture`: `text`, a position of the game, as an SVG picture with the dice
    /// given (or those the text holds), or why it is none.
    fn picture(text: &str, dice: Option<(u8, u8)>, extras: &Extras) -> Result<String, String>;

    /// Whether `text` is a position only this game writes (an XGID, a Position ID): `brade
    /// edit` and `brade picture` read it as this game's whatever `--game` says.
    fn claims(_text: &str) -> bool {
        false
    }

    /// `brade analyze FILE`, the record `read` of this game.
    fn analyze(lang: Lang, read: &MatchFile<Self>, how: &Analyze) -> ExitCode;

    /// `brade export --mat|--sgf FILE`, the save or record `file` of this game.
    fn export(lang: Lang, file: &Path, read: &MatchFile<Self>, format: Export) -> ExitCode;
}

/// The game a command plays: the first whose own kind of position `text` is (as its
/// [`GameCommands::claims`] says), else the game asked for (bräde when none).
pub(super) fn chosen(asked: Option<Kind>, text: Option<&str>) -> Kind {
    text.and_then(|t| {
        Kind::ALL
            .into_iter()
            .find(|&k| crate::with_game!(k, G => G::claims(t)))
    })
    .or(asked)
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::chosen;
    use crate::game::Kind;

    #[test]
    fn a_position_id_or_an_xgid_opens_backgammon_whatever_game_was_asked() {
        let xgid = "XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10";
        for text in [
            "4HPwATDgc/ABMA",
            "4HPwATDgc/ABMA:b",
            "4HPwATDgc/ABMA:cAkAAAAAAAAA",
            xgid,
        ] {
            assert_eq!(chosen(None, Some(text)), Kind::Backgammon, "{text}");
            assert_eq!(chosen(Some(Kind::Brade), Some(text)), Kind::Backgammon, "{text}");
        }
        assert_eq!(chosen(None, Some("19/9,13x14/w")), Kind::Brade);
        assert_eq!(
            chosen(Some(Kind::Backgammon), Some("19/9,13x14/w")),
            Kind::Backgammon
        );
        assert_eq!(chosen(Some(Kind::Backgammon), None), Kind::Backgammon);
        assert_eq!(chosen(None, None), Kind::Brade);
    }

    #[test]
    fn no_brade_position_of_the_worked_examples_is_taken_for_backgammons() {
        // Every position and result of the independent fixture, written as RULES §7b does.
        let fixture = include_str!("../../tests/data/examples.tsv");
        let mut seen = 0;
        for line in fixture.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let mut codes = vec![line.split('\t').next().unwrap_or_default()];
            for play in line.split('\t').nth(2).unwrap_or_default().split(';') {
                codes.extend(play.split('|').nth(1));
            }
            for code in codes.into_iter().filter(|c| !c.is_empty()) {
                seen += 1;
                assert_eq!(chosen(None, Some(code)), Kind::Brade, "{code}");
            }
        }
        assert!(seen >= 50, "only {seen} codes read from the fixture");
    }
}
