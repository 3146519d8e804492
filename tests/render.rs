//! What the screens show, drawn with ratatui's `TestBackend` at 80×24 (the minimum) and
//! larger. Text is checked line by line; colours are checked on the cells that matter,
//! since text alone does not see them.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::app::{App, Key, Overlay, Slot};
use brade::rules::Color;
use brade::session::Phase;
use brade::session::{Match, ScriptedDice};
use brade::ui::{self, Geometry, palette};
use brade::words::Lang;
use common::{draw, lines, pos, press, screen};
use ratatui::layout::Rect;

/// Rolls and types a whole play after ':' (one Enter confirms it).
fn roll_and_play(app: &mut App, play: &str) {
    press(app, &[Key::Char(' ')]);
    common::type_moves(app, play);
}

/// The screen cell of a slot's label.
fn label_cell(w: u16, h: u16, slot: Slot) -> (u16, u16) {
    let geo = Geometry::new(Rect::new(0, 0, w, h)).unwrap();
    // Find the label cell by scanning the slot's column for a hit on the label row.
    for y in 0..h {
        for x in 0..w {
            if geo.slot_at(x, y) == Some(slot) {
                return (x + geo.point_width / 2, geo.label_y(slot.top));
            }
        }
    }
    panic!("no cell for {slot:?}");
}

#[test]
fn the_start_screen_offers_new_match_rules_and_quit() {
    let app = App::new(Lang::En, Box::new(ScriptedDice::new(&[1])));
    let text = screen(&draw(&app, 80, 24));
    for word in ["B R Ä D E", "New match", "Rules", "Quit"] {
        assert!(text.contains(word), "{word} missing:\n{text}");
    }
    let app = App::new(Lang::Sv, Box::new(ScriptedDice::new(&[1])));
    let text = screen(&draw(&app, 80, 24));
    assert!(
        text.contains("Ny match") && text.contains("Regler") && text.contains("Avsluta"),
        "{text}"
    );
    // The entries stand as one block: each begins in the same column.
    for lang in Lang::ALL {
        let app = App::new(lang, Box::new(ScriptedDice::new(&[1])));
        let l = lines(&draw(&app, 80, 24));
        let starts: Vec<usize> = ["New match", "Settings", "Rules", "Quit"]
            .iter()
            .zip(["Ny match", "Inställningar", "Regler", "Avsluta"])
            .map(|(en, sv)| {
                let word = if lang == Lang::En { *en } else { sv };
                let line = l.iter().find(|line| line.contains(word)).unwrap();
                line[..line.find(word).unwrap()].chars().count()
            })
            .collect();
        assert!(starts.windows(2).all(|w| w[0] == w[1]), "{lang:?}: {starts:?}");
    }
}

#[test]
fn the_start_position_at_80x24_shows_24_numbered_points_and_both_home_stacks() {
    let app = common::with_match(Lang::En, Box::new(ScriptedDice::new(&[3, 5])), "Anna", "Bo", 3);
    let buf = draw(&app, 80, 24);
    let l = lines(&buf);
    // R3, White to move at the bottom: top W12…W7 | W6…W1, bottom W13…W18 | W19…W24;
    // Black's numbers at the edges, the row marked with his glyph (R2: W12 is B24).
    assert!(
        l[2].contains("12 11 10  9  8  7     6  5  4  3  2  1"),
        "{}",
        l[2]
    );
    assert!(
        l[16].contains("13 14 15 16 17 18    19 20 21 22 23 24"),
        "{}",
        l[16]
    );
    assert!(
        l[1].contains("● 24 23 22 21 20 19    18 17 16 15 14 13  ●"),
        "{}",
        l[1]
    );
    assert!(
        l[17].contains("●  1  2  3  4  5  6     7  8  9 10 11 12  ●"),
        "{}",
        l[17]
    );
    let text = screen(&buf);
    // The home stacks of 15 read as 15.
    assert_eq!(
        text.matches("15").count(),
        4,
        "two stacks and the point 15 in each numbering:\n{text}"
    );
    assert!(text.contains("Game 1 of 3 · ○ 0–0 ●"), "{text}");
    assert!(text.contains("Anna") && text.contains("Bo"));
    assert!(text.contains("pips 360"));
    assert!(text.contains("Teka"));
    // Light and dark checkers differ by glyph and by tile colour.
    let on_board = |glyph: &str| {
        let geo = Geometry::new(Rect::new(0, 0, 80, 24)).unwrap();
        (2..geo.board.height - 2)
            .find_map(|y| {
                (1..geo.board.width - 1)
                    .find(|&x| buf[(x, y)].symbol() == glyph)
                    .map(|x| (x, y))
            })
            .unwrap()
    };
    assert_eq!(buf[on_board("○")].bg, palette::LIGHT_CHECKER);
    assert_eq!(buf[on_board("●")].bg, palette::DARK_CHECKER);
}

