//! The sentences of plain-text mode (`brade play --plain`): one sentence per event, the
//! prompts, the board read point by point, the commands' help.

use super::Lang;

/// A roll as plain text says it: `6-3`.
#[must_use]
pub fn roll(dice: (u8, u8)) -> String {
    format!("{}-{}", dice.0, dice.1)
}

/// The match begins: its game, its length, the players.
#[must_use]
pub fn intro(lang: Lang, game: &str, length: &str, players: [&str; 2]) -> String {
    let [white, black] = players;
    match lang {
        Lang::En => format!("{game}, {length}: {white} against {black}. Type help for the commands."),
        Lang::Sv => format!("{game}, {length}: {white} mot {black}. Skriv hjälp för kommandona."),
    }
}

/// A turn played: who, the roll, the play (in the mover's numbers).
#[must_use]
pub fn played(lang: Lang, who: &str, roll: &str, play: &str) -> String {
    match lang {
        Lang::En => format!("{who} rolls {roll} and plays {play}."),
        Lang::Sv => format!("{who} slår {roll} och spelar {play}."),
    }
}

/// A turn whose roll cannot be played at all.
#[must_use]
pub fn cannot_move(lang: Lang, who: &str, roll: &str) -> String {
    match lang {
        Lang::En => format!("{who} rolls {roll} and cannot move."),
        Lang::Sv => format!("{who} slår {roll} och kan inte flytta."),
    }
}

/// Each side's pips.
#[must_use]
pub fn pips(lang: Lang, [white, black]: [u32; 2]) -> String {
    match lang {
        Lang::En => format!("Pips: White {white}, Black {black}."),
        Lang::Sv => format!("Ögon: Vit {white}, Svart {black}."),
    }
}

/// The prompt of a player to play a roll.
#[must_use]
pub fn to_play(lang: Lang, who: &str, roll: &str) -> String {
    match lang {
        Lang::En => format!("{who} to play {roll}."),
        Lang::Sv => format!("{who} ska spela {roll}."),
    }
}

/// The prompt of a player whose dice are typed (manual dice).
#[must_use]
pub fn type_dice(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who}: type the dice rolled (a digit a die, e.g. 53)."),
        Lang::Sv => format!("{who}: skriv tärningarna som slogs (en siffra per tärning, t.ex. 53)."),
    }
}

/// The prompt of an opening roll typed (manual dice).
#[must_use]
pub fn type_opening(lang: Lang) -> &'static str {
    lang.pick(
        "Type the opening roll: White's die, then Black's (e.g. 53).",
        "Skriv öppningsslaget: Vits tärning, sedan Svarts (t.ex. 53).",
    )
}

/// The prompt of a player who may double before rolling.
#[must_use]
pub fn to_roll_or_double(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who} to roll or double (roll, double)."),
        Lang::Sv => format!("{who} ska slå eller dubbla (slå, dubbla)."),
    }
}

/// The prompt of a player doubled.
#[must_use]
pub fn take_or_drop(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who} to take or drop (take, drop)."),
        Lang::Sv => format!("{who} ska ta eller passa (ta, passa)."),
    }
}

/// A game's end: its winner and result, and the match's standing.
#[must_use]
pub fn game_over(who: &str, result: &str, standing: &str) -> String {
    format!("{who}: {result}. {standing}.")
}

/// The last event again (`last`).
#[must_use]
pub fn last(lang: Lang, event: &str) -> String {
    match lang {
        Lang::En => format!("Last: {event}"),
        Lang::Sv => format!("Senast: {event}"),
    }
}

/// The match is over.
#[must_use]
pub fn match_over(lang: Lang) -> &'static str {
    lang.pick("The match is over.", "Matchen är slut.")
}

/// A point of the board read from the side to move: its number in his notation and who
/// stands on it.
#[must_use]
pub fn point(lang: Lang, number: u8, count: u8, colour: &str) -> String {
    let colour = colour.to_lowercase();
    match lang {
        Lang::En => format!(
            "your {number} point: {count} {colour} checker{}",
            if count == 1 { "" } else { "s" }
        ),
        Lang::Sv => {
            // Swedish ordinals: 1:a, 2:a, 3:e … 11:e, 12:e … 21:a, 22:a; a colour is plural
            // for more than one checker (vita, svarta).
            let ending = match (number % 10, number % 100) {
                (1 | 2, n) if n != 11 && n != 12 => "a",
                _ => "e",
            };
            let plural = if count == 1 { "" } else { "a" };
            format!("din {number}:{ending} tunga: {count} {colour}{plural}")
        }
    }
}

/// The bar and the checkers borne off, a side each.
#[must_use]
pub fn bar_and_off(lang: Lang, words: super::game::BoardWords, colour: &str, bar: u8, off: u8) -> String {
    format!(
        "{colour}: {bar} {}, {off} {}",
        lang.say(words.on_bar),
        lang.say(words.borne_off)
    )
}

/// The board as read: its points, then the bars and trays.
#[must_use]
pub fn board_heading(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("The board as {who} sees it:"),
        Lang::Sv => format!("Brädet som {who} ser det:"),
    }
}

/// The legal plays of the roll, numbered.
#[must_use]
pub fn moves_heading(lang: Lang, count: usize) -> String {
    match lang {
        Lang::En => format!("{count} legal play{}:", if count == 1 { "" } else { "s" }),
        Lang::Sv => format!("{count} tillåtna drag:"),
    }
}

/// A command that does not apply now, or is not one.
#[must_use]
pub fn unknown(lang: Lang, typed: &str) -> String {
    match lang {
        Lang::En => format!("{typed:?} is not a play or a command here: type help for the commands."),
        Lang::Sv => format!("{typed:?} är inget drag eller kommando här: skriv hjälp för kommandona."),
    }
}

