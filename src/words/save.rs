//! Why a saved match cannot be used, in Swedish (the English is each error's own message,
//! next to its type in `store`). One function per kind of problem; `store` picks it.

use super::Lang;
use super::rules::notation_error;
use crate::brade::NotationError;

pub fn empty() -> String {
    "den är tom".into()
}
pub fn not_text() -> String {
    "det är ingen brade-sparfil: den är inte text".into()
}
pub fn syntax(why: &str) -> String {
    format!("det är ingen brade-sparfil: {why}")
}
pub fn newer(format: u32, ours: u32) -> String {
    format!("den är skriven av en nyare brade (format {format}; den här versionen läser format {ours})")
}
pub fn damaged(how: &str) -> String {
    format!("den är skadad: {how}")
}
pub fn ends_after_checksum() -> String {
    "den slutar efter kontrollsummeraden".into()
}
pub fn checksum_not_a_number(sum: &str) -> String {
    format!("kontrollsumman {sum:?} är inget tal")
}
pub fn checksum_mismatch() -> String {
    "kontrollsumman stämmer inte med innehållet (filen har ändrats eller förstörts)".into()
}
pub fn checksum_missing() -> String {
    "kontrollsummeraden saknas".into()
}
pub fn unknown_format(format: u32) -> String {
    format!("okänt format {format}")
}
pub fn length(games: u32) -> String {
    format!("en match har 1, 3, 5 eller 7 partier, inte {games}")
}
pub fn name(name: &str) -> String {
    format!("namnet {name:?} är inget spelarnamn")
}
pub fn rules(code: &str, why: &str) -> String {
    format!("reglerna {code:?} är ingen regeluppsättning: {why}")
}
pub fn rules_before_format(code: &str, format: u32) -> String {
    format!("reglerna {code:?} anges i format {format}, som alltid spelades med Vasamuseets regler")
}
pub fn dice_count(drawn: u64, typed: u64, expected: u64) -> String {
    format!("{drawn} slagna och {typed} inskrivna tärningar är sparade, men teka och drag kräver {expected}")
}
pub fn typed_rolls(rolls: &[u64], typed: u64) -> String {
    format!("de inskrivna slagen {rolls:?} stämmer inte med de {typed} inskrivna tärningarna")
}
pub fn seed_missing() -> String {
    "tärningar har slagits, men fröet de slogs från saknas".into()
}
pub fn typed_without_manual(manual: bool, typed: usize, rolls: u64) -> String {
    let but = if manual {
        "en match med egna tärningar skriver in varje slag och slår inga"
    } else {
        "bara en match som började med egna tärningar (format 3) får ha inskrivna slag"
    };
    format!("{typed} av dess {rolls} slag sägs vara inskrivna, men {but}")
}
pub fn teka(w: u8, b: u8) -> String {
    format!("tekan {w}-{b} stämmer inte")
}
pub fn too_many_games(saved: usize, games: u32) -> String {
    format!("{saved} partier sparade i en match om {games}")
}
pub fn early_start(game: usize, previous: usize) -> String {
    format!("parti {game} börjar innan parti {previous} är slut")
}
pub fn starter(game: usize, starter: &str) -> String {
    format!("parti {game} kan inte börja med {starter}")
}
pub fn result_mismatch(game: usize) -> String {
    format!("parti {game}: det sparade resultatet stämmer inte med dragen")
}
pub fn cube(game: usize, entry: &str) -> String {
    format!("parti {game}: dubbleringskubens {entry:?} passar inte in i partiet")
}
pub fn resignation(game: usize, entry: &str) -> String {
    format!("parti {game}: uppgivandet {entry:?} passar inte in i partiet")
}
pub fn unknown_result(game: usize, result: &str) -> String {
    format!("parti {game}: okänt resultat {result:?}")
}
pub fn not_all_played() -> String {
    "matchen är markerad som slut, men alla partier är inte spelade".into()
}
pub fn roll_out_of_place() -> String {
    "ett slag är sparat där inget kan slås".into()
}
pub fn opening_unplayed() -> String {
    "öppningsslaget är sparat, men varken dess drag eller slaget som pågår".into()
}
pub fn not_the_opening(roll: &str, opening: &str) -> String {
    format!("första draget spelar öppningsslaget {opening}, inte {roll}")
}
pub fn roll_in_progress(why: &str) -> String {
    format!("slaget som pågår: {why}")
}
pub fn steps_out_of_place() -> String {
    "steg av ett pågående drag är sparade där inga kan tas".into()
}
pub fn step_in_progress(number: usize, from: u8, die: u8) -> String {
    format!("slaget som pågår: dess steg {number} (från {from} med {die}) kan inte tas")
}
pub fn position(reached: &str, saved: &str) -> String {
    format!("dragen leder till {reached}, men den sparade ställningen är {saved}")
}
/// The dice a save holds for a roll and those its seed draws there, each pair as thrown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeedFigures {
    pub saved: [u8; 2],
    pub drawn: [u8; 2],
}
pub fn not_from_seed(at: &str, dice: &SeedFigures) -> String {
    let ([s1, s2], [d1, d2]) = (dice.saved, dice.drawn);
    format!("{at}: tärningarna {s1}-{s2} är inte de som slogs från fröet ({d1}-{d2})")
}
pub fn level(level: &str) -> String {
    format!("okänd datornivå {level:?}")
}
pub fn turn(game: usize, turn: usize, problem: &str) -> String {
    format!("parti {game}, drag {turn}: {problem}")
}
pub fn roll_at_teka() -> String {
    "tekan".into()
}
pub fn roll_at_turn(game: usize, turn: usize) -> String {
    format!("parti {game}, drag {turn}")
}
pub fn roll_at_in_progress() -> String {
    "slaget som pågår".into()
}
pub fn after_the_end() -> String {
    "partiet var redan slut".into()
}
pub fn not_dice_play(text: &str) -> String {
    format!("{text:?} är inte TÄRNINGAR DRAG")
}
pub fn notation(e: &NotationError) -> String {
    notation_error(Lang::Sv, e)
}
pub fn other_game(saved: &str, read: &str) -> String {
    format!("det är en match i {saved}, inte i {read}")
}
pub fn stakes(code: &str) -> String {
    format!("alternativen {code:?} är inte backgammonens (backgammon=3|2, automatic=0–3, jacoby=on|off)")
}
pub fn illegal_words(play: &str, why: &str) -> String {
    format!("{play} är inte tillåtet: {why}")
}
pub fn unplayable(roll: &str, play: &str) -> String {
    format!("{roll} kan inte spelas, men draget är {play}")
}

