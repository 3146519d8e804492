//! Chouette (B17–B18): three to eight players at one board, one of them — the *box* —
//! against all the others — the *team* —, whose *captain* moves the team's checkers. This
//! is the bookkeeping only: the line-up and how it turns after each game, every team
//! member's own cube against the box, the doubles and their answers, and what each player
//! wins or loses. The board itself is played elsewhere (a game between the box and the
//! team); this model is told the opening throws, the turns, the cube actions and how each
//! game was won. Pure: no terminal, files, clock or dice of its own.
//!
//! Where the seed is silent, chouette players' common practice is followed, marked
//! [common] (the user guide's chouette chapter lists the same choices):
//!
//! - [common] The players' opening throws rank them: the highest is the box, the second the
//!   captain, the rest of the team follows by their throws, highest first (the seed: "the
//!   relative ranking of the opening throw"). Players tied for the box or the captaincy
//!   throw again, and only they; players tied further down keep the order they threw in.
//! - [common] Every team member has a cube of his own against the box. Each game opens
//!   with all of them in the middle at 1; an opening throw of equal dice turns every one
//!   of them as agreed (B16's automatic doubles).
//! - A double from the middle by the team must be unanimous (B18): every member votes yes
//!   or there is no double. [common] The box answers each member's cube for itself: he may
//!   take some and drop others. A member whose double the box drops has won his game (the
//!   box pays him the stake before the double) and is out of it.
//! - When the box doubles (B18) [common] he doubles every cube he may turn (in the middle or
//!   his own, below 64); each of those members takes or drops for himself. One who drops
//!   pays the box the stake before the double and is out of the game; one who takes owns
//!   his cube at the doubled value and plays on.
//! - [common] A member who owns his cube redoubles it alone, when the team is on roll
//!   (his cube, his decision: no vote); the box answers for that cube only.
//! - [common] While the captain is out of the game (he dropped, or the box dropped his
//!   double), the first member in the line still playing moves the team's checkers
//!   ([`Chouette::mover`]). The line-up turns on the captain's own result all the same:
//!   if he won his game (at the board, or by the box dropping his double), the team has won
//!   — he becomes the box and the old box goes to the end of the line; if he lost it (at
//!   the board, or by dropping), the team has lost — the next player becomes captain and
//!   he goes to the end of the line, the box stays (B17).
//! - [common] A chouette is money play: no match, no Crawford game, the cubes are live in
//!   every game; automatic doubles and the Jacoby rule apply as the [`Stakes`] say, the
//!   Jacoby rule cube by cube (a member's gammon counts while his own cube has been turned).
//! - Settlement: each member wins or loses his own cube's value times the board result's
//!   multiplier ([`GameEnd::won`]) against the box, or what a drop fixed; the box's points
//!   are the sum with the opposite sign, so every game, and the running scores, are
//!   zero-sum.

use std::fmt;

use crate::rules::Color;

use super::result::Win;
use super::stakes::{Cube, GameEnd, Stakes};

/// The fewest players of a chouette (B17: three or more).
pub const MIN_PLAYERS: usize = 3;

/// The most players of a chouette at one keyboard.
pub const MAX_PLAYERS: usize = 8;

/// In the cubes' bookkeeping ([`Cube`]'s owner) the box is White and a member Black; it
/// says nothing about the colours at the board.
const BOX: Color = Color::White;
const MEMBER: Color = Color::Black;

/// The two sides at the board: the box, and the team.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Box,
    Team,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::Box => Side::Team,
            Side::Team => Side::Box,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Box => "the box",
            Side::Team => "the team",
        })
    }
}

/// What the players' opening throws decide (B17).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineUp {
    /// These players (their numbers in the throws, ascending) tie for the box or the
    /// captaincy and throw again.
    Again(Vec<usize>),
    /// Everyone's place in the line: the box, the captain, then the rest of the team.
    Order(Vec<usize>),
}

/// The line-up from the players' throws (B17): `throws[i]` is player `i`'s die, followed by
/// his dice thrown again when [`LineUp::Again`] named him (each time one die, only those
/// named). Throws rank as sequences: the higher first die, then on a tie the higher die
/// thrown again. [common] Players tied below the captain keep the order they threw in.
pub fn line_up(throws: &[Vec<u8>]) -> Result<LineUp, ChouetteError> {
    check_count(throws.len())?;
    for (i, dice) in throws.iter().enumerate() {
        if dice.is_empty() {
            return Err(ChouetteError::NoThrow(i));
        }
        if let Some(&die) = dice.iter().find(|d| !(1..=6).contains(*d)) {
            return Err(ChouetteError::Die(die));
        }
    }
    let mut order: Vec<usize> = (0..throws.len()).collect();
    // Stable: equal throws keep the order thrown.
    order.sort_by(|&a, &b| throws[b].cmp(&throws[a]));
    for place in 0..2 {
        let tied: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&i| throws[i] == throws[order[place]])
            .collect();
        if tied.len() > 1 {
            return Ok(LineUp::Again(tied));
        }
    }
    Ok(LineUp::Order(order))
}