#[test]
fn a_mid_game_position_shows_the_bar_and_the_borne_off_checkers() {
    // White: 2 on the bar, 3 borne off; Black: 1 on the bar, 4 borne off.
    let app = common::at("0x2,3,20x3,22x2,24x4/0,1x5,13x2,16x3/w", &[6, 6], Lang::En, 5);
    for (w, h) in [(80, 24), (120, 40), (160, 50)] {
        let buf = draw(&app, w, h);
        let text = screen(&buf);
        assert!(text.contains("off 3") && text.contains("off 4"), "{text}");
        let geo = Geometry::new(Rect::new(0, 0, w, h)).unwrap();
        // The bar column holds ○ in the lower half (White's two) and ● in the upper.
        let bar_x = (0..w)
            .find(|&x| geo.slot_at(x, geo.board.y + 3) == Some(Slot { top: true, col: 7 }))
            .unwrap();
        let column: String = (0..h).map(|y| buf[(bar_x + 1, y)].symbol().to_string()).collect();
        assert_eq!(column.matches('○').count(), 2, "{column}");
        assert_eq!(column.matches('●').count(), 1, "{column}");
        // The trays show the counts borne off: White's on the right, Black's on the left.
        let right: String = (0..h)
            .map(|y| buf[(geo.board.x + geo.board.width - 3, y)].symbol().to_string())
            .collect();
        assert!(right.contains('3'), "{right}");
        let left: String = (0..h)
            .map(|y| buf[(geo.board.x + 2, y)].symbol().to_string())
            .collect();
        assert!(left.contains('4'), "{left}");
    }
}

#[test]
fn point_labels_follow_the_player_to_move() {
    let app = common::at("1x15/1x15/b", &[5, 3], Lang::En, 5);
    let l = lines(&draw(&app, 80, 24));
    // Black to move: top B24…B19 | B18…B13, bottom B1…B6 | B7…B12, beside the
    // checkers; White's at the edges.
    assert!(
        l[2].contains("24 23 22 21 20 19    18 17 16 15 14 13"),
        "{}",
        l[2]
    );
    assert!(
        l[16].contains(" 1  2  3  4  5  6     7  8  9 10 11 12"),
        "{}",
        l[16]
    );
    assert!(l[1].contains("○ 12 11 10"), "{}", l[1]);
    assert!(l[17].contains("○ 13 14 15"), "{}", l[17]);
}

#[test]
fn the_cursor_the_picked_checker_and_its_destinations_are_lit() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 5);
    press(&mut app, &[Key::Char(' ')]);
    let buf = draw(&app, 80, 24);
    let cursor = label_cell(80, 24, app.cursor());
    assert_eq!(buf[cursor].bg, palette::CURSOR, "the cursor's label is lit");
    press(&mut app, &[Key::Enter]);
    let buf = draw(&app, 80, 24);
    for dest in [4, 6] {
        let cell = label_cell(80, 24, Slot::of_point(Color::White, dest));
        assert_eq!(buf[cell].bg, palette::TARGET, "destination {dest} is lit");
    }
    let not_a_dest = label_cell(80, 24, Slot::of_point(Color::White, 5));
    assert_ne!(buf[not_a_dest].bg, palette::TARGET);
    let text = screen(&buf);
    // Where it may go is also said in words, not by colour alone.
    assert!(
        text.contains("1 picked: it may go to 6 or 4") || text.contains("1 picked: it may go to 4 or 6"),
        "{text}"
    );
    assert!(text.contains("[5]") && text.contains("[3]"), "{text}");
}

#[test]
fn the_last_play_is_named_and_its_checkers_marked() {
    let mut app = common::at("1x15/1x15/w", &[5, 3, 2, 1], Lang::En, 5);
    roll_and_play(&mut app, "1/6 1/4");
    let buf = draw(&app, 80, 24);
    let text = screen(&buf);
    // In its mover's numbers, whoever's numbers are printed beside the checkers (here
    // Black's, who is to move): White's numbers are the board's outer row.
    assert!(text.contains("Last: ○ 53 1/6 1/4"), "{text}");
    let six = Slot::of_point(Color::White, 6);
    let cell = label_cell(80, 24, six);
    assert_eq!(buf[cell].bg, palette::LAST_PLAY);
    // Both rows of numbers carry the mark: the outer one reads 6 there, White's number.
    let geo = Geometry::new(Rect::new(0, 0, 80, 24)).unwrap();
    let outer = (cell.0, geo.other_label_y(six.top));
    assert_eq!(buf[outer].bg, palette::LAST_PLAY);
    assert_eq!(buf[outer].symbol(), "6");
    // Where the checkers came from is marked too, dimmed.
    let from = label_cell(80, 24, Slot::of_point(Color::White, 1));
    assert_eq!(buf[from].bg, palette::LAST_PLAY);
    assert!(buf[from].modifier.contains(ratatui::style::Modifier::DIM));
    assert!(!buf[cell].modifier.contains(ratatui::style::Modifier::DIM));
    // With White's numbers always beside the checkers, the play reads the same.
    app.apply_settings(brade::settings::Settings {
        numbering: brade::settings::Numbering::White,
        ..*app.settings()
    });
    let text = screen(&draw(&app, 80, 24));
    assert!(text.contains("Last: ○ 53 1/6 1/4"), "{text}");
    // One checker moved twice: only where it ended is marked.
    let mut app = common::at("1x15/1x15/w", &[5, 3, 2, 1], Lang::En, 5);
    roll_and_play(&mut app, "1/6 6/9");
    let buf = draw(&app, 80, 24);
    assert_eq!(
        buf[label_cell(80, 24, Slot::of_point(Color::White, 9))].bg,
        palette::LAST_PLAY
    );
    assert_ne!(
        buf[label_cell(80, 24, Slot::of_point(Color::White, 6))].bg,
        palette::LAST_PLAY
    );
}