/// A play's number that is not in the list of legal plays.
#[must_use]
pub fn no_such_play(lang: Lang, typed: &str, count: usize) -> String {
    match lang {
        Lang::En => format!("There is no play {typed}: moves lists {count}."),
        Lang::Sv => format!("Det finns inget drag {typed}: drag listar {count}."),
    }
}

/// One thing to give up, as `resign` lists it: "resign 2: a gammon — 2 points".
#[must_use]
pub fn resign_choice(lang: Lang, number: usize, offer: &str) -> String {
    match lang {
        Lang::En => format!("resign {number}: {offer}"),
        Lang::Sv => format!("ge upp {number}: {offer}"),
    }
}

/// `resign` with a number that names nothing to give up.
#[must_use]
pub fn no_such_resignation(lang: Lang, typed: &str, count: usize) -> String {
    match lang {
        Lang::En => format!(
            "There is nothing to give up numbered {typed}: type resign and a number from 1 to {count}."
        ),
        Lang::Sv => format!(
            "Det finns inget att ge upp med nummer {typed}: skriv ge upp och ett nummer från 1 till {count}."
        ),
    }
}

/// What an offer to resign waits for.
#[must_use]
pub fn yes_or_no(lang: Lang) -> &'static str {
    lang.pick("Type yes or no.", "Skriv ja eller nej.")
}

/// An answer to an offer to resign that is neither yes nor no.
#[must_use]
pub fn not_yes_or_no(lang: Lang, typed: &str) -> String {
    match lang {
        Lang::En => {
            format!("\"{typed}\" is not an answer: type yes to accept the resignation or no to play on.")
        }
        Lang::Sv => format!(
            "\"{typed}\" är inget svar: skriv ja för att godta uppgivandet eller nej för att spela vidare."
        ),
    }
}

/// A play typed that does not make a whole turn.
#[must_use]
pub fn not_whole(lang: Lang, roll: &str) -> String {
    match lang {
        Lang::En => format!("That is not a whole play of {roll}: type every move of it (moves lists them)."),
        Lang::Sv => format!("Det är inget helt drag för {roll}: skriv alla flyttar (drag listar dem)."),
    }
}

/// Nothing to undo: a play is made as it is typed.
#[must_use]
pub fn no_undo(lang: Lang) -> &'static str {
    lang.pick(
        "A play is made as it is typed: there is nothing to undo.",
        "Ett drag görs när det skrivs: det finns inget att ångra.",
    )
}

/// No hint to give now.
#[must_use]
pub fn no_hint(lang: Lang) -> &'static str {
    lang.pick(
        "There is no hint now: hints are for a roll being played.",
        "Det finns inget tips nu: tips gäller ett slag som spelas.",
    )
}

/// Before the list of the rules' sections.
#[must_use]
pub fn rules_heading(lang: Lang) -> &'static str {
    lang.pick(
        "The rules and keys, by section (rules 3, or rules and a word of the heading):",
        "Reglerna och tangenterna, avsnitt för avsnitt (regler 3, eller regler och ett ord ur rubriken):",
    )
}

/// A section of the rules asked for that is not there.
#[must_use]
pub fn no_section(lang: Lang, asked: &str) -> String {
    match lang {
        Lang::En => format!("No section of the rules is {asked:?}: rules lists them."),
        Lang::Sv => format!("Inget avsnitt av reglerna heter {asked:?}: regler listar dem."),
    }
}

/// The commands, a line each.
#[must_use]
pub fn help(lang: Lang) -> &'static str {
    match lang {
        Lang::En => {
            "Type a play in the game's notation (13/7 13/10), or a command:\n\
             board (b): the board read point by point from your side\n\
             moves (m): the legal plays of the roll, numbered: a number plays that play\n\
             pips: each side's pips\n\
             score (s): the match's standing\n\
             last (l): the last event again\n\
             roll (r), double (d), take (t), drop: the doubling cube, where the game has one\n\
             hint: the best plays of the roll, where the game gives hints\n\
             rules: the rules' sections; rules 3 or rules bear-off: one of them\n\
             resign (g): give up the game; where there is more than one thing to give up,\n\
             resign 1, 2 or 3 (a single game, a gammon, a backgammon)\n\
             undo (u): nothing to undo, a play is made as it is typed\n\
             help (?): this list\n\
             quit (q): save the match and stop (the end of the input does the same)"
        }
        Lang::Sv => {
            "Skriv ett drag i spelets notation (13/7 13/10), eller ett kommando:\n\
             bräde (b): brädet tunga för tunga från din sida\n\
             drag (m): de tillåtna dragen för slaget, numrerade: ett nummer spelar det draget\n\
             ögon: varje sidas ögon\n\
             ställning (s): matchens ställning\n\
             senast (l): det senaste igen\n\
             slå (r), dubbla (d), ta (t), passa: dubblingskuben, där spelet har en\n\
             tips: slagets bästa drag, där spelet ger tips\n\
             regler: reglernas avsnitt; regler 3 eller regler utspel: ett av dem\n\
             ge upp (g): ge upp partiet; där det finns mer än en sak att ge upp,\n\
             ge upp 1, 2 eller 3 (ett enkelt parti, en gammon, en backgammon)\n\
             ångra (u): inget att ångra, ett drag görs när det skrivs\n\
             hjälp (?): den här listan\n\
             sluta (q): spara matchen och sluta (slutet på indata gör detsamma)"
        }
    }
}

/// The match was saved at the end of the input, or could not be.
#[must_use]
pub fn saved(lang: Lang) -> &'static str {
    lang.pick(
        "The match is saved: brade play --resume goes on with it.",
        "Matchen är sparad: brade play --resume fortsätter den.",
    )
}