fn check_count(count: usize) -> Result<(), ChouetteError> {
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&count) {
        Ok(())
    } else {
        Err(ChouetteError::PlayerCount(count))
    }
}

/// Who owns a member's cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Holder {
    /// In the middle: the box may double it, or the team unanimously.
    Middle,
    /// The box's: only the box may redouble it.
    Box,
    /// The member's own: only he may redouble it.
    Member,
}

/// A team member's cube against the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemberCube {
    /// 1 (in the middle, showing 64), 2, 4 … 64.
    pub value: u32,
    pub holder: Holder,
}

/// Where a team member stands in the game being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// In the game.
    Playing,
    /// The box has doubled his cube; his answer is awaited.
    Offered,
    /// He (or the team) has doubled the box with his cube; the box's answer is awaited.
    Doubling,
    /// He dropped the box's double: he pays the box `paid` and is out of the game.
    Dropped { paid: u32 },
    /// The box dropped his double: the box pays him `won` and he is out of the game.
    BoxDropped { won: u32 },
}

impl Status {
    /// Whether he is out of the game (his result fixed by a drop).
    #[must_use]
    pub fn is_out(self) -> bool {
        matches!(self, Status::Dropped { .. } | Status::BoxDropped { .. })
    }
}

/// A team member's cube and standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemberState {
    pub cube: MemberCube,
    pub status: Status,
}

/// Where the game being played stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The box and the captain throw one die each for the start (B4); equal dice are
    /// thrown again.
    Opening,
    /// This side is to roll, and may double first.
    ToRoll(Side),
    /// This side has rolled and is playing.
    Moving(Side),
    /// The box has doubled: the members offered answer, each for himself.
    BoxDoubled,
    /// The team (or a member) has doubled: the box answers for each cube doubled.
    TeamDoubled,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// Each player's points for the game, in the game's line-up (the box first, then the
    /// captain and the rest of the team); they sum to zero.
    pub points: Vec<(String, i64)>,
    /// How it was won at the board; `None` when the drops decided it for everyone.
    pub board: Option<(Side, Win)>,
    /// Whether the captain won his game: the team won, for the line-up's turn (B17).
    pub team_won: bool,
}

/// Why a chouette refuses what it is asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChouetteError {
    #[error("a chouette has 3 to 8 players, not {0} (B17)")]
    PlayerCount(usize),
    #[error("every player needs a name")]
    EmptyName,
    #[error("two players are called {0:?}")]
    SameName(String),
    #[error("player {0} has not thrown (B17)")]
    NoThrow(usize),
    #[error("a die shows 1 to 6, not {0}")]
    Die(u8),
    #[error("no player is called {0:?}")]
    UnknownPlayer(String),
    #[error("{0} is the box, not a member of the team (B17)")]
    NotAMember(String),
    #[error("{0} is out of this game")]
    MemberOut(String),
    #[error("the game has not begun: the opening throw comes first (B4)")]
    GameNotBegun,
    #[error("the opening throw is over")]
    NotOpening,
    #[error("it is not {0}'s turn (B13)")]
    NotOnRoll(Side),
    #[error("a double comes before the roll (B13)")]
    AlreadyRolled,
    #[error("the side on roll has not rolled yet")]
    NotRolled,
    #[error("a double awaits its answers")]
    DoublePending,
    #[error("no double awaits an answer")]
    NoDoubleToAnswer,
    #[error("{0} has no cube that {0} may double (B13)")]
    NoCubeToDouble(Side),
    #[error("{0} has not voted: a team double must be unanimous (B18)")]
    VoteMissing(String),
    #[error("{0} votes against: a team double must be unanimous (B18)")]
    VotedNo(String),
    #[error("{0} has voted twice")]
    DuplicateVote(String),
    #[error("{0}'s cube is in the middle: a double from the middle is the team's, unanimous (B18)")]
    TeamDoubleNeeded(String),
    #[error("{0}'s cube is the box's: only its owner redoubles (B13)")]
    NotOwner(String),
    #[error("{0} has no double to answer")]
    NotOffered(String),
}