#[test]
fn help_is_drawn_in_both_languages_and_scrolls() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 5);
    common::help_at(&mut app, 0);
    let text = screen(&draw(&app, 80, 24));
    // In a match the help opens at the match's keys; bräde's rules follow them.
    assert!(
        text.contains("Keys here: a match") && text.contains("Esc closes"),
        "{text}"
    );
    press(&mut app, &[Key::Char('t'), Key::Down, Key::Enter]);
    let text = screen(&draw(&app, 80, 24));
    assert!(text.contains("Bräde in short"), "{text}");
    press(&mut app, &[Key::Down; 1000]);
    let text = screen(&draw(&app, 80, 24));
    assert!(
        text.contains("a sure hemspel won"),
        "the end of the help is reachable:\n{text}"
    );
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::Sv, 5);
    common::help_at(&mut app, 0);
    let text = screen(&draw(&app, 120, 40));
    assert!(
        text.contains("Tangenter här: en match") && text.contains("Bräde i korthet"),
        "{text}"
    );
}

/// The words of the side panel, its lines joined (what wraps there reads whole).
fn panel_words(buf: &ratatui::buffer::Buffer) -> String {
    let area = buf.area;
    let geo = Geometry::new(Rect::new(0, 0, area.width, area.height)).unwrap();
    let p = geo.panel;
    let text: String = (p.y + 1..p.y + p.height - 1)
        .map(|y| {
            (p.x + 1..p.x + p.width - 1)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                + " "
        })
        .collect();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn game_over_names_the_result_with_its_points_and_what_it_means_in_both_languages() {
    let mut app = common::at("1x14,5/0,1x8,2,3,4,5,20,24/w", &[3, 1], Lang::En, 5);
    roll_and_play(&mut app, "5/8");
    let buf = draw(&app, 80, 24);
    let text = screen(&buf);
    assert!(text.contains("Game 1 is over"), "{text}");
    assert!(
        panel_words(&buf).contains("Jan — 4 points (the opponent can never enter all his hit checkers)"),
        "{text}"
    );
    assert!(text.contains("Anna (White) wins"), "{text}");
    // The play that ended it, in its mover's numbers.
    assert!(text.contains("Last: ○ 31 5/8*"), "{text}");
    for (w, h) in [(80, 24), (120, 40), (160, 50)] {
        let mut app = common::at("1x14,5/0,1x8,2,3,4,5,20,24/w", &[3, 1], Lang::Sv, 5);
        roll_and_play(&mut app, "5/8");
        let buf = draw(&app, w, h);
        let text = screen(&buf);
        assert!(text.contains("Parti 1 är slut"), "{text}");
        assert!(
            text.contains("Anna (vit) vinner"),
            "{w}×{h}: on one line:\n{text}"
        );
        assert!(
            panel_words(&buf)
                .contains("Jan — 4 poäng (motspelaren kan aldrig spela in alla sina slagna brickor)"),
            "{text}"
        );
    }
}

#[test]
fn match_over_lists_every_game_the_totals_and_the_tie_break() {
    // A one-game match decided by a last-stroke hemspel med munk.
    let mut app = App::playing(
        Lang::En,
        Box::new(ScriptedDice::new(&[6, 2])),
        Match::<brade::game::Brade>::from_position("Anna", "Bo", 1, pos("19/9,13x14/w")),
    );
    press(&mut app, &[Key::Char(' '), Key::Char(':')]);
    for c in "19/21* 21/off".chars() {
        press(&mut app, &[Key::Char(c)]);
    }
    // The typed play is confirmed by its Enter; one more leaves the game-over box.
    press(&mut app, &[Key::Enter, Key::Enter]);
    let text = screen(&draw(&app, 80, 24));
    assert!(text.contains("The match is over"), "{text}");
    assert!(
        text.contains("1. ○ Anna") && text.contains("Hemspel med munk — 2"),
        "{text}"
    );
    assert!(
        text.contains("2 points · results, the best first: hemspel med munk"),
        "{text}"
    );
    assert!(text.contains("Anna wins the match on points, 2–0"), "{text}");
}

#[test]
fn r20_the_tie_break_is_said_with_the_results_compared_not_box_numbers() {
    use brade::brade::{GameRecord, GameResult, MatchScore, WinKind};
    use brade::words::rules::standing;
    let won = |winner, kind, munk| GameRecord {
        winner,
        result: GameResult::new(kind, munk),
    };
    // 2–2: White's trappspel against Black's two hemspel.
    let score = MatchScore::new(
        3,
        vec![
            won(Color::White, WinKind::Trappspel, false),
            won(Color::Black, WinKind::Hemspel, false),
            won(Color::Black, WinKind::Hemspel, false),
        ],
    );
    let names = ["Anna".to_string(), "Computer (hard)".to_string()];
    assert_eq!(
        standing(Lang::En, &score, &names),
        "2–2 on points; Anna wins the match on the tie-break by the best result: trappspel ranks above hemspel (Computer (hard))"
    );
    let said = standing(Lang::Sv, &score, &names);
    assert_eq!(
        said,
        "2–2 i poäng; Anna vinner matchen på särskiljning med bästa resultat: trappspel värderas högre än hemspel (Datorn (svår))"
    );
    // Equal best results: the second best decide (trappspel = uppspel, R20).
    let score = MatchScore::new(
        5,
        vec![
            won(Color::White, WinKind::Trappspel, false),
            won(Color::Black, WinKind::Uppspel, false),
            won(Color::White, WinKind::Hemspel, true),
            won(Color::Black, WinKind::Hemspel, false),
            won(Color::Black, WinKind::Hemspel, false),
        ],
    );
    let said = standing(Lang::En, &score, &names);
    assert!(said.contains("Anna wins the match on the tie-break by the second best result: hemspel med munk ranks above hemspel"), "{said}");
    for lang in Lang::ALL {
        let said = standing(lang, &score, &names);
        assert!(!said.contains("box") && !said.contains("ruta"), "{said}");
    }
}

#[test]
fn a_terminal_below_80x24_asks_to_be_enlarged() {
    let app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 5);
    for (w, h) in [(79, 24), (80, 23), (40, 10)] {
        let text = screen(&draw(&app, w, h));
        assert!(text.replace('\n', " ").contains("enlarge"), "{w}×{h}:\n{text}");
    }
    // Smaller still: nothing to read, but nothing breaks.
    for (w, h) in [(1, 1), (5, 2), (80, 1)] {
        draw(&app, w, h);
    }
}

