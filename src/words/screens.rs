//! The labels, keys lines and prompts of every screen and dialog, in both languages.
//! Phrases are constants (`lang.say(screens::RESUME)`); sentences with a value in them
//! are functions.

use super::figures::{Loss, PlayerFigures};
use super::names::color_name;
use super::{Lang, Phrase, p};
use crate::rules::Color;

// The start screen.
pub const TITLE: Phrase = p("B R Ä D E", "B R Ä D E");
pub const TAGLINE: Phrase = p(
    "svenskt brädspel — Vasamuseet rules",
    "svenskt brädspel — Vasamuseets regler",
);

/// The start screen's tagline: the rules of new matches, when they are not the Vasamuseet
/// ones, named after the game.
#[must_use]
pub fn tagline(lang: Lang, rules: &str, default: bool) -> String {
    if default {
        lang.say(TAGLINE).to_string()
    } else {
        format!("svenskt brädspel — {rules}")
    }
}
pub const RESUME: Phrase = p("Resume", "Fortsätt");
pub const NEW_MATCH: Phrase = p("New match", "Ny match");
pub const NEW_BACKGAMMON: Phrase = p("New backgammon match", "Ny backgammonmatch");
pub const NEW_CHOUETTE: Phrase = p(
    "New chouette (backgammon, 3–8 players)",
    "Ny chouette (backgammon, 3–8 spelare)",
);
pub const BACKGAMMON: Phrase = p("backgammon", "backgammon");
/// The games' names, as the records list names a record's game.
pub const BRADE_NAME: Phrase = p("Bräde", "Bräde");
pub const BACKGAMMON_NAME: Phrase = p("Backgammon", "Backgammon");

/// A backgammon match's length in the records: "to 5 points", or "money play".
#[must_use]
pub fn match_points(lang: Lang, length: u32) -> String {
    match (lang, length) {
        (_, 0) => lang.say(MONEY).to_string(),
        (Lang::En, 1) => "to 1 point".to_string(),
        (Lang::Sv, 1) => "till 1 poäng".to_string(),
        (Lang::En, n) => format!("to {n} points"),
        (Lang::Sv, n) => format!("till {n} poäng"),
    }
}
/// The setup form's heading for backgammon, and its fields' labels.
pub const NEW_BACKGAMMON_MATCH: Phrase = p("New backgammon match", "Ny backgammonmatch");
pub const POINTS: Phrase = p("Match", "Match");
pub const OPTIONS: Phrase = p("Options", "Alternativ");
pub const MONEY: Phrase = p("money play", "penningspel");
pub const SETTINGS: Phrase = p("Settings", "Inställningar");
pub const RECORDS: Phrase = p("Records", "Spelade matcher");
pub const STATISTICS: Phrase = p("Statistics", "Statistik");
pub const STATISTICS_KEYS: Phrase = p(
    "↑ ↓ PgUp PgDn scroll · a analyse · Esc back",
    "↑ ↓ PgUp PgDn bläddra · a analysera · Esc tillbaka",
);
pub const READING_RECORDS: Phrase = p("reading the records…", "läser de spelade matcherna…");
pub const NO_STATISTICS: Phrase = p(
    "No finished match to count yet.",
    "Ingen avslutad match att räkna än.",
);
pub const WON: Phrase = p("won: ", "vann:");
pub const LOST: Phrase = p("lost:", "förlorade:");
pub const NOT_ANALYSED: Phrase = p(
    "error rate: no match of this player analysed yet",
    "förlust per beslut: ingen match med den här spelaren analyserad än",
);
pub const ANALYSING_RECORDS: Phrase = p("analysing the matches…", "analyserar matcherna…");

/// How many records have no analysis yet, and the key that analyses them.
#[must_use]
pub fn unanalysed(lang: Lang, n: usize) -> String {
    match (lang, n) {
        (Lang::En, 1) => "1 match is not analysed yet — press a to analyse it".to_string(),
        (Lang::En, _) => format!("{n} matches are not analysed yet — press a to analyse them"),
        (Lang::Sv, 1) => "1 match är inte analyserad än — tryck a för att analysera den".to_string(),
        (Lang::Sv, _) => format!("{n} matcher är inte analyserade än — tryck a för att analysera dem"),
    }
}