/// A chouette session: its players, the line-up, the game being played and the scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chouette {
    /// The names, in the order given to [`Chouette::new`] (the first line-up).
    players: Vec<String>,
    stakes: Stakes,
    /// Player numbers: the box, the captain, the rest of the team.
    line: Vec<usize>,
    /// By player number (the box's unused).
    cubes: Vec<Cube>,
    status: Vec<Status>,
    phase: Phase,
    scores: Vec<i64>,
    games: Vec<GameOutcome>,
}

impl Chouette {
    /// A chouette of `players` in their line-up (as [`line_up`] orders them): the box, the
    /// captain, the rest of the team; 3–8 players with distinct, non-empty names. Its
    /// first game opens with the opening throw.
    pub fn new(players: Vec<String>, stakes: Stakes) -> Result<Chouette, ChouetteError> {
        check_count(players.len())?;
        for (i, name) in players.iter().enumerate() {
            if name.trim().is_empty() {
                return Err(ChouetteError::EmptyName);
            }
            if players[..i].contains(name) {
                return Err(ChouetteError::SameName(name.clone()));
            }
        }
        let count = players.len();
        Ok(Chouette {
            players,
            stakes,
            line: (0..count).collect(),
            cubes: vec![Cube::default(); count],
            status: vec![Status::Playing; count],
            phase: Phase::Opening,
            scores: vec![0; count],
            games: Vec::new(),
        })
    }

    /// The players, in the order given to [`Chouette::new`].
    #[must_use]
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// The options agreed (B16).
    #[must_use]
    pub fn stakes(&self) -> Stakes {
        self.stakes
    }

    /// The box: playing alone against the team.
    #[must_use]
    pub fn box_player(&self) -> &str {
        self.name(self.line[0])
    }

    /// The captain: he moves the team's checkers.
    #[must_use]
    pub fn captain(&self) -> &str {
        self.name(self.line[1])
    }

    /// The team: the captain, then the others in the line's order.
    #[must_use]
    pub fn team(&self) -> Vec<&str> {
        self.line[1..].iter().map(|&i| self.name(i)).collect()
    }

    /// The whole line-up: the box, the captain, the rest of the team.
    #[must_use]
    pub fn line(&self) -> Vec<&str> {
        self.line.iter().map(|&i| self.name(i)).collect()
    }

    /// Who moves the team's checkers now: the captain, or while he is out of the game the
    /// first member in the line still in it [common].
    #[must_use]
    pub fn mover(&self) -> &str {
        let mover = self.line[1..]
            .iter()
            .copied()
            .find(|&i| !self.status[i].is_out())
            .unwrap_or(self.line[1]);
        self.name(mover)
    }

    /// Where the game being played stands.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// A team member's cube and standing in the game being played.
    pub fn member(&self, name: &str) -> Result<MemberState, ChouetteError> {
        let i = self.member_index(name)?;
        Ok(self.state(i))
    }

    /// Every team member's cube and standing, in the team's order.
    #[must_use]
    pub fn members(&self) -> Vec<(&str, MemberState)> {
        self.line[1..]
            .iter()
            .map(|&i| (self.name(i), self.state(i)))
            .collect()
    }

    /// The members whose double awaits an answer: their own (the box doubled them) or the
    /// box's (they doubled the box).
    #[must_use]
    pub fn waiting(&self) -> Vec<&str> {
        self.line[1..]
            .iter()
            .copied()
            .filter(|&i| matches!(self.status[i], Status::Offered | Status::Doubling))
            .map(|i| self.name(i))
            .collect()
    }

    /// Every player's running score, in the order given to [`Chouette::new`]; they sum to
    /// zero.
    #[must_use]
    pub fn scores(&self) -> Vec<(&str, i64)> {
        self.players
            .iter()
            .zip(&self.scores)
            .map(|(name, &score)| (name.as_str(), score))
            .collect()
    }

    /// Every player's running score with the drops of the game in progress paid: who drops
    /// pays at once and leaves the game (B18), though the game's points are booked into
    /// [`Chouette::scores`] when it ends. They sum to zero.
    #[must_use]
    pub fn scores_paid(&self) -> Vec<(&str, i64)> {
        let mut scores = self.scores.clone();
        let box_player = self.line[0];
        for &i in &self.line[1..] {
            let member = self.fixed(i).unwrap_or(0);
            scores[i] += member;
            scores[box_player] -= member;
        }
        self.players
            .iter()
            .zip(scores)
            .map(|(name, score)| (name.as_str(), score))
            .collect()
    }