/// Every screen, notice and overlay, under the monochrome theme: no cell may carry a
/// colour (foreground, background or underline), and nothing blinks.
#[test]
fn the_monochrome_theme_sends_no_colour_on_any_screen() {
    use brade::app::{Done, Launch, MenuItem, RecordEntry, Replay};
    use brade::settings::ThemeName;
    use brade::words::Note;
    use ratatui::style::{Color as Tint, Modifier};

    // A finished 1-game match, for the records, the replay and the match-over screen.
    let mut done = common::with_match(Lang::En, Box::new(ScriptedDice::new(&[1])), "Anna", "Bo", 1);
    done.seed_dice(12, 0);
    while common::advance(&mut done) {}
    let saved = done.snapshot().unwrap();
    let restored = brade::store::restore::<brade::game::Brade>(&saved).unwrap();
    let restored_game = restored.game.clone();

    let mut apps: Vec<(String, App)> = Vec::new();
    let fresh = || App::new(Lang::Sv, Box::new(ScriptedDice::new(&[1])));
    // A record that cannot be read: a file that is not there.
    let damaged = || brade::store::read_file(std::path::Path::new("no-such-record.toml")).unwrap_err();
    let mut start = common::launched(
        Lang::Sv,
        Launch {
            in_progress: vec![brade::store::InProgress::of_match(
                "1000-Anna-Bo.toml",
                brade::store::Resumable::new(restored),
            )],
            notice: Some("a notice about a bad save".into()),
            ..Launch::default()
        },
    );
    start.job_done(Done::Records(vec![RecordEntry {
        path: "x.toml".into(),
        summary: Err(damaged()),
    }]));
    apps.push(("start".into(), start));
    let mut setup = fresh();
    press(&mut setup, &[Key::Char('n')]);
    apps.push(("setup".into(), setup));
    let mut settings = common::launched(
        Lang::Sv,
        Launch {
            notice: Some("config.toml line 3: bad value".into()),
            ..Launch::default()
        },
    );
    press(&mut settings, &[Key::Char('s'), Key::Down, Key::Down]);
    apps.push(("settings".into(), settings));
    let mut records = common::launched(
        Lang::Sv,
        Launch {
            notice: Some("b.toml: it is damaged".into()),
            ..Launch::default()
        },
    );
    records.job_done(Done::Records(vec![
        RecordEntry {
            path: "a.toml".into(),
            summary: Ok(brade::store::RecordSummary::of(&restored_game, 1, None)),
        },
        RecordEntry {
            path: "b.toml".into(),
            summary: Err(damaged()),
        },
    ]));
    common::open(&mut records, MenuItem::Records);
    press(&mut records, &[Key::Down]);
    apps.push(("records".into(), records));
    let mut replay = common::replaying(Lang::Sv, Replay::of(&saved, true).unwrap());
    press(&mut replay, &[Key::Right; 5]);
    apps.push(("replay".into(), replay));
    // Analysed: on the worst error, and while the gauge runs; the statistics.
    let analysis = brade::ai::analysis::analyze(&restored_game, |_, _| {}).unwrap();
    let mut analysed = common::replaying(Lang::Sv, Replay::of(&saved, true).unwrap());
    let job = common::analysis_job(&mut analysed).unwrap();
    let mut gauge = common::replaying(Lang::Sv, Replay::of(&saved, true).unwrap());
    common::analysis_job(&mut gauge).unwrap().progress.set(1, 3);
    apps.push(("replay gauge".into(), gauge));
    analysed.job_done(Done::analysis(*job, Some(analysis.clone()), None));
    press(&mut analysed, &[Key::Char('w')]);
    apps.push(("replay analysed".into(), analysed));
    let mut statistics = fresh();
    common::records_listing(&mut statistics).unwrap();
    common::open(&mut statistics, MenuItem::Statistics);
    apps.push(("statistics reading".into(), statistics));
    let records_of = |analysed: Option<&brade::ai::analysis::Analysis>| {
        vec![
            RecordEntry {
                path: "a.toml".into(),
                summary: Ok(brade::store::RecordSummary::of(&restored_game, 1, analysed)),
            },
            RecordEntry {
                path: "b.toml".into(),
                summary: Ok(brade::store::RecordSummary::of(&restored_game, 2, None)),
            },
        ]
    };
    let statistics_of = |list| {
        let mut statistics = fresh();
        statistics.job_done(Done::Records(list));
        common::open(&mut statistics, MenuItem::Statistics);
        statistics
    };
    let statistics = statistics_of(records_of(Some(&analysis)));
    apps.push(("statistics".into(), statistics));
    let mut analysing = statistics_of(records_of(Some(&analysis)));
    press(&mut analysing, &[Key::Char('a')]);
    common::records_analysis(&mut analysing).unwrap().1.set(1, 4);
    apps.push(("statistics analysing".into(), analysing));
    // The match: teka, a picked checker with its destinations, the last play marked, a
    // refusal, a forfeit, game over and match over, and the overlays.
    let mut teka = common::with_match(Lang::En, Box::new(ScriptedDice::new(&[3, 3])), "A", "B", 3);
    press(&mut teka, &[Key::Char(' ')]);
    apps.push(("teka".into(), teka));
    let mut picked = common::at("1x15/1x15/w", &[5, 3, 6, 1], Lang::En, 5);
    roll_and_play(&mut picked, "1/6 1/4");
    press(&mut picked, &[Key::Char(' '), Key::Tab, Key::Enter]);
    apps.push(("picked".into(), picked));
    let mut refused = common::at("1x15/1x15/w", &[6, 6], Lang::En, 5);
    press(
        &mut refused,
        &[Key::Char(' '), Key::Char(':'), Key::Char('x'), Key::Enter],
    );
    apps.push(("refused".into(), refused));
    let mut forfeit = common::at("20,21x4,22x5,23x5/12x2,19x5,20x4,21x4/w", &[4, 4], Lang::En, 5);
    press(&mut forfeit, &[Key::Char(' ')]);
    apps.push(("forfeit".into(), forfeit));
    let mut over = common::at("24/13x15/w", &[1, 1], Lang::En, 5);
    press(&mut over, &[Key::Char(' '), Key::Char('6'), Key::Enter]);
    apps.push(("game over".into(), over));
    apps.push(("match over".into(), done));
    for overlay in [
        Overlay::Help(Box::new(brade::app::help::Help {
            scroll: 3,
            ..brade::app::help::Help::new(brade::words::help_place::Place::Match, brade::game::Kind::Brade)
        })),
        Overlay::ConfirmQuit,
        Overlay::Prompt("13/18".into()),
        Overlay::Resign(brade::app::resign::Resigning {
            by: brade::rules::Color::White,
            stage: brade::app::resign::Stage::Choose,
            item: 0,
        }),
    ] {
        let mut o = common::at("1x15/1x15/w", &[5, 3], Lang::En, 5);
        press(&mut o, &[Key::Char(' ')]);
        // A data directory where no file can be made: the save fails.
        let file = tempfile::NamedTempFile::new().unwrap();
        let nowhere = brade::store::Store::at(file.path().join("data"));
        let failed = o.save_due().expect("the roll is due").write(&nowhere);
        let why = failed.result().unwrap_err().to_string();
        o.saved(failed);
        assert_eq!(o.note::<brade::game::Brade>(), Some(&Note::SaveFailed(why)));
        match &overlay {
            Overlay::Help(h) => common::help_at(&mut o, h.scroll.unsigned_abs() as u16),
            Overlay::ConfirmQuit => press(&mut o, &[Key::Char('q')]),
            Overlay::Prompt(typed) => common::type_keys(&mut o, &format!(":{typed}")),
            Overlay::Resign(_) => press(&mut o, &[Key::Char('g')]),
            Overlay::None => {}
        }
        match (o.overlay(), &overlay) {
            // The help settles its place: the block at the top line and the lines into it.
            (Overlay::Help(shown), Overlay::Help(_)) => assert_eq!(top_line(shown, Lang::En), 3),
            (shown, _) => assert_eq!(*shown, overlay),
        }
        apps.push((format!("{overlay:?}"), o));
    }
    for (name, mut app) in apps {
        app.apply_settings(brade::settings::Settings {
            theme: ThemeName::Monochrome,
            ..*app.settings()
        });
        for (w, h) in [(80, 24), (120, 40), (160, 50), (60, 20)] {
            let buf = draw(&app, w, h);
            for y in 0..h {
                for x in 0..w {
                    let cell = &buf[(x, y)];
                    assert!(
                        cell.fg == Tint::Reset && cell.bg == Tint::Reset,
                        "{name} at {w}×{h}: cell ({x}, {y}) {:?} is coloured {:?}/{:?}\n{}",
                        cell.symbol(),
                        cell.fg,
                        cell.bg,
                        screen(&buf)
                    );
                    assert!(
                        !cell
                            .modifier
                            .intersects(Modifier::SLOW_BLINK | Modifier::RAPID_BLINK),
                        "{name} at {w}×{h}: cell ({x}, {y}) blinks"
                    );
                }
            }
        }
    }
}

