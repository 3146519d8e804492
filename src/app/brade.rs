//! What the app asks of bräde alone: how its plays are weighed for the player (the hints,
//! the tutor's verdict in points of a single game or the chance to win the match).

use std::sync::atomic::AtomicBool;

use super::Table;
use super::edit_game::{EDITOR_ROLLOUT_GAMES, Editable, code_text, listed};
use super::editor::Editor;
use super::hint_jobs::{Plays, Weighable, Weighed, Weighing};
use super::jobs::analyse_match;
use super::replay::{AnalysisJob, Replay, ReplayGame, Reviewed};
use super::setup::{Setup, SetupField};
use super::sharing::Outgoing;
use super::sharing::{Done, copied, picture};
use super::verdict::Checked;
use super::{App, Key, Screen};
use crate::ai::Level;
use crate::ai::analysis::{Analysis, Decision, Mark, Summary};
use crate::ai::analysis::{in_points, weigh};
use crate::ai::verdict::{self, Run, Verification};
use crate::brade::{MatchScore, RuleSet};
use crate::game::Brade;
use crate::rules::Color;
use crate::session::GAME_CHOICES;
use crate::session::Match;
use crate::settings::{cycle, cycle_rules};
use crate::share::picture::Extras;
use crate::words::kept::Refusal;
use crate::words::sharing::Shared;
use crate::words::{Lang, Phrase, editor as editor_words};

/// The `made`-th of bräde's plays weighed against the best as the analysis weighs it (in a
/// match, in points of its first game).
#[derive(Clone, Debug)]
pub struct PlayWeighed {
    pub plays: Plays<Brade>,
    pub made: usize,
    pub games: u32,
}

impl Weighing for PlayWeighed {
    fn weigh(&self) -> Weighed {
        let mut judge = self.plays.player();
        let (best, loss) = weigh(judge.as_mut(), &self.plays.plays, &self.plays.plays[self.made]);
        Weighed::Play(self.plays.goal.map(|goal| {
            let (loss, chance) = in_points(self.games, &goal, loss.unwrap_or(0.0));
            (best, loss, chance)
        }))
    }

    fn plays(&self) -> Option<&dyn std::any::Any> {
        Some(&self.plays)
    }
}

impl Weighable for Brade {
    fn for_match(plays: &Plays<Self>) -> bool {
        // The hard level's values: expected points for the mover in a single game, the
        // chance to win the match in a match.
        matches!(plays.goal, Some(crate::ai::matchplay::Payoff::Match(_)))
    }

    fn hint(lang: crate::words::Lang, plays: &Plays<Self>, p: &Self::Legal, v: f64) -> String {
        use crate::words::notes::HintValue;
        let value = if Self::for_match(plays) {
            HintValue::MatchChance(crate::ai::matchplay::as_mwc(v))
        } else {
            HintValue::Points(v)
        };
        crate::words::notes::hint(lang, &p.play, p.result, value)
    }

    fn made(turn: &Self::Turn, plays: &[Self::Legal]) -> Option<usize> {
        let m = turn.completed()?;
        plays
            .iter()
            .position(|p| p.board == m.board && p.result == m.result)
    }

    fn tutor_weighing(game: &Match<Self>, plays: Plays<Self>, made: usize) -> Box<dyn Weighing> {
        // In a match the hard level weighs the chance to win it, and the loss is judged in
        // points of the match's first game, as the analysis judges it.
        Box::new(PlayWeighed {
            plays,
            made,
            games: game.score.games(),
        })
    }
}

impl super::TableGame for Brade {
    fn setup_again(
        lang: crate::words::Lang,
        game: &Match<Brade>,
        computer: [Option<crate::ai::Level>; 2],
    ) -> Option<super::Setup> {
        Some(Setup::again(lang, game, computer))
    }

    fn setup_key(app: &mut App, key: Key) {
        app.brade_setup_key(key);
    }
}