    /// A player's running score.
    pub fn score(&self, name: &str) -> Result<i64, ChouetteError> {
        Ok(self.scores[self.index(name)?])
    }

    /// The games finished, in order.
    #[must_use]
    pub fn games(&self) -> &[GameOutcome] {
        &self.games
    }

    /// The opening throw of a game (B4): the box's die and the captain's (for the team).
    /// The higher side starts, playing these dice (the game is then [`Phase::Moving`]);
    /// equal dice are thrown again (`None`), and turn every member's cube in the middle as
    /// the agreed automatic doubles allow (B16).
    pub fn opening(&mut self, box_die: u8, team_die: u8) -> Result<Option<Side>, ChouetteError> {
        if self.phase != Phase::Opening {
            return Err(ChouetteError::NotOpening);
        }
        if let Some(die) = [box_die, team_die].into_iter().find(|d| !(1..=6).contains(d)) {
            return Err(ChouetteError::Die(die));
        }
        let starter = match box_die.cmp(&team_die) {
            std::cmp::Ordering::Equal => {
                for &i in &self.line[1..] {
                    self.cubes[i] = self.cubes[i].after_equal_opening(self.stakes, true);
                }
                return Ok(None);
            }
            std::cmp::Ordering::Greater => Side::Box,
            std::cmp::Ordering::Less => Side::Team,
        };
        self.phase = Phase::Moving(starter);
        Ok(Some(starter))
    }

    /// The side on roll rolls (no more doubling this turn).
    pub fn roll(&mut self) -> Result<(), ChouetteError> {
        match self.phase {
            Phase::ToRoll(side) => {
                self.phase = Phase::Moving(side);
                Ok(())
            }
            other => Err(refusal_in(other)),
        }
    }

    /// The side moving has played: the other side is to roll.
    pub fn end_turn(&mut self) -> Result<(), ChouetteError> {
        match self.phase {
            Phase::Moving(side) => {
                self.phase = Phase::ToRoll(side.other());
                Ok(())
            }
            Phase::ToRoll(_) => Err(ChouetteError::NotRolled),
            other => Err(refusal_in(other)),
        }
    }

    /// The box doubles, before his roll (B18): every cube he may turn — in the middle or
    /// his, below 64, of a member still playing — is offered, and each of those members
    /// answers with [`Chouette::answer`].
    pub fn box_double(&mut self) -> Result<(), ChouetteError> {
        self.before_roll(Side::Box)?;
        let offered: Vec<usize> = self
            .playing()
            .filter(|&i| self.cubes[i].may_double(BOX))
            .collect();
        if offered.is_empty() {
            return Err(ChouetteError::NoCubeToDouble(Side::Box));
        }
        for i in offered {
            self.status[i] = Status::Offered;
        }
        self.phase = Phase::BoxDoubled;
        Ok(())
    }

    /// A member answers the box's double (B18): he takes (he owns his cube at the doubled
    /// value) or drops (he pays the stake before the double and is out of the game). When
    /// this answer is the last and leaves no member in the game, the game is over: its
    /// outcome is returned (the line-up has turned).
    pub fn answer(&mut self, member: &str, take: bool) -> Result<Option<GameOutcome>, ChouetteError> {
        if self.phase != Phase::BoxDoubled {
            return Err(ChouetteError::NoDoubleToAnswer);
        }
        let i = self.awaited(member, Status::Offered)?;
        self.status[i] = if take {
            self.cubes[i] = self.cubes[i].taken(MEMBER);
            Status::Playing
        } else {
            Status::Dropped {
                paid: self.cubes[i].value,
            }
        };
        Ok(self.after_answer(Side::Box))
    }

