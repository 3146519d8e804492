//! What the app asks of bräde alone: how its plays are weighed for the player (the hints,
//! the tutor's verdict in points of a single game or the chance to win the match).

use super::Table;
use super::hint_jobs::{Plays, Weighable, Weighed, Weighing};
use crate::ai::analysis::{in_points, weigh};
use crate::game::Brade;
use crate::rules::Color;
use crate::session::Match;
use crate::words::sharing::Shared;

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
    const THRESHOLDS: [f64; 3] = crate::ai::analysis::THRESHOLDS;

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
        Some(super::Setup::again(lang, game, computer))
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
