//! Bräde behind the boundary: the rules engine of `crate::brade`, handed on.

use super::turn::on_or_afresh;
use super::{Checkers, Game, Layout, NextGame, Opening, Resign, Steps, TurnPlay, TurnView, Typed};
use crate::brade::{
    GameRecord, GameResult, LegalPlay, MatchScore, MoveGen, NotationError, Play, Position, Refusal, RuleSet,
    StepRefusal, Turn, TypedStep, WinKind, parse_notation, teka,
};
use crate::rules::{Color, Roll, Step};

/// Svenskt brädspel (docs/src/rules/brade.md, R1–R20, and the rule sets of the other texts, docs/src/rules/rule-sets.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Brade;

/// Why a play in notation cannot be played on a bräde turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayTextError {
    /// The text is not notation.
    Notation(NotationError),
    /// Its steps are not a legal play of the turn (the rule that refuses them).
    Illegal(Refusal),
}

impl Game for Brade {
    type Rules = RuleSet;
    type Position = Position;
    type Play = Play;
    type Turn = Turn;
    type Legal = LegalPlay;
    type Refusal = Refusal;
    type PlayError = PlayTextError;
    type Record = GameRecord;
    type Score = MatchScore;
    type Stake = ();

    /// R3: both sides the same way round.
    const LAYOUT: Layout = Layout::SameWay;

    const SAVE_NAME: Option<&'static str> = None;

    fn start(starter: Color) -> Position {
        Position::start(starter)
    }

    /// R5: teka, the lower die starts and then rolls.
    fn opening(white: u8, black: u8) -> Opening {
        match teka(white, black) {
            Some(starter) => Opening::Rolls { starter },
            None => Opening::Again,
        }
    }

    fn turn(position: Position, roll: Roll, rules: RuleSet) -> Turn {
        Turn::with_rules(position, roll, rules)
    }

    fn legal_plays(position: &Position, roll: Roll, rules: RuleSet) -> Vec<LegalPlay> {
        MoveGen::with_rules(rules).plays(position.board(), roll).to_vec()
    }

    fn play_of(legal: &LegalPlay) -> &Play {
        &legal.play
    }

    fn is_forfeit(turn: &Turn) -> bool {
        turn.is_forfeit()
    }

    fn finish(turn: &Turn) -> Result<(Play, Position, Option<GameRecord>), Refusal> {
        let (lp, next) = turn.finish()?;
        let winner = turn.start().turn();
        Ok((
            lp.play,
            next,
            lp.result.map(|result| GameRecord { winner, result }),
        ))
    }

    fn pass(position: &Position) -> (Play, Position) {
        (Play::empty(), position.pass_turn())
    }

    fn winner(record: &GameRecord) -> Color {
        record.winner
    }

    fn score(length: u32) -> MatchScore {
        MatchScore::new(length, Vec::new())
    }

    fn length(score: &MatchScore) -> u32 {
        score.games()
    }

    /// R20: a match of 1, 3, 5 or 7 games.
    fn is_length(length: u32) -> bool {
        crate::brade::GAME_CHOICES.contains(&length)
    }

    fn most_games(length: u32) -> usize {
        length as usize
    }

    fn games_played(score: &MatchScore) -> usize {
        score.results().len()
    }

    fn record(score: &mut MatchScore, record: GameRecord) {
        score.push(record);
    }

    fn is_over(score: &MatchScore) -> bool {
        score.is_over()
    }

    /// R5: the loser of a game starts the next.
    fn next_game(record: &GameRecord) -> NextGame<Position> {
        NextGame::Starts(Position::start(record.winner.other()))
    }

    fn position_code(position: &Position) -> String {
        position.code()
    }

    fn read_position(code: &str) -> Option<Position> {
        Position::from_code(code).ok()
    }

    fn play_text(turn: &mut Turn, text: &str) -> Result<(), PlayTextError> {
        let steps = parse_notation(text).map_err(PlayTextError::Notation)?;
        turn.play_typed(&steps).map_err(PlayTextError::Illegal)?;
        Ok(())
    }

    fn result_notation(record: &GameRecord) -> String {
        record.result.notation()
    }

    fn read_record(winner: Color, notation: &str) -> Option<GameRecord> {
        GameResult::from_notation(notation).map(|result| GameRecord { winner, result })
    }

    fn points(record: &GameRecord) -> u32 {
        record.result.points()
    }

    fn match_points(score: &MatchScore, side: Color) -> u32 {
        score.points(side)
    }

