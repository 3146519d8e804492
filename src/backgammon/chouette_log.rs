//! A chouette's book as a list of what was done to it ([`Event`]), one line each, so that a
//! saved chouette is rebuilt by doing it all again through [`Chouette`] — which refuses
//! anything the rules would not have allowed — instead of trusting a stored score.

use super::chouette::{Chouette, ChouetteError, GameOutcome, Side};
use super::result::Win;

/// One thing done to a chouette's book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The opening throw of a game: the box's die, the team's.
    Opening(u8, u8),
    Roll,
    EndTurn,
    BoxDouble,
    /// A member's answer to the box's double.
    Answer {
        member: String,
        take: bool,
    },
    /// The team's unanimous double: the members who voted (all yes).
    TeamDouble(Vec<String>),
    Redouble(String),
    /// The box's answer for a member's cube.
    BoxAnswer {
        member: String,
        take: bool,
    },
    /// The game won at the board.
    EndGame(Side, Win),
}

/// Fields are separated by tabs: a name typed at the keyboard holds no control characters.
const SEP: char = '\t';

impl Event {
    /// The event as one line of text (`opening\t3\t5`, `answer\tBo\ttake`, …).
    #[must_use]
    pub fn text(&self) -> String {
        let answer = |take: bool| if take { "take" } else { "drop" };
        let fields: Vec<String> = match self {
            Event::Opening(b, t) => vec!["opening".into(), b.to_string(), t.to_string()],
            Event::Roll => vec!["roll".into()],
            Event::EndTurn => vec!["end-turn".into()],
            Event::BoxDouble => vec!["box-double".into()],
            Event::Answer { member, take } => vec!["answer".into(), member.clone(), answer(*take).into()],
            Event::TeamDouble(votes) => std::iter::once("team-double".to_string())
                .chain(votes.iter().cloned())
                .collect(),
            Event::Redouble(member) => vec!["redouble".into(), member.clone()],
            Event::BoxAnswer { member, take } => {
                vec!["box-answer".into(), member.clone(), answer(*take).into()]
            }
            Event::EndGame(side, win) => vec![
                "end-game".into(),
                match side {
                    Side::Box => "box",
                    Side::Team => "team",
                }
                .into(),
                win.notation().into(),
            ],
        };
        fields.join(&SEP.to_string())
    }

    /// An event read back from its line; `None` for a line that is not one.
    #[must_use]
    pub fn parse(text: &str) -> Option<Event> {
        let fields: Vec<&str> = text.split(SEP).collect();
        let answer = |word: &str| match word {
            "take" => Some(true),
            "drop" => Some(false),
            _ => None,
        };
        Some(match fields.as_slice() {
            ["opening", b, t] => Event::Opening(b.parse().ok()?, t.parse().ok()?),
            ["roll"] => Event::Roll,
            ["end-turn"] => Event::EndTurn,
            ["box-double"] => Event::BoxDouble,
            ["answer", member, take] => Event::Answer {
                member: (*member).to_string(),
                take: answer(take)?,
            },
            ["team-double", votes @ ..] if !votes.is_empty() => {
                Event::TeamDouble(votes.iter().map(|v| (*v).to_string()).collect())
            }
            ["redouble", member] => Event::Redouble((*member).to_string()),
            ["box-answer", member, take] => Event::BoxAnswer {
                member: (*member).to_string(),
                take: answer(take)?,
            },
            ["end-game", side, win] => Event::EndGame(
                match *side {
                    "box" => Side::Box,
                    "team" => Side::Team,
                    _ => return None,
                },
                Win::from_notation(win)?,
            ),
            _ => return None,
        })
    }
}

impl Chouette {
    /// Does `event` to the book, as the call it names would; a finished game's outcome
    /// when it ends one.
    pub fn apply(&mut self, event: &Event) -> Result<Option<GameOutcome>, ChouetteError> {
        match event {
            Event::Opening(b, t) => self.opening(*b, *t).map(|_| None),
            Event::Roll => self.roll().map(|()| None),
            Event::EndTurn => self.end_turn().map(|()| None),
            Event::BoxDouble => self.box_double().map(|()| None),
            Event::Answer { member, take } => self.answer(member, *take),
            Event::TeamDouble(votes) => {
                let votes: Vec<(&str, bool)> = votes.iter().map(|v| (v.as_str(), true)).collect();
                self.team_double(&votes).map(|()| None)
            }
            Event::Redouble(member) => self.redouble(member).map(|()| None),
            Event::BoxAnswer { member, take } => self.box_answer(member, *take),
            Event::EndGame(side, win) => self.end_game(*side, *win).map(Some),
        }
    }
}
