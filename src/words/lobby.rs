//! The words of a club's lobby (`brade serve`) and of a match held by the server.

use super::{Lang, Phrase, p};

pub const TITLE: Phrase = p("brade — the club", "brade — klubben");
pub const PLAYERS: Phrase = p("Players here", "Spelare här");
pub const INVITATIONS: Phrase = p("Invitations", "Inbjudningar");
pub const MATCHES: Phrase = p("Your matches", "Dina matcher");
pub const WATCH: Phrase = p("Matches to watch", "Matcher att titta på");
pub const FINISHED: Phrase = p("Finished here", "Avslutade här");
pub const NOBODY: Phrase = p(
    "Nobody else is here yet. Others connect with the same ssh command.",
    "Ingen annan är här ännu. Andra ansluter med samma ssh-kommando.",
);
pub const IN_LOBBY: Phrase = p("in the lobby", "i lobbyn");
pub const WATCHING_MATCH: Phrase = p("watching a match", "tittar på en match");
pub const ALONE: Phrase = p("playing on their own", "spelar för sig själv");
pub const KEYS: Phrase = p(
    "↑↓ choose · Enter invite / accept / rejoin / watch · d decline · c claim · g game · l play alone · r records · q leave",
    "↑↓ välj · Enter bjud in / anta / återvänd / titta · d avböj · c gör anspråk · g spel · l spela själv · r protokoll · q lämna",
);
pub const NOT_IN_LIVE_MATCH: Phrase = p(
    "Not in a match between two people: no hints, no tutor, nothing shared until it is over.",
    "Inte i en match mellan två personer: inga tips, ingen lärare, inget delas förrän den är slut.",
);
pub const WATCHING: Phrase = p(
    "You are watching: q goes back to the lobby.",
    "Du tittar på: q går tillbaka till lobbyn.",
);

pub const OFFERED: Phrase = p(
    "Offered: waiting for the other player's answer.",
    "Erbjudet: väntar på den andra spelarens svar.",
);

/// The offerer's note while the other seat answers a resignation.
#[must_use]
pub fn offered(lang: Lang) -> &'static str {
    lang.say(OFFERED)
}

/// A note refusing what a live match does not allow.
#[must_use]
pub fn not_in_live_match(lang: Lang) -> &'static str {
    lang.say(NOT_IN_LIVE_MATCH)
}

/// A watcher's note.
#[must_use]
pub fn watching(lang: Lang) -> &'static str {
    lang.say(WATCHING)
}

/// It is the other seat's turn.
#[must_use]
pub fn others_turn(lang: Lang, name: &str) -> String {
    match lang {
        Lang::En => format!("It is {name}'s turn: wait for them (q: back to the lobby, the match waits)."),
        Lang::Sv => format!("Det är {name}s tur: vänta (q: tillbaka till lobbyn, matchen väntar)."),
    }
}

/// The lobby's heading: who the player is, and the game their invitations are for.
#[must_use]
pub fn heading(lang: Lang, me: &str, game: &str) -> String {
    match lang {
        Lang::En => format!("You are {me}. Invitations are for: {game} (g changes)."),
        Lang::Sv => format!("Du är {me}. Inbjudningar gäller: {game} (g byter)."),
    }
}

/// The title of an invitation's setup form (`title`: the form's own, `New match`).
#[must_use]
pub fn invite_title(lang: Lang, guest: &str, title: &str) -> String {
    match lang {
        Lang::En => format!("{title}: an invitation to {guest}"),
        Lang::Sv => format!("{title}: en inbjudan till {guest}"),
    }
}

/// Another player at a held match.
#[must_use]
pub fn playing_with(lang: Lang, with: &str) -> String {
    match lang {
        Lang::En => format!("playing {with}"),
        Lang::Sv => format!("spelar mot {with}"),
    }
}

/// An invitation to the player.
#[must_use]
pub fn invited(lang: Lang, from: &str, what: &str) -> String {
    match lang {
        Lang::En => format!("{from} invites you: {what} — Enter accepts, d declines"),
        Lang::Sv => format!("{from} bjuder in dig: {what} — Enter antar, d avböjer"),
    }
}

/// The player's own invitation.
#[must_use]
pub fn inviting(lang: Lang, to: &str, what: &str) -> String {
    match lang {
        Lang::En => format!("you invited {to}: {what} — waiting (d takes it back)"),
        Lang::Sv => format!("du bjöd in {to}: {what} — väntar (d tar tillbaka)"),
    }
}

/// A held match of the player's.
#[must_use]
pub fn held(lang: Lang, with: &str, what: &str, away: Option<u64>, claimable: bool) -> String {
    let state = match (lang, away, claimable) {
        (Lang::En, None, _) => "Enter goes back to it".to_string(),
        (Lang::Sv, None, _) => "Enter går tillbaka till den".to_string(),
        (Lang::En, Some(m), false) => format!("{with} away {m} min — Enter goes back to it"),
        (Lang::Sv, Some(m), false) => format!("{with} borta {m} min — Enter går tillbaka till den"),
        (Lang::En, Some(m), true) => format!("{with} away {m} min — c claims the match, Enter goes back"),
        (Lang::Sv, Some(m), true) => {
            format!("{with} borta {m} min — c gör anspråk på matchen, Enter går tillbaka")
        }
    };
    match lang {
        Lang::En => format!("with {with}: {what} — {state}"),
        Lang::Sv => format!("mot {with}: {what} — {state}"),
    }
}

/// Another pair's match.
#[must_use]
pub fn watchable(lang: Lang, players: &[String; 2], what: &str) -> String {
    match lang {
        Lang::En => format!("{} – {}: {what} — Enter watches", players[0], players[1]),
        Lang::Sv => format!("{} – {}: {what} — Enter tittar", players[0], players[1]),
    }
}

/// A match finished here, with its dice.
#[must_use]
pub fn finished(lang: Lang, players: &[String; 2], what: &str, result: &str, seed: u64) -> String {
    match lang {
        Lang::En => format!(
            "{} – {}: {what}, {result}; dice seed {seed}",
            players[0], players[1]
        ),
        Lang::Sv => format!(
            "{} – {}: {what}, {result}; tärningsfrö {seed}",
            players[0], players[1]
        ),
    }
}

/// A finished match's rolls.
#[must_use]
pub fn rolls(lang: Lang, rolls: &str) -> String {
    match lang {
        Lang::En => format!("rolls: {rolls}"),
        Lang::Sv => format!("slag: {rolls}"),
    }
}

/// Who won a match held here.
#[must_use]
pub fn won_by(lang: Lang, name: &str) -> String {
    match lang {
        Lang::En => format!("won by {name}"),
        Lang::Sv => format!("vunnen av {name}"),
    }
}

/// A match claimed by the player who waited.
#[must_use]
pub fn claimed_by(lang: Lang, name: &str, away: &str, minutes: u64) -> String {
    match lang {
        Lang::En => format!("claimed by {name} after {away} was away {minutes} min (unfinished)"),
        Lang::Sv => format!("tagen av {name} sedan {away} varit borta {minutes} min (oavslutad)"),
    }
}

/// An invitation declined or taken back.
#[must_use]
pub fn declined(lang: Lang, by: &str) -> String {
    match lang {
        Lang::En => format!("{by} declined the invitation."),
        Lang::Sv => format!("{by} avböjde inbjudan."),
    }
}

/// The player invited is not here any more.
#[must_use]
pub fn gone(lang: Lang, name: &str) -> String {
    match lang {
        Lang::En => format!("{name} is not here any more."),
        Lang::Sv => format!("{name} är inte här längre."),
    }
}
