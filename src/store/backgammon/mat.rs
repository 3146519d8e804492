//! A backgammon match in the `.mat` text format (Jellyfish's, as GNU Backgammon exports
//! and imports it): ` 5 point match`, then each game's number, the players with their
//! scores before it, and numbered lines of two columns, White's (gnubg's player 0) on the
//! left and Black's on the right: `53: 8/3 6/3` (the dice, higher first, and each step in
//! the mover's numbering, the bar 25 and off 0, a hit marked `*`), ` Doubles => 2`,
//! ` Takes`, ` Drops`, and ` Wins N points` in the winner's column (also after a
//! resignation, as gnubg writes one). Pure: a match in, text out.
//!
//! **The Crawford game** is marked as GNU Backgammon 1.07 marks it: not at all in the text
//! — its own export writes the Crawford game's header like any other (` Game 3`, the
//! scores) and its import finds the Crawford game from the scores by the Crawford rule,
//! which brade's matches always play by (B15). `check_mat_import.py` checks that gnubg
//! takes the same game for the Crawford game as brade.
//!
//! **Money play** is ` 0 point match`, as gnubg exports its own money sessions. What a
//! `.mat` cannot say is refused ([`not_in_mat`]): gnubg's import counts a money session's
//! games by its own settings (the Jacoby rule on, no automatic doubles) and every
//! backgammon as three times the cube, so a session whose points depend on another option
//! would be scored otherwise there.

use crate::backgammon::{BAR, OFF, Play, Win};
use crate::game::{Backgammon, CubeAction};
use crate::rules::{Color, Roll};
use crate::session::{GameLog, Match};

/// How wide the left column is, as gnubg writes it (its text and the spaces after).
const COLUMN: usize = 28;

/// The match in `.mat` text: every game begun, the last one as far as it has gone (a roll
/// not yet played is left out).
#[must_use]
pub fn mat(game: &Match<Backgammon>) -> String {
    let mut out = format!(" {} point match\n\n", game.score.length);
    let mut score = [0u32; 2];
    for (i, log) in game.log.iter().enumerate() {
        out.push_str(&format!(" Game {}\n", i + 1));
        let left = format!("{} : {}", game.name(Color::White), score[0]);
        out.push_str(&format!(
            " {left:<31}{} : {}\n",
            game.name(Color::Black),
            score[1]
        ));
        out.push_str(&game_lines(log));
        out.push('\n');
        if let Some(end) = log.result {
            score[end.winner.index()] += end.points;
        }
    }
    out
}

/// A comment line to stand before the match (`; TEXT`, its line breaks made spaces).
/// GNU Backgammon's import (`ImportMatVariation` in its `import.c`) reads every line that
/// begins with `;` or `#` before the ` N point match` line as a comment: the `[Event "…"]`
/// kind it knows, any other it keeps as the match's comment, shown in its match
/// information — nothing in a comment changes the match it imports.
#[must_use]
pub fn comment(text: &str) -> String {
    format!("; {}\n", text.replace(['\n', '\r'], " "))
}

/// Why a match cannot be written as `.mat` text (the reasons are worded beside the
/// command's other words, which is where the type lives).
pub use crate::words::cli::NotInMat;

/// Why `game` cannot be written as `.mat` text, if it cannot (the first game, from 1,
/// whose points gnubg would count otherwise).
#[must_use]
pub fn not_in_mat(game: &Match<Backgammon>) -> Option<NotInMat> {
    let money = game.score.is_money();
    let stakes = game.rules;
    // Each game's opening throws, in order: equal dice are thrown again (and, in money
    // play with automatic doubles, double the cube).
    let mut openings = game.teka_rolls.iter();
    for (i, log) in game.log.iter().enumerate() {
        let number = i + 1;
        for &(w, b) in openings.by_ref() {
            if w != b {
                break;
            }
            if money && stakes.automatic > 0 {
                return Some(NotInMat::AutomaticDouble { game: number });
            }
        }
        let Some(end) = log.result else { continue };
        match end.win {
            Some(Win::Backgammon) if stakes.backgammon != 3 => {
                return Some(NotInMat::BackgammonTwice { game: number });
            }
            Some(Win::Gammon | Win::Backgammon) if money && !stakes.jacoby && end.cube == 1 => {
                return Some(NotInMat::NoJacoby { game: number });
            }
            _ => {}
        }
    }
    None
}

