//! Backgammon behind the boundary: the engine of `crate::backgammon` (B1–B16), handed on.
//!
//! The engine numbers each side's points from his home (1) to the farthest (24), the bar
//! 25 and off 0, as backgammon players and GNU Backgammon do; the boundary's views number
//! from where the mover enters (the bar 0, the farthest point 1 … his ace point 24, off
//! 25), as bräde does. Point `p` of the one is `25 − p` of the other, both ways; only the
//! views translate, and notation stays backgammon's own.

use super::turn::on_or_afresh;
use super::{Checkers, CubeView, Game, Layout, NextGame, Opening, Resign, Steps, TurnPlay, TurnView, Typed};
use crate::backgammon::{
    Cube, GameEnd, LegalPlay, MoveGen, Play, Position, Refusal, Score, Stakes, Step as BgStep, StepRefusal,
    Turn, TypedMove, TypedPlay, Win, step,
};
use crate::rules::{Color, Effect, Roll, Step};

/// Backgammon (docs/src/rules/backgammon.md, B1–B16), with the doubling cube.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Backgammon;

/// A point of the engine's numbering in the views' (and back: the same map).
fn flip(p: u8) -> u8 {
    25 - p
}

/// An engine step as the views number it.
fn view_step(s: BgStep) -> Step {
    Step {
        from: flip(s.from),
        to: flip(s.to),
        die: s.die,
        effect: if s.hit { Effect::Hit } else { Effect::Quiet },
    }
}

impl Game for Backgammon {
    type Rules = Stakes;
    type Position = Position;
    type Play = Play;
    type Turn = Turn;
    type Legal = LegalPlay;
    type Refusal = Refusal;
    type PlayError = Refusal;
    type Record = GameEnd;
    type Score = Score;
    type Stake = Cube;

    /// B1: the sides move in opposite directions.
    const LAYOUT: Layout = Layout::Opposite;

    const SAVE_NAME: Option<&'static str> = Some("backgammon");

    fn start(starter: Color) -> Position {
        Position::start(starter)
    }

    /// B4: each throws one die; the higher starts and plays both.
    fn opening(white: u8, black: u8) -> Opening {
        let starter = match white.cmp(&black) {
            std::cmp::Ordering::Equal => return Opening::Again,
            std::cmp::Ordering::Greater => Color::White,
            std::cmp::Ordering::Less => Color::Black,
        };
        Roll::new(white, black).map_or(Opening::Again, |roll| Opening::Plays { starter, roll })
    }

    fn turn(position: Position, roll: Roll, _rules: Stakes) -> Turn {
        Turn::new(position, roll)
    }

    fn legal_plays(position: &Position, roll: Roll, _rules: Stakes) -> Vec<LegalPlay> {
        MoveGen::new().plays(position.board(), roll).to_vec()
    }

    fn play_of(legal: &LegalPlay) -> &Play {
        &legal.play
    }

    fn is_forfeit(turn: &Turn) -> bool {
        turn.is_forfeit()
    }

    /// The record at a cube of 1: [`Game::settle`] puts the game's cube on it.
    fn finish(turn: &Turn) -> Result<(Play, Position, Option<GameEnd>), Refusal> {
        let (lp, next) = turn.finish()?;
        let winner = turn.start().turn();
        let record = lp
            .win
            .map(|win| GameEnd::won(winner, win, &Cube::default(), Stakes::default(), false));
        Ok((lp.play, next, record))
    }

    fn pass(position: &Position) -> (Play, Position) {
        (Play::empty(), position.pass_turn())
    }

    fn winner(record: &GameEnd) -> Color {
        record.winner
    }

    fn score(length: u32) -> Score {
        Score::new(length)
    }

    fn length(score: &Score) -> u32 {
        score.length
    }

    /// B15: an odd number of points up to 25; 0 for a money session.
    fn is_length(length: u32) -> bool {
        Score::is_length(length)
    }

    fn most_games(length: u32) -> usize {
        Score::most_games(length)
    }

    fn games_played(score: &Score) -> usize {
        score.games.len()
    }

