//! The game boundary is enough for a second game: a tiny race game written here, apart
//! from bräde's engine, implements `game::Game` and its views, and `session::Match` plays
//! a whole match of it — an opening roll the starter plays (as backgammon's), turns made
//! step by step and made final, a game's end, a match to points, the next game's start.

use brade::game::Brade;
use std::fmt;

use brade::game::{Checkers, Game, Layout, NextGame, Opening, Steps, TurnPlay, TurnView, Typed};
use brade::rules::{Color, Effect, Roll, Step};
use brade::session::{Match, Phase};
use brade::words::Lang;

/// A race: one checker each, from point 1 to off (25) in its own numbering; every game
/// opens with the opening roll, whose higher die starts and plays both opening dice (as in
/// backgammon); a turn moves the checker by each die in turn; a win is worth 2 points when
/// the loser has not left point 1, else 1, times the doubling cube's value (doubled as in
/// backgammon, up to 64); a match goes to `length` points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Race;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RacePosition {
    /// Where each side's checker stands (by `Color::index`), 25 = borne off.
    at: [u8; 2],
    to_move: Color,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct RacePlay(Vec<Step>);

impl fmt::Display for RacePlay {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let steps: Vec<String> = self.0.iter().map(|s| format!("{}/{}", s.from, s.to)).collect();
        write!(f, "{}", steps.join(" "))
    }
}

#[derive(Clone, Debug)]
struct RaceTurn {
    start: RacePosition,
    roll: Roll,
    taken: Vec<Step>,
}

/// The race's doubling cube: its value and its owner (`None`: in the middle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RaceCube {
    value: u32,
    owner: Option<Color>,
}

impl Default for RaceCube {
    fn default() -> RaceCube {
        RaceCube {
            value: 1,
            owner: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RaceRecord {
    winner: Color,
    points: u32,
}

#[derive(Clone, Debug, Default)]
struct RaceScore {
    length: u32,
    games: Vec<RaceRecord>,
}

impl RaceScore {
    fn points(&self, side: Color) -> u32 {
        self.games
            .iter()
            .filter(|g| g.winner == side)
            .map(|g| g.points)
            .sum()
    }
}

impl RaceTurn {
    fn at(&self) -> u8 {
        self.taken
            .last()
            .map_or(self.start.at[self.start.to_move.index()], |s| s.to)
    }
}

impl Checkers for RacePosition {
    fn to_move(&self) -> Color {
        self.to_move
    }
    fn counts(&self, side: Color) -> [u8; 25] {
        let mut counts = [0; 25];
        if let Some(c) = counts.get_mut(usize::from(self.at[side.index()])) {
            *c = 1;
        }
        counts
    }
    fn borne_off(&self, side: Color) -> u8 {
        u8::from(self.at[side.index()] == 25)
    }
    fn pips(&self, side: Color) -> u32 {
        25 - u32::from(self.at[side.index()])
    }
}

impl Steps for RacePlay {
    fn steps(&self) -> Vec<Step> {
        self.0.clone()
    }
}

impl TurnView for RaceTurn {
    type Position = RacePosition;
    fn roll(&self) -> Roll {
        self.roll
    }
    fn position(&self) -> RacePosition {
        let mut p = self.start;
        p.at[p.to_move.index()] = self.at();
        p
    }
    fn dice_left(&self) -> Vec<u8> {
        self.roll.steps()[self.taken.len()..].to_vec()
    }
    fn is_complete(&self) -> bool {
        self.dice_left().is_empty() || self.ends_game()
    }
    fn ends_game(&self) -> bool {
        self.at() == 25
    }
    fn next_steps(&self) -> Vec<Step> {
        match self.dice_left().first() {
            Some(&die) if !self.ends_game() => vec![Step {
                from: self.at(),
                to: (self.at() + die).min(25),
                die,
                effect: Effect::Quiet,
            }],
            _ => Vec::new(),
        }
    }
}

/// The race's turn played by keys: the only step a die allows is the checker's.
impl TurnPlay for RaceTurn {
    type Play = RacePlay;
    type Refusal = &'static str;
    type Blocked = ();
    type Outcome = ();
    type TypedStep = ();
    fn mover(&self) -> Color {
        self.start.to_move
    }
    fn taken(&self) -> Vec<Step> {
        self.taken.clone()
    }
    fn play_so_far(&self) -> RacePlay {
        RacePlay(self.taken.clone())
    }
    fn completed_play(&self) -> Option<RacePlay> {
        self.is_complete().then(|| self.play_so_far())
    }
    fn unused_dice(&self) -> Vec<u8> {
        if self.is_complete() {
            self.dice_left()
        } else {
            Vec::new()
        }
    }
    fn outcome(&self) -> Option<()> {
        self.ends_game().then_some(())
    }
    fn step(&mut self, from: u8, die: u8) -> Result<Step, &'static str> {
        match self.next_steps().first() {
            Some(&s) if s.from == from && s.die == die => {
                self.taken.push(s);
                Ok(s)
            }
            _ => Err("not the race's next step"),
        }
    }
    fn move_checker(&mut self, from: u8, to: u8) -> Result<(), &'static str> {
        match self.next_steps().first() {
            Some(&s) if s.from == from && s.to == to => self.step(from, s.die).map(|_| ()),
            _ => Err("not the race's next step"),
        }
    }
    fn undo(&mut self) -> Option<Step> {
        self.taken.pop()
    }
    fn blocked_dice(&self) -> Vec<(u8, Option<()>)> {
        Vec::new()
    }
    fn forfeit_reasons(&self) -> Vec<(u8, Option<()>)> {
        Vec::new()
    }
    fn type_play(&mut self, text: &str) -> Result<(), Typed<RacePlay, (), &'static str>> {
        let mut turn = self.clone();
        Race::play_text(&mut turn, text).map_err(|_| Typed::Refused("not the race's steps"))?;
        *self = turn;
        Ok(())
    }
}

