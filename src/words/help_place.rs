//! The help as it opens where the player is: first the keys of the screen it was opened
//! from, then the rules of the game on the board (backgammon's in a backgammon match,
//! bräde's in bräde's), then the other game's, the settings, and the rest.

use super::help::{Parts, parts};
use super::{Lang, Phrase, p};
use crate::game::Kind;

/// Where the help was opened: the screen, as the help names it and lists its keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Place {
    #[default]
    Start,
    Setup,
    Settings,
    Records,
    InProgress,
    Replay,
    Statistics,
    /// A match (or a chouette, or a position played out): the match's keys.
    Match,
    ChouetteForm,
    Trainer,
    /// A card of the trainer being drilled.
    Drill,
    Lobby,
    Editor,
}

/// "Keys here: …", the heading of the first section.
const KEYS_HERE: Phrase = p("Keys here:", "Tangenter här:");

impl Place {
    /// The screen as the first section's heading names it.
    fn name(self) -> Phrase {
        match self {
            Place::Start => p("the start screen", "startskärmen"),
            Place::Setup => p("the new match's form", "formuläret för en ny match"),
            Place::Settings => p("the settings", "inställningarna"),
            Place::Records => p("the finished matches", "de spelade matcherna"),
            Place::InProgress => p("the matches in progress", "de pågående matcherna"),
            Place::Replay => p("a replay", "en uppspelning"),
            Place::Statistics => p("the statistics", "statistiken"),
            Place::Match => p("a match", "en match"),
            Place::ChouetteForm => p("the chouette's form", "chouettens formulär"),
            Place::Trainer => p("the trainer's form", "övningens formulär"),
            Place::Drill => p("a practice card", "ett övningskort"),
            Place::Lobby => p("the lobby", "lobbyn"),
            Place::Editor => p("the position editor", "ställningsredigeraren"),
        }
    }

    /// The screen's keys as its own lines say them (each ` · `-separated item a line of
    /// the section); `None` for a match, whose keys are the help's table of keys.
    fn keys(self, lang: Lang, game: Kind) -> Option<Vec<String>> {
        use super::{chouette, editor, lobby, replay, saving, screens, sharing, trainer};
        let phrases: Vec<Phrase> = match self {
            Place::Match => return None,
            Place::Start => vec![screens::START_KEYS],
            Place::Setup => vec![screens::SETUP_KEYS],
            Place::Settings => vec![screens::SETTINGS_KEYS],
            Place::Records => vec![screens::RECORDS_KEYS],
            Place::InProgress => vec![saving::IN_PROGRESS_KEYS],
            Place::Statistics => vec![screens::STATISTICS_KEYS],
            Place::Trainer => vec![trainer::FORM_KEYS],
            Place::Drill => vec![trainer::DRILL_KEYS, trainer::CUBE_KEYS, trainer::NEXT_KEYS],
            Place::Lobby => vec![lobby::KEYS],
            Place::Editor => match game {
                Kind::Brade => editor::KEYS.to_vec(),
                Kind::Backgammon => editor::BG_KEYS.to_vec(),
            },
            Place::Replay => {
                let lines = [
                    replay::keys(lang, true, true),
                    lang.say(sharing::REPLAY_KEYS).to_string(),
                ];
                return Some(split(&lines));
            }
            Place::ChouetteForm => {
                let [_, _, _, first, second] = chouette::form_words(lang);
                return Some(split(&[first.to_string(), second.to_string()]));
            }
        };
        Some(split(
            &phrases
                .iter()
                .map(|k| lang.say(*k).to_string())
                .collect::<Vec<_>>(),
        ))
    }
}

/// Each ` · `-separated item of `lines`, in order.
fn split(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .flat_map(|line| line.split(" · "))
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(str::to_string)
        .collect()
}

/// The help opened at `place`, with `game` on the board (or chosen there), in `lang`:
/// the screen's keys, `game`'s rules, the other game's, the settings (`settings`: the
/// rows of the settings table), the keys of a match, and the rest.
#[must_use]
pub fn text(lang: Lang, place: Place, game: Kind, settings: &str) -> String {
    let Parts {
        brade,
        backgammon,
        settings,
        keys,
        rest,
    } = parts(lang, settings);
    let heading = format!("# {} {}", lang.say(KEYS_HERE), lang.say(place.name()));
    let mut out = String::new();
    let own = place.keys(lang, game);
    let keys_first = own.is_none();
    match own {
        Some(items) => {
            out.push_str(&heading);
            out.push('\n');
            for item in items {
                out.push_str(&format!(" - {item}\n"));
            }
            out.push('\n');
        }
        // A match's keys are the help's own table, its heading named for the place.
        None => match keys.split_once('\n') {
            Some((_, table)) => out.push_str(&format!("{heading}\n{table}")),
            None => out.push_str(&keys),
        },
    }
    match game {
        Kind::Brade => {
            out.push_str(&brade);
            out.push_str(backgammon);
        }
        Kind::Backgammon => {
            out.push_str(backgammon);
            out.push_str(&brade);
        }
    }
    out.push_str(&settings);
    if !keys_first {
        out.push_str(&keys);
    }
    out.push_str(&rest);
    out
}
