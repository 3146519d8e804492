//! The rule sets of the other bräde texts: each switch on the examples of the texts it
//! comes from (Swedish Wikipedia's figure of bursting on entry and its bear-off example,
//! the older hobby page's five bands and whole roll), and the sets' names and codes.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::collections::BTreeSet;

use brade::brade::{MoveGen, Position, RuleSet, Turn};
use common::{pos, roll};

/// The plays of `dice` on `code` by `rules`, as notation with the outcome when there is
/// one (`19/off (hemspel)`).
fn plays(code: &str, dice: &str, rules: RuleSet) -> BTreeSet<String> {
    let p = pos(code);
    MoveGen::with_rules(rules)
        .plays(p.board(), roll(dice))
        .iter()
        .map(|lp| match lp.result {
            Some(r) => format!("{} ({})", lp.play, r.notation()),
            None => lp.play.to_string(),
        })
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| (*s).to_string()).collect()
}

fn rules(code: &str) -> RuleSet {
    code.parse().unwrap_or_else(|e| panic!("{code}: {e}"))
}

/// Wikipedia's figure: Black has two checkers on the bar; White has bands on his 2, 4, 5
/// and 6 and a blot on his 3; his home stack holds his 1.
const WIKIPEDIA_FIGURE: &str = "14x2,15,16x2,17x2,18x2,20x2,22x2,24x2/0x2,1x5,13x3,14x2,19x3/b";

#[test]
fn entry_burst_none_wikipedias_figure_6_2_and_6_3_under_a_and_b() {
    let (a, b) = (rules("entry-burst=none"), RuleSet::VASAMUSEET);
    // 6-2. (a): he may not burst while he can still enter on 3 — the whole roll is lost.
    // (b): he bursts the band on 6 and forfeits the 2.
    assert_eq!(plays(WIKIPEDIA_FIGURE, "62", a), set(&["-"]));
    assert_eq!(plays(WIKIPEDIA_FIGURE, "62", b), set(&["bar/6!"]));
    // 6-3. (a): he hits the blot on 3, is then blocked wholly, and so may burst on 6.
    // (b): he hits on 3 and bursts on 6 as well.
    assert_eq!(plays(WIKIPEDIA_FIGURE, "63", a), set(&["bar/3* bar/6!"]));
    let b63 = plays(WIKIPEDIA_FIGURE, "63", b);
    assert_eq!(b63.len(), 1, "{b63:?}");
    assert!(b63.iter().next().unwrap().contains("bar/6!") && b63.iter().next().unwrap().contains("bar/3*"));
    // Named as such: the band on 6 is protected while 3 is available.
    let mut turn = Turn::with_rules(pos(WIKIPEDIA_FIGURE), roll("62"), a);
    assert!(turn.is_forfeit());
    let refused = turn.step(0, 6).unwrap_err();
    assert_eq!(
        brade::words::rules::refusal(brade::words::Lang::En, &refused),
        "the band on 6 is protected: 1 point is available of your first quarter — by these rules you may burst on entry only when none is"
    );
}

#[test]
fn bear_off_free_wikipedias_example_a_blot_on_the_last_point_and_a_band_before_it() {
    // The help's example: a blot on 24 and a band on 23, the rest borne off, 2-1. The
    // club's rule takes the rearmost, so the 1 must break the band; the general rule may
    // bear the blot off with it.
    let code = "23x2,24/13x15/w";
    assert_eq!(plays(code, "21", RuleSet::VASAMUSEET), set(&["23/off 23/24"]));
    assert_eq!(
        plays(code, "21", rules("bear-off=free")),
        set(&["23/off 23/24", "23/off 24/off"])
    );
    // A die higher than needed still takes off only the rearmost.
    let general = plays("21,23x2/13x15/w", "65", rules("bear-off=free"));
    assert!(
        general.iter().all(|p| !p.contains("23/off 23/off")),
        "{general:?}"
    );
    assert!(general.contains("21/off 23/off"), "{general:?}");
}