#[test]
fn a_click_on_the_drawn_checkers_picks_them_and_a_click_on_the_drawn_dice_ends_the_turn() {
    for (w, h) in [(80, 24), (160, 50)] {
        let area = Rect::new(0, 0, w, h);
        let geo = Geometry::new(area).unwrap();
        let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 5);
        press(&mut app, &[Key::Char(' ')]);
        // Found on the screen as drawn, not from the layout: White's checkers (all on his
        // point 1) inside the board, and the dice on its middle row.
        let buf = draw(&app, w, h);
        let inside = |x: u16, y: u16| {
            y > geo.board.y
                && y + 1 < geo.board.y + geo.board.height
                && x > geo.board.x
                && x + 1 < geo.board.x + geo.board.width
        };
        let cells: Vec<(u16, u16)> = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).collect();
        let &(cx, cy) = cells
            .iter()
            .find(|&&(x, y)| inside(x, y) && buf[(x, y)].symbol() == "○")
            .expect("White's checkers on the board");
        let &(dx, dy) = cells
            .iter()
            .find(|&&(x, y)| inside(x, y) && buf[(x, y)].symbol() == "[")
            .expect("the dice on the board");
        // A click on the checkers picks the one on point 1.
        let click = ui::click_at(&app, area, cx, cy).expect("the checkers answer a click");
        app.handle(click);
        assert_eq!(app.picked(), Some(1), "{w}×{h}: the checker on 1 is picked");
        press(&mut app, &[Key::Char('5'), Key::Char('3')]);
        assert!(
            app.game::<brade::game::Brade>()
                .unwrap()
                .turn()
                .unwrap()
                .is_complete()
        );
        // A click on the dice makes the play final: Black is to roll.
        let click = ui::click_at(&app, area, dx, dy).expect("the dice answer a click");
        app.handle(click);
        let game = app.game::<brade::game::Brade>().unwrap();
        assert!(
            matches!(game.phase, Phase::AwaitRoll),
            "{w}×{h}: {:?}",
            game.phase
        );
        assert_eq!(game.position.turn(), Color::Black);
        assert_eq!(game.log[0].turns.len(), 1);
        // A point under the pointer has its label lit.
        let slot = Slot::of_point(Color::White, 13);
        let label = (0..w)
            .find(|&x| geo.slot_at(x, geo.label_y(false)) == Some(slot))
            .unwrap()
            + 1;
        app.handle(ui::hover_at(&app, area, label, geo.label_y(false)));
        let buf = draw(&app, w, h);
        assert!(
            buf[(label, geo.label_y(false))]
                .modifier
                .contains(ratatui::style::Modifier::UNDERLINED),
            "{w}×{h}"
        );
    }
}

