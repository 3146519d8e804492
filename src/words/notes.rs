//! The message line of a match: what just happened, what was refused and why, what to
//! do next; and the notices of the start screen.

use std::path::Path;

use super::Lang;
use super::game::GameWords;
use super::names::who;
use super::rules::{die_noun_sv, refusal};
use crate::brade::Refusal;
use crate::game::{Blocked, Game, Outcome, TypedStep};
use crate::rules::Color;

/// The last thing worth telling the player, as a typed value; [`note`] words it. What
/// is the game's own (a refusal, a result, a play) is of the game `G` being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note<G: Game> {
    /// A step, a typed play or a confirmation was refused by the rules.
    Refused(G::Refusal),
    /// A move of a typed play was refused: the typed moves before it (played in the text
    /// only), the move, and why.
    TypedRefused {
        before: G::Play,
        typed: TypedStep<G>,
        why: G::Refusal,
    },
    /// The cursor is not on a checker that can move.
    NothingToMove,
    /// The checker on `from` is picked; its legal destinations, `to`, are lit (points in
    /// the board's common numbering: 0 the bar, 1–24 in the mover's travel order, 25 off).
    PickDestination { from: u8, to: Vec<u8> },
    /// The opening roll (bräde's teka): equal dice, roll again.
    TekaEqual(u8),
    /// The opening roll decided who starts (bräde's teka: the lower die).
    TekaStarts { starter: Color, white: u8, black: u8 },
    /// The roll cannot be played at all: each die and why it is blocked (the entry's
    /// refusal from the bar; none: no checker can move it).
    CannotMove {
        who: Color,
        dice: Vec<(u8, Option<Blocked<G>>)>,
    },
    /// The play is complete; these dice are forfeited (*fåtade*), each for this reason
    /// (the entry's refusal from the bar; none: no checker can move it).
    Forfeits {
        who: Color,
        dice: Vec<u8>,
        why: Vec<(u8, Option<Blocked<G>>)>,
    },
    /// The play is complete and may be confirmed.
    Complete,
    /// The play is complete and ends the game with this result; it may be confirmed.
    Wins(Outcome<G>),
    /// The tutor questions the complete play: it loses `loss_milli` thousandths of an
    /// expected point against the best play, `best`.
    Tutor {
        /// The side whose play it is (its glyph stands before the better play).
        who: Color,
        loss_milli: u32,
        /// In a match, the chance to win it that the play loses, in hundredths of a
        /// percent.
        match_basis_points: Option<u32>,
        best: G::Play,
    },
    /// A computer side's play as it is shown, move by move (and the dice it forfeits).
    Plays {
        who: Color,
        play: G::Play,
        forfeits: Vec<u8>,
    },
    /// A new game: the loser of the last one starts.
    LoserStarts(Color),
    /// This side has doubled (B13): the other takes or drops.
    Doubles(Color),
    /// This side has taken the double and owns the cube.
    Takes(Color),
    /// This side accepted the other's resignation: the game is over.
    ResignAccepted(Color),
    /// This side declined the other's resignation of `level`: play goes on.
    ResignDeclined { by: Color, level: crate::game::Resign },
    /// A resignation cannot be offered now (`g`), and why.
    NoResign(super::resign::ResignRefusal),
    /// GNU Backgammon's Position ID and Match ID of the match on screen (`i`).
    GnubgIds { position: String, match_id: String },
    /// Not a key this screen uses.
    UnknownKey,
    /// H in a game whose computer player cannot give hints yet.
    NoHints,
    /// H before a roll, or when doubled, in a game with a cube: the cube's decision.
    CubeHint(super::backgammon::matchplay::CubeHint),
    /// The match could not be saved (the reason).
    SaveFailed(String),
    /// The best plays for the roll, with their estimated values (H): expected points, or
    /// in a match the chance to win it.
    Hints {
        who: Color,
        plays: Vec<String>,
        for_match: bool,
    },
    /// The computer is choosing its play.
    Thinking,
    /// Something about saves the player should know (e.g. a bad save set aside).
    Info(String),
    /// A saved match exists and this new one has not begun: the saved one stays
    /// resumable until the first roll, then moves to the records as unfinished.
    SavedMatchKept,
}