impl Game for Race {
    type Rules = u8; // unused options: the race has none
    type Position = RacePosition;
    type Play = RacePlay;
    type Turn = RaceTurn;
    type Legal = RacePlay;
    type Refusal = &'static str;
    type PlayError = String;
    type Record = RaceRecord;
    type Score = RaceScore;
    type Stake = RaceCube;
    const LAYOUT: Layout = Layout::Opposite;
    const SAVE_NAME: Option<&'static str> = Some("race");

    fn start(starter: Color) -> RacePosition {
        RacePosition {
            at: [1, 1],
            to_move: starter,
        }
    }
    fn opening(white: u8, black: u8) -> Opening {
        let starter = match white.cmp(&black) {
            std::cmp::Ordering::Equal => return Opening::Again,
            std::cmp::Ordering::Greater => Color::White,
            std::cmp::Ordering::Less => Color::Black,
        };
        Roll::new(white, black).map_or(Opening::Again, |roll| Opening::Plays { starter, roll })
    }
    fn turn(position: RacePosition, roll: Roll, _rules: u8) -> RaceTurn {
        RaceTurn {
            start: position,
            roll,
            taken: Vec::new(),
        }
    }
    /// The dice in either order (the same end, by another way).
    fn legal_plays(position: &RacePosition, roll: Roll, _rules: u8) -> Vec<RacePlay> {
        let mut orders = vec![roll.steps()];
        if !roll.is_double() {
            orders.push(vec![roll.low(), roll.high()]);
        }
        let from = position.at[position.to_move.index()];
        orders
            .into_iter()
            .map(|dice| {
                let mut at = from;
                let mut steps = Vec::new();
                for die in dice {
                    if at < 25 {
                        let to = (at + die).min(25);
                        steps.push(Step {
                            from: at,
                            to,
                            die,
                            effect: Effect::Quiet,
                        });
                        at = to;
                    }
                }
                RacePlay(steps)
            })
            .collect()
    }
    fn play_of(legal: &RacePlay) -> &RacePlay {
        legal
    }
    fn is_forfeit(_turn: &RaceTurn) -> bool {
        false
    }
    fn finish(turn: &RaceTurn) -> Result<(RacePlay, RacePosition, Option<RaceRecord>), &'static str> {
        if !turn.is_complete() {
            return Err("dice left");
        }
        let mover = turn.start.to_move;
        let mut next = turn.position();
        next.to_move = mover.other();
        let record = turn.ends_game().then(|| RaceRecord {
            winner: mover,
            points: if next.at[mover.other().index()] == 1 { 2 } else { 1 },
        });
        Ok((RacePlay(turn.taken.clone()), next, record))
    }
    fn pass(position: &RacePosition) -> (RacePlay, RacePosition) {
        let mut next = *position;
        next.to_move = position.to_move.other();
        (RacePlay::default(), next)
    }
    fn winner(record: &RaceRecord) -> Color {
        record.winner
    }
    fn score(length: u32) -> RaceScore {
        RaceScore {
            length,
            games: Vec::new(),
        }
    }
    fn length(score: &RaceScore) -> u32 {
        score.length
    }
    /// Any number of points.
    fn is_length(length: u32) -> bool {
        length > 0
    }
    /// Every game brings its winner a point at least.
    fn most_games(length: u32) -> usize {
        2 * length as usize - 1
    }
    fn games_played(score: &RaceScore) -> usize {
        score.games.len()
    }
    fn record(score: &mut RaceScore, record: RaceRecord) {
        score.games.push(record);
    }
    fn is_over(score: &RaceScore) -> bool {
        Color::BOTH.iter().any(|&s| score.points(s) >= score.length)
    }
    fn next_game(_record: &RaceRecord) -> NextGame<RacePosition> {
        NextGame::Opening
    }
    /// `W/B/TURN`: where White's and Black's checkers stand, whose turn.
    fn position_code(p: &RacePosition) -> String {
        format!("{}/{}/{}", p.at[0], p.at[1], p.to_move.letter())
    }
    fn read_position(code: &str) -> Option<RacePosition> {
        let mut parts = code.split('/');
        let w = parts.next()?.parse().ok()?;
        let b = parts.next()?.parse().ok()?;
        let to_move = Color::from_letter(parts.next()?)?;
        let p = RacePosition { at: [w, b], to_move };
        (parts.next().is_none() && Race::position_code(&p) == code).then_some(p)
    }
    /// `FROM/TO` steps, each the only one the turn allows next.
    fn play_text(turn: &mut RaceTurn, text: &str) -> Result<(), String> {
        for step in text.split_whitespace() {
            let next = turn.next_steps();
            match next.first() {
                Some(&s) if format!("{}/{}", s.from, s.to) == step => turn.taken.push(s),
                _ => return Err(format!("{step} is not the race's next step")),
            }
        }
        Ok(())
    }
    fn result_notation(record: &RaceRecord) -> String {
        record.points.to_string()
    }
    fn read_record(winner: Color, notation: &str) -> Option<RaceRecord> {
        let points: u32 = notation.parse().ok()?;
        (points > 0 && notation == points.to_string()).then_some(RaceRecord { winner, points })
    }
    fn points(record: &RaceRecord) -> u32 {
        record.points
    }
    fn match_points(score: &RaceScore, side: Color) -> u32 {
        score.points(side)
    }
    /// The cube's owner may redouble; in the middle, either side may double.
    fn may_double(cube: &RaceCube, _score: &RaceScore, side: Color, _rules: u8) -> bool {
        cube.value < 64 && cube.owner.is_none_or(|o| o == side)
    }
    fn taken(cube: RaceCube, taker: Color) -> RaceCube {
        RaceCube {
            value: cube.value * 2,
            owner: Some(taker),
        }
    }
    fn dropped(cube: &RaceCube, doubler: Color, _rules: u8) -> Option<RaceRecord> {
        Some(RaceRecord {
            winner: doubler,
            points: cube.value,
        })
    }
    fn settle(record: RaceRecord, cube: &RaceCube, _score: &RaceScore, _rules: u8) -> RaceRecord {
        RaceRecord {
            points: record.points * cube.value,
            ..record
        }
    }
}