    /// The team doubles the box from the middle (B18): the double must be unanimous, every
    /// member whose cube is in the middle voting yes. Each cube is then the box's to answer
    /// with [`Chouette::box_answer`].
    pub fn team_double(&mut self, votes: &[(&str, bool)]) -> Result<(), ChouetteError> {
        self.before_roll(Side::Team)?;
        let mut voted = Vec::new();
        for &(name, yes) in votes {
            let i = self.member_index(name)?;
            if voted.iter().any(|&(j, _)| j == i) {
                return Err(ChouetteError::DuplicateVote(name.to_string()));
            }
            voted.push((i, yes));
        }
        let doubled: Vec<usize> = self
            .playing()
            .filter(|&i| self.cubes[i].owner.is_none() && self.cubes[i].may_double(MEMBER))
            .collect();
        if doubled.is_empty() {
            return Err(ChouetteError::NoCubeToDouble(Side::Team));
        }
        for &i in &doubled {
            match voted.iter().find(|&&(j, _)| j == i) {
                None => return Err(ChouetteError::VoteMissing(self.players[i].clone())),
                Some(&(_, false)) => return Err(ChouetteError::VotedNo(self.players[i].clone())),
                Some(&(_, true)) => {}
            }
        }
        for i in doubled {
            self.status[i] = Status::Doubling;
        }
        self.phase = Phase::TeamDoubled;
        Ok(())
    }

    /// Whether `side` may double now: it is to roll, has not rolled, and holds a cube it
    /// may turn (the team: one in the middle, or a member's own).
    #[must_use]
    pub fn may_double(&self, side: Side) -> bool {
        let holder = match side {
            Side::Box => BOX,
            Side::Team => MEMBER,
        };
        self.phase == Phase::ToRoll(side) && self.playing().any(|i| self.cubes[i].may_double(holder))
    }

    /// A member who owns his cube redoubles the box with it, before the team's roll
    /// [common: his cube, his decision] — also while other members' redoubles of the same
    /// turn await the box's answer; the box answers with [`Chouette::box_answer`].
    pub fn redouble(&mut self, member: &str) -> Result<(), ChouetteError> {
        let joining = self.phase == Phase::TeamDoubled
            && self
                .playing()
                .all(|i| self.status[i] != Status::Doubling || self.cubes[i].owner == Some(MEMBER));
        if !joining {
            self.before_roll(Side::Team)?;
        }
        let i = self.member_index(member)?;
        if self.status[i].is_out() {
            return Err(ChouetteError::MemberOut(member.to_string()));
        }
        match self.cubes[i].owner {
            None => return Err(ChouetteError::TeamDoubleNeeded(member.to_string())),
            Some(BOX) => return Err(ChouetteError::NotOwner(member.to_string())),
            Some(_) if !self.cubes[i].may_double(MEMBER) => {
                return Err(ChouetteError::NoCubeToDouble(Side::Team));
            }
            Some(_) => {}
        }
        self.status[i] = Status::Doubling;
        self.phase = Phase::TeamDoubled;
        Ok(())
    }

    /// The box answers a double of `member`'s cube [common: cube by cube]: he takes (the
    /// cube is his at the doubled value) or drops (he pays that member the stake before
    /// the double, and the member is out of the game, having won it). When this answer is
    /// the last and leaves no member in the game, the game is over: its outcome is
    /// returned (the line-up has turned).
    pub fn box_answer(&mut self, member: &str, take: bool) -> Result<Option<GameOutcome>, ChouetteError> {
        if self.phase != Phase::TeamDoubled {
            return Err(ChouetteError::NoDoubleToAnswer);
        }
        let i = self.awaited(member, Status::Doubling)?;
        self.status[i] = if take {
            self.cubes[i] = self.cubes[i].taken(BOX);
            Status::Playing
        } else {
            Status::BoxDropped {
                won: self.cubes[i].value,
            }
        };
        Ok(self.after_answer(Side::Team))
    }

    /// The game is won at the board by `winner`, `win` being what the position says (B12,
    /// B14). Every member still playing wins or loses his own cube's value times the
    /// result (Jacoby by his cube, B16), those out what their drop fixed; the box the sum
    /// with the opposite sign. The scores are kept, the line-up turns (B17) and the next
    /// game waits for its opening throw.
    pub fn end_game(&mut self, winner: Side, win: Win) -> Result<GameOutcome, ChouetteError> {
        match self.phase {
            Phase::ToRoll(_) | Phase::Moving(_) => Ok(self.finish(Some((winner, win)))),
            other => Err(refusal_in(other)),
        }
    }

    fn name(&self, i: usize) -> &str {
        &self.players[i]
    }

    fn index(&self, name: &str) -> Result<usize, ChouetteError> {
        self.players
            .iter()
            .position(|p| p == name)
            .ok_or_else(|| ChouetteError::UnknownPlayer(name.to_string()))
    }

    fn member_index(&self, name: &str) -> Result<usize, ChouetteError> {
        let i = self.index(name)?;
        if i == self.line[0] {
            return Err(ChouetteError::NotAMember(name.to_string()));
        }
        Ok(i)
    }