#[test]
fn band_run_five_no_sixth_band_in_a_row_while_the_opponent_has_more_than_one_checker() {
    // White: bands on 14–18 and a blot on 19, a checker on 13 six behind it.
    let code = "13,14x2,15x2,16x2,17x2,18x2,19,21x3/13x15/w";
    let five = rules("band-run=five");
    // 13/19 would make bands on 14–19, six in a row: no play leaves that; the club's do.
    let six_in_a_row = |rules: RuleSet| {
        let p = pos(code);
        MoveGen::with_rules(rules)
            .plays(p.board(), roll("61"))
            .iter()
            .filter(|lp| (14..=19).all(|q| lp.board.own(q) >= 2))
            .count()
    };
    assert!(six_in_a_row(RuleSet::VASAMUSEET) > 0);
    assert_eq!(six_in_a_row(five), 0);
    // The help's example: 13/19 first is refused, 14/15 13/19 (14 broken first) is not.
    let by_five = plays(code, "61", five);
    assert!(by_five.contains("14/15 13/19"), "{by_five:?}");
    assert!(!by_five.iter().any(|p| p.starts_with("13/19")), "{by_five:?}");
    let mut turn = Turn::with_rules(pos(code), roll("61"), five);
    let refused = turn.step(13, 6).unwrap_err();
    assert_eq!(
        brade::words::rules::refusal(brade::words::Lang::En, &refused),
        "a band on 19 would make six in a row: by these rules at most five (the huk not counted)"
    );
    // The huk is not counted: 11/17 makes bands on 12–17, and 13–17 are five in a row.
    let huk = pos("11,12x2,13x2,14x2,15x2,16x2,17,22x3/13x15/w");
    let allowed = MoveGen::with_rules(five)
        .plays(huk.board(), roll("62"))
        .iter()
        .any(|lp| lp.board.own(11) == 0 && (12..=17).all(|q| lp.board.own(q) >= 2));
    assert!(allowed, "11/17 is allowed");
    // The opponent with one checker left: no limit.
    let last = "13,14x2,15x2,16x2,17x2,18x2,19,21x3/13/w";
    assert!(plays(last, "61", five).iter().any(|p| p.contains("13/19")));
}

#[test]
fn pretty_whole_roll_the_whole_roll_is_used_before_the_pattern_counts() {
    // RULES §8 example 10: 5-5 with two on 15 makes enkelt kronspel after two fives, and
    // the game ends there; by the hobby page the roll goes on where it can.
    let code = "15x2,20,21x3,22x3,23x3,24x3/13x15/w";
    assert_eq!(
        plays(code, "55", RuleSet::VASAMUSEET),
        set(&["15/20 15/20 (enkelt-kronspel)"])
    );
    // The help's example: all four fives, and the game goes on.
    assert_eq!(
        plays(code, "55", rules("pretty=whole-roll")),
        set(&["15/20 15/20 20/off 20/off"])
    );
    // One die would make the pattern (19/24 with the 5), but the 1 must be played too:
    // by the hobby page no play ends in it; by the club the 5 alone wins.
    let one_away = "19,20x3,21x3,22x3,23x3,24x2/0,13x14/w";
    let club = plays(one_away, "51", RuleSet::VASAMUSEET);
    assert!(club.contains("19/24 (enkelt-kronspel+munk)"), "{club:?}");
    let whole = plays(one_away, "51", rules("pretty=whole-roll"));
    assert!(
        whole
            .iter()
            .all(|p| !p.contains('(') && p.matches('/').count() == 2),
        "{whole:?}"
    );
    // A pattern the whole play makes counts, with munk while the loser is on the bar.
    let two_away = "18,20x3,21x3,22x3,23x3,24x2/0,13x14/w";
    let made = plays(two_away, "42", rules("pretty=whole-roll"));
    assert!(
        made.iter().any(|p| p.ends_with("(enkelt-kronspel+munk)")),
        "{made:?}"
    );
}

#[test]
fn the_named_sets_and_their_codes_read_back() {
    for named in RuleSet::NAMED {
        assert_eq!(rules(named.name), named.rules);
        assert_eq!(named.rules.to_string(), named.name);
        assert_eq!(rules(&named.rules.to_string()), named.rules);
    }
    assert!(RuleSet::default().is_default());
    let mixed = rules("entry-burst=none, band-run=five");
    assert_eq!(mixed.to_string(), "entry-burst=none,band-run=five");
    assert_eq!(rules(&mixed.to_string()), mixed);
    for bad in [
        "",
        "vasa",
        "entry-burst=maybe",
        "bear-off=free,bear-off=rearmost",
        "colour=red",
    ] {
        let e = bad.parse::<RuleSet>().unwrap_err().to_string();
        assert!(!e.is_empty(), "{bad:?}");
    }
    assert!(
        "entry-burst=maybe"
            .parse::<RuleSet>()
            .unwrap_err()
            .to_string()
            .contains("more or none")
    );
    let _ = Position::start(brade::rules::Color::White);
}