/// Plays the turn on the board by its only steps, then makes it final.
fn play_out(game: &mut Match<Race>) {
    while let Some(turn) = game.turn_mut() {
        match turn.next_steps().first() {
            Some(&step) => turn.taken.push(step),
            None => break,
        }
    }
    game.confirm().expect("a complete play");
}

#[test]
fn an_opening_roll_that_the_starter_plays_puts_him_straight_into_his_turn() {
    let mut game: Match<Race> = Match::new("A", "B", 3);
    assert_eq!(game.teka(4, 4), None, "equal dice: again");
    assert!(matches!(game.phase, Phase::Teka { dice: Some((4, 4)) }));
    assert_eq!(game.teka(2, 6), Some(Color::Black));
    let turn = game.turn().expect("Black plays the opening 6-2 at once");
    assert_eq!((turn.roll().high(), turn.roll().low()), (6, 2));
    assert_eq!(turn.position().to_move(), Color::Black);
    assert_eq!(game.log.len(), 1);
    assert_eq!(game.log[0].starter, Color::Black);
}

#[test]
fn a_turn_is_refused_until_complete_and_then_passes_to_the_other_side() {
    let mut game: Match<Race> = Match::new("A", "B", 3);
    game.teka(6, 1);
    assert!(game.confirm().is_err(), "no die played yet");
    assert!(
        matches!(game.phase, Phase::Moving(_)),
        "the turn goes on after a refusal"
    );
    play_out(&mut game);
    assert!(matches!(game.phase, Phase::AwaitRoll));
    assert_eq!(game.position.to_move(), Color::Black);
    assert_eq!(game.position.at, [8, 1], "White's checker went 1 → 7 → 8");
    let last = game.last.as_ref().unwrap();
    assert_eq!(
        (last.mover, last.play.to_string()),
        (Color::White, "1/7 7/8".to_string())
    );
    assert_eq!(
        game.log[0].turns,
        vec![(Roll::new(6, 1).unwrap(), last.play.clone())]
    );
}

