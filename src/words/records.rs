//! The words of records: the transcript of a match of either game (`brade export`), in
//! either language.

use super::names::{color_name, display_name, who};
use super::rules::{result_name, standing};
use super::{Lang, Phrase, format_time, p, screens};
use crate::backgammon::GameEnd;
use crate::game::{Backgammon, Brade, CubeAction};
use crate::rules::Color;
use crate::session::{GameLog, LastPlay, Match};

/// A readable transcript of a match: players, date, every turn of every game (mover,
/// dice, play in the mover's numbers), each result with its points, and the match result.
#[must_use]
pub fn transcript(lang: Lang, game: &Match<Brade>, saved_at: u64, manual: bool) -> String {
    use std::fmt::Write as _;
    let name = |side: Color| display_name(lang, game.name(side));
    let (white, black) = (name(Color::White), name(Color::Black));
    let [white_who, black_who] = Color::BOTH.map(|side| who(lang, game.name(side), side));
    let games = screens::games(lang, game.score.games());
    let mut out = String::new();
    let _ = match lang {
        Lang::En => writeln!(out, "Bräde: {white_who} v {black_who}, a match of {games}"),
        Lang::Sv => writeln!(out, "Bräde: {white_who} mot {black_who}, en match om {games}"),
    };
    let _ = writeln!(out, "{} {}", lang.pick("Saved", "Sparad"), format_time(saved_at));
    if manual {
        let _ = writeln!(out, "{}", lang.say(MANUAL_DICE_SAID));
    }
    let rules = super::rules::ruleset_name(lang, game.rules);
    let _ = match game.rules.name() {
        Some(code) => writeln!(out, "{}: {rules} ({code})", lang.pick("Rules", "Regler")),
        None => writeln!(out, "{}: {rules}", lang.pick("Rules", "Regler")),
    };
    if !game.teka_rolls.is_empty() {
        let rolls: Vec<String> = game
            .teka_rolls
            .iter()
            .map(|(w, b)| {
                format!(
                    "{} {w}, {} {b}",
                    color_name(lang, Color::White),
                    color_name(lang, Color::Black)
                )
            })
            .collect();
        let _ = match lang {
            Lang::En => writeln!(out, "Teka: {} — the lower die starts", rolls.join("; ")),
            Lang::Sv => writeln!(out, "Teka: {} — den som slår lägst börjar", rolls.join("; ")),
        };
    }
    for (gi, log) in game.log.iter().enumerate() {
        let starter = color_name(lang, log.starter);
        let _ = match lang {
            Lang::En => writeln!(out, "\nGame {} — {starter} starts", gi + 1),
            Lang::Sv => writeln!(out, "\nParti {} — {starter} börjar", gi + 1),
        };
        let mut mover = log.starter;
        for (ti, (roll, play)) in log.turns.iter().enumerate() {
            out.push_str(&actions(lang, log, ti, &game.names));
            let _ = writeln!(
                out,
                "{:>4}. {:<20} {}  {} {}",
                ti + 1,
                name(mover),
                roll,
                super::glyph(mover),
                play
            );
            mover = mover.other();
        }
        out.push_str(&actions(lang, log, log.turns.len(), &game.names));
        let _ = match (log.result, lang) {
            (Some(r), _) => writeln!(
                out,
                "      {} {}: {} — {}",
                name(r.winner),
                lang.pick("wins", "vinner"),
                result_name(&r.result),
                screens::points(lang, r.result.points())
            ),
            (None, Lang::En) => writeln!(out, "      (not finished)"),
            (None, Lang::Sv) => writeln!(out, "      (inte avslutat)"),
        };
    }
    let _ = writeln!(
        out,
        "\n{}: {white} {} – {} {black}: {}",
        lang.pick("Match", "Matchen"),
        game.score.points(Color::White),
        game.score.points(Color::Black),
        standing(lang, &game.score, &game.names)
    );
    out
}

/// The lines of the resignations logged before turn `at` (from 0) of a bräde game: "      ●
/// Bo resigns the game — accepted".
fn actions(lang: Lang, log: &GameLog<Brade>, at: usize, names: &[String; 2]) -> String {
    log.cube
        .iter()
        .filter(|&&(before, _)| before == at)
        .map(|&(_, action)| {
            let by = log.mover(at);
            let who = display_name(lang, &names[by.index()]);
            format!(
                "      {} {}\n",
                super::glyph(by),
                super::resign::action_line::<Brade>(lang, &who, action, 1)
            )
        })
        .collect()
}

