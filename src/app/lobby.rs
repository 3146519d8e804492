//! The lobby of a club (a server's players, `brade serve`): who is here and what they are
//! doing, the invitations, the player's matches held by the server, the matches to watch
//! and those finished there. The app only shows what the server tells it ([`Roster`])
//! and passes on what the player asks ([`LobbyRequest`]); the server does it and tells
//! every lobby again.

use super::{App, Key, MatchScreen, Overlay, Screen};
use crate::game::Kind;

/// What the server tells a player's lobby.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Roster {
    /// The player's own name.
    pub me: String,
    pub entries: Vec<Entry>,
    /// Something the server says once (an invitation declined, a match claimed).
    pub notice: Option<String>,
}

/// One line of the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Another player here, and what they are doing.
    Player { name: String, doing: Doing },
    /// An invitation to this player: its number, who, to what.
    Invited { id: u64, from: String, what: String },
    /// This player's invitation, not answered yet.
    Inviting { id: u64, to: String, what: String },
    /// A match of this player's held by the server: with whom, what, and how long the
    /// other has been away (minutes; `None`: at the table or in the lobby), and whether
    /// it may be claimed now.
    Held {
        id: u64,
        with: String,
        what: String,
        away: Option<u64>,
        claimable: bool,
    },
    /// Another pair's match in progress, to watch.
    Watchable {
        id: u64,
        players: [String; 2],
        what: String,
    },
    /// A match finished here: the players, what, who won it (or claimed it), and its dice
    /// (the seed and every roll) for anyone to check.
    Finished {
        players: [String; 2],
        what: String,
        result: String,
        seed: u64,
        rolls: String,
    },
}

/// What another player is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Doing {
    InLobby,
    /// At a held match, with this opponent.
    Playing(String),
    Watching,
    /// Playing on their own (against the computer, at their keyboard, the records…).
    Alone,
}

/// What the player asks of the server.
#[derive(Debug)]
pub enum LobbyRequest {
    /// An invitation to `to` for the match set up (the inviter White).
    Invite {
        to: String,
        screen: Box<dyn MatchScreen>,
    },
    Accept(u64),
    /// Declines an invitation, or takes one's own back.
    Decline(u64),
    /// Back to the seat of a held match.
    Rejoin(u64),
    Watch(u64),
    /// Claims a match whose other player has been away too long.
    Claim(u64),
    /// Left a seat (or stopped watching): the match waits.
    Leave(u64),
    /// The side to move at held match `id` offers to resign this much.
    Resign(u64, crate::game::Resign),
    /// The other side answers the offer at held match `id`.
    AnswerResign(u64, bool),
    /// The lobby is wanted again (after playing alone): the server tells it anew.
    Lobby,
}

/// The lobby as the app keeps it: the roster last told and the game invitations are for.
#[derive(Clone, Debug, Default)]
pub(super) struct Club {
    pub(super) roster: Roster,
    pub(super) game: Kind,
}

impl App {
    /// Makes this app a club's (a server's session): it opens on the lobby.
    pub fn join_club(&mut self, roster: Roster) {
        self.club = Some(Club {
            roster,
            game: Kind::ALL[0],
        });
        self.show_lobby(None);
    }

    /// The player the setup form on screen invites, when it is an invitation's.
    #[must_use]
    pub fn inviting(&self) -> Option<&str> {
        self.inviting.as_deref()
    }

    /// Whether this app is a club's.
    #[must_use]
    pub fn in_club(&self) -> bool {
        self.club.is_some()
    }

    /// The lobby's roster and the game invitations are for, when the app is a club's.
    #[must_use]
    pub fn roster(&self) -> Option<(&Roster, Kind)> {
        self.club.as_ref().map(|c| (&c.roster, c.game))
    }