#[test]
fn a_match_to_points_ends_when_a_side_reaches_them_and_every_game_opens_with_the_opening_roll() {
    let six_six = Roll::new(6, 6).unwrap();
    let mut game: Match<Race> = Match::new("A", "B", 2);
    // Game 1: White opens with 6-5 (1 → 7 → 12), Black rolls 1-1 (1 → 5), White's 6-6
    // bears off with dice to spare: 1 point, Black having moved.
    game.teka(6, 5);
    play_out(&mut game);
    game.roll(Roll::new(1, 1).unwrap());
    play_out(&mut game);
    assert_eq!(game.position.at, [12, 5]);
    game.roll(six_six);
    play_out(&mut game);
    let Phase::GameOver { record, last } = game.phase.clone() else {
        panic!("White is off: {:?}", game.phase)
    };
    assert_eq!(
        record,
        RaceRecord {
            winner: Color::White,
            points: 1
        }
    );
    assert_eq!(last.at, [25, 5]);
    assert_eq!(game.game_number(), 1);
    // Game 2 opens with the opening roll again, Black's 6 beating White's 1.
    game.next_game();
    assert!(
        matches!(game.phase, Phase::Teka { dice: None }),
        "{:?}",
        game.phase
    );
    assert_eq!(game.game_number(), 2);
    assert_eq!(game.log.len(), 1, "a game is logged from its opening");
    assert_eq!(game.teka(1, 6), Some(Color::Black));
    assert_eq!(game.log.len(), 2);
    play_out(&mut game); // 1 → 7 → 8
    game.roll(Roll::new(2, 1).unwrap());
    play_out(&mut game); // White: 1 → 3 → 4
    assert!(game.in_progress());
    game.roll(six_six);
    play_out(&mut game); // Black: 8 → 25
    let Phase::GameOver { record, .. } = game.phase.clone() else {
        panic!("Black is off: {:?}", game.phase)
    };
    assert_eq!(
        record,
        RaceRecord {
            winner: Color::Black,
            points: 1
        }
    );
    // 1–1 in a match to 2: a third game, opened after equal dice, which Black wins.
    game.next_game();
    assert!(game.in_progress());
    assert_eq!(game.teka(6, 6), None);
    assert_eq!(game.teka(4, 6), Some(Color::Black));
    play_out(&mut game); // 1 → 7 → 11
    game.roll(Roll::new(2, 1).unwrap());
    play_out(&mut game);
    game.roll(six_six);
    play_out(&mut game);
    game.next_game();
    assert!(
        matches!(game.phase, Phase::MatchOver),
        "Black has 2 points: {:?}",
        game.score
    );
    assert_eq!(
        (game.score.points(Color::White), game.score.points(Color::Black)),
        (1, 2)
    );
    assert_eq!(game.log.len(), 3);
    assert_eq!(game.teka_rolls, vec![(6, 5), (1, 6), (6, 6), (4, 6)]);
    assert_eq!(game.turns_played(), 9);
}

impl brade::ai::Strategy for Race {
    type Goal = ();
    /// The race has no analysis.
    type Analysis = ();
    fn goal(_score: &RaceScore, _stake: &RaceCube, _rules: u8, _side: Color) {}
    /// Every level of the race is the random player.
    fn player(_level: brade::ai::Level, seed: u64) -> Box<dyn brade::ai::Player<Race>> {
        Box::new(brade::ai::RandomPlayer::new(seed))
    }
}

#[test]
fn the_computer_chooses_and_plays_its_turns_in_any_game() {
    use brade::ai::Level;
    use brade::app::ComputerTurn;
    let mut game: Match<Race> = Match::new("A", "B", 1);
    game.teka(3, 1);
    let mut orders = std::collections::HashSet::new();
    for seed in 0..40 {
        match game.phase.clone() {
            Phase::AwaitRoll => game.roll(Roll::new(4, 2).unwrap()),
            Phase::Moving(turn) => {
                let choice = ComputerTurn::of(&game, Level::Hard).expect("a turn in progress");
                assert_eq!(choice.roll, turn.roll());
                assert_eq!(choice.plays, Race::legal_plays(&game.position, turn.roll(), 0));
                let chosen = choice.choose(seed);
                assert!(choice.plays.contains(&chosen));
                orders.insert(chosen.0[0].die);
                game.turn_mut().unwrap().taken = chosen.0.clone();
                game.confirm().unwrap();
                assert_eq!(game.last.as_ref().unwrap().play, chosen);
            }
            Phase::GameOver { .. } => game.next_game(),
            Phase::MatchOver => break,
            other => panic!("{other:?}"),
        }
    }
    assert!(
        matches!(game.phase, Phase::MatchOver),
        "the race is run: {:?}",
        game.phase
    );
    assert_eq!(game.score.games.len(), 1);
}

impl brade::store::GameErrors for Race {
    fn rules_error(code: String, why: std::num::ParseIntError) -> brade::store::SaveError {
        brade::store::SaveError::Syntax(format!("rules {code}: {why}"))
    }
    fn play_problem(play: &str, why: String) -> brade::store::TurnProblem {
        brade::store::TurnProblem::NotDicePlay(format!("{play}: {why}"))
    }
    fn unfinished(why: &'static str) -> brade::store::TurnProblem {
        brade::store::TurnProblem::NotDicePlay(why.to_string())
    }
}

/// The match's save as text, every roll typed (as a match with real dice saves them).
fn saved_text(game: &Match<Race>, rolls: u64) -> String {
    use brade::store::format::DiceRecord;
    let dice = DiceRecord {
        typed: 2 * rolls,
        typed_rolls: (0..rolls).collect(),
        manual: true,
        ..DiceRecord::default()
    };
    brade::store::to_text(&brade::store::SavedMatch::of(game, dice, [None, None], 0)).expect("a save's text")
}