    fn record(score: &mut Score, record: GameEnd) {
        score.games.push(record);
    }

    fn is_over(score: &Score) -> bool {
        score.is_over()
    }

    /// B4: every game opens with the opening throw.
    fn next_game(_record: &GameEnd) -> NextGame<Position> {
        NextGame::Opening
    }

    fn position_code(position: &Position) -> String {
        position.code()
    }

    fn read_position(code: &str) -> Option<Position> {
        Position::from_code(code).ok()
    }

    fn play_text(turn: &mut Turn, text: &str) -> Result<(), Refusal> {
        turn.play_notation(text).map(|_| ())
    }

    fn result_notation(record: &GameEnd) -> String {
        record.notation()
    }

    fn read_record(winner: Color, notation: &str) -> Option<GameEnd> {
        GameEnd::from_notation(winner, notation)
    }

    fn points(record: &GameEnd) -> u32 {
        record.points
    }

    fn match_points(score: &Score, side: Color) -> u32 {
        score.points(side)
    }

    /// Won at the board single, gammon or backgammon (B13), or by a dropped double (B14).
    const RESULT_KINDS: &'static [&'static str] = &["single", "gammon", "backgammon", "drop"];

    fn result_kind(record: &GameEnd) -> usize {
        record
            .win
            .map_or(3, |win| Win::ALL.iter().position(|&w| w == win).unwrap_or(0))
    }

    const CUBE: bool = true;

    /// B15: the cube is dead in the Crawford game, in the middle otherwise.
    fn stake(score: &Score, _rules: Stakes) -> Cube {
        score.next_cube()
    }

    /// B16: automatic doubles, in money play, as agreed.
    fn opening_again(cube: Cube, score: &Score, rules: Stakes) -> Cube {
        cube.after_equal_opening(rules, score.is_money())
    }

    /// B13: before his roll, with the cube in the middle or his, below 64.
    fn may_double(cube: &Cube, _score: &Score, side: Color, _rules: Stakes) -> bool {
        cube.may_double(side)
    }

    /// B13: in the middle showing 64 until the first double; off the board in the
    /// Crawford game (B15).
    fn cube(cube: &Cube) -> Option<CubeView> {
        cube.live.then_some(CubeView {
            face: if cube.value == 1 { 64 } else { cube.value },
            owner: cube.owner,
        })
    }

    fn taken(cube: Cube, taker: Color) -> Cube {
        cube.taken(taker)
    }

    fn dropped(cube: &Cube, doubler: Color, _rules: Stakes) -> Option<GameEnd> {
        Some(GameEnd::dropped(doubler, cube))
    }

    /// B14, B16: the cube's value times the result's, Jacoby in money play as agreed.
    fn settle(record: GameEnd, cube: &Cube, score: &Score, rules: Stakes) -> GameEnd {
        match record.win {
            Some(win) => GameEnd::won(record.winner, win, cube, rules, score.is_money()),
            None => record,
        }
    }

    /// As GNU Backgammon offers them: one, two or three times the cube.
    const RESIGNS: &'static [Resign] = &Resign::ALL;

    /// The win resigned, settled as that win at the board would be (B14, B16): at the
    /// cube's value, a backgammon counting as the stakes say, and in money play under the
    /// Jacoby rule a gammon or backgammon counting single while the cube is in the middle.
    fn resigned(winner: Color, level: Resign, cube: &Cube, score: &Score, rules: Stakes) -> Option<GameEnd> {
        let win = match level {
            Resign::Single => Win::Single,
            Resign::Gammon => Win::Gammon,
            Resign::Backgammon => Win::Backgammon,
        };
        Some(GameEnd::won(winner, win, cube, rules, score.is_money()))
    }
}

impl Checkers for Position {
    fn to_move(&self) -> Color {
        self.turn()
    }

    /// From the bar (0) along the side's way to his ace point (24).
    fn counts(&self, side: Color) -> [u8; 25] {
        let counts = Position::counts(self, side);
        std::array::from_fn(|t| counts[usize::from(flip(t as u8))])
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
        Play::steps(self).iter().map(|&s| view_step(s)).collect()
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
        self.win().is_some()
    }

