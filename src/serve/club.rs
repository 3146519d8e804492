//! The club: what every session of a server shares — who is connected and where (the
//! lobby, a seat, watching, playing alone), the invitations, the matches the server
//! holds, and those finished here.
//!
//! A held match is one table ([`MatchScreen`]) and its dice (a seed from the operating
//! system's random source, and how many dice were drawn from it), kept here and nowhere
//! else: a seat sits down with a copy ([`App::sit_down`]); before each of its inputs it
//! takes the match as it stands, after it hands the match back if it changed
//! ([`Club::act`]), and every other seat and watcher is woken to take it too. The rules
//! engine in the seat's app checks every step as at one keyboard, and the app lets only
//! the side it sits on act (`app/live.rs`).
//!
//! Saved at every change to `club/` (the matches in progress there, as a player's own are
//! saved), so that a server restarted finds them where they stood; a match over goes to
//! the club's records and to each player's, once; a claimed one to the records
//! unfinished, its claim said in `club/finished.toml` with every finished match's seed
//! and rolls.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::saver::{Saver, Write};
use super::session::Input;
use crate::app::{
    App, Doing, Entry, LobbyRequest, MatchScreen, Roster, held_from_save, held_rolls, held_save,
};
use crate::game::Resign;
use crate::rules::Color;
use crate::session::SeededDice;
use crate::store::Store;
use crate::store::progress::Unfinished;
use crate::words::Lang;
use crate::words::lobby as words;

/// How long a player may be away from a held match before the other may claim it,
/// unless the server is told otherwise (`--claim-after`).
pub const CLAIM_AFTER: Duration = Duration::from_secs(10 * 60);

/// How many finished matches the lobby lists (the newest).
const FINISHED_SHOWN: usize = 20;

/// Where a session is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Lobby,
    Seat(u64),
    Watch(u64),
    Alone,
}

/// A connected session.
#[derive(Debug)]
struct Member {
    name: String,
    lang: Lang,
    place: Place,
    /// Its input, to wake it when something it shows changed.
    wake: Sender<Input>,
    /// A match it is to sit down at (an invitation it sent was accepted).
    seat_order: Option<u64>,
    /// Something to say once in its lobby.
    notice: Option<String>,
    /// The held match and its version its app last took.
    seen: Option<(u64, u64)>,
}

/// An invitation not answered yet.
#[derive(Debug)]
struct Invite {
    from: String,
    to: String,
    screen: Box<dyn MatchScreen>,
}

/// A match the server holds.
#[derive(Debug)]
struct Held {
    screen: Box<dyn MatchScreen>,
    seed: u64,
    drawn: u64,
    /// Its file among the club's matches in progress.
    slot: PathBuf,
    /// Since when each side's player has been away from the table (`None`: seated).
    away: [Option<Instant>; 2],
    /// A resignation offered by the side to move, waiting for the other's answer.
    offer: Option<(Color, Resign)>,
    /// The match written out ([`MatchScreen::fingerprint`]), kept as it changes: a
    /// seat's input is compared with it once.
    fingerprint: String,
    /// How many times it has changed: a seat that has taken this one is not given it again.
    version: u64,
}

impl Held {
    /// A match held from now on: as it stands, its dice from `seed` with `drawn` drawn.
    fn new(
        screen: Box<dyn MatchScreen>,
        (seed, drawn): (u64, u64),
        slot: PathBuf,
        away: Option<Instant>,
    ) -> Held {
        Held {
            fingerprint: screen.fingerprint(),
            screen,
            seed,
            drawn,
            slot,
            away: [away; 2],
            offer: None,
            version: 0,
        }
    }
}

/// A match finished here, as the lobby lists it.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Finished {
    players: [String; 2],
    /// What it was, in each language (`Lang::ALL`'s order: English, Swedish).
    what: [String; 2],
    /// Who won it; or who claimed it, from whom, after how many minutes away.
    winner: Option<String>,
    claimed: Option<(String, String, u64)>,
    seed: u64,
    rolls: String,
}

/// The finished matches' file.
#[derive(Debug, Default, Serialize, Deserialize)]
struct FinishedFile {
    #[serde(default, rename = "match")]
    matches: Vec<Finished>,
}

/// What a session is to do after a request: sit down at a held match (as `seat`, or to
/// watch).
#[derive(Debug)]
pub struct SitDown {
    pub id: u64,
    pub seat: Option<Color>,
    pub screen: Box<dyn MatchScreen>,
    pub dice: (u64, u64),
}