/// The save's text with a turn written otherwise (its checksum made anew).
fn forged(text: &str, turn: &str, instead: &str) -> String {
    let mut saved = brade::store::parse(text).expect("a save");
    let turns = saved.game.iter_mut().flat_map(|g| g.turns.iter_mut());
    let edited = turns
        .filter(|t| t.as_str() == turn)
        .map(|t| *t = instead.to_string())
        .count();
    assert_eq!(edited, 1, "{turn} in {text}");
    brade::store::to_text(&saved).expect("a save's text")
}

/// The match a save's text holds, replayed through the race's rules.
fn resumed(text: &str) -> Result<Match<Race>, brade::store::SaveError> {
    let saved = brade::store::parse(text)?;
    let data = brade::store::SaveData::<Race>::read(&saved)?;
    Ok(brade::store::replay(&data, |_| {})?.game)
}

#[test]
fn a_match_of_another_game_is_saved_and_resumed_through_the_boundary() {
    let mut game: Match<Race> = Match::new("Anna", "Bo", 3);
    // Right after the opening roll: it is the roll in progress, played by its starter.
    game.teka(2, 5);
    let text = saved_text(&game, 1);
    assert!(
        text.contains("roll = \"25\"") || text.contains("roll = \"52\""),
        "{text}"
    );
    let back = resumed(&text).unwrap();
    assert_eq!(
        back.turn().map(|t| t.roll().dice()),
        game.turn().map(|t| t.roll().dice())
    );
    assert_eq!(back.log, game.log);
    // A game won, and the next one opened by a second opening roll and under way.
    play_out(&mut game); // Black 1 → 6 → 8
    game.roll(Roll::new(6, 6).unwrap());
    play_out(&mut game); // White 1 → 25
    game.next_game();
    game.teka(3, 3);
    game.teka(4, 1);
    play_out(&mut game); // White 1 → 5 → 6
    game.roll(Roll::new(3, 2).unwrap());
    // Rolls: the three opening rolls, the 6-6 and the 3-2 in progress (each opening
    // roll is its starter's first roll, not one more).
    let text = saved_text(&game, 5);
    assert!(text.contains("position = \"6/1/b\""), "{text}");
    assert!(text.contains("\"66 1/7 7/13 13/19 19/25\""), "{text}");
    let back = resumed(&text).unwrap();
    assert_eq!(back.position, game.position);
    assert_eq!(back.log, game.log);
    assert_eq!(back.teka_rolls, vec![(2, 5), (3, 3), (4, 1)]);
    assert_eq!(back.score.games, game.score.games);
    assert_eq!(back.turn().map(|t| t.roll()), Some(Roll::new(3, 2).unwrap()));
    // The race's own rules refuse a play it does not allow, and a first turn that does
    // not play its opening roll.
    let err = resumed(&forged(
        &text,
        "66 1/7 7/13 13/19 19/25",
        "66 1/7 7/13 13/19 19/24",
    ))
    .unwrap_err()
    .to_string();
    assert!(err.contains("19/24 is not the race's next step"), "{err}");
    let err = resumed(&forged(&text, "41 1/5 5/6", "42 1/5 5/7"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("opening roll"), "{err}");
}

#[test]
fn a_double_taken_doubles_the_stake_and_only_the_taker_may_redouble() {
    let mut game: Match<Race> = Match::new("Anna", "Bo", 9);
    game.teka(2, 5); // Black starts with 5-2
    assert!(!game.may_double(), "not while the opening roll is played");
    play_out(&mut game); // Black 1 → 6 → 8
    assert!(game.may_double(), "White, to roll, with the cube in the middle");
    assert!(game.double());
    assert!(matches!(game.phase, Phase::Doubled { by: Color::White }));
    assert!(!game.double(), "no second double while one is answered");
    assert!(game.take_double());
    assert_eq!(
        game.stake,
        RaceCube {
            value: 2,
            owner: Some(Color::Black)
        }
    );
    assert!(matches!(game.phase, Phase::AwaitRoll), "the doubler rolls");
    assert!(!game.may_double(), "White does not own the cube");
    game.roll(Roll::new(3, 1).unwrap());
    play_out(&mut game); // White 1 → 4 → 5
    assert!(game.may_double(), "Black owns the cube: he may redouble");
    assert!(game.double());
    assert!(game.take_double());
    assert_eq!(game.stake.value, 4);
    // Black wins the race: one point (White has left point 1) at 4.
    game.roll(Roll::new(6, 6).unwrap());
    play_out(&mut game);
    let Phase::GameOver { record, .. } = game.phase else {
        panic!("{:?}", game.phase)
    };
    assert_eq!(
        record,
        RaceRecord {
            winner: Color::Black,
            points: 4
        }
    );
    assert_eq!(game.log[0].cube.len(), 4);
    game.next_game();
    assert_eq!(
        game.stake,
        RaceCube::default(),
        "each game begins with the cube in the middle"
    );
}

#[test]
fn a_dropped_double_ends_the_game_at_the_stake_before_it() {
    let mut game: Match<Race> = Match::new("Anna", "Bo", 9);
    game.teka(6, 1); // White starts with 6-1: 1 → 7 → 8
    play_out(&mut game);
    assert!(game.double(), "Black doubles");
    assert!(game.take_double(), "White takes: 2, White's cube");
    game.roll(Roll::new(2, 1).unwrap());
    play_out(&mut game); // Black 1 → 3 → 4
    assert!(game.double(), "White redoubles");
    assert!(game.take_double(), "Black takes: 4, Black's cube");
    game.roll(Roll::new(1, 1).unwrap());
    play_out(&mut game); // White 8 → 12
    assert!(game.double(), "Black redoubles to 8");
    assert!(game.drop_double(), "White drops");
    let Phase::GameOver { record, .. } = game.phase else {
        panic!("{:?}", game.phase)
    };
    assert_eq!(
        record,
        RaceRecord {
            winner: Color::Black,
            points: 4
        },
        "the stake before the double"
    );
    assert_eq!(game.score.points(Color::Black), 4);
    assert!(!game.take_double(), "nothing to answer after the drop");
    assert!(!game.drop_double());
}

#[test]
fn the_doubling_cube_is_saved_with_its_game_and_resumed_where_it_stood() {
    let mut game: Match<Race> = Match::new("Anna", "Bo", 7);
    game.teka(6, 1); // White: 1 → 7 → 8
    play_out(&mut game);
    assert!(game.double()); // Black doubles: the save is taken with the double unanswered
    let text = saved_text(&game, 1);
    assert!(text.contains("cube = [\"1 double\"]"), "{text}");
    let back = resumed(&text).unwrap();
    assert!(
        matches!(back.phase, Phase::Doubled { by: Color::Black }),
        "{:?}",
        back.phase
    );
    assert_eq!(back.log, game.log);
    // Taken, redoubled and dropped: the game is over at 2, and the next one under way.
    assert!(game.take_double());
    game.roll(Roll::new(2, 1).unwrap());
    play_out(&mut game);
    assert!(game.double());
    assert!(game.drop_double());
    game.next_game();
    game.teka(5, 3);
    let text = saved_text(&game, 3);
    assert!(
        text.contains("cube = [\"1 double\", \"1 take\", \"2 double\", \"2 drop\"]"),
        "{text}"
    );
    let back = resumed(&text).unwrap();
    assert_eq!(
        back.score.games,
        vec![RaceRecord {
            winner: Color::White,
            points: 2
        }]
    );
    assert_eq!(back.log, game.log);
    assert_eq!(back.stake, RaceCube::default());
    // A take with no double before it, and a double by the side not owning the cube, are
    // refused in words.
    let cube_forged = |cube: &[&str]| {
        let mut saved = brade::store::parse(&text).expect("a save");
        saved.game[0].cube = cube.iter().map(|c| c.to_string()).collect();
        resumed(&brade::store::to_text(&saved).expect("a save's text"))
            .unwrap_err()
            .to_string()
    };
    let err = cube_forged(&["1 take", "2 double", "2 drop"]);
    assert!(
        err.contains("game 1: the doubling cube's \"1 take\" does not fit"),
        "{err}"
    );
    let err = cube_forged(&["1 double", "1 take", "2 double", "2 take", "2 double"]);
    assert!(err.contains("\"2 double\" does not fit"), "{err}");
    let err = cube_forged(&["1 double", "1 take", "2 double", "9 drop"]);
    assert!(err.contains("\"9 drop\" does not fit"), "{err}");
    let err = cube_forged(&["1 double", "1 take", "2 double", "2 dropped"]);
    assert!(err.contains("\"2 dropped\" does not fit"), "{err}");
}

#[test]
fn brade_offers_no_double_and_its_saves_write_no_cube() {
    let mut game: Match<Brade> = Match::new("Anna", "Bo", 3);
    game.teka(2, 5);
    assert!(matches!(game.phase, Phase::AwaitRoll));
    assert!(!game.may_double());
    assert!(!game.double());
    assert!(matches!(game.phase, Phase::AwaitRoll));
    game.roll(Roll::new(3, 1).unwrap());
    let saved = brade::store::SavedMatch::of(
        &game,
        brade::store::format::DiceRecord::default(),
        [None, None],
        0,
    );
    let text = brade::store::to_text(&saved).expect("a save's text");
    assert!(!text.contains("cube"), "{text}");
}

// The race on screen: the app, its screens and its records serve any game that
// implements the traits of the boundary and the app's — implemented here, for the race,
// with nothing edited anywhere else.

impl brade::words::game::GameWords for Race {
    const NAME: brade::words::Phrase = brade::words::Phrase {
        en: "Race",
        sv: "Kapplöpning",
    };
    const TEXT_NAME: &'static str = "race";
    const MARKED: &'static [u8] = &[];
    fn length_words(_lang: Lang, length: u32) -> String {
        format!("to {length} points")
    }
    fn results_words(_lang: Lang, counts: &[u32], _marked: u32) -> String {
        format!("won {}", counts.iter().sum::<u32>())
    }
    fn rules_title(_lang: Lang, _rules: u8) -> Option<String> {
        None
    }
    fn refusal(_lang: Lang, why: &&'static str) -> String {
        why.to_string()
    }
    fn typed_refusal(_lang: Lang, _before: &RacePlay, _typed: &(), why: &&'static str) -> String {
        why.to_string()
    }
    fn blocked(_lang: Lang, _why: &(), _of_machine: bool) -> String {
        "the checker cannot move".to_string()
    }
    fn outcome_line(_lang: Lang, _outcome: &()) -> String {
        "the checker runs home and wins the race".to_string()
    }
    fn opening_equal(_lang: Lang, die: u8) -> String {
        format!("both rolled {die}: roll again")
    }
    fn opening_starts(_lang: Lang, starter: &str, _names: [&str; 2], white: u8, black: u8) -> String {
        format!("{starter} starts the race with {white}-{black}")
    }
    fn opening_words() -> brade::words::game::OpeningWords {
        let p = |en, sv| brade::words::Phrase { en, sv };
        brade::words::game::OpeningWords {
            title: p("The start", "Starten"),
            roll: p("Space: roll for the start", "Mellanslag: slå om starten"),
            dice: p("Start", "Start"),
            result: p("Start", "Start"),
            typing: |_, digits| format!("start: {digits}"),
        }
    }
    fn record_line(_lang: Lang, record: &RaceRecord) -> String {
        format!("won the race, {} points", record.points)
    }
    fn progress(_lang: Lang, game_number: u32, _score: &RaceScore) -> String {
        format!("Race {game_number}")
    }
    fn in_progress(_lang: Lang, game_number: u32, _score: &RaceScore) -> String {
        format!("race {game_number}")
    }
    fn standing(_lang: Lang, score: &RaceScore, names: &[String; 2]) -> String {
        format!(
            "{} {} – {} {}",
            names[0],
            score.points(Color::White),
            score.points(Color::Black),
            names[1]
        )
    }
    fn match_results(_lang: Lang, score: &RaceScore, names: &[String; 2]) -> Vec<String> {
        score
            .games
            .iter()
            .map(|g| format!("{} won a race of {} points", names[g.winner.index()], g.points))
            .collect()
    }
    fn resign_name(_lang: Lang, _level: brade::game::Resign) -> &'static str {
        "the race"
    }
    fn resign_offer(_lang: Lang, _level: brade::game::Resign, _record: &RaceRecord) -> String {
        "the race".to_string()
    }
}