    fn next_steps(&self) -> Vec<Step> {
        Turn::next_steps(self).into_iter().map(view_step).collect()
    }
}

impl TurnPlay for Turn {
    type Play = Play;
    type Refusal = Refusal;
    type Blocked = StepRefusal;
    type Outcome = Win;
    type TypedStep = TypedMove;

    fn mover(&self) -> Color {
        self.start().turn()
    }

    fn taken(&self) -> Vec<Step> {
        Turn::taken(self).iter().map(|&s| view_step(s)).collect()
    }

    fn play_so_far(&self) -> Play {
        Play::of(Turn::taken(self))
    }

    fn completed_play(&self) -> Option<Play> {
        self.completed().map(|lp| lp.play)
    }

    fn unused_dice(&self) -> Vec<u8> {
        if self.is_complete() {
            self.dice_left()
        } else {
            Vec::new()
        }
    }

    fn outcome(&self) -> Option<Win> {
        self.win()
    }

    fn step(&mut self, from: u8, die: u8) -> Result<Step, Refusal> {
        Turn::step(self, flip(from), die).map(view_step)
    }

    fn move_checker(&mut self, from: u8, to: u8) -> Result<(), Refusal> {
        Turn::move_checker(self, flip(from), flip(to)).map(|_| ())
    }

    fn undo(&mut self) -> Option<Step> {
        Turn::undo(self).map(view_step)
    }

    /// B9: from the bar, the entry's refusal; otherwise no checker can move the die.
    fn blocked_dice(&self) -> Vec<(u8, Option<StepRefusal>)> {
        if !self.is_forfeit() {
            return Vec::new();
        }
        let mut dice = self.roll().steps();
        dice.dedup();
        blocked(self.start().board(), &dice)
    }

    fn forfeit_reasons(&self) -> Vec<(u8, Option<StepRefusal>)> {
        if self.win().is_some() {
            return Vec::new();
        }
        let mut dice = TurnPlay::unused_dice(self);
        dice.dedup();
        blocked(self.position().board(), &dice)
    }

    fn type_play(&mut self, text: &str) -> Result<(), Typed<Play, TypedMove, Refusal>> {
        let typed: TypedPlay = text.parse().map_err(|e| Typed::Refused(Refusal::Notation(e)))?;
        let has_steps = !Turn::taken(self).is_empty();
        match on_or_afresh(self, has_steps, Turn::undo_all, |t| type_moves(t, &typed.0)) {
            Ok(()) => Ok(()),
            Err((at, why)) => {
                // The typed moves before the refused one, played in the text only.
                let mut before = self.clone();
                let taken = Turn::taken(&before).len();
                let before = match type_moves(&mut before, &typed.0[..at]) {
                    Ok(()) => Play::of(&Turn::taken(&before)[taken..]),
                    Err(_) => Play::empty(),
                };
                Err(Typed::StepRefused {
                    before,
                    typed: typed.0[at],
                    why,
                })
            }
        }
    }
}

/// Plays typed moves on from the steps taken; on refusal the error says which move and
/// why (the turn is then as far as the moves before it took it: callers play on a copy).
fn type_moves(turn: &mut Turn, moves: &[TypedMove]) -> Result<(), (usize, Refusal)> {
    for (i, m) in moves.iter().enumerate() {
        Turn::move_checker(turn, m.from, m.to)
            .and_then(|steps| match steps.last() {
                Some(last) if m.hit && !last.hit => Err(Refusal::Mark(*last)),
                _ => Ok(()),
            })
            .map_err(|why| (i, why))?;
    }
    Ok(())
}

/// Why each die cannot be played on `board`: from the bar, the entry's refusal (B9).
fn blocked(board: &crate::backgammon::Board, dice: &[u8]) -> Vec<(u8, Option<StepRefusal>)> {
    let on_bar = board.own()[usize::from(crate::backgammon::BAR)] > 0;
    dice.iter()
        .map(|&d| {
            let why = if on_bar {
                step(board, crate::backgammon::BAR, d).err()
            } else {
                None
            };
            (d, why)
        })
        .collect()
}
