//! A chouette's words (B17–B18): its sides, and why its bookkeeping refuses a double, an
//! answer, a vote or a line-up, in English and Swedish (the box is *boxen*, the captain
//! *kaptenen*, the team *laget*, as Swedish backgammon players say).

use super::Lang;
use crate::backgammon::{ChouetteError, MAX_PLAYERS, MIN_PLAYERS, Side};

/// The side at the board: the box or the team.
#[must_use]
pub fn side(lang: Lang, side: Side) -> &'static str {
    match side {
        Side::Box => lang.pick("the box", "boxen"),
        Side::Team => lang.pick("the team", "laget"),
    }
}

/// Why a chouette refuses, the rule named where there is one.
#[must_use]
pub fn refusal(lang: Lang, why: &ChouetteError) -> String {
    use ChouetteError as E;
    match (lang, why) {
        (Lang::En, E::PlayerCount(n)) => {
            format!("a chouette has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n} (B17)")
        }
        (Lang::Sv, E::PlayerCount(n)) => {
            format!("en chouette har {MIN_PLAYERS} till {MAX_PLAYERS} spelare, inte {n} (B17)")
        }
        (Lang::En, E::EmptyName) => "every player needs a name".to_string(),
        (Lang::Sv, E::EmptyName) => "varje spelare behöver ett namn".to_string(),
        (Lang::En, E::SameName(name)) => format!("two players are called {name}: give them different names"),
        (Lang::Sv, E::SameName(name)) => format!("två spelare heter {name}: ge dem olika namn"),
        (Lang::En, E::NoThrow(i)) => format!("player {} has not thrown his die (B17)", i + 1),
        (Lang::Sv, E::NoThrow(i)) => format!("spelare {} har inte slagit sin tärning (B17)", i + 1),
        (Lang::En, E::Die(d)) => format!("a die shows 1 to 6, not {d}"),
        (Lang::Sv, E::Die(d)) => format!("en tärning visar 1 till 6, inte {d}"),
        (Lang::En, E::UnknownPlayer(name)) => format!("no player is called {name}"),
        (Lang::Sv, E::UnknownPlayer(name)) => format!("ingen spelare heter {name}"),
        (Lang::En, E::NotAMember(name)) => {
            format!("{name} is the box and plays alone, not in the team (B17)")
        }
        (Lang::Sv, E::NotAMember(name)) => {
            format!("{name} är boxen och spelar ensam, inte i laget (B17)")
        }
        (Lang::En, E::MemberOut(name)) => format!("{name} has dropped out of this game (B18)"),
        (Lang::Sv, E::MemberOut(name)) => format!("{name} har lämnat det här partiet (B18)"),
        (Lang::En, E::GameNotBegun) => {
            "the game has not begun: the box and the captain throw one die each first (B4)".to_string()
        }
        (Lang::Sv, E::GameNotBegun) => {
            "partiet har inte börjat: boxen och kaptenen slår först en tärning var (B4)".to_string()
        }
        (Lang::En, E::NotOpening) => "the opening throw has been made".to_string(),
        (Lang::Sv, E::NotOpening) => "öppningsslaget är redan gjort".to_string(),
        (_, E::NotOnRoll(s)) => match lang {
            Lang::En => format!("it is not {}'s turn to double (B13)", side(lang, *s)),
            Lang::Sv => format!("det är inte {} tur att dubbla (B13)", genitive(*s)),
        },
        (Lang::En, E::AlreadyRolled) => "a double comes before the roll (B13)".to_string(),
        (Lang::Sv, E::AlreadyRolled) => "en dubblering kommer före slaget (B13)".to_string(),
        (Lang::En, E::NotRolled) => "the dice have not been rolled yet".to_string(),
        (Lang::Sv, E::NotRolled) => "tärningarna är inte slagna än".to_string(),
        (Lang::En, E::DoublePending) => "a double is waiting for its answers (B18)".to_string(),
        (Lang::Sv, E::DoublePending) => "en dubblering väntar på sina svar (B18)".to_string(),
        (Lang::En, E::NoDoubleToAnswer) => "no double is waiting for an answer".to_string(),
        (Lang::Sv, E::NoDoubleToAnswer) => "ingen dubblering väntar på svar".to_string(),
        (Lang::En, E::NoCubeToDouble(Side::Box)) => {
            "the box has no cube to double: each is the member's or at 64 (B13)".to_string()
        }
        (Lang::Sv, E::NoCubeToDouble(Side::Box)) => {
            "boxen har ingen kub att dubbla: var och en är medlemmens eller står på 64 (B13)".to_string()
        }
        (Lang::En, E::NoCubeToDouble(Side::Team)) => {
            "no cube for the team to double: each is the box's or at 64 (B13)".to_string()
        }
        (Lang::Sv, E::NoCubeToDouble(Side::Team)) => {
            "laget har ingen kub att dubbla: var och en är boxens eller står på 64 (B13)".to_string()
        }
        (Lang::En, E::VoteMissing(name)) => {
            format!("{name} has not voted: a team double must be unanimous (B18)")
        }
        (Lang::Sv, E::VoteMissing(name)) => {
            format!("{name} har inte röstat: lagets dubblering måste vara enhällig (B18)")
        }
        (Lang::En, E::VotedNo(name)) => {
            format!("{name} votes no, and a team double must be unanimous (B18)")
        }
        (Lang::Sv, E::VotedNo(name)) => {
            format!("{name} röstar nej, och lagets dubblering måste vara enhällig (B18)")
        }
        (Lang::En, E::DuplicateVote(name)) => format!("{name} has voted twice"),
        (Lang::Sv, E::DuplicateVote(name)) => format!("{name} har röstat två gånger"),
        (Lang::En, E::TeamDoubleNeeded(name)) => {
            format!("{name}'s cube is in the middle: the team doubles from there, unanimously (B18)")
        }
        (Lang::Sv, E::TeamDoubleNeeded(name)) => {
            format!("{name}s kub står i mitten: därifrån dubblar laget, enhälligt (B18)")
        }
        (Lang::En, E::NotOwner(name)) => {
            format!("{name}'s cube belongs to the box: only its owner redoubles (B13)")
        }
        (Lang::Sv, E::NotOwner(name)) => {
            format!("{name}s kub är boxens: bara ägaren dubblar igen (B13)")
        }
        (Lang::En, E::NotOffered(name)) => format!("{name} has no double to answer"),
        (Lang::Sv, E::NotOffered(name)) => format!("{name} har ingen dubblering att svara på"),
    }
}

/// "boxens", "lagets": whose turn, in Swedish.
fn genitive(side: Side) -> &'static str {
    match side {
        Side::Box => "boxens",
        Side::Team => "lagets",
    }
}