#[test]
fn the_board_dims_played_dice_and_counts_the_checkers_on_the_bar() {
    let geo = Geometry::new(Rect::new(0, 0, 80, 24)).unwrap();
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 5);
    press(&mut app, &[Key::Char(' '), Key::Char('5')]); // 1/6 with the 5
    assert_eq!(game_turn_taken(&app), 1);
    let buf = draw(&app, 80, 24);
    let middle = geo.middle_y();
    let die = |d: &str| {
        (geo.board.x..geo.board.x + geo.board.width)
            .find(|&x| buf[(x, middle)].symbol() == d && buf[(x - 1, middle)].symbol() == "[")
            .map(|x| &buf[(x, middle)])
            .expect("the die on the board")
    };
    assert!(
        die("5").modifier.contains(ratatui::style::Modifier::DIM),
        "played: dim"
    );
    assert!(
        die("3").modifier.contains(ratatui::style::Modifier::BOLD),
        "to play: bold"
    );
    // White has two on the bar, Black one: each half of the bar is labelled with its count.
    let app = common::at("0x2,3,20x3,22x2,24x4/0,1x5,13x2,16x3/w", &[6, 6], Lang::En, 5);
    let buf = draw(&app, 80, 24);
    let bar = |top: bool| {
        let (x, y) = label_cell(
            80,
            24,
            Slot {
                top,
                col: Slot::BAR_COL,
            },
        );
        (x - 1..=x + 1)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect::<String>()
    };
    assert_eq!(bar(false).trim(), "○2");
    assert_eq!(bar(true).trim(), "●1");
}

fn game_turn_taken(app: &App) -> usize {
    app.game::<brade::game::Brade>()
        .and_then(|g| g.turn())
        .map_or(0, |t| t.taken().len())
}

#[test]
fn at_160x50_the_board_spans_most_of_the_window_and_shows_whole_stacks() {
    let geo = Geometry::new(Rect::new(0, 0, 160, 50)).unwrap();
    assert!(
        geo.board.width * 3 >= 160 * 2,
        "the board takes two thirds: {geo:?}"
    );
    assert!(geo.panel.width <= 48, "the side panel stays a sensible width");
    let left = geo.board.x;
    let right = 160 - (geo.panel.x + geo.panel.width);
    assert!(left.abs_diff(right) <= 1, "centred: {left} and {right}");
    // The home stacks of 15 are drawn whole (no count in their place).
    let app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 5);
    let text = screen(&draw(&app, 160, 50));
    assert_eq!(text.matches("○○○").count(), 15, "{text}");
    assert_eq!(text.matches("●●●").count(), 15, "{text}");
}

#[test]
fn the_board_shows_the_direction_of_play_and_counts_the_trays_with_their_glyph() {
    let mut app = common::at("0x2,3,20x3,22x2,24x4/0,1x5,13x2,16x3/w", &[6, 6], Lang::En, 5);
    for mirror in [false, true] {
        app.apply_settings(brade::settings::Settings {
            mirror,
            ..*app.settings()
        });
        let l = lines(&draw(&app, 80, 24));
        let (top, bottom) = if mirror { ('▶', '◀') } else { ('◀', '▶') };
        assert_eq!(l[0].matches(top).count(), 2, "{}", l[0]);
        assert_eq!(l[18].matches(bottom).count(), 2, "{}", l[18]);
        // Three of White's borne off, four of Black's: counted with the glyph.
        let text = l.join("\n");
        assert!(text.contains("○3") && text.contains("●4"), "{text}");
    }
}