/// A note of no game, which any screen — and a match of any game — can say: saving, the
/// computer, the notices of the start screen. It becomes a match's [`Note`] as it is said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShellNote {
    /// The computer is choosing its play.
    Thinking,
    /// A resignation cannot be offered now, and why.
    NoResign(super::resign::ResignRefusal),
    /// H in a game whose computer player cannot give hints yet.
    NoHints,
    /// The match could not be saved (the reason).
    SaveFailed(String),
    /// Something about saves the player should know (e.g. a bad save set aside).
    Info(String),
    /// A saved match exists and this new one has not begun.
    SavedMatchKept,
    /// The settings file could not be written: the sentence that says why.
    SettingsNotSaved(String),
}

impl<G: Game> From<ShellNote> for Note<G> {
    fn from(note: ShellNote) -> Note<G> {
        match note {
            ShellNote::Thinking => Note::Thinking,
            ShellNote::NoResign(why) => Note::NoResign(why),
            ShellNote::NoHints => Note::NoHints,
            ShellNote::SaveFailed(why) => Note::SaveFailed(why),
            ShellNote::Info(text) => Note::Info(text),
            ShellNote::SavedMatchKept => Note::SavedMatchKept,
            ShellNote::SettingsNotSaved(said) => Note::Info(said),
        }
    }
}

/// The note of the message line.
#[must_use]
pub fn note<G: GameWords>(lang: Lang, note: &Note<G>, names: &[String; 2]) -> String {
    note_for(lang, note, names, [false, false])
}