/// A player's matches, games and points per game on the Statistics screen.
#[must_use]
pub fn statistics_figures(lang: Lang, f: &PlayerFigures) -> String {
    let per_game = super::decimal(lang, format!("{:.2}", f.points_per_game));
    let ((mw, m), (gw, g)) = ((f.matches_won, f.matches), (f.games_won, f.games));
    match lang {
        Lang::En => format!("matches {mw} won of {m} · games {gw} won of {g} · {per_game} points per game"),
        Lang::Sv => {
            format!("matcher {mw} vunna av {m} · partier {gw} vunna av {g} · {per_game} poäng per parti")
        }
    }
}

/// Backgammon games won (or lost) by kind, in the statistics: "single 2 · gammon 1 ·
/// dropped 1" (the kinds that came), "–" for none.
#[must_use]
pub fn backgammon_results(lang: Lang, by_kind: &[u32; 3], by_drop: u32) -> String {
    let names = [lang.pick("single", "enkelt"), "gammon", "backgammon"];
    let mut parts: Vec<String> = names
        .iter()
        .zip(by_kind)
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    if by_drop > 0 {
        parts.push(format!("{} {by_drop}", lang.pick("by a drop", "på pass")));
    }
    if parts.is_empty() {
        "–".to_string()
    } else {
        parts.join(" · ")
    }
}

/// A player's cube in the statistics: "cube: doubles 3 · takes 1 · drops 1".
#[must_use]
pub fn cube_figures(lang: Lang, [doubles, takes, drops]: [u32; 3]) -> String {
    match lang {
        Lang::En => format!("cube: doubles {doubles} · takes {takes} · drops {drops}"),
        Lang::Sv => format!("kub: dubblar {doubles} · tar {takes} · passar {drops}"),
    }
}

/// An error rate with its unit: "12.3 ‰ of a point a decision" (thousandths of a point
/// lost per decision).
#[must_use]
pub fn per_decision(lang: Lang, rate: f64) -> String {
    let rate = super::decimal(lang, format!("{rate:.1}"));
    match lang {
        Lang::En => format!("{rate} ‰ of a point a decision"),
        Lang::Sv => format!("{rate} ‰ poäng per beslut"),
    }
}

/// How many of a player's matches were played with manual dice (of `played`), and — when
/// some of the others are analysed — the error rate without them (`rate`, its rating):
/// typed dice cannot be proved, so the figures say what they count.
#[must_use]
pub fn manual_dice_figures(lang: Lang, manual: u32, played: u32, without: Option<(f64, &str)>) -> String {
    let rate = without.map(|(rate, rating)| (per_decision(lang, rate), rating));
    match (lang, rate) {
        (Lang::En, None) => format!("manual dice: {manual} of {played} matches"),
        (Lang::Sv, None) => format!("egna tärningar: {manual} av {played} matcher"),
        (Lang::En, Some((rate, rating))) => {
            format!("manual dice: {manual} of {played} matches; error rate without them {rate} ({rating})")
        }
        (Lang::Sv, Some((rate, rating))) => {
            format!("egna tärningar: {manual} av {played} matcher; förlust utan dem {rate} ({rating})")
        }
    }
}

/// A player's error rate over every analysed decision, with its rating.
#[must_use]
pub fn statistics_error_rate(lang: Lang, rate: f64, rating: &str) -> String {
    let rate = per_decision(lang, rate);
    match lang {
        Lang::En => format!("error rate {rate} ({rating})"),
        Lang::Sv => format!("förlust {rate} ({rating})"),
    }
}

/// Before the error rates drawn match by match (a line of their own, below the rate).
pub const STATISTICS_BY_MATCH: Phrase = p("by match:", "per match:");