/// The club.
#[derive(Debug)]
pub struct Club {
    /// `club/` in the server's directory: the held matches, their records, the finished list.
    store: Store,
    /// Each player's data directory is `players/NAME/data` here.
    players: PathBuf,
    members: BTreeMap<u64, Member>,
    invites: BTreeMap<u64, Invite>,
    tables: BTreeMap<u64, Held>,
    finished: Vec<Finished>,
    next: u64,
    claim_after: Duration,
    /// Writes the club's files, in order, on a thread of its own.
    saver: Saver,
}

impl Club {
    /// The club of the server in `dir`, with the matches it held when it stopped.
    #[must_use]
    pub fn open(dir: &std::path::Path, claim_after: Duration) -> Club {
        let store = Store::at(dir.join("club"));
        let mut club = Club {
            players: dir.join("players"),
            members: BTreeMap::new(),
            invites: BTreeMap::new(),
            tables: BTreeMap::new(),
            finished: Vec::new(),
            next: 1,
            claim_after,
            saver: Saver::start(store.clone()),
            store,
        };
        let now = Instant::now();
        for kept in club.store.in_progress().matches {
            let Unfinished::Match(offer) = kept.what else {
                continue;
            };
            if let Some((screen, seed, drawn)) = held_from_save(*offer) {
                let id = club.next_id();
                club.tables
                    .insert(id, Held::new(screen, (seed, drawn), kept.path, Some(now)));
            }
        }
        if let Ok(text) = std::fs::read_to_string(club.finished_file())
            && let Ok(file) = toml::from_str::<FinishedFile>(&text)
        {
            club.finished = file.matches;
        }
        club
    }

    fn next_id(&mut self) -> u64 {
        let id = self.next;
        self.next += 1;
        id
    }

    fn finished_file(&self) -> PathBuf {
        self.store.dir().join("finished.toml")
    }

    /// The held matches (their numbers), for tests and the load test.
    #[must_use]
    pub fn held(&self) -> Vec<u64> {
        self.tables.keys().copied().collect()
    }