/// The note of the message line when the computer plays the sides marked in `computer`
/// (by `Color::index`): a note about a computer side gives no instructions, since nobody
/// at the keyboard is to act on it.
#[must_use]
pub fn note_for<G: GameWords>(
    lang: Lang,
    note: &Note<G>,
    names: &[String; 2],
    computer: [bool; 2],
) -> String {
    let who = |c: Color| who(lang, &names[c.index()], c);
    let machine = |c: Color| computer[c.index()];
    match note {
        Note::Tutor {
            who: side,
            loss_milli,
            match_basis_points,
            best,
        } => {
            let best = format!("{} {best}", super::glyph(*side));
            let loss = match match_basis_points {
                None => {
                    let points = super::decimal(lang, format!("{:.2}", f64::from(*loss_milli) / 1000.0));
                    format!("{points} {}", lang.pick("points", "poäng"))
                }
                Some(bp) => {
                    let pct = super::decimal(lang, format!("{:.2}", f64::from(*bp) / 100.0));
                    format!(
                        "{pct} % {}",
                        lang.pick("of your chance to win the match", "av chansen att vinna matchen")
                    )
                }
            };
            match lang {
                Lang::En => format!(
                    "this play loses {loss}; the computer prefers {best} — Enter plays yours anyway, u undoes, X copies it as XG text"
                ),
                Lang::Sv => format!(
                    "draget förlorar {loss}; datorn föredrar {best} — Enter spelar ditt ändå, u ångrar, X kopierar som XG-text"
                ),
            }
        }
        Note::Wins(result) => match lang {
            Lang::En => format!(
                "this play wins: {} — Enter confirms, u undoes",
                G::outcome_line(lang, result)
            ),
            Lang::Sv => format!(
                "draget vinner: {} — Enter bekräftar, u ångrar",
                G::outcome_line(lang, result)
            ),
        },
        Note::Plays {
            who: c,
            play,
            forfeits,
        } => {
            let and = match (lang, forfeits.is_empty()) {
                (_, true) => String::new(),
                (Lang::En, false) => format!(" and forfeits {}", dice_words(lang, forfeits)),
                (Lang::Sv, false) => format!(" och fåtar {}", dice_words(lang, forfeits)),
            };
            let play = format!("{} {play}", super::glyph(*c));
            match lang {
                Lang::En => format!("{} plays {play}{and}", who(*c)),
                Lang::Sv => format!("{} spelar {play}{and}", who(*c)),
            }
        }
        Note::Refused(r) => G::refusal(lang, r),
        Note::TypedRefused { before, typed, why } => G::typed_refusal(lang, before, typed, why),
        Note::NothingToMove => lang
            .pick(
                "no checker of yours can move from there",
                "ingen av dina brickor kan flyttas därifrån",
            )
            .into(),
        Note::PickDestination { from, to } => {
            // Where it may go said in words, not only lit.
            let to: Vec<String> = to.iter().map(|&p| notation_point::<G>(p)).collect();
            let to = super::list(lang, &to);
            let from = notation_point::<G>(*from);
            match lang {
                Lang::En => format!(
                    "{from} picked: it may go to {to} (lit) — Enter places it, a digit picks the die, Esc lets go"
                ),
                Lang::Sv => format!(
                    "{from} vald: den kan gå till {to} (tända) — Enter flyttar, en siffra väljer tärning, Esc släpper"
                ),
            }
        }
        Note::TekaEqual(d) => G::opening_equal(lang, *d),
        Note::TekaStarts {
            starter,
            white,
            black,
        } => {
            let [w, b] = names.each_ref().map(|n| super::names::display_name(lang, n));
            G::opening_starts(lang, &who(*starter), [&w, &b], *white, *black)
        }
        Note::CannotMove { who: c, dice } => {
            // The reasons speak to the player at the keyboard ("you may not…"), or of a
            // computer side, which nobody there plays.
            let why = blocked::<G>(lang, dice, machine(*c));
            match lang {
                Lang::En => format!("{} cannot move at all and stands over: {why}", who(*c)),
                Lang::Sv => format!("{} kan inte flytta alls och står över: {why}", who(*c)),
            }
        }
        Note::Forfeits { who: c, dice, why } => {
            let because = if why.is_empty() {
                String::new()
            } else {
                format!(" ({})", blocked::<G>(lang, why, false))
            };
            match lang {
                Lang::En => format!(
                    "{} forfeits {}{because} — Enter confirms, u undoes",
                    who(*c),
                    dice_words(lang, dice)
                ),
                Lang::Sv => format!(
                    "{} fåtar {}{because} — Enter bekräftar, u ångrar",
                    who(*c),
                    dice_words(lang, dice)
                ),
            }
        }
        Note::Complete => lang
            .pick(
                "play complete — Enter confirms, u undoes",
                "draget är klart — Enter bekräftar, u ångrar",
            )
            .into(),
        Note::Doubles(c) => match lang {
            Lang::En => format!("{} doubles", who(*c)),
            Lang::Sv => format!("{} dubblar", who(*c)),
        },
        Note::Takes(c) => match lang {
            Lang::En => format!("{} takes the double and owns the cube", who(*c)),
            Lang::Sv => format!("{} tar dubbleringen och äger kuben", who(*c)),
        },
        Note::ResignAccepted(c) => super::resign::accepted(lang, &who(*c)),
        Note::ResignDeclined { by, level } => {
            super::resign::declined(lang, &who(*by), G::resign_name(lang, *level))
        }
        Note::NoResign(why) => super::resign::refusal(lang, *why).to_string(),
        Note::LoserStarts(c) => match lang {
            Lang::En => format!("new game — the loser of the last one starts: {}", who(*c)),
            Lang::Sv => format!("nytt parti — förloraren börjar: {}", who(*c)),
        },
        Note::SaveFailed(why) => match lang {
            Lang::En => format!("the match could not be saved: {why}"),
            Lang::Sv => format!("matchen kunde inte sparas: {why}"),
        },
        Note::Info(text) => text.clone(),
        Note::SavedMatchKept => lang
            .pick(
                "your other matches in progress are kept: Resume on the start screen takes them up again",
                "dina andra pågående matcher finns kvar: Fortsätt på startskärmen tar upp dem igen",
            )
            .into(),
        Note::Thinking => lang.pick("the computer is thinking…", "datorn tänker…").into(),
        Note::Hints {
            who: side,
            plays,
            for_match,
        } => format!(
            "{} {} {}",
            super::glyph(*side),
            if *for_match {
                lang.pick(
                    "best plays (chance to win the match):",
                    "bästa dragen (chans att vinna matchen):",
                )
            } else {
                lang.pick(
                    "best plays (expected points):",
                    "bästa dragen (förväntade poäng):",
                )
            },
            plays.join(" · ")
        ),
        Note::GnubgIds { position, match_id } => match lang {
            Lang::En => format!("GNU Backgammon  Position ID {position} · Match ID {match_id}"),
            Lang::Sv => format!("GNU Backgammon  positions-id {position} · match-id {match_id}"),
        },
        Note::CubeHint(h) => super::backgammon::matchplay::cube_hint(lang, h),
        Note::NoHints => lang
            .pick(
                "no hints in this game yet: it has no computer player",
                "inga tips i det här spelet än: det har ingen datorspelare",
            )
            .into(),
        Note::UnknownKey => lang
            .pick(
                "that key does nothing here — ? shows the keys",
                "den tangenten gör inget här — ? visar tangenterna",
            )
            .into(),
    }
}