/// The race's hints and tutor: the random player weighs nothing, every play is worth 0.
#[derive(Clone, Debug)]
struct RaceWeighing(usize);

impl brade::app::Weighing for RaceWeighing {
    fn weigh(&self) -> brade::app::Weighed {
        brade::app::Weighed::Values(vec![0.0; self.0])
    }
}

impl brade::app::Weighable for Race {
    fn for_match(_plays: &brade::app::Plays<Race>) -> bool {
        false
    }
    fn hint(_lang: Lang, _plays: &brade::app::Plays<Race>, play: &RacePlay, value: f64) -> String {
        format!("{play} {value:+.3}")
    }
    fn made(turn: &RaceTurn, plays: &[RacePlay]) -> Option<usize> {
        plays.iter().position(|p| p.0 == turn.taken)
    }
    fn tutor_weighing(
        _game: &Match<Race>,
        plays: brade::app::Plays<Race>,
        _made: usize,
    ) -> Box<dyn brade::app::Weighing> {
        Box::new(RaceWeighing(plays.plays.len()))
    }
}

impl brade::app::Shares for Race {}

impl brade::app::TableGame for Race {}

/// The race has no analysis: its replay marks no error and rolls none out.
impl brade::app::Reviewed for Race {
    fn error_at(_replay: &brade::app::Replay<Race>, _i: usize) -> Option<(Color, f64)> {
        None
    }
    fn checked_at(_replay: &brade::app::Replay<Race>, _i: usize) -> Option<Box<dyn brade::app::Checked>> {
        None
    }
}