/// What a line of a backgammon transcript says: a game's start, a turn, an action of the
/// cube or a resignation, a game's end — as the replay's frames give them, in order.
#[derive(Clone, Debug)]
pub enum BgLine {
    /// Game `game` (from 1) begins, `starter` to play the opening throw.
    Game { game: usize, starter: Color },
    /// Turn `turn` of its game.
    Turn { turn: usize, last: LastPlay<Backgammon> },
    /// An action between the turns by `by`, the cube at `value` after it.
    Action {
        by: Color,
        action: CubeAction,
        value: u32,
    },
    /// The game ends.
    End(GameEnd),
}

/// A readable transcript of a backgammon match from its lines (every turn, every action
/// of the cube and every resignation, each game's end): the players, the match's length or
/// money play and its options, each game's opening throw, and the match's standing.
#[must_use]
pub fn backgammon_transcript(
    lang: Lang,
    game: &Match<Backgammon>,
    lines: &[BgLine],
    saved_at: u64,
) -> String {
    use super::game::GameWords as _;
    use std::fmt::Write as _;
    let name = |side: Color| display_name(lang, game.name(side));
    let [white_who, black_who] = Color::BOTH.map(|side| who(lang, game.name(side), side));
    let length = match (lang, game.score.length) {
        (Lang::En, 0) => "money play".to_string(),
        (Lang::Sv, 0) => "penningspel".to_string(),
        (Lang::En, n) => format!("a match to {n} points"),
        (Lang::Sv, n) => format!("en match till {n} poäng"),
    };
    let mut out = String::new();
    let _ = match lang {
        Lang::En => writeln!(out, "Backgammon: {white_who} v {black_who}, {length}"),
        Lang::Sv => writeln!(out, "Backgammon: {white_who} mot {black_who}, {length}"),
    };
    let _ = writeln!(out, "{} {}", lang.pick("Saved", "Sparad"), format_time(saved_at));
    let options = super::backgammon::matchplay::stakes_name(lang, game.rules);
    let _ = writeln!(out, "{}: {options}", lang.pick("Options", "Val"));
    let mut openings = game.teka_rolls.iter();
    for line in lines {
        match line {
            BgLine::Game { game, starter } => {
                // Its opening throws, equal ones thrown again.
                let mut thrown = Vec::new();
                for &(w, b) in openings.by_ref() {
                    thrown.push(format!("{w}-{b}"));
                    if w != b {
                        break;
                    }
                }
                let (thrown, starter) = (thrown.join(", "), color_name(lang, *starter));
                let _ = match lang {
                    Lang::En => writeln!(out, "\nGame {game} — opening throw {thrown} — {starter} starts"),
                    Lang::Sv => writeln!(out, "\nParti {game} — öppningsslag {thrown} — {starter} börjar"),
                };
            }
            BgLine::Turn { turn, last } => {
                let _ = writeln!(
                    out,
                    "{:>4}. {:<20} {}  {} {}",
                    turn,
                    name(last.mover),
                    last.roll,
                    super::glyph(last.mover),
                    last.play
                );
            }
            BgLine::Action { by, action, value } => {
                let line = super::resign::action_line::<Backgammon>(lang, &name(*by), *action, *value);
                let _ = writeln!(out, "      {} {line}", super::glyph(*by));
            }
            BgLine::End(end) => {
                let (winner, result) = (name(end.winner), Backgammon::record_line(lang, end));
                let _ = writeln!(out, "      {winner} {}: {result}", lang.pick("wins", "vinner"));
            }
        }
    }
    if game.log.last().is_some_and(|g| g.result.is_none()) {
        let _ = writeln!(out, "      {}", lang.pick("(not finished)", "(inte avslutat)"));
    }
    let standing = Backgammon::standing(lang, &game.score, &game.names);
    let _ = writeln!(out, "\n{}: {standing}", lang.pick("Match", "Matchen"));
    out
}

/// The mark of a match played with manual dice, wherever it is listed or shown: its dice
/// were typed in by the players, and no checksum can prove what they were.
pub const MANUAL_DICE: Phrase = p("manual dice", "egna tärningar");

/// The same in a sentence of its own (a transcript's header, a `.mat` file's comment).
pub const MANUAL_DICE_SAID: Phrase = p(
    "Dice: manual — typed in by the players, not drawn by brade",
    "Tärningar: egna — inskrivna av spelarna, inte dragna av brade",
);

/// A record without a turn to replay.
#[must_use]
pub fn no_turns(lang: Lang) -> &'static str {
    lang.pick("it has no turns to replay", "den har inga drag att spela upp")
}