    fn state(&self, i: usize) -> MemberState {
        let cube = self.cubes[i];
        let holder = match cube.owner {
            None => Holder::Middle,
            Some(BOX) => Holder::Box,
            Some(_) => Holder::Member,
        };
        MemberState {
            cube: MemberCube {
                value: cube.value,
                holder,
            },
            status: self.status[i],
        }
    }

    /// The members still in the game.
    fn playing(&self) -> impl Iterator<Item = usize> + '_ {
        self.line[1..]
            .iter()
            .copied()
            .filter(|&i| !self.status[i].is_out())
    }

    /// The member named, whose answer (`status`) is awaited.
    fn awaited(&self, member: &str, status: Status) -> Result<usize, ChouetteError> {
        let i = self.member_index(member)?;
        if self.status[i] == status {
            Ok(i)
        } else if self.status[i].is_out() {
            Err(ChouetteError::MemberOut(member.to_string()))
        } else {
            Err(ChouetteError::NotOffered(member.to_string()))
        }
    }

    /// Whether `side` may double now: it is to roll and has not rolled.
    fn before_roll(&self, side: Side) -> Result<(), ChouetteError> {
        match self.phase {
            Phase::ToRoll(s) if s == side => Ok(()),
            Phase::Moving(s) if s == side => Err(ChouetteError::AlreadyRolled),
            Phase::ToRoll(_) | Phase::Moving(_) => Err(ChouetteError::NotOnRoll(side)),
            other => Err(refusal_in(other)),
        }
    }

    /// After an answer to `doubler`'s double: still waiting, the game over (no member left
    /// in it), or the doubler to roll.
    fn after_answer(&mut self, doubler: Side) -> Option<GameOutcome> {
        if !self.waiting().is_empty() {
            return None;
        }
        if self.playing().next().is_none() {
            return Some(self.finish(None));
        }
        self.phase = Phase::ToRoll(doubler);
        None
    }

    /// What team member `i`'s drop (or the box's drop of his double) in the game in
    /// progress fixed: his points against the box; `None` while he plays on.
    fn fixed(&self, i: usize) -> Option<i64> {
        match self.status[i] {
            Status::Dropped { paid } => Some(-i64::from(paid)),
            Status::BoxDropped { won } => Some(i64::from(won)),
            Status::Playing | Status::Offered | Status::Doubling => None,
        }
    }

    /// Settles the game (won at the board, or decided by drops), keeps the scores, turns
    /// the line-up and sets up the next game.
    fn finish(&mut self, board: Option<(Side, Win)>) -> GameOutcome {
        let box_player = self.line[0];
        let captain = self.line[1];
        let mut points = vec![0_i64; self.players.len()];
        for &i in &self.line[1..] {
            let member = match (self.fixed(i), board) {
                (Some(fixed), _) => fixed,
                (None, Some((winner, win))) => {
                    let end = GameEnd::won(MEMBER, win, &self.cubes[i], self.stakes, true);
                    let value = i64::from(end.points);
                    if winner == Side::Team { value } else { -value }
                }
                (None, None) => 0,
            };
            points[i] = member;
            points[box_player] -= member;
        }
        let team_won = match self.status[captain] {
            Status::BoxDropped { .. } => true,
            Status::Dropped { .. } => false,
            _ => board.is_some_and(|(winner, _)| winner == Side::Team),
        };
        for (score, p) in self.scores.iter_mut().zip(&points) {
            *score += p;
        }
        let outcome = GameOutcome {
            points: self
                .line
                .iter()
                .map(|&i| (self.players[i].clone(), points[i]))
                .collect(),
            board,
            team_won,
        };
        let rest = self.line[2..].iter().copied();
        self.line = if team_won {
            std::iter::once(captain).chain(rest).chain([box_player]).collect()
        } else {
            std::iter::once(box_player).chain(rest).chain([captain]).collect()
        };
        self.cubes.fill(Cube::default());
        self.status.fill(Status::Playing);
        self.phase = Phase::Opening;
        self.games.push(outcome.clone());
        outcome
    }
}

/// Why nothing but a cube's answer or the opening throw can be done in `phase`.
fn refusal_in(phase: Phase) -> ChouetteError {
    match phase {
        Phase::Opening => ChouetteError::GameNotBegun,
        Phase::Moving(_) => ChouetteError::AlreadyRolled,
        Phase::ToRoll(_) => ChouetteError::NotRolled,
        Phase::BoxDoubled | Phase::TeamDoubled => ChouetteError::DoublePending,
    }
}