/// The latest analysed match's error rate, and how many are drawn.
#[must_use]
pub fn statistics_latest(lang: Lang, latest: f64, matches: usize) -> String {
    let latest = super::decimal(lang, format!("{latest:.1}"));
    match (lang, matches) {
        (Lang::En, 1) => format!("latest {latest} ‰ (1 match analysed)"),
        (Lang::En, _) => format!("latest {latest} ‰ ({matches} matches analysed)"),
        (Lang::Sv, 1) => format!("senast {latest} ‰ (1 match analyserad)"),
        (Lang::Sv, _) => format!("senast {latest} ‰ ({matches} matcher analyserade)"),
    }
}
pub const RULES: Phrase = p("Rules", "Regler");
pub const QUIT: Phrase = p("Quit", "Avsluta");
pub const START_KEYS: Phrase = p(
    "↑ ↓ choose · Enter select · ? rules · q quit",
    "↑ ↓ välj · Enter öppna · ? regler · q avsluta",
);
/// The start menu's entries as its footer names them after their letters ("n bräde · b
/// backgammon · …").
pub const LETTER_BRADE: Phrase = p("bräde", "bräde");
pub const LETTER_BACKGAMMON: Phrase = p("backgammon", "backgammon");
pub const LETTER_CHOUETTE: Phrase = p("chouette", "chouette");
pub const LETTER_EDITOR: Phrase = p("set up", "ställning");
pub const LETTER_SETTINGS: Phrase = p("settings", "inställningar");
pub const LETTER_PRACTICE: Phrase = p("practise", "öva");

// The setup form.
pub const GAMES: Phrase = p("Games", "Partier");
pub const COMPUTER_PLAYS: Phrase = p("Computer plays", "Datorn spelar");
pub const NOBODY: Phrase = p("nobody (two players)", "ingen (två spelare)");
pub const WHITE: Phrase = p("White", "Vit");
pub const BLACK: Phrase = p("Black", "Svart");
pub const BOTH: Phrase = p("both", "båda");
pub const LEVEL: Phrase = p("Level", "Nivå");
pub const START_MATCH: Phrase = p("[ Start the match ]", "[ Starta matchen ]");
pub const SETUP_KEYS: Phrase = p(
    "↑ ↓ field · ← → change · type names · Enter next/start · Esc back",
    "↑ ↓ fält · ← → ändra · skriv namn · Enter nästa/starta · Esc tillbaka",
);

// The settings (their labels are those of the settings table, `settings::Setting`).
pub const SETTING_LANGUAGE: Phrase = p("Language", "Språk");
pub const SETTING_MIRROR: Phrase = p("White's home", "Vits hem");
pub const SETTING_SWITCH_SIDES: Phrase = p("Switch sides each game", "Byt sida varje parti");
pub const SETTING_NUMBERING: Phrase = p("Point numbers", "Tungnummer");
pub const SETTING_THEME: Phrase = p("Colours", "Färger");
pub const SETTING_AUTO_ROLL: Phrase = p("Roll automatically", "Slå automatiskt");
pub const SETTING_AUTO_CONFIRM: Phrase = p("Confirm automatically", "Bekräfta automatiskt");
pub const SETTING_AUTO_PASS: Phrase = p("Pass automatically", "Stå över automatiskt");
pub const SETTING_SHOW_PIPS: Phrase = p("Show pip counts", "Visa ögonsummor");
pub const SETTING_ANIMATION: Phrase = p("Animation and delays", "Animering och pauser");
pub const SETTING_MANUAL_DICE: Phrase = p("Manual dice (real dice)", "Egna tärningar (riktiga)");
pub const SETTING_TUTOR: Phrase = p("Tutor", "Handledare");
pub const SETTING_RULES: Phrase = p("Rules of new matches", "Regler i nya matcher");
pub const TUTOR_DOUBTFUL: Phrase = p(
    "questions doubtful plays (?!)",
    "ifrågasätter tveksamma drag (?!)",
);
pub const TUTOR_BAD: Phrase = p("questions bad plays (?)", "ifrågasätter dåliga drag (?)");
pub const TUTOR_VERY_BAD: Phrase = p(
    "questions very bad plays (??)",
    "ifrågasätter mycket dåliga drag (??)",
);
pub const ON: Phrase = p("on", "på");
pub const OFF: Phrase = p("off", "av");
pub const HOME_LEFT: Phrase = p("on the left (mirrored)", "till vänster (spegelvänt)");
pub const HOME_RIGHT: Phrase = p("on the right", "till höger");
pub const NUMBERS_MOVER: Phrase = p("the player to move's", "den som är i tur");
pub const NUMBERS_WHITE: Phrase = p("always White's", "alltid Vits");
pub const THEME_DEFAULT: Phrase = p("default", "standard");
pub const THEME_HIGH_CONTRAST: Phrase = p("high contrast", "hög kontrast");
pub const THEME_MONOCHROME: Phrase = p("monochrome", "svartvitt");
pub const THEME_NO_COLOR: Phrase = p("monochrome (NO_COLOR is set)", "svartvitt (NO_COLOR är satt)");
pub const SETTINGS_KEYS: Phrase = p(
    "↑ ↓ choose · ← → Enter change (saved at once) · Esc back",
    "↑ ↓ välj · ← → Enter ändra (sparas direkt) · Esc tillbaka",
);
pub const SETTINGS_HELP: Phrase = p(
    "Change them on the Settings screen (s on the start screen), or in config.toml:",
    "Ändra dem under Inställningar (s på startskärmen), eller i config.toml:",
);