    /// R20: the winner as the match's standing says (points, then the results compared).
    fn match_winner(score: &MatchScore) -> Option<Color> {
        match score.standing() {
            crate::brade::Standing::Won { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// R19's kinds of win, in their order (`WinKind::ALL`).
    const RESULT_KINDS: &'static [&'static str] = &[
        WinKind::ALL[0].notation(),
        WinKind::ALL[1].notation(),
        WinKind::ALL[2].notation(),
        WinKind::ALL[3].notation(),
        WinKind::ALL[4].notation(),
        WinKind::ALL[5].notation(),
        WinKind::ALL[6].notation(),
    ];

    fn result_kind(record: &GameRecord) -> usize {
        WinKind::ALL
            .iter()
            .position(|&k| k == record.result.kind)
            .unwrap_or(0)
    }

    /// R19: a game won *med munk*.
    const RESULT_MARK: Option<&'static str> = Some("munk");

    fn result_marked(record: &GameRecord) -> bool {
        record.result.munk
    }

    /// The game alone: the texts say nothing of giving a game up (see docs/src/rules/brade.md), so a
    /// game given up counts as the least any win counts, a plain hemspel (R19: 1 point,
    /// the lowest rank box in R20's tie-break).
    const RESIGNS: &'static [Resign] = &[Resign::Single];

    fn resigned(
        winner: Color,
        level: Resign,
        _stake: &(),
        _score: &MatchScore,
        _rules: RuleSet,
    ) -> Option<GameRecord> {
        (level == Resign::Single).then(|| GameRecord {
            winner,
            result: GameResult::new(WinKind::Hemspel, false),
        })
    }
}

impl Checkers for Position {
    fn to_move(&self) -> Color {
        self.turn()
    }

    fn counts(&self, side: Color) -> [u8; 25] {
        Position::counts(self, side)
    }

    fn borne_off(&self, side: Color) -> u8 {
        Position::borne_off(self, side)
    }

    fn pips(&self, side: Color) -> u32 {
        Position::pips(self, side)
    }
}

impl Steps for Play {
    fn steps(&self) -> Vec<Step> {
        Play::steps(self).to_vec()
    }
}

impl TurnView for Turn {
    type Position = Position;

    fn roll(&self) -> Roll {
        Turn::roll(self)
    }

    fn position(&self) -> Position {
        Turn::position(self)
    }

    fn dice_left(&self) -> Vec<u8> {
        Turn::dice_left(self)
    }

    fn is_complete(&self) -> bool {
        Turn::is_complete(self)
    }

    fn ends_game(&self) -> bool {
        self.result().is_some()
    }

    fn next_steps(&self) -> Vec<Step> {
        Turn::next_steps(self)
    }
}

impl TurnPlay for Turn {
    type Play = Play;
    type Refusal = Refusal;
    type Blocked = StepRefusal;
    type Outcome = GameResult;
    type TypedStep = TypedStep;

    fn mover(&self) -> Color {
        self.start().turn()
    }

    fn taken(&self) -> Vec<Step> {
        Turn::taken(self).to_vec()
    }

    fn play_so_far(&self) -> Play {
        Play::of(Turn::taken(self))
    }

    fn completed_play(&self) -> Option<Play> {
        self.completed().map(|p| p.play)
    }

    fn unused_dice(&self) -> Vec<u8> {
        Turn::unused_dice(self)
    }

    fn outcome(&self) -> Option<GameResult> {
        self.result()
    }

    fn step(&mut self, from: u8, die: u8) -> Result<Step, Refusal> {
        Turn::step(self, from, die)
    }

    fn move_checker(&mut self, from: u8, to: u8) -> Result<(), Refusal> {
        Turn::move_checker(self, from, to).map(|_| ())
    }

    fn undo(&mut self) -> Option<Step> {
        Turn::undo(self)
    }

    fn blocked_dice(&self) -> Vec<(u8, Option<StepRefusal>)> {
        Turn::blocked_dice(self)
    }

    fn forfeit_reasons(&self) -> Vec<(u8, Option<StepRefusal>)> {
        Turn::forfeit_reasons(self)
    }

    fn type_play(&mut self, text: &str) -> Result<(), Typed<Play, TypedStep, Refusal>> {
        let steps = parse_notation(text).map_err(|e| Typed::Refused(Refusal::Notation(e)))?;
        let has_steps = !Turn::taken(self).is_empty();
        match on_or_afresh(self, has_steps, Turn::undo_all, |t| t.step_typed(&steps)) {
            Ok(()) => Ok(()),
            Err((at, why)) => {
                // What is wrong with the text itself: which typed move, after which
                // typed moves (played in the text only, not on the board).
                let mut before = self.clone();
                let taken = before.taken().len();
                let before = match before.step_typed(&steps[..at]) {
                    Ok(()) => Play::of(&before.taken()[taken..]),
                    Err(_) => Play::empty(),
                };
                Err(Typed::StepRefused {
                    before,
                    typed: steps[at],
                    why,
                })
            }
        }
    }
}