/// Why each die of a forfeited roll is blocked: "6: you may not enter on your own
/// checkers — on 6; 1: no checker can move a 1" — or, for a computer side (`of_machine`),
/// said of the side and not to "you": "6: its own checker stands on 6".
fn blocked<G: GameWords>(lang: Lang, dice: &[(u8, Option<Blocked<G>>)], of_machine: bool) -> String {
    dice.iter()
        .map(|(d, why)| match why {
            Some(r) => format!("{d}: {}", G::blocked(lang, r, of_machine)),
            None => match lang {
                Lang::En => format!("{d}: no checker can move a {d}"),
                Lang::Sv => format!("{d}: ingen bricka kan flyttas för en {}", die_word_sv(*d)),
            },
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Why a bräde die is blocked: the entry's refusal, said to "you" or, for a computer
/// side (`of_machine`), of the side entering.
pub(super) fn brade_blocked(lang: Lang, r: &crate::brade::StepRefusal, of_machine: bool) -> String {
    if of_machine {
        entry_refusal_of_side(lang, r)
    } else {
        refusal(lang, &Refusal::Step(*r))
    }
}

/// Why an entry is refused, said of the side entering (a computer's), not to "you".
fn entry_refusal_of_side(lang: Lang, r: &crate::brade::StepRefusal) -> String {
    use crate::brade::StepRefusal as S;
    let en = lang == Lang::En;
    let say = |e: String, s: String| if en { e } else { s };
    match *r {
        S::EntryOnOwn(p) => say(
            format!("its own checker stands on {p}"),
            format!("en egen bricka står redan på {p}"),
        ),
        S::ProtectedBand(p) => say(
            format!("the band on {p} is protected (it is not part of a wall of six)"),
            format!("bandet på {p} är fredat (det ingår inte i sex band i rad)"),
        ),
        S::NoOverflow {
            point,
            on_bar,
            available,
        } => say(
            format!("the band on {point} is protected ({on_bar} on the bar, {available} available)"),
            format!("bandet på {point} är fredat ({on_bar} på ribban, {available} tillgängliga)"),
        ),
        S::LastCheckerCannotBurst(p) => say(
            format!("the band on {p} is protected: with one checker left it may not burst"),
            format!("bandet på {p} är fredat: med en bricka kvar får den inte spränga"),
        ),
        other => refusal(lang, &Refusal::Step(other)),
    }
}

/// A die as in "för en trea".
fn die_word_sv(d: u8) -> &'static str {
    match d {
        1 => "etta",
        2 => "tvåa",
        3 => "trea",
        4 => "fyra",
        5 => "femma",
        _ => "sexa",
    }
}

/// Forfeited dice in words: "the 5", "the 5 and the 3", "three 3s" / "femman", "femman
/// och trean", "tre treor".
#[must_use]
pub fn dice_words(lang: Lang, dice: &[u8]) -> String {
    let all_same = dice.windows(2).all(|w| w[0] == w[1]);
    match (lang, dice) {
        (_, []) => String::new(),
        (Lang::En, [d, ..]) if all_same && dice.len() > 1 => {
            format!("{} {d}s", super::rules::number_word(lang, dice.len()))
        }
        (Lang::Sv, [d, ..]) if all_same && dice.len() > 1 => {
            format!(
                "{} {}",
                super::rules::number_word(lang, dice.len()),
                die_plural_sv(*d)
            )
        }
        (Lang::En, _) => dice
            .iter()
            .map(|d| format!("the {d}"))
            .collect::<Vec<_>>()
            .join(" and "),
        (Lang::Sv, _) => dice
            .iter()
            .map(|&d| die_noun_sv(d).to_string())
            .collect::<Vec<_>>()
            .join(" och "),
    }
}

/// A die in the Swedish plural: *femmor*.
fn die_plural_sv(die: u8) -> &'static str {
    match die {
        1 => "ettor",
        2 => "tvåor",
        3 => "treor",
        4 => "fyror",
        5 => "femmor",
        _ => "sexor",
    }
}

/// What a hint's value is: expected points (a single game), or the chance to win the
/// match (from 0 to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HintValue {
    Points(f64),
    MatchChance(f64),
}