/// A language's name, in itself.
#[must_use]
pub fn language_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "English",
        Lang::Sv => "svenska",
    }
}

// The records and replays.
pub const RECORDS_KEYS: Phrase = p(
    "↑ ↓ PgUp PgDn Home End choose · Enter replay · Esc back",
    "↑ ↓ PgUp PgDn Home End välj · Enter spela upp · Esc tillbaka",
);
pub const REPLAY: Phrase = p("Replay", "Uppspelning");
pub const TURN: Phrase = p("turn", "drag");

/// A player's error rate in the replay: thousandths of a point lost per decision.
#[must_use]
pub fn error_rate(lang: Lang, rate: f64, decisions: u32, rating: Option<&str>) -> String {
    let rate = per_decision(lang, rate);
    let rating = rating.map(|r| format!(" ({r})")).unwrap_or_default();
    match (lang, decisions) {
        (Lang::En, 1) => format!("    error rate {rate}{rating}, 1 decision"),
        (Lang::En, _) => format!("    error rate {rate}{rating}, {decisions} decisions"),
        (Lang::Sv, _) => format!("    förlust {rate}{rating}, {decisions} beslut"),
    }
}

/// Where a play stands among its player's errors: "Anna: the worst play of 7", "Anna: the
/// 3rd worst play of 7" (a colon, not a genitive: the name may be "Computer (hard)").
#[must_use]
pub fn worst_rank(lang: Lang, who: &str, rank: usize, of: usize) -> String {
    match (lang, rank) {
        (Lang::En, 1) => format!("{who}: the worst play of {of}"),
        (Lang::En, _) => {
            let suffix = match (rank % 10, rank % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{who}: the {rank}{suffix} worst play of {of}")
        }
        (Lang::Sv, 1) => format!("{who}: det sämsta draget av {of}"),
        (Lang::Sv, _) => {
            let suffix = if matches!(rank % 10, 1 | 2) && !matches!(rank % 100, 11 | 12) {
                "a"
            } else {
                "e"
            };
            format!("{who}: det {rank}:{suffix} sämsta draget av {of}")
        }
    }
}

/// The ratings of an error rate, the best first (in the order of
/// `ai::analysis::Rating::ALL`; GNU Backgammon's names).
pub const RATINGS: [Phrase; 8] = [
    p("supernatural", "övernaturlig"),
    p("world class", "världsklass"),
    p("expert", "expert"),
    p("advanced", "avancerad"),
    p("intermediate", "medelgod"),
    p("casual player", "motionär"),
    p("beginner", "nybörjare"),
    p("awful", "usel"),
];
pub const ANALYSING: Phrase = p("analysing the match…", "analyserar matchen…");

/// The analysis of a replayed turn: "?! loses 0.087 — better: 1/5 5/9" (in a match, the
/// chance lost: "?! loses 0.59 % of the match — better: …"), or that it was the best play.
#[must_use]
pub fn replay_decision(lang: Lang, sign: &str, loss: Loss, best: &str) -> String {
    let (loss, chance) = (loss.points, loss.match_chance);
    if loss <= 0.0 {
        return lang.pick("the best play", "bästa draget").to_string();
    }
    let lost = match chance {
        None => super::decimal(lang, format!("{loss:.3}")),
        Some(c) => {
            let c = super::decimal(lang, format!("{:.2}", 100.0 * c));
            match lang {
                Lang::En => format!("{c} % of the match"),
                Lang::Sv => format!("{c} % av matchen"),
            }
        }
    };
    let text = match lang {
        Lang::En => format!("{sign} loses {lost} — better: {best}"),
        Lang::Sv => format!("{sign} förlorar {lost} — bättre: {best}"),
    };
    text.trim_start().to_string()
}

/// "3 games" / "3 partier".
#[must_use]
pub fn games(lang: Lang, n: u32) -> String {
    match lang {
        Lang::En => format!("{n} game{}", if n == 1 { "" } else { "s" }),
        Lang::Sv => format!("{n} parti{}", if n == 1 { "" } else { "er" }),
    }
}

// The match.
pub const BAR: Phrase = p("bar", "ribba");
pub const PIPS: Phrase = p("pips", "ögon");
pub const BORNE_OFF: Phrase = p("borne off", "hemspelade");
pub const DICE: Phrase = p("Dice: ", "Tärningar: ");
/// Before the teka's dice in the side panel.
pub const TEKA_RESULT: Phrase = p("Teka: ", "Teka: ");
/// Before the teka dice (the Swedish word in both languages).
pub const TEKA: Phrase = p("teka ", "teka ");
pub const LAST: Phrase = p("Last: ", "Senast: ");
/// The marks of the mover's home and huk (Swedish terms in both languages).
pub const HOME_MARK: Phrase = p("1 hem", "1 hem");
pub const HUK_MARK: Phrase = p("12 huk", "12 huk");
/// After the marks of the home and huk: whose they are (the player to move's glyph).
#[must_use]
pub fn marks_of(lang: Lang, mover: char) -> String {
    match lang {
        Lang::En => format!(" of {mover} (to move)"),
        Lang::Sv => format!(" för {mover} (i tur)"),
    }
}

/// The key to the board's two rows of numbers: "Numbers: ○ inner, ● outer row".
#[must_use]
pub fn numbers_legend(lang: Lang, inner: char, outer: char) -> String {
    match lang {
        Lang::En => format!("Numbers: {inner} inner, {outer} outer row"),
        Lang::Sv => format!("Nummer: {inner} inre, {outer} yttre raden"),
    }
}
pub const TEKA_ROLL: Phrase = p(
    "Teka — Space rolls one die each",
    "Teka — mellanslag slår en tärning var",
);
pub const MOVING_KEYS: Phrase = p(
    "←→↑↓ move · Tab next checker · Enter pick/place · 1–6 die · u undo · : type",
    "←→↑↓ flytta · Tab nästa bricka · Enter ta/lägg · 1–6 tärning · u ångra · : skriv",
);
pub const PASS_KEYS: Phrase = p("Enter — stand over (pass the turn)", "Enter — stå över");
pub const CONTINUES: Phrase = p("Enter continues", "Enter fortsätter");
pub const HELP_QUIT_KEYS: Phrase = p("? help · q quit", "? hjälp · q avsluta");
pub const CONTINUE: Phrase = p("Enter — continue", "Enter — fortsätt");
pub const GAME_OVER: Phrase = p("Game over", "Partiet är slut");

/// The game-over box's title: "Game 2 is over".
#[must_use]
pub fn game_over(lang: Lang, game: u32) -> String {
    match lang {
        Lang::En => format!("Game {game} is over"),
        Lang::Sv => format!("Parti {game} är slut"),
    }
}
/// The board's title while the teka is rolled.
pub const TEKA_TITLE: Phrase = p("Teka — who starts?", "Teka — vem börjar?");
pub const PROMPT_KEYS: Phrase = p("  (Enter plays · Esc cancels)", "  (Enter spelar · Esc avbryter)");

/// The board's title: "White to move".
#[must_use]
pub fn to_move(lang: Lang, side: Color) -> String {
    match lang {
        Lang::En => format!("{} to move", color_name(lang, side)),
        Lang::Sv => format!("{} i tur", color_name(lang, side)),
    }
}

/// A replay's header over a play made: "Black's play".
#[must_use]
pub fn played(lang: Lang, side: Color) -> String {
    match lang {
        Lang::En => format!("{}'s play", color_name(lang, side)),
        Lang::Sv => format!("{}s drag", color_name(lang, side)),
    }
}

/// The footer while the computer plays: "Computer (hard, Black) is playing…".
#[must_use]
pub fn computer_turn(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who} is playing…"),
        Lang::Sv => format!("{who} spelar…"),
    }
}

