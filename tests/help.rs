//! The help opens where the player is: the screen's own keys first, then the rules of the
//! game on the board (backgammon's in a backgammon match); its contents jump to a
//! heading, and a word is found (and the next, and said when it is nowhere).
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::app::help::{Help, Mode};
use brade::app::{App, Key, Overlay, Screen};
use brade::session::SeededDice;
use brade::words::Lang;
use common::{draw, lines, press};

/// The help shown over `app`.
fn help(app: &App) -> &Help {
    match app.overlay() {
        Overlay::Help(h) => h,
        other => panic!("the help is not shown: {other:?}"),
    }
}

/// The help's headings in order, as its contents list them.
fn headings(app: &App) -> Vec<String> {
    help(app)
        .blocks(app.lang())
        .iter()
        .filter_map(|b| b.strip_prefix("# ").map(str::to_string))
        .collect()
}

/// The first text line inside the help's box at 80×24.
fn top_line(app: &App) -> String {
    lines(&draw(app, 80, 24))[1].trim_matches(['│', ' ']).to_string()
}

/// A new app on its start screen, its dice from a seed.
fn new_app(lang: Lang) -> App {
    App::new(lang, Box::new(SeededDice::from_seed(7)))
}

/// A backgammon match between two people, started through its setup form.
fn backgammon_match(lang: Lang) -> App {
    let mut app = new_app(lang);
    press(&mut app, &[Key::Char('b')]);
    assert!(matches!(app.screen(), Screen::Setup(_)));
    for _ in 0..10 {
        if matches!(app.screen(), Screen::Match(_)) {
            break;
        }
        press(&mut app, &[Key::Enter]);
    }
    assert!(matches!(app.screen(), Screen::Match(_)), "the match has started");
    app
}

#[test]
fn in_a_backgammon_match_the_help_opens_at_backgammons_keys_and_rules() {
    for lang in Lang::ALL {
        let mut app = backgammon_match(lang);
        press(&mut app, &[Key::Char('?')]);
        let heads = headings(&app);
        // The match's keys first, then backgammon's rules — all of them before bräde's.
        assert!(
            heads[0].contains(["a match", "en match"][usize::from(lang == Lang::Sv)]),
            "{heads:?}"
        );
        assert!(heads[1].starts_with("Backgammon"), "{heads:?}");
        let first_brade = heads.iter().position(|h| h.starts_with("Bräde")).unwrap();
        let last_backgammon = heads.iter().rposition(|h| h.contains("(B1")).unwrap();
        assert!(last_backgammon < first_brade, "{heads:?}");
        // What the window shows first is the keys, and the double is among them.
        let shown = common::screen(&draw(&app, 80, 24));
        assert!(
            shown.contains(
                ["double, before your roll", "dubbla, före ditt slag"][usize::from(lang == Lang::Sv)]
            ),
            "{shown}"
        );
        // The contents' second entry is backgammon's first page, and Enter goes there.
        press(&mut app, &[Key::Char('t'), Key::Down, Key::Enter]);
        assert_eq!(help(&app).mode, Mode::Reading);
        assert!(top_line(&app).starts_with("Backgammon"), "{}", top_line(&app));
    }
}

#[test]
fn in_a_brade_match_the_help_opens_at_brades_rules_after_the_keys() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char('?')]);
    let heads = headings(&app);
    assert_eq!(heads[0], "Keys here: a match");
    assert!(heads[1].starts_with("Bräde in short"), "{heads:?}");
    let first_backgammon = heads.iter().position(|h| h.starts_with("Backgammon")).unwrap();
    let last_brade = heads.iter().position(|h| h.starts_with("Other rules")).unwrap();
    assert!(last_brade < first_backgammon, "{heads:?}");
}

#[test]
fn each_screen_opens_the_help_at_its_own_keys() {
    // The start screen, the backgammon setup form (backgammon's rules next), the settings.
    let mut app = new_app(Lang::En);
    press(&mut app, &[Key::Char('?')]);
    assert_eq!(headings(&app)[0], "Keys here: the start screen");
    assert!(help(&app).blocks(Lang::En).iter().any(|b| b == " - Enter select"));
    press(&mut app, &[Key::Esc, Key::Char('b'), Key::Char('?')]);
    let heads = headings(&app);
    assert_eq!(heads[0], "Keys here: the new match's form");
    assert!(heads[1].starts_with("Backgammon"), "{heads:?}");
    // On a form's name field `?` is a letter; F1 opens the help anywhere.
    press(&mut app, &[Key::Esc, Key::Esc, Key::Char('s'), Key::F1]);
    assert!(matches!(app.screen(), Screen::Settings { .. }));
    assert_eq!(headings(&app)[0], "Keys here: the settings");
    let mut sv = new_app(Lang::Sv);
    press(&mut sv, &[Key::Char('?')]);
    assert_eq!(headings(&sv)[0], "Tangenter här: startskärmen");
}