    /// The lobby on screen, with `roster` when the server told a new one (else the last).
    pub fn show_lobby(&mut self, roster: Option<Roster>) {
        let Some(club) = &mut self.club else { return };
        if let Some(roster) = roster {
            club.roster = roster;
        }
        let last = club.roster.entries.len().saturating_sub(1);
        let item = match self.screen {
            Screen::Lobby { item } => item.min(last),
            _ => 0,
        };
        self.screen = Screen::Lobby { item };
        self.overlay = Overlay::None;
        self.live = None;
        self.inviting = None;
        self.quit = false;
    }

    /// A new roster from the server: shown if the lobby is on screen, kept otherwise.
    pub fn tell_roster(&mut self, roster: Roster) {
        if matches!(self.screen, Screen::Lobby { .. }) {
            self.show_lobby(Some(roster));
        } else if let Some(club) = &mut self.club {
            club.roster = roster;
        }
    }

    /// What the player asked of the server since the last call.
    pub fn take_requests(&mut self) -> Vec<LobbyRequest> {
        std::mem::take(&mut self.requests)
    }

    /// The player invites whom the form was opened for: the form's match goes to the
    /// server (no match begins here); back to the lobby.
    pub(super) fn invite_made(&mut self, screen: Box<dyn MatchScreen>) -> Option<Box<dyn MatchScreen>> {
        let Some(to) = self.inviting.take() else {
            return Some(screen);
        };
        self.requests.push(LobbyRequest::Invite { to, screen });
        self.show_lobby(None);
        None
    }

    /// Esc on an invitation's form: back to the lobby, nobody invited.
    pub(super) fn invite_left(&mut self) -> bool {
        if self.inviting.take().is_none() {
            return false;
        }
        self.show_lobby(None);
        true
    }

    pub(super) fn lobby_key(&mut self, key: Key) {
        let Some(club) = &mut self.club else { return };
        let Screen::Lobby { item } = &mut self.screen else {
            return;
        };
        let entries = &club.roster.entries;
        let last = entries.len().saturating_sub(1);
        let chosen = entries.get(*item).cloned();
        match key {
            Key::Up | Key::Char('k') => *item = item.saturating_sub(1),
            Key::Down | Key::Char('j') | Key::Tab => *item = (*item + 1).min(last),
            Key::Home => *item = 0,
            Key::End => *item = last,
            Key::Char('g') => {
                let at = Kind::ALL.iter().position(|&k| k == club.game).unwrap_or(0);
                club.game = Kind::ALL[(at + 1) % Kind::ALL.len()];
            }
            Key::Enter | Key::Char(' ' | 'i') => match chosen {
                Some(Entry::Player { name, .. }) => self.invite_form(name),
                Some(Entry::Invited { id, .. }) => self.requests.push(LobbyRequest::Accept(id)),
                Some(Entry::Held { id, .. }) => self.requests.push(LobbyRequest::Rejoin(id)),
                Some(Entry::Watchable { id, .. }) => self.requests.push(LobbyRequest::Watch(id)),
                _ => {}
            },
            Key::Char('d') => {
                if let Some(Entry::Invited { id, .. } | Entry::Inviting { id, .. }) = chosen {
                    self.requests.push(LobbyRequest::Decline(id));
                }
            }
            Key::Char('c') => {
                if let Some(Entry::Held {
                    id, claimable: true, ..
                }) = chosen
                {
                    self.requests.push(LobbyRequest::Claim(id));
                }
            }
            Key::Char('l') => {
                self.screen = Screen::Start { item: 0 };
            }
            Key::Char('r') => self.screen = Screen::Records { item: 0 },
            Key::Esc => self.quit = true,
            _ => {}
        }
    }

    /// The setup form of an invitation to `name`: the game chosen in the lobby, the
    /// player White and the guest Black, nobody's computer.
    fn invite_form(&mut self, name: String) {
        let Some(club) = &self.club else { return };
        let (kind, me) = (club.game, club.roster.me.clone());
        let mut form = self.offer.forms.form(kind, self.lang(), self.settings.rules);
        form.names = [me, name.clone()];
        form.computer = super::ComputerPlays::Nobody;
        self.inviting = Some(name);
        self.screen = Screen::Setup(form);
    }
}