    /// Held match `id`'s table and its dice drawn so far.
    #[must_use]
    pub fn table(&self, id: u64) -> Option<(&(dyn MatchScreen + 'static), u64)> {
        self.tables.get(&id).map(|h| (h.screen.as_ref(), h.drawn))
    }

    /// The names of the players connected now (once each).
    #[must_use]
    pub fn present(&self) -> Vec<String> {
        let names: std::collections::BTreeSet<String> =
            self.members.values().map(|m| m.name.clone()).collect();
        names.into_iter().collect()
    }

    /// How many matches finished here.
    #[must_use]
    pub fn finished_count(&self) -> usize {
        self.finished.len()
    }

    /// A session comes in, in the lobby.
    pub fn join(&mut self, session: u64, name: &str, lang: Lang, wake: Sender<Input>) {
        self.members.insert(
            session,
            Member {
                name: name.to_string(),
                lang,
                place: Place::Lobby,
                wake,
                seat_order: None,
                notice: None,
                seen: None,
            },
        );
        self.changed();
    }

    /// A session has ended: its invitations go when its player has no other session.
    pub fn leave(&mut self, session: u64) {
        let Some(member) = self.members.remove(&session) else {
            return;
        };
        if !self.members.values().any(|m| m.name == member.name) {
            self.invites
                .retain(|_, i| i.from != member.name && i.to != member.name);
        }
        self.changed();
    }

    /// Where the session is now, as its app shows: told to the others when it moved.
    pub fn place(&mut self, session: u64, app: &App) {
        let place = match app.live() {
            Some(live) => match live.seat {
                Some(_) => Place::Seat(live.id),
                None => Place::Watch(live.id),
            },
            None if matches!(app.screen(), crate::app::Screen::Lobby { .. }) => Place::Lobby,
            None => Place::Alone,
        };
        let Some(member) = self.members.get_mut(&session) else {
            return;
        };
        member.lang = app.lang();
        if member.place != place {
            member.place = place;
            self.changed();
        }
    }

    /// Something every lobby shows changed: who is away is worked out again, and every
    /// session woken.
    fn changed(&mut self) {
        let now = Instant::now();
        for (id, held) in &mut self.tables {
            let names = held.screen.names();
            for side in Color::BOTH {
                let seated = self
                    .members
                    .values()
                    .any(|m| m.place == Place::Seat(*id) && m.name == names[side.index()]);
                let away = &mut held.away[side.index()];
                match (seated, *away) {
                    (true, _) => *away = None,
                    (false, None) => *away = Some(now),
                    (false, Some(_)) => {}
                }
            }
        }
        for member in self.members.values() {
            let _ = member.wake.send(Input::Club);
        }
    }

    /// The lobby of `session`'s player.
    #[must_use]
    pub fn roster(&mut self, session: u64) -> Roster {
        let Some(member) = self.members.get_mut(&session) else {
            return Roster::default();
        };
        let notice = member.notice.take().or_else(|| self.saver.failing());
        let (me, lang) = (member.name.clone(), member.lang);
        let mut players = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        for m in self.members.values() {
            if m.name == me || !seen.insert(m.name.clone()) {
                continue;
            }
            let doing = match m.place {
                Place::Lobby => Doing::InLobby,
                Place::Seat(id) => {
                    let names = self.tables.get(&id).map(|h| h.screen.names()).unwrap_or_default();
                    let with = names.into_iter().find(|n| *n != m.name).unwrap_or_default();
                    Doing::Playing(with)
                }
                Place::Watch(_) => Doing::Watching,
                Place::Alone => Doing::Alone,
            };
            players.push(Entry::Player {
                name: m.name.clone(),
                doing,
            });
        }
        players.sort_by(|a, b| match (a, b) {
            (Entry::Player { name: a, .. }, Entry::Player { name: b, .. }) => a.cmp(b),
            _ => std::cmp::Ordering::Equal,
        });
        // What waits on the player first: invitations, then their matches.
        let mut entries = Vec::new();
        for (&id, invite) in &self.invites {
            let what = invite.screen.describe(lang);
            if invite.to == me {
                entries.push(Entry::Invited {
                    id,
                    from: invite.from.clone(),
                    what,
                });
            } else if invite.from == me {
                entries.push(Entry::Inviting {
                    id,
                    to: invite.to.clone(),
                    what,
                });
            }
        }
        let mut watchable = Vec::new();
        for (&id, held) in &self.tables {
            let names = held.screen.names();
            let what = held.screen.describe(lang);
            match names.iter().position(|n| *n == me) {
                Some(i) => {
                    let other = Color::BOTH[i].other();
                    let away = held.away[other.index()].map(|since| since.elapsed());
                    entries.push(Entry::Held {
                        id,
                        with: names[other.index()].clone(),
                        what,
                        away: away.map(|a| a.as_secs() / 60),
                        claimable: away.is_some_and(|a| a >= self.claim_after),
                    });
                }
                None => watchable.push(Entry::Watchable {
                    id,
                    players: names,
                    what,
                }),
            }
        }
        entries.extend(players);
        entries.extend(watchable);
        for f in self.finished.iter().rev().take(FINISHED_SHOWN) {
            let result = match (&f.claimed, &f.winner) {
                (Some((by, away, minutes)), _) => words::claimed_by(lang, by, away, *minutes),
                (None, Some(winner)) => words::won_by(lang, winner),
                (None, None) => String::new(),
            };
            entries.push(Entry::Finished {
                players: f.players.clone(),
                what: f.what[usize::from(lang == Lang::Sv)].clone(),
                result,
                seed: f.seed,
                rolls: f.rolls.clone(),
            });
        }
        Roster { me, entries, notice }
    }

    /// A match to sit down at that the session was sent to (its invitation accepted).
    pub fn seat_order(&mut self, session: u64) -> Option<SitDown> {
        let id = self.members.get_mut(&session)?.seat_order.take()?;
        self.sit(session, id)
    }

    /// What the session asks: the match to sit down at, if it is to sit down.
    pub fn request(&mut self, session: u64, request: LobbyRequest) -> Option<SitDown> {
        let me = self.members.get(&session)?.name.clone();
        let sit = match request {
            LobbyRequest::Invite { to, screen } => {
                if self.members.values().any(|m| m.name == to) && to != me {
                    let id = self.next_id();
                    self.invites.insert(id, Invite { from: me, to, screen });
                } else if let Some(m) = self.members.get_mut(&session) {
                    m.notice = Some(words::gone(m.lang, &to));
                }
                None
            }
            LobbyRequest::Accept(id) => self.accept(session, &me, id),
            LobbyRequest::Decline(id) => {
                if let Some(invite) = self.invites.remove(&id)
                    && invite.to == me
                {
                    for m in self.members.values_mut().filter(|m| m.name == invite.from) {
                        m.notice = Some(words::declined(m.lang, &me));
                    }
                }
                None
            }
            LobbyRequest::Rejoin(id) | LobbyRequest::Watch(id) => self.sit(session, id),
            LobbyRequest::Claim(id) => {
                self.claim(&me, id);
                None
            }
            LobbyRequest::Resign(id, level) => {
                self.offer(&me, id, level);
                None
            }
            LobbyRequest::AnswerResign(id, accepted) => {
                self.answer(&me, id, accepted);
                None
            }
            LobbyRequest::Leave(_) | LobbyRequest::Lobby => None,
        };
        self.changed();
        sit
    }

    /// `me` accepts invitation `id`: the match is held, the inviter White; both sit down
    /// (the inviter at once if in the lobby, else when back there).
    fn accept(&mut self, session: u64, me: &str, id: u64) -> Option<SitDown> {
        if self.invites.get(&id).is_none_or(|i| i.to != me) {
            return None;
        }
        let invite = self.invites.remove(&id)?;
        let mut screen = invite.screen;
        screen.rename([invite.from.clone(), invite.to.clone()]);
        let names = screen.names();
        let taken: Vec<PathBuf> = self.tables.values().map(|h| h.slot.clone()).collect();
        let slot = self.store.new_slot(
            crate::store::now(),
            &[names[0].as_str(), names[1].as_str()],
            &taken,
        );
        let held = Held::new(screen, (SeededDice::random_seed(), 0), slot, None);
        let id = self.next_id();
        self.tables.insert(id, held);
        self.save(id);
        for m in self.members.values_mut() {
            if m.name == invite.from && m.place == Place::Lobby {
                m.seat_order = Some(id);
            }
        }
        self.sit(session, id)
    }

    /// The session sits down at held match `id`: on its player's side, or to watch.
    fn sit(&mut self, session: u64, id: u64) -> Option<SitDown> {
        let member = self.members.get_mut(&session)?;
        let held = self.tables.get(&id)?;
        let names = held.screen.names();
        let seat = Color::BOTH.into_iter().find(|c| names[c.index()] == member.name);
        member.seen = Some((id, held.version));
        Some(SitDown {
            id,
            seat,
            screen: held.screen.clone_box(),
            dice: (held.seed, held.drawn),
        })
    }

    /// Before an input of `session`'s: its app takes the match as it stands, unless it
    /// has this version already.
    pub fn sync(&mut self, session: u64, app: &mut App) {
        let Some(live) = app.live() else { return };
        let (Some(held), Some(member)) = (self.tables.get(&live.id), self.members.get_mut(&session)) else {
            return;
        };
        if member.seen != Some((live.id, held.version)) {
            app.adopt(held.screen.as_ref(), held.drawn);
            member.seen = Some((live.id, held.version));
        }
    }

    /// After a seat's input (or its settings acting by themselves): the match taken back
    /// if it changed — saved, shown to every other seat and watcher, and, once over,
    /// recorded.
    pub fn act(&mut self, session: u64, app: &App) {
        let Some(live) = app.live() else { return };
        if live.seat.is_none() {
            return;
        }
        let Some((screen, drawn)) = app.live_match() else {
            return;
        };
        let Some(held) = self.tables.get_mut(&live.id) else {
            return;
        };
        let fingerprint = screen.fingerprint();
        if held.fingerprint == fingerprint && held.drawn == drawn {
            return;
        }
        held.screen = screen.clone_box();
        held.fingerprint = fingerprint;
        held.drawn = drawn;
        // (An offer to resign not answered is withdrawn by playing on.)
        held.offer = None;
        let version = self.changed_at(live.id);
        // (This seat's app has it already.)
        if let Some(member) = self.members.get_mut(&session) {
            member.seen = version.map(|v| (live.id, v));
        }
    }

    /// Held match `id` changed: saved and shown to those at its table; once over,
    /// recorded and listed in every lobby. Its new version, while it is held.
    fn changed_at(&mut self, id: u64) -> Option<u64> {
        let held = self.tables.get_mut(&id)?;
        held.version += 1;
        let version = held.version;
        if held.screen.state().over() {
            self.finish(id, None);
            // Every lobby lists it as finished now.
            self.changed();
            None
        } else {
            self.save(id);
            // A move changes no lobby: only those at the table are woken.
            self.wake_table(id);
            Some(version)
        }
    }

    /// The offer to resign waiting at held match `id`: who offers what.
    #[must_use]
    pub fn resign_offer(&self, id: u64) -> Option<(Color, Resign)> {
        self.tables.get(&id)?.offer
    }

    /// `me`, the side to move at held match `id`, offers to resign `level`: the other
    /// seat is asked.
    fn offer(&mut self, me: &str, id: u64, level: Resign) {
        let Some(held) = self.tables.get_mut(&id) else {
            return;
        };
        let names = held.screen.names();
        match held.screen.resigner([None, None]) {
            Ok(by) if names[by.index()] == me && held.screen.resign_levels().contains(&level) => {
                held.offer = Some((by, level));
                self.wake_table(id);
            }
            _ => {}
        }
    }

    /// `me`, asked, answers the offer at held match `id`: the game ends or goes on.
    fn answer(&mut self, me: &str, id: u64, accepted: bool) {
        let Some(held) = self.tables.get_mut(&id) else {
            return;
        };
        let names = held.screen.names();
        let Some((by, level)) = held.offer else { return };
        if names[by.other().index()] != me {
            return;
        }
        held.offer = None;
        held.screen.answer_resignation(level, accepted);
        held.fingerprint = held.screen.fingerprint();
        self.changed_at(id);
    }

    /// Wakes the sessions seated at, or watching, held match `id`.
    fn wake_table(&self, id: u64) {
        for member in self.members.values() {
            if matches!(member.place, Place::Seat(t) | Place::Watch(t) if t == id) {
                let _ = member.wake.send(Input::Club);
            }
        }
    }

    /// Writes held match `id` to its file (on the writer's thread; a failure is said in
    /// every lobby until a save succeeds, and nothing is lost while the server runs).
    fn save(&mut self, id: u64) {
        let Some(held) = self.tables.get(&id) else { return };
        let saved = held_save(held.screen.as_ref(), held.seed, held.drawn);
        self.saver.write(Write::Held {
            slot: held.slot.clone(),
            saved: Box::new(saved),
        });
    }

    /// Held match `id` is over (or claimed by `claimed`): to the records — the club's
    /// and each player's — and to the finished list with its dice.
    fn finish(&mut self, id: u64, claimed: Option<(String, String, u64)>) {
        let Some(held) = self.tables.remove(&id) else {
            return;
        };
        let saved = held_save(held.screen.as_ref(), held.seed, held.drawn);
        self.saver.write(Write::Record {
            id,
            slot: held.slot.clone(),
            saved: Box::new(saved.clone()),
            claimed: claimed.is_some(),
        });
        let names = held.screen.names();
        for name in &names {
            self.saver.write(Write::Archive {
                id,
                store: Store::at(self.players.join(name).join("data")),
                saved: Box::new(saved.clone()),
            });
        }
        self.finished.push(Finished {
            players: names.clone(),
            what: [Lang::En, Lang::Sv].map(|lang| held.screen.describe(lang)),
            winner: held.screen.match_winner().map(|c| names[c.index()].clone()),
            claimed,
            seed: held.seed,
            rolls: held_rolls(held.screen.as_ref(), held.seed, held.drawn),
        });
        let file = FinishedFile {
            matches: self.finished.clone(),
        };
        if let Ok(text) = toml::to_string(&file) {
            self.saver.write(Write::File {
                path: self.finished_file(),
                text,
            });
        }
    }

    /// Waits until everything asked of the writer is written, `wait` at most (a stopping
    /// server; the tests).
    pub fn flush(&self, wait: Duration) {
        self.saver.flush(wait);
    }

    /// `me` claims held match `id`, the other player away too long.
    fn claim(&mut self, me: &str, id: u64) {
        let Some(held) = self.tables.get(&id) else { return };
        let names = held.screen.names();
        let Some(mine) = Color::BOTH.into_iter().find(|c| names[c.index()] == me) else {
            return;
        };
        let other = mine.other();
        let Some(since) = held.away[other.index()] else {
            return;
        };
        if since.elapsed() < self.claim_after {
            return;
        }
        let minutes = since.elapsed().as_secs() / 60;
        self.finish(id, Some((me.to_string(), names[other.index()].clone(), minutes)));
    }

    /// Sets how long a player may be away before the other may claim (tests).
    pub fn set_claim_after(&mut self, after: Duration) {
        self.claim_after = after;
    }
}