/// "Anna (White) to roll — Space".
#[must_use]
pub fn to_roll(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who} to roll — Space"),
        Lang::Sv => format!("{who} slår — mellanslag"),
    }
}

/// The prompt before a roll when the player may double (B13).
#[must_use]
pub fn to_roll_or_double(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who} to roll — Space · d doubles"),
        Lang::Sv => format!("{who} slår — mellanslag · d dubblar"),
    }
}

/// The prompt to the side doubled (B13): take or drop.
#[must_use]
pub fn take_or_drop(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who}: t takes the double · p drops it (gives up the game)"),
        Lang::Sv => format!("{who}: t tar dubbleringen · p passar (ger upp partiet)"),
    }
}

/// Manual dice: the teka's two dice being typed.
#[must_use]
pub fn type_teka(lang: Lang, typed: &str) -> String {
    match lang {
        Lang::En => format!("Teka — type White's die, then Black's: {typed}"),
        Lang::Sv => format!("Teka — skriv Vits tärning, sedan Svarts: {typed}"),
    }
}

/// Manual dice: a roll being typed.
#[must_use]
pub fn type_dice(lang: Lang, who: &str, typed: &str) -> String {
    match lang {
        Lang::En => format!("{who}: type the two dice rolled (1–6): {typed}"),
        Lang::Sv => format!("{who}: skriv de två tärningarna (1–6): {typed}"),
    }
}