impl super::sharing::Shares for Brade {
    /// The play the tutor questions, as bräde's text block.
    fn tutor_text(table: &Table<Brade>) -> super::sharing::Done {
        let game = &table.game;
        let Some(turn) = game.turn() else {
            return (Some(Shared::NoDecision), None);
        };
        let Some(made) = turn.completed() else {
            return (Some(Shared::NoDecision), None);
        };
        let payoff = super::computer::goal(game);
        let names = Color::BOTH.map(|side| game.name(side));
        let candidates = crate::ai::review::candidates(
            turn.start(),
            turn.roll(),
            game.rules,
            (&payoff, game.score.games()),
            &made.play,
        );
        let plies = crate::ai::analysis::JUDGE.depth().plies();
        let text = candidates.map(|(list, at)| {
            crate::share::brade::block(names, &game.score, turn.start(), turn.roll(), (&list, at), plies)
        });
        super::sharing::copied(text, Shared::NoNetwork)
    }
}

impl Reviewed for Brade {
    fn error_at(replay: &Replay<Brade>, i: usize) -> Option<(Color, f64)> {
        replay
            .decision_at(i)
            .filter(|d| d.mark != Mark::Fine)
            .map(|d| (d.mover, d.loss))
    }

    fn checked_at(replay: &Replay<Brade>, i: usize) -> Option<Box<dyn Checked>> {
        replay.decision_at(i).filter(|d| d.mark != Mark::Fine).map(|d| {
            Box::new(CheckedPlay {
                decision: d.clone(),
                rules: replay.game.rules,
            }) as Box<dyn Checked>
        })
    }
}

impl ReplayGame for Brade {
    fn analyse(job: &AnalysisJob<Brade>) -> (Option<Analysis>, Option<Refusal>) {
        analyse_match(job)
    }

    fn sides(analysis: &Analysis) -> [Summary; 2] {
        analysis.summary
    }

    fn replay_text(replay: &Replay<Brade>) -> Done {
        text_of_replay(replay)
    }

    fn replay_picture(replay: &Replay<Brade>) -> Done {
        let f = replay.frame();
        let svg = crate::share::brade::picture(&f.position, None, &Extras::default());
        (None, Some(picture("brade", &f.position.code(), svg)))
    }
}

impl Replay<Brade> {
    /// The decision of frame `i` (the turn it shows), once analysed.
    #[must_use]
    pub fn decision_at(&self, i: usize) -> Option<&Decision> {
        // (A resignation's frame shows no play.)
        let f = self.frames.get(i).filter(|f| f.cube.is_none())?;
        self.analysis
            .as_ref()?
            .decisions
            .iter()
            .find(|d| d.game == f.game && d.turn == f.turn)
    }

    /// The decision of the frame shown.
    #[must_use]
    pub fn decision(&self) -> Option<&Decision> {
        self.decision_at(self.index)
    }
}

/// A bräde play marked as an error, to roll out against the best (`v`).
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedPlay {
    pub decision: Decision,
    pub rules: RuleSet,
}

impl Checked for CheckedPlay {
    fn at(&self) -> (usize, usize) {
        (self.decision.game, self.decision.turn)
    }

    fn games(&self) -> u32 {
        verdict::GAMES
    }