/// On a server, the player's other session holds his data directory.
pub fn held_by_own_session(lang: Lang, dir: &std::path::Path) -> String {
    let dir = dir.display();
    match lang {
        Lang::En => format!("your other session on this server is using your data directory {dir}"),
        Lang::Sv => format!("din andra session på den här servern använder din datakatalog {dir}"),
    }
}

/// Another process holds the data directory.
pub fn held(lang: Lang, dir: &std::path::Path, pid: Option<u32>) -> String {
    let dir = dir.display();
    match (lang, pid) {
        (Lang::En, Some(p)) => format!("another brade (process {p}) is using the data directory {dir}"),
        (Lang::En, None) => format!("another brade is using the data directory {dir}"),
        (Lang::Sv, Some(p)) => format!("en annan brade (process {p}) använder datakatalogen {dir}"),
        (Lang::Sv, None) => format!("en annan brade använder datakatalogen {dir}"),
    }
}

/// The data directory named is a file.
pub fn not_a_directory(lang: Lang, dir: &std::path::Path) -> String {
    match lang {
        Lang::En => format!("the data directory {} is a file, not a directory", dir.display()),
        Lang::Sv => format!("datakatalogen {} är en fil, inte en katalog", dir.display()),
    }
}

/// The data directory cannot be made or opened.
pub fn unusable_dir(lang: Lang, dir: &std::path::Path, e: &std::io::Error) -> String {
    match lang {
        Lang::En => format!("the data directory {} cannot be used: {e}", dir.display()),
        Lang::Sv => format!("datakatalogen {} går inte att använda: {e}", dir.display()),
    }
}