/// Every step written on a screen (`13/18`, `bar/4*`, `22/off`): (from, to) with the bar
/// as 0 and off as 25. Tokens that are not steps (`next/previous`) are skipped.
fn steps_on_screen(text: &str) -> Vec<(u8, u8, String)> {
    text.split(|c: char| c.is_whitespace() || c == '·' || c == '(' || c == ')')
        .filter_map(|token| {
            let body = token.trim_end_matches(['*', '!', ',', '.', ';']);
            let (from, to) = body.split_once('/')?;
            let from = if from == "bar" { 0 } else { from.parse().ok()? };
            let to = if to == "off" { 25 } else { to.parse().ok()? };
            Some((from, to, token.to_string()))
        })
        .collect()
}

/// R1/§7b: a play is written in its mover's numbers, so every step goes forward and an
/// entry lands in the first quarter — whichever side's numbers are printed beside the
/// checkers. (Written in the other side's numbers, an entry reads bar/13–bar/18 and a step
/// round from 12 to 13 reads backward, as they once did.)
fn assert_plays_read_forward(text: &str, what: &str) -> usize {
    let steps = steps_on_screen(text);
    for (from, to, token) in &steps {
        assert!(from < to, "{what}: {token} goes backward:\n{text}");
        if *from == 0 {
            assert!(
                (1..=6).contains(to),
                "{what}: {token} enters outside 1–6:\n{text}"
            );
        }
    }
    steps.len()
}

#[test]
fn every_play_shown_in_a_replay_and_a_match_is_in_its_movers_numbers() {
    use brade::ai::Level;
    use brade::app::Replay;
    use brade::settings::Numbering;
    let game = common::played(Level::Medium, Level::Easy, 1, 17);
    let saved = common::typed_save(&game);
    let analysis = brade::ai::analysis::analyze(&game, |_, _| {}).expect("the shipped network");
    let mut app = common::replaying(Lang::En, Replay::of(&saved, true).expect("replays"));
    let job = common::analysis_job(&mut app).expect("asked for");
    app.job_done(brade::app::Done::analysis(*job, Some(analysis), None));
    let (mut shown, mut better) = (0, 0);
    loop {
        let Some(replay) = app.replay_of::<brade::game::Brade>() else {
            panic!("the replay is on screen")
        };
        let (frame, index) = (replay.frame().clone(), replay.index);
        for numbering in [Numbering::Mover, Numbering::White] {
            app.apply_settings(brade::settings::Settings {
                numbering,
                ..*app.settings()
            });
            for (w, h) in [(80, 24), (160, 50)] {
                let text = screen(&draw(&app, w, h));
                let what = format!("game {} turn {} {numbering:?} {w}×{h}", frame.game, frame.turn);
                shown += assert_plays_read_forward(&text, &what);
                // The play made is the one logged, with its mover's glyph and roll (on a
                // panel wide enough not to wrap it).
                if let Some(last) = frame.last.as_ref().filter(|_| w >= 160) {
                    let logged = &game.log[frame.game - 1].turns[frame.turn - 1];
                    let line = format!(
                        "{} {}{} {}",
                        brade::ui::glyph(last.mover),
                        logged.0.high(),
                        logged.0.low(),
                        logged.1
                    );
                    assert!(text.contains(&line), "{what}: {line} missing:\n{text}");
                }
                better += usize::from(text.contains("better:"));
            }
        }
        press(&mut app, &[Key::Right]);
        let Some(replay) = app.replay_of::<brade::game::Brade>() else {
            panic!("the replay is on screen")
        };
        if replay.index == index {
            break;
        }
    }
    assert!(shown > 100, "only {shown} steps were shown");
    assert!(better > 0, "no better play was shown");
    // The match screen: the last play, each side's in turn, in both numberings.
    for numbering in [Numbering::Mover, Numbering::White] {
        let mut app = common::with_match(Lang::En, Box::new(ScriptedDice::new(&[3, 5])), "Anna", "Bo", 1);
        app.seed_dice(23, 0);
        app.apply_settings(brade::settings::Settings {
            numbering,
            ..*app.settings()
        });
        let mut lasts = 0;
        while common::advance(&mut app) {
            let text = screen(&draw(&app, 80, 24));
            assert_plays_read_forward(&text, &format!("{numbering:?}"));
            let text = screen(&draw(&app, 160, 50));
            let over = matches!(common::game(&app).phase, brade::session::Phase::MatchOver);
            if let Some(last) = common::game(&app).last.as_ref().filter(|_| !over) {
                let line = format!("Last: {} ", brade::ui::glyph(last.mover));
                assert!(text.contains(&line), "{line} missing:\n{text}");
                assert!(text.contains(&last.play.to_string()), "{text}");
                lasts += 1;
            }
        }
        assert!(lasts > 20, "{lasts}");
    }
}

/// The point number under the terminal's cursor after drawing `app` at 80×24, and where
/// the cursor is — `None` when no cursor was placed.
fn cursor_label(app: &App) -> (Option<String>, ratatui::layout::Position) {
    use ratatui::backend::Backend as _;
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    // Somewhere no label is: a cursor left there was not placed by the drawing.
    terminal.backend_mut().set_cursor_position((79, 23)).unwrap();
    terminal.draw(|f| ui::draw(f, app)).unwrap();
    let at = terminal.backend_mut().get_cursor_position().unwrap();
    let buf = terminal.backend().buffer();
    // The digits around the cursor on its row.
    let row: Vec<String> = (0..80).map(|x| buf[(x, at.y)].symbol().to_string()).collect();
    let digit =
        |x: u16| row[usize::from(x)].chars().all(|c| c.is_ascii_digit()) && !row[usize::from(x)].is_empty();
    if !digit(at.x) {
        return (None, at);
    }
    let (mut from, mut to) = (at.x, at.x);
    while from > 0 && digit(from - 1) {
        from -= 1;
    }
    while to < 79 && digit(to + 1) {
        to += 1;
    }
    (Some(row[usize::from(from)..=usize::from(to)].concat()), at)
}