    fn verify(&self, run: Run, tick: &(dyn Fn() + Sync), stop: &AtomicBool) -> Option<Verification> {
        verdict::verify(&self.decision, self.rules, run, tick, stop)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The bräde replay's decision shown as a text block.
fn text_of_replay(r: &Replay<Brade>) -> Done {
    let Some(d) = r.decision() else {
        return (Some(Shared::NoDecision), None);
    };
    let game = &r.game;
    let names = Color::BOTH.map(|side| r.names[side.index()].as_str());
    let before: Vec<_> = game.score.results().iter().take(d.game - 1).copied().collect();
    let score = MatchScore::new(game.score.games(), before);
    let plies = crate::ai::analysis::JUDGE.depth().plies();
    let text = crate::ai::review::of_decision(game, d).map(|(candidates, made)| {
        crate::share::brade::block(names, &score, &d.position, d.roll, (&candidates, made), plies)
    });
    copied(text, Shared::NoNetwork)
}

impl Editable for Brade {
    type Error = crate::brade::PositionError;
    type Rollout = crate::ai::rollout::Rollout;

    const TITLE: Phrase = editor_words::EDITOR;
    const KEYS: &'static [Phrase] = &editor_words::KEYS;

    fn read(code: &str, _turn: Color) -> Result<Self::Position, Self::Error> {
        crate::brade::Position::from_code(code)
    }

    fn code(position: &Self::Position) -> String {
        position.code()
    }

    fn code_of(counts: &[[u8; 25]; 2], turn: Color) -> String {
        // Bräde's code numbers each side's points as it travels them, its bar 0.
        code_text(counts.map(|c| listed(&c, 0..25, |p| p)), turn)
    }

    fn cleared(_counts: &[[u8; 25]; 2], turn: Color, _placing: Color) -> String {
        Self::code_of(&[[0; 25]; 2], turn)
    }

    fn code_refusal(lang: Lang, why: &Self::Error) -> String {
        editor_words::refusal(lang, why)
    }

    fn roll_out(
        position: &Self::Position,
        rules: Self::Rules,
        tick: &(dyn Fn() + Sync),
    ) -> Option<Self::Rollout> {
        let options = crate::ai::rollout::Options {
            games: EDITOR_ROLLOUT_GAMES,
            level: Level::Medium,
            seed: 1,
            threads: None,
            luck_adjusted: false,
            rules,
        };
        Some(crate::ai::rollout::rollout_with(position, options, tick))
    }

    fn rollout_line(lang: Lang, r: &Self::Rollout) -> String {
        editor_words::rollout(lang, r.games, r.equity(), r.std_error())
    }

    fn editor_rules(settings: &crate::settings::Settings) -> RuleSet {
        settings.rules
    }

    fn picture(e: &Editor<Brade>) -> Outgoing {
        let dice = e.roll().map(|r| r.dice());
        let svg = crate::share::brade::picture(&e.position, dice, &Extras::default());
        picture("brade", &e.code(), svg)
    }
}

impl App {
    /// A key on the setup form of a bräde match.
    pub(super) fn brade_setup_key(&mut self, key: Key) {
        let lang = self.lang();
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        let at = GAME_CHOICES.iter().position(|&g| g == form.games).unwrap_or(1);
        let back = matches!(key, Key::Left | Key::Char('h'));
        match (form.field, key) {
            (_, Key::Up | Key::BackTab) => form.step_field(false),
            (_, Key::Down | Key::Tab) => form.step_field(true),
            (SetupField::Computer, Key::Left | Key::Right | Key::Char('h' | 'l' | ' ')) => {
                form.computer = form.computer.cycle(back);
            }
            (SetupField::Level, Key::Left | Key::Right | Key::Char('h' | 'l' | ' ')) => {
                form.level = cycle(&Setup::LEVELS, form.level, back);
            }
            (SetupField::Rules, Key::Left | Key::Right | Key::Char('h' | 'l' | ' ')) => {
                form.rules = cycle_rules(form.rules, back);
            }
            (SetupField::Games, Key::Left | Key::Char('h' | '-')) => {
                form.games = GAME_CHOICES[at.saturating_sub(1)];
            }
            (SetupField::Games, Key::Right | Key::Char('l' | '+')) => {
                form.games = GAME_CHOICES[(at + 1).min(GAME_CHOICES.len() - 1)];
            }
            (SetupField::Games, Key::Char(c)) => {
                if let Some(n) = c.to_digit(10)
                    && GAME_CHOICES.contains(&n)
                {
                    form.games = n;
                }
            }
            (SetupField::Name(side), _) => form.name_key(lang, side, key),
            (SetupField::Start, Key::Enter | Key::Char(' ')) => {
                let [white, black] = form.match_names(lang);
                let game: Match<Brade> = Match::new(&white, &black, form.games).by_rules(form.rules);
                self.offer.forms.keep(form, self.settings.rules);
                self.computer.sides = form.sides();
                self.begin_new(Screen::Match(super::table_of(game)));
            }
            (_, Key::Enter) => form.step_field(true),
            _ => {}
        }
    }
}

impl Setup {
    /// The form for the same opponents again after `game`: its length, names and rules,
    /// the computer on the same sides at the same level (a computer side's name, which says
    /// its level, is made anew from the form).
    #[must_use]
    pub fn again(lang: Lang, game: &Match<Brade>, computer: [Option<Level>; 2]) -> Setup {
        let mut form = Setup::new(lang, game.rules);
        form.games = game.score.games();
        form.same_players(&game.names, computer);
        form
    }
}