#[test]
fn the_contents_jump_to_the_chosen_heading_and_escape_goes_back_to_reading() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char('?'), Key::Char('t')]);
    assert_eq!(help(&app).mode, Mode::Contents { item: 0 });
    // The chosen line is marked, not by colour alone.
    let shown = common::screen(&draw(&app, 80, 24));
    assert!(shown.contains("▶ Keys here: a match"), "{shown}");
    // A heading in the middle is brought to the top, and t chooses it again.
    press(&mut app, &[Key::Down, Key::Down, Key::Enter]);
    assert_eq!(help(&app).mode, Mode::Reading);
    assert_eq!(top_line(&app), headings(&app)[2]);
    press(&mut app, &[Key::Char('t')]);
    assert_eq!(help(&app).mode, Mode::Contents { item: 2 });
    // The last section is near the help's end: the window shows it, the end at its
    // bottom, and t chooses it.
    let last = headings(&app).last().cloned().unwrap();
    press(&mut app, &[Key::End, Key::Enter]);
    let shown = common::screen(&draw(&app, 80, 24));
    assert!(shown.contains(&last), "{shown}");
    press(&mut app, &[Key::Char('t')]);
    assert_eq!(
        help(&app).mode,
        Mode::Contents {
            item: headings(&app).len() - 1
        }
    );
    // Esc leaves the contents only.
    press(&mut app, &[Key::Esc]);
    assert_eq!(help(&app).mode, Mode::Reading);
    press(&mut app, &[Key::Home]);
    assert_eq!(top_line(&app), "Keys here: a match");
}

#[test]
fn a_word_is_found_lit_and_the_next_one_follows_and_a_missing_word_is_said() {
    let mut app = backgammon_match(Lang::En);
    press(&mut app, &[Key::Char('?')]);
    // While a word is typed, q and ? are letters, not closing keys.
    common::type_keys(&mut app, "/Crawford?");
    assert_eq!(help(&app).mode, Mode::Finding("Crawford?".into()));
    press(&mut app, &[Key::Backspace, Key::Enter]);
    let blocks = help(&app).blocks(Lang::En);
    let first = help(&app).anchor;
    assert!(
        blocks[first].to_lowercase().contains("crawford"),
        "{}",
        blocks[first]
    );
    // No block before it has the word: the search starts at the help's top.
    assert!(
        blocks[..first]
            .iter()
            .all(|b| !b.to_lowercase().contains("crawford"))
    );
    // The block found is at the top of the window (wrapped there over a few lines).
    let top = lines(&draw(&app, 80, 24))[1..8].join("\n");
    assert!(top.contains("Crawford"), "{top}");
    let shown = common::screen(&draw(&app, 80, 24));
    assert!(shown.contains("Find: Crawford · n next · N previous"), "{shown}");
    press(&mut app, &[Key::Char('n')]);
    let second = help(&app).anchor;
    assert!(second > first && blocks[second].to_lowercase().contains("crawford"));
    assert!(
        blocks[first + 1..second]
            .iter()
            .all(|b| !b.to_lowercase().contains("crawford"))
    );
    press(&mut app, &[Key::Char('N')]);
    assert_eq!(help(&app).anchor, first);
    // A word that is nowhere: said, and the place kept.
    common::type_keys(&mut app, "/zyxxy");
    press(&mut app, &[Key::Enter]);
    assert_eq!(help(&app).anchor, first);
    let shown = common::screen(&draw(&app, 80, 24));
    assert!(shown.contains("“zyxxy” is nowhere in the help"), "{shown}");
    press(&mut app, &[Key::Esc]);
    assert_eq!(*app.overlay(), Overlay::None);
}

/// The help's first line shown in a window of `width`×`height`.
fn top(app: &App, (width, height): (u16, u16)) -> usize {
    let h = help(app);
    let (text, starts) = brade::app::help::lines(&h.blocks(app.lang()), Help::width(width));
    h.top(&starts, text.len(), h.text_rows(height))
}

#[test]
fn past_either_end_of_the_help_the_first_key_back_scrolls_back() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    for window in [(80, 24), (120, 40)] {
        app.set_window(window.0, window.1);
        press(&mut app, &[Key::Char('?'), Key::End]);
        let last = top(&app, window);
        assert!(last > 100, "the end is far down: {last}");
        // Paging on past the end, then one line up: the view moves at once.
        press(&mut app, &[Key::PageDown, Key::PageDown, Key::Down, Key::Up]);
        assert_eq!(top(&app, window), last - 1);
        // Past the top the same.
        press(&mut app, &[Key::Home, Key::PageUp, Key::Up, Key::Down]);
        assert_eq!(top(&app, window), 1);
        // What is drawn is what the help says is at the top.
        let drawn = lines(&draw(&app, window.0, window.1));
        let h = help(&app);
        let (text, _) = brade::app::help::lines(&h.blocks(Lang::En), Help::width(window.0));
        assert_eq!(
            drawn[1].trim_matches(['│', ' ']),
            text[1].trim_start_matches("# ").trim()
        );
        press(&mut app, &[Key::Esc]);
    }
}