/// The game-over box: "○ Anna (White) wins" (its title says which game).
#[must_use]
pub fn wins_game(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who} wins"),
        Lang::Sv => format!("{who} vinner"),
    }
}

// The end of a match.
pub const MATCH_OVER: Phrase = p("The match is over", "Matchen är slut");
/// "1 point", "2 points" / "1 poäng", "2 poäng".
#[must_use]
pub fn points(lang: Lang, n: u32) -> String {
    match lang {
        Lang::En => format!("{n} point{}", if n == 1 { "" } else { "s" }),
        Lang::Sv => format!("{n} poäng"),
    }
}
pub const RESULTS_BEST_FIRST: Phrase = p("results, the best first:", "resultat, det bästa först:");
pub const MATCH_OVER_KEYS: Phrase = p(
    "r — replay and analyse · n — new match · Esc — start screen",
    "r — spela upp och analysera · n — ny match · Esc — startskärmen",
);

// The overlays.
pub const HELP_TITLE: Phrase = p(
    "Rules & keys — t contents · / find · Esc closes ·",
    "Regler & tangenter — t innehåll · / sök · Esc stänger ·",
);
pub const HELP_CONTENTS_TITLE: Phrase = p(
    "Contents — ↑↓ choose · Enter go there · Esc back",
    "Innehåll — ↑↓ välj · Enter gå dit · Esc tillbaka",
);
pub const HELP_FIND: Phrase = p("Find:", "Sök:");
pub const HELP_FIND_KEYS: Phrase = p("(Enter finds · Esc cancels)", "(Enter söker · Esc avbryter)");
pub const HELP_FOUND_KEYS: Phrase = p("n next · N previous", "n nästa · N föregående");

/// A word the help does not have: "“xyz” is nowhere in the help".
#[must_use]
pub fn help_missing(lang: Lang, word: &str) -> String {
    match lang {
        Lang::En => format!("“{word}” is nowhere in the help"),
        Lang::Sv => format!("”{word}” finns inte i hjälpen"),
    }
}
pub const NOT_SAVED: Phrase = p("The match could NOT be saved:", "Matchen kunde INTE sparas:");
pub const QUIT_LOSES: Phrase = p(
    "Quitting now loses what was not saved.",
    "Avslutar du nu går det osparade förlorat.",
);
pub const QUIT_NOT_KEPT: Phrase = p(
    "Without a data directory it is not saved and ends here.",
    "Utan datakatalog sparas den inte och slutar här.",
);

/// A window too small for the game: the least size it needs and the size it has, in
/// cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowFigures {
    pub min_width: u16,
    pub min_height: u16,
    pub width: u16,
    pub height: u16,
}

/// The request to enlarge a window that is too small. Two lines, each short enough for a
/// narrow window.
#[must_use]
pub fn too_small(lang: Lang, f: &WindowFigures) -> [String; 2] {
    let ((mw, mh), (w, h)) = ((f.min_width, f.min_height), (f.width, f.height));
    match lang {
        Lang::En => [
            "Please enlarge the window:".to_string(),
            format!("bräde needs {mw}×{mh}, now {w}×{h}."),
        ],
        Lang::Sv => [
            "Gör fönstret större:".to_string(),
            format!("bräde behöver {mw}×{mh}, nu {w}×{h}."),
        ],
    }
}