/// One hint of `H`: the play, the result it ends the game with (if it does), and its
/// value in expected points — "1/5 5/6 (+0.09)", "19/off (hemspel, +1,00)" in Swedish
/// with a decimal comma. A value that rounds to zero shows as +0.00, never -0.00.
#[must_use]
pub fn hint(
    lang: Lang,
    play: &crate::brade::Play,
    result: Option<crate::brade::GameResult>,
    value: HintValue,
) -> String {
    let shown = match value {
        HintValue::Points(v) => {
            let v = if v.abs() < 0.005 { 0.0 } else { v };
            super::decimal(lang, format!("{v:+.2}"))
        }
        HintValue::MatchChance(m) => format!("{} %", super::decimal(lang, format!("{:.1}", 100.0 * m))),
    };
    match result {
        Some(r) => format!(
            "{play} ({}, {shown})",
            super::rules::result_name(&r).to_lowercase()
        ),
        None => format!("{play} ({shown})"),
    }
}

/// A saved match that could not be used: where it was, where it was kept, the problem in
/// words, and why it could not be renamed, if it could not.
#[derive(Clone, Copy, Debug)]
pub struct BadSaveFigures<'a> {
    pub path: &'a Path,
    pub kept: &'a Path,
    pub problem: &'a str,
    pub not_renamed: Option<&'a std::io::Error>,
}

/// The notice for a saved match that could not be used and was set aside.
#[must_use]
pub fn bad_save(lang: Lang, save: &BadSaveFigures) -> String {
    let (path, kept, problem) = (save.path, save.kept, save.problem);
    let problem = match (lang, save.not_renamed) {
        (_, None) => problem.to_string(),
        (Lang::En, Some(e)) => format!("{problem} (and it could not be renamed: {e})"),
        (Lang::Sv, Some(e)) => format!("{problem} (och den kunde inte döpas om: {e})"),
    };
    match lang {
        Lang::En => format!(
            "The saved match {} could not be used ({problem}). It was kept as {}; a new match can start.",
            path.display(),
            kept.display()
        ),
        Lang::Sv => format!(
            "Den sparade matchen {} gick inte att använda ({problem}). Den sparades som {}; en ny match kan börja.",
            path.display(),
            kept.display()
        ),
    }
}

/// The notice for settings that could not be read (`listed`: the first few problems).
#[must_use]
pub fn settings_problems(lang: Lang, listed: &str) -> String {
    match lang {
        Lang::En => format!("Settings that could not be read keep their defaults: {listed}"),
        Lang::Sv => format!("Inställningar som inte gick att läsa har standardvärdet: {listed}"),
    }
}

/// The problems worth showing of a settings file: the first few, then how many more.
#[must_use]
pub fn problem_summary(problems: &[impl std::fmt::Display], lang: Lang) -> String {
    const SHOWN: usize = 3;
    let mut text = problems
        .iter()
        .take(SHOWN)
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ");
    let more = problems.len().saturating_sub(SHOWN);
    if more > 0 {
        text.push_str(&match lang {
            Lang::En => format!("; and {more} more problem{}", if more == 1 { "" } else { "s" }),
            Lang::Sv => format!("; och {more} fel till"),
        });
    }
    text
}

/// The notice for a record that cannot be replayed.
#[must_use]
pub fn unreadable(path: &Path, why: &str) -> String {
    format!("{}: {why}", path.display())
}

/// A point of the board's common numbering (0 the bar, 1–24 in the mover's travel order,
/// 25 off) as the game's notation writes it in the mover's numbers (`bar`, `off`).
#[must_use]
pub fn notation_point<G: Game>(p: u8) -> String {
    match p {
        0 => "bar".into(),
        25.. => "off".into(),
        p => match G::LAYOUT {
            crate::game::Layout::SameWay => p,
            crate::game::Layout::Opposite => 25 - p,
        }
        .to_string(),
    }
}