#[test]
fn the_terminal_cursor_stands_on_the_focused_point_for_screen_readers() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    assert!(matches!(common::game(&app).phase, Phase::Moving(_)));
    let mover = common::game(&app).position.turn();
    let (label, first) = cursor_label(&app);
    assert_eq!(
        label,
        Some(app.cursor().point_for(mover).to_string()),
        "the cursor on the focused point's number"
    );
    // The focus moves over the points of both halves (and the bar and trays, which have
    // no number), and the cursor with it.
    let (mut points, mut was) = (0, first);
    for key in [
        Key::Left,
        Key::Left,
        Key::Left,
        Key::Up,
        Key::Right,
        Key::Right,
        Key::Right,
    ] {
        let before = app.cursor();
        press(&mut app, &[key]);
        let (label, at) = cursor_label(&app);
        if app.cursor() != before {
            assert_ne!(at, was, "{key:?}");
        }
        was = at;
        if matches!(app.cursor().kind(), brade::app::SlotKind::Point(_)) {
            points += 1;
            assert_eq!(label, Some(app.cursor().point_for(mover).to_string()), "{key:?}");
        }
    }
    assert!(points >= 4, "the focus crossed points: {points}");
}

#[test]
fn on_the_start_screen_the_terminal_cursor_stands_on_the_chosen_entry() {
    use ratatui::backend::Backend as _;
    let mut app = common::launched(Lang::En, brade::app::Launch::default());
    let cursor_row = |app: &App| {
        let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
        terminal.backend_mut().set_cursor_position((79, 23)).unwrap();
        terminal.draw(|f| ui::draw(f, app)).unwrap();
        let at = terminal.backend_mut().get_cursor_position().unwrap();
        let buf = terminal.backend().buffer();
        (0..80)
            .map(|x| buf[(x, at.y)].symbol().to_string())
            .collect::<String>()
    };
    let first = cursor_row(&app);
    assert!(
        first.contains("▶ "),
        "the cursor's row is the chosen entry's: {first}"
    );
    press(&mut app, &[Key::Down]);
    let second = cursor_row(&app);
    assert!(
        second.contains("▶ ") && second != first,
        "the cursor follows the choice: {second}"
    );
}

/// The cell under the terminal's cursor after drawing `app` at 80×24, and its row's text
/// (`None`: no cursor was placed).
fn cursor_cell(app: &App) -> Option<(String, String)> {
    use ratatui::backend::Backend as _;
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal.backend_mut().set_cursor_position((79, 23)).unwrap();
    terminal.draw(|f| ui::draw(f, app)).unwrap();
    let at = terminal.backend_mut().get_cursor_position().unwrap();
    let buf = terminal.backend().buffer();
    let row: String = (0..80).map(|x| buf[(x, at.y)].symbol()).collect();
    (at != ratatui::layout::Position::new(79, 23)).then(|| (buf[at].symbol().to_string(), row))
}

#[test]
fn on_every_form_the_chosen_line_is_marked_and_the_terminal_cursor_stands_on_it() {
    // The settings, the setup forms of both games, the chouette's form: the chosen line
    // begins with ▶ (not shown by colour alone), the cursor stands on it, and both follow
    // the arrow keys.
    for (letter, first, second) in [
        ('s', "Language", "White's home"),
        ('n', "Games", "White"),
        ('b', "Match", "White"),
        ('c', "  1", "  2"),
    ] {
        let mut app = common::launched(Lang::En, brade::app::Launch::default());
        press(&mut app, &[Key::Char(letter)]);
        let (cell, row) = cursor_cell(&app).unwrap_or_else(|| panic!("{letter}: no cursor"));
        assert_eq!(cell, "▶", "{letter}: {row}");
        assert!(row.contains(&format!("▶ {first}")), "{letter}: {row}");
        press(&mut app, &[Key::Down]);
        let (cell, row) = cursor_cell(&app).unwrap();
        assert_eq!(cell, "▶", "{letter}: {row}");
        assert!(row.contains(&format!("▶ {second}")), "{letter}: {row}");
        // Only one line is marked.
        let text = screen(&draw(&app, 80, 24));
        assert_eq!(text.matches("│▶ ").count(), 1, "{letter}:\n{text}");
    }
}

#[test]
fn in_the_resignation_dialog_the_terminal_cursor_stands_on_the_chosen_answer() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char('g')]);
    let (cell, row) = cursor_cell(&app).expect("a cursor in the dialog");
    assert_eq!(cell, "▶", "{row}");
    assert!(row.contains("▶ the game"), "{row}");
    press(&mut app, &[Key::Enter]);
    let (_, row) = cursor_cell(&app).expect("a cursor in the answer");
    assert!(row.contains("▶ y  accept"), "{row}");
    press(&mut app, &[Key::Down]);
    let (_, row) = cursor_cell(&app).unwrap();
    assert!(row.contains("▶ n  decline"), "{row}");
}

/// The help's first line shown in an 80×24 window.
fn top_line(help: &brade::app::help::Help, lang: Lang) -> usize {
    use brade::app::help::{Help, lines};
    let (text, starts) = lines(&help.blocks(lang), Help::width(80));
    help.top(&starts, text.len(), help.text_rows(24))
}