/// A move as `.mat` writes it: `53: 13/8 8/5*` (`53: ` for a roll that cannot be played).
fn move_text(roll: Roll, play: &Play) -> String {
    let point = |p: u8| match p {
        BAR => "25".to_string(),
        OFF => "0".to_string(),
        p => p.to_string(),
    };
    let steps: Vec<String> = play
        .steps()
        .iter()
        .map(|s| {
            format!(
                "{}/{}{}",
                point(s.from),
                point(s.to),
                if s.hit { "*" } else { "" }
            )
        })
        .collect();
    format!("{}{}: {}", roll.high(), roll.low(), steps.join(" "))
}

/// The numbered lines of one game.
fn game_lines(log: &GameLog<Backgammon>) -> String {
    // Who did what, in order: a cube action is logged with the turns played before it.
    let mut events: Vec<(Color, String)> = Vec::new();
    let mut actions = log.cube.iter().peekable();
    let mover = |turns: usize| log.mover(turns);
    for at in 0..=log.turns.len() {
        while let Some(&&(_, action)) = actions.peek().filter(|(before, _)| *before == at) {
            actions.next();
            let doubler = mover(at);
            events.extend(match action {
                CubeAction::Double => Some((doubler, String::new())),
                CubeAction::Take => Some((doubler.other(), " Takes".to_string())),
                CubeAction::Drop => Some((doubler.other(), " Drops".to_string())),
                // As GNU Backgammon writes a resignation: the roll it was made on, if any,
                // then ` Wins N points` in the winner's column (which its import reads as
                // the loser's resignation); a declined one is not written.
                CubeAction::Resign(r) => r
                    .roll
                    .filter(|_| r.accepted)
                    .map(|roll| (doubler, move_text(roll, &Play::empty()))),
            });
        }
        if let Some((roll, play)) = log.turns.get(at) {
            events.push((mover(at), move_text(*roll, play)));
        }
    }
    // The doubles' values: the cube doubles at each double taken or not.
    let mut cube = 1;
    for (_, text) in events.iter_mut().filter(|(_, t)| t.is_empty()) {
        cube *= 2;
        *text = format!(" Doubles => {cube}");
    }
    let mut lines = Lines::default();
    for (side, text) in events {
        lines.put(side, text, true);
    }
    if let Some(end) = log.result {
        let s = if end.points == 1 { "" } else { "s" };
        lines.put(end.winner, format!(" Wins {} point{s}", end.points), false);
    }
    lines.finish()
}

/// Lines being laid out: the one being filled, its two columns.
#[derive(Default)]
struct Lines {
    out: String,
    number: usize,
    current: Option<(bool, [Option<String>; 2])>,
}

impl Lines {
    /// `text` in `side`'s column: on the current line while that column is free and no
    /// later one is filled, else on a new line (numbered unless it is the game's end).
    fn put(&mut self, side: Color, text: String, numbered: bool) {
        let column = side.index();
        let fits = matches!(&self.current,
            Some((_, cols)) if cols[column].is_none() && (column == 1 || cols[1].is_none()));
        if !fits {
            self.flush();
            let mut cols = [None, None];
            cols[column] = Some(text);
            self.current = Some((numbered, cols));
        } else if let Some((_, cols)) = &mut self.current {
            cols[column] = Some(text);
        }
    }

    fn flush(&mut self) {
        let Some((numbered, [left, right])) = self.current.take() else {
            return;
        };
        let prefix = if numbered {
            self.number += 1;
            format!("{:>3}) ", self.number)
        } else {
            "     ".to_string()
        };
        let line = match right {
            // At least a space between the columns, however long the left one.
            Some(right) => format!(
                "{prefix}{:<COLUMN$}{right}",
                format!("{} ", left.unwrap_or_default())
            ),
            None => format!("{prefix}{}", left.unwrap_or_default()),
        };
        self.out.push_str(line.trim_end());
        self.out.push('\n');
    }

    fn finish(mut self) -> String {
        self.flush();
        self.out
    }
}