impl brade::app::ReplayGame for Race {
    fn analyse(_job: &brade::app::AnalysisJob<Race>) -> (Option<()>, Option<brade::words::kept::Refusal>) {
        (None, None)
    }
    fn sides(_analysis: &()) -> [brade::ai::analysis::Summary; 2] {
        Default::default()
    }
    fn replay_text(_replay: &brade::app::Replay<Race>) -> brade::app::Sharing {
        (Some(brade::words::sharing::Shared::NoDecision), None)
    }
    fn replay_picture(_replay: &brade::app::Replay<Race>) -> brade::app::Sharing {
        (Some(brade::words::sharing::Shared::NoDecision), None)
    }
}

/// The race's replay is the board, the score and the last play: nothing added.
impl brade::ui::ReplayView for Race {}

#[test]
fn the_race_is_played_on_screen_saved_recorded_and_replayed_through_the_app() {
    use brade::app::{App, Input, Key};
    let dir = tempfile::tempdir().unwrap();
    let store = brade::store::Store::at(dir.path());
    let game: Match<Race> = Match::new("Anna", "Bo", 1);
    let mut app = App::playing(Lang::En, Box::new(brade::session::SeededDice::from_seed(3)), game);
    app.seed_dice(3, 0);
    let screen = |app: &App| {
        let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
        terminal.draw(|f| brade::ui::draw(f, app)).unwrap();
        let buf = terminal.backend().buffer().clone();
        (0..buf.area.height)
            .map(|y| {
                (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let race = |app: &App| app.table_of::<Race>().expect("the race on screen").game().clone();
    let text = screen(&app);
    assert!(
        text.contains("Anna") && text.contains("Bo") && text.contains("The start"),
        "{text}"
    );
    let text = {
        app.handle(Input::Key(Key::Char(' ')));
        while matches!(race(&app).phase, Phase::Teka { .. }) {
            app.handle(Input::Key(Key::Char(' ')));
        }
        screen(&app)
    };
    // Space rolls for the start (above); the starter's first step by keys: Tab puts the
    // cursor on the checker that can move, a die's key moves it by that die.
    let Phase::Moving(turn) = race(&app).phase else {
        panic!("the starter moves: {:?}", race(&app).phase)
    };
    let mover = turn.mover();
    let die = turn.dice_left()[0];
    for key in [Key::Tab, Key::Char(char::from(b'0' + die))] {
        app.handle(Input::Key(key));
    }
    assert_eq!(
        race(&app).turn().map(|t| t.taken().len()),
        Some(1),
        "{}",
        screen(&app)
    );
    assert_eq!(
        race(&app).position.at[mover.index()],
        1,
        "a step shown, not yet made"
    );
    let moved = screen(&app);
    assert!(moved.contains(&format!("pips {}", 24 - die)), "{moved}");
    assert_ne!(moved, text, "the checker drawn where the step took it");
    // A save (due since the roll: a step shown is not saved until the play is made),
    // read back as the race.
    let save = app.save_due().expect("a save is due after the roll");
    let saved = save.write(&store);
    assert_eq!(saved.result(), Ok(()));
    app.saved(saved);
    let files: Vec<_> = std::fs::read_dir(store.in_progress_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let resumed = brade::store::restore::<Race>(&brade::store::read_file(&files[0]).unwrap())
        .expect("the save resumes as the race");
    assert_eq!(resumed.game.position, race(&app).position);
    assert_eq!(
        resumed.game.turn().map(|t| t.roll()),
        race(&app).turn().map(|t| t.roll())
    );
    // Played to the end by keys (the steps confirmed with Enter), then the record.
    for _ in 0..200 {
        match race(&app).phase {
            Phase::MatchOver => break,
            Phase::Moving(turn) if turn.is_complete() => app.handle(Input::Key(Key::Enter)),
            Phase::Moving(turn) => {
                let die = turn.dice_left()[0];
                for key in [Key::Tab, Key::Char(char::from(b'0' + die))] {
                    app.handle(Input::Key(key));
                }
            }
            _ => app.handle(Input::Key(Key::Char(' '))),
        }
        if let Some(save) = app.save_due() {
            let saved = save.write(&store);
            app.saved(saved);
        }
    }
    assert!(matches!(race(&app).phase, Phase::MatchOver), "{}", screen(&app));
    let records: Vec<_> = std::fs::read_dir(store.records())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    assert_eq!(records.len(), 1, "recorded once");
    let text = std::fs::read_to_string(&records[0]).unwrap();
    assert!(text.contains("kind = \"race\""), "{text}");
    let saved = brade::store::read_file(&records[0]).unwrap();
    let restored = brade::store::restore::<Race>(&saved).expect("the record replays as the race");
    assert_eq!(restored.game.score.games, race(&app).score.games);
    // Its replay, on screen, from the first frame to the last.
    let replay = brade::app::Replay::<Race>::of(&saved, false).expect("a replay of the race");
    let frames = replay.frames.len();
    let mut app = App::launch(brade::app::Launch {
        opening: brade::app::Opening::Replay(replay.boxed()),
        ..Default::default()
    });
    let first = screen(&app);
    assert!(first.contains("Anna") && first.contains("Bo"), "{first}");
    for _ in 0..frames {
        app.handle(Input::Key(Key::Right));
    }
    let last = screen(&app);
    assert!(last.contains(&format!("{frames} / {frames}")), "{last}");
    let winner = restored.game.score.games[0].winner;
    let said = format!("{}: won the race", ["Anna", "Bo"][winner.index()]);
    assert!(last.contains(&said), "the race's end, in its own words: {last}");
}
