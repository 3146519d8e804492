//! A chouette's words (B17–B18): its sides, and why its bookkeeping refuses a double, an
//! answer, a vote or a line-up, in English and Swedish (the box is *boxen*, the captain
//! *kaptenen*, the team *laget*, as Swedish backgammon players say).

use super::Lang;
use crate::backgammon::{
    ChouetteError, ChouettePhase, GameOutcome, Holder, MAX_PLAYERS, MIN_PLAYERS, MemberState, Side, Status,
};

/// The chouette's message line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChouetteNote {
    Refused(ChouetteError),
    /// The line-up throws were tied for the box or the captaincy: these throw again.
    ThrowAgain(Vec<String>),
    /// A member said no: the team does not double (B18).
    VotedNo(String),
    /// Nobody redoubled.
    NoRedouble,
    /// The box doubled; the team doubled.
    Doubled(Side),
    /// The line-up thrown: each player's dice, in the line's order.
    LinedUp(Vec<(String, Vec<u8>)>),
    /// H before the roll: the hints are the best plays of a roll; the cubes are not weighed.
    HintsAfterRoll,
}

/// The message line's words.
#[must_use]
pub fn note(lang: Lang, note: &ChouetteNote) -> String {
    match note {
        ChouetteNote::Refused(why) => refusal(lang, why),
        ChouetteNote::ThrowAgain(names) => match lang {
            Lang::En => format!(
                "tied for the box or the captaincy: {} throw again (B17)",
                names.join(", ")
            ),
            Lang::Sv => format!(
                "lika om boxen eller kaptenskapet: {} slår igen (B17)",
                names.join(", ")
            ),
        },
        ChouetteNote::VotedNo(name) => refusal(lang, &ChouetteError::VotedNo(name.clone())),
        ChouetteNote::NoRedouble => lang.pick("nobody redoubles", "ingen dubblar igen").to_string(),
        ChouetteNote::HintsAfterRoll => lang
            .pick(
                "H gives the best plays once the dice are rolled; the chouette's cubes it does not weigh",
                "H ger de bästa dragen när tärningarna är slagna; chouettens kubar väger det inte",
            )
            .to_string(),
        ChouetteNote::LinedUp(throws) => {
            let throws: Vec<String> = throws
                .iter()
                .map(|(name, dice)| {
                    let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
                    format!("{name} {}", dice.join("+"))
                })
                .collect();
            format!(
                "{} {}",
                lang.pick("The line-up thrown:", "Ordningen slagen:"),
                throws.join(" · ")
            )
        }
        ChouetteNote::Doubled(s) => match lang {
            Lang::En => format!("{} doubles", side(lang, *s)),
            Lang::Sv => format!("{} dubblar", side(lang, *s)),
        },
    }
}

/// "Player 3", the name a player has until he types his own.
#[must_use]
pub fn player(lang: Lang, number: usize) -> String {
    format!("{} {number}", lang.pick("Player", "Spelare"))
}

/// "Computer 3", the name a numbered player takes when the computer plays him.
#[must_use]
pub fn computer_seat(lang: Lang, number: usize) -> String {
    format!("{} {number}", lang.pick("Computer", "Datorn"))
}

/// The form's words: its title, the count's label, the button, the keys (two lines, to
/// fit the form at 80 columns).
#[must_use]
pub fn form_words(lang: Lang) -> [&'static str; 5] {
    match lang {
        Lang::En => [
            "New chouette (3–8 players, B17–B18)",
            "Players",
            "[ Start the chouette ]",
            "↑↓ field · ←→ change (on a name: a person or the computer)",
            "type a name · Enter next field, or start · Esc back",
        ],
        Lang::Sv => [
            "Ny chouette (3–8 spelare, B17–B18)",
            "Spelare",
            "[ Starta chouetten ]",
            "↑↓ fält · ←→ ändra (på ett namn: en person eller datorn)",
            "skriv ett namn · Enter nästa fält, eller starta · Esc tillbaka",
        ],
    }
}

/// The line-up's throws so far, and what to do.
#[must_use]
pub fn line_up_prompt(lang: Lang) -> &'static str {
    lang.pick(
        "The line-up (B17): Space throws a die for each player — the highest is the box, the next the captain",
        "Ordningen (B17): mellanslag slår en tärning för varje spelare — högst blir boxen, näst högst kaptenen",
    )
}

/// A player's role in the line-up: box, captain, member (and a member who moves for the
/// captain out of the game).
#[must_use]
pub fn role(lang: Lang, place: usize, moves: bool) -> String {
    let role = match place {
        0 => lang.pick("box", "box"),
        1 => lang.pick("captain", "kapten"),
        _ => lang.pick("team", "laget"),
    };
    // (The captain moves unless he is out of the game: only a stand-in is marked.)
    if moves && place > 1 {
        format!("{role}, {}", lang.pick("moves", "flyttar"))
    } else {
        role.to_string()
    }
}

/// A member's cube and standing, short: "2 his", "64 middle", "dropped −2".
#[must_use]
pub fn member_state(lang: Lang, state: MemberState) -> String {
    let value = if state.cube.value == 1 {
        64
    } else {
        state.cube.value
    };
    let holder = match state.cube.holder {
        Holder::Middle => lang.pick("middle", "mitten"),
        Holder::Box => lang.pick("box's", "boxens"),
        Holder::Member => lang.pick("his", "hans"),
    };
    let status = match state.status {
        Status::Playing => String::new(),
        Status::Offered => lang.pick(" · doubled", " · dubblad").to_string(),
        Status::Doubling => lang.pick(" · doubles", " · dubblar").to_string(),
        Status::Dropped { paid } => format!(" · {} −{paid}", lang.pick("dropped", "passade")),
        Status::BoxDropped { won } => format!(" · {} +{won}", lang.pick("box dropped", "boxen passade")),
    };
    format!("{value} {holder}{status}")
}

/// What the chouette waits for, on the footer: the team's question, an answer.
#[must_use]
pub fn ask(lang: Lang, name: &str, redouble: bool) -> String {
    match (lang, redouble) {
        (Lang::En, false) => {
            format!("The team doubles from the middle? {name}: y yes · n no (unanimous, B18)")
        }
        (Lang::Sv, false) => format!("Laget dubblar från mitten? {name}: j ja · n nej (enhälligt, B18)"),
        (Lang::En, true) => format!("{name}, redouble your cube? y yes · n no"),
        (Lang::Sv, true) => format!("{name}, dubbla din kub igen? j ja · n nej"),
    }
}

/// Who answers the double now, and for which cube.
#[must_use]
pub fn answer_prompt(lang: Lang, phase: ChouettePhase, member: &str, box_player: &str, value: u32) -> String {
    let doubled = value * 2;
    match (lang, phase) {
        (Lang::En, ChouettePhase::BoxDoubled) => {
            format!("{member}: the box doubles your cube to {doubled} — t takes · p drops")
        }
        (Lang::Sv, ChouettePhase::BoxDoubled) => {
            format!("{member}: boxen dubblar din kub till {doubled} — t tar · p passar")
        }
        (Lang::En, _) => format!("{box_player} (box): {member}'s cube to {doubled} — t takes · p drops"),
        (Lang::Sv, _) => format!("{box_player} (box): {member}s kub till {doubled} — t tar · p passar"),
    }
}

/// A finished game: how it ended, and each player's points.
#[must_use]
pub fn outcome_lines(lang: Lang, outcome: &GameOutcome) -> Vec<String> {
    let mut lines = vec![match (lang, outcome.board) {
        (_, Some((winner, win))) => match lang {
            Lang::En => format!(
                "{} wins {}",
                side(lang, winner),
                super::backgammon::matchplay::win_name(lang, win)
            ),
            Lang::Sv => format!(
                "{} vinner {}",
                side(lang, winner),
                super::backgammon::matchplay::win_name(lang, win)
            ),
        },
        (Lang::En, None) => "every cube decided by a drop".to_string(),
        (Lang::Sv, None) => "varje kub avgjord av en pass".to_string(),
    }];
    lines.extend(
        outcome
            .points
            .iter()
            .map(|(name, p)| format!("  {name:<20} {p:+}")),
    );
    lines.push(
        if outcome.team_won {
            lang.pick(
                "The captain won: he is the box now (B17)",
                "Kaptenen vann: han är boxen nu (B17)",
            )
        } else {
            lang.pick(
                "The captain lost: he goes to the end of the line (B17)",
                "Kaptenen förlorade: han ställer sig sist i ledet (B17)",
            )
        }
        .to_string(),
    );
    lines
}

/// The keys after a game.
#[must_use]
pub fn next_game_keys(lang: Lang) -> &'static str {
    lang.pick(
        "Enter — next game · Esc — start screen",
        "Enter — nästa parti · Esc — startskärmen",
    )
}

/// The side panel's headings.
#[must_use]
pub fn panel_words(lang: Lang) -> [&'static str; 3] {
    match lang {
        Lang::En => ["Chouette · game", "Cubes against the box", "Scores"],
        Lang::Sv => ["Chouette · parti", "Kubar mot boxen", "Ställning"],
    }
}

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
