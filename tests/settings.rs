//! Settings: the config file, the Settings screen, and what each setting does.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use common::press;

use brade::app::{App, Key, Launch, Opening, Screen, Slot};
use brade::rules::Color;
use brade::session::{Match, Phase, ScriptedDice};
use brade::settings::{self, Numbering, Settings, ThemeName};
use brade::ui::{self, Geometry};
use brade::words::Lang;
use ratatui::layout::Rect;

fn screen_text(app: &App, w: u16, h: u16) -> Vec<String> {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    let b = t.backend().buffer().clone();
    (0..h)
        .map(|y| (0..w).map(|x| b[(x, y)].symbol().to_string()).collect())
        .collect()
}

#[test]
fn a_good_config_file_is_read_whole() {
    let text = "# mine\nlanguage = \"sv\"\nmirror = true\nswitch_sides = true\nnumbering = \"white\"\ntheme = \"high-contrast\"\n\
                auto_roll = true\nauto_confirm = true\nauto_pass = true\nshow_pips = false\nmanual_dice = true\n\
                tutor = \"bad\"\nrules = \"bear-off=free, band-run=five\"\n";
    let (s, problems) = Settings::parse(text);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(
        s,
        Settings {
            language: Lang::Sv,
            mirror: true,
            switch_sides: true,
            numbering: Numbering::White,
            theme: ThemeName::HighContrast,
            auto_roll: true,
            auto_confirm: true,
            auto_pass: true,
            show_pips: false,
            animation: true,
            manual_dice: true,
            tutor: brade::settings::Tutor::Bad,
            rules: brade::brade::RuleSet {
                bear_off: brade::brade::BearOff::Free,
                band_run: brade::brade::BandRun::Five,
                ..brade::brade::RuleSet::VASAMUSEET
            },
        }
    );
    // What the Settings screen writes reads back the same.
    assert_eq!(Settings::parse(&s.to_text()), (s, vec![]));
}

#[test]
fn a_bad_line_costs_only_its_key_and_names_the_key_and_line() {
    let text = "mirror = true\nlanguage = \"fi\"\ncolour = 3\nshow_pips = \"yes\"\nthis is not toml\nauto_roll = true\n";
    let (s, problems) = Settings::parse(text);
    assert!(s.mirror && s.auto_roll, "good lines apply");
    assert_eq!(s.language, Lang::En, "a bad value leaves the default");
    assert!(s.show_pips);
    let said: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert_eq!(said.len(), 4, "{said:?}");
    assert!(
        said[0].starts_with("line 2: language:") && said[0].contains("\"en\" or \"sv\""),
        "{}",
        said[0]
    );
    assert!(
        said[1].starts_with("line 3: colour: unknown setting"),
        "{}",
        said[1]
    );
    assert!(
        said[2].starts_with("line 4: show_pips:") && said[2].contains("true or false"),
        "{}",
        said[2]
    );
    assert!(said[3].starts_with("line 5:"), "{}", said[3]);
}

#[test]
fn a_missing_config_file_means_defaults_and_an_unreadable_one_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let (s, problems) = settings::load(&dir.path().join("none.toml"));
    assert_eq!((s, problems.len()), (Settings::default(), 0));
    let path = dir.path().join("config.toml");
    std::fs::write(&path, b"mirror = maybe\n").unwrap();
    let (s, problems) = settings::load(&path);
    assert!(!s.mirror);
    assert!(
        problems[0].to_string().contains("config.toml: line 1"),
        "{problems:?}"
    );
}

#[test]
fn the_settings_screen_writes_what_it_shows() {
    let mut app = App::new(Lang::En, Box::new(ScriptedDice::new(&[1])));
    press(&mut app, &[Key::Char('s')]);
    assert!(matches!(app.screen(), Screen::Settings { item: 0 }));
    // Language → svenska, then down to the theme: two steps to monochrome, then pips off.
    press(
        &mut app,
        &[
            Key::Enter,
            Key::Down,
            Key::Down,
            Key::Down,
            Key::Down,
            Key::Right,
            Key::Right,
        ],
    );
    press(
        &mut app,
        &[Key::Down, Key::Down, Key::Down, Key::Down, Key::Enter],
    );
    // The screen's settings are the ones to write, once.
    let to_write = app.settings_to_write().expect("to be written");
    assert_eq!(to_write, *app.settings());
    assert_eq!(app.settings_to_write(), None);
    let shown = screen_text(&app, 80, 24).join("\n");
    assert!(
        shown.contains("Inställningar"),
        "the screen speaks the new language:\n{shown}"
    );
    assert!(
        shown.contains("svenska") && shown.contains("svartvitt"),
        "{shown}"
    );
    let pips_line = shown.lines().find(|l| l.contains("Visa ögonsummor")).unwrap();
    assert!(pips_line.contains(" av "), "{pips_line}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("brade").join("config.toml");
    settings::store(&path, &to_write).unwrap();
    let (read, problems) = settings::load(&path);
    assert!(problems.is_empty());
    assert_eq!(read, *app.settings());
    assert_eq!(
        (read.language, read.theme, read.show_pips),
        (Lang::Sv, ThemeName::Monochrome, false)
    );
    press(&mut app, &[Key::Esc]);
    assert!(matches!(app.screen(), Screen::Start { .. }));
}

fn match_with(settings: Settings, code: &str, dice: &[u8]) -> App {
    let mut app = App::playing(
        Lang::En,
        Box::new(ScriptedDice::new(dice)),
        Match::<brade::game::Brade>::from_position("Anna", "Bo", 3, common::pos(code)),
    );
    app.apply_settings(settings);
    app
}

#[test]
fn manual_dice_are_typed_for_the_teka_and_every_roll() {
    let mut app = common::with_match(Lang::En, Box::new(ScriptedDice::new(&[6])), "Anna", "Bo", 3);
    app.apply_settings(Settings {
        manual_dice: true,
        ..Settings::default()
    });
    press(&mut app, &[Key::Char(' '), Key::Char('4')]); // Space does not roll
    press(&mut app, &[Key::Char('2')]); // teka: White 4, Black 2 → Black starts
    let g = app.game::<brade::game::Brade>().unwrap();
    assert_eq!(g.position.turn(), Color::Black);
    assert!(screen_text(&app, 80, 24).join("\n").contains("type the two dice"));
    press(
        &mut app,
        &[Key::Char('5'), Key::Backspace, Key::Char('6'), Key::Char('3')],
    );
    assert_eq!(
        app.game::<brade::game::Brade>()
            .unwrap()
            .turn()
            .unwrap()
            .roll()
            .dice(),
        (6, 3)
    );
    assert_eq!((app.dice_typed(), app.dice_drawn()), (4, 0));
    // A save of typed dice adds up.
    let saved = app.snapshot().unwrap();
    assert!(brade::store::restore::<brade::game::Brade>(&saved).is_ok());
}

#[test]
fn auto_roll_and_auto_confirm_play_the_turn_along() {
    let autos = Settings {
        auto_roll: true,
        auto_confirm: true,
        ..Settings::default()
    };
    // 6-5 leaves one play (1/7): rolled at once, confirmed as soon as it is complete,
    // and Black's roll comes at once.
    let mut app = match_with(autos, "1,24x14/1x13,24x2/w", &[6, 5, 4, 4]);
    press(&mut app, &[Key::Tab]); // any key lets the automatic settings act
    assert!(matches!(
        app.game::<brade::game::Brade>().unwrap().phase,
        Phase::Moving(_)
    ));
    press(&mut app, &[Key::Char('6')]);
    let g = app.game::<brade::game::Brade>().unwrap();
    assert_eq!(g.log[0].turns[0].1.to_string(), "1/7");
    assert_eq!(g.position.turn(), Color::Black);
    assert_eq!(g.turn().map(|t| t.roll().dice()), Some((4, 4)));
}

#[test]
fn auto_pass_passes_a_roll_that_cannot_be_played() {
    let mut app = match_with(
        Settings {
            auto_pass: true,
            ..Settings::default()
        },
        "20,21x4,22x5,23x5/12x2,19x5,20x4,21x4/w",
        &[4, 4],
    );
    press(&mut app, &[Key::Char(' ')]);
    let g = app.game::<brade::game::Brade>().unwrap();
    assert_eq!(g.log[0].turns[0].1.to_string(), "-");
    assert!(matches!(g.phase, Phase::AwaitRoll));
    assert_eq!(g.position.turn(), Color::Black);
}

#[test]
fn the_mirrored_board_puts_whites_home_on_the_left() {
    let mut app = match_with(
        Settings {
            mirror: true,
            ..Settings::default()
        },
        "1x15/1x15/w",
        &[5, 3],
    );
    let lines = screen_text(&app, 80, 24);
    assert!(
        lines[2].contains("1  2  3  4  5  6     7  8  9 10 11 12"),
        "{}",
        lines[2]
    );
    assert!(
        lines[16].contains("24 23 22 21 20 19    18 17 16 15 14 13"),
        "{}",
        lines[16]
    );
    // Black's numbers at the edge, mirrored too.
    assert!(lines[1].contains("● 13 14 15 16 17 18"), "{}", lines[1]);
    // Mouse hit-testing follows the mirror.
    let geo = Geometry::new(Rect::new(0, 0, 80, 24)).unwrap().mirrored(true);
    let left_top = geo.slot_at(5, 3).unwrap();
    assert_eq!(left_top.point_for(Color::White), 1);
    // ← moves the cursor left on screen.
    press(&mut app, &[Key::Char(' ')]);
    let before = app.cursor();
    press(&mut app, &[Key::Left]);
    assert_eq!(
        app.cursor(),
        Slot {
            col: before.col + 1,
            ..before
        }
    );
}

#[test]
fn numbering_can_stay_in_whites_numbers() {
    let app = match_with(
        Settings {
            numbering: Numbering::White,
            ..Settings::default()
        },
        "1x15/1x15/b",
        &[5, 3],
    );
    let lines = screen_text(&app, 80, 24);
    assert!(
        lines[2].contains("12 11 10  9  8  7     6  5  4  3  2  1"),
        "{}",
        lines[2]
    );
    // Black, who is to move, finds his numbers at the edge, marked with his glyph.
    assert!(
        lines[1].contains("● 24 23 22 21 20 19    18 17 16 15 14 13  ●"),
        "{}",
        lines[1]
    );
}

#[test]
fn no_color_and_the_monochrome_theme_draw_without_colours() {
    // As the command line opens a match with NO_COLOR set.
    let app = App::launch(Launch {
        no_color: true,
        opening: Opening::NewMatch {
            table: brade::app::table_of(Match::<brade::game::Brade>::from_position(
                "Anna",
                "Bo",
                3,
                common::pos("1x15/1x15/w"),
            )),
            computer: [None, None],
        },
        ..Launch::default()
    });
    assert_eq!(app.theme(), ThemeName::Monochrome);
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    t.draw(|f| ui::draw(f, &app)).unwrap();
    let b = t.backend().buffer();
    for y in 0..24 {
        for x in 0..80 {
            let c = &b[(x, y)];
            assert_eq!(
                (c.fg, c.bg),
                (ratatui::style::Color::Reset, ratatui::style::Color::Reset),
                "({x},{y})"
            );
        }
    }
    // The menus too.
    let mut menu = App::launch(Launch {
        no_color: true,
        ..Launch::default()
    });
    for keys in [&[][..], &[Key::Char('s'), Key::Down, Key::Down]] {
        press(&mut menu, keys);
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
        t.draw(|f| ui::draw(f, &menu)).unwrap();
        let b = t.backend().buffer();
        let plain = |c: &ratatui::buffer::Cell| {
            c.fg == ratatui::style::Color::Reset && c.bg == ratatui::style::Color::Reset
        };
        assert!(b.content().iter().all(plain));
    }
}

#[test]
fn hiding_pips_hides_them() {
    let app = match_with(
        Settings {
            show_pips: false,
            ..Settings::default()
        },
        "1x15/1x15/w",
        &[5, 3],
    );
    assert!(!screen_text(&app, 80, 24).join("\n").contains("pips"));
}

#[test]
fn a_setting_given_twice_is_told_and_the_later_value_used() {
    let (s, problems) = Settings::parse("mirror = true\nlanguage = \"sv\"\n\nmirror = false\n");
    assert!(!s.mirror, "the later value is used");
    assert_eq!(s.language, brade::words::Lang::Sv);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let said = problems[0].to_string();
    assert!(
        said.contains("line 4") && said.contains("mirror") && said.contains("first on line 1"),
        "{said}"
    );
    assert!(
        problems[0]
            .fault
            .words(brade::words::Lang::Sv)
            .contains("satt två gånger")
    );
}

#[test]
fn b3_switch_sides_mirrors_the_board_in_every_second_game_of_a_match() {
    let settings = Settings {
        switch_sides: true,
        ..Settings::default()
    };
    let mut app = App::playing(
        Lang::En,
        Box::new(ScriptedDice::new(&[6, 5, 4, 2])),
        Match::<brade::game::Brade>::from_position("Anna", "Bo", 3, common::pos("1x15/1x15/w")),
    );
    app.apply_settings(settings);
    assert!(!app.mirrored(), "game 1 as the mirror setting says");
    let top = screen_text(&app, 80, 24)[2].clone();
    assert!(top.contains("12 11 10  9  8  7     6  5  4  3  2  1"), "{top}");
    // The same match in its second game.
    let mut g = app.game::<brade::game::Brade>().unwrap().clone();
    g.score.push(brade::brade::GameRecord {
        winner: Color::White,
        result: brade::brade::GameResult::from_notation("hemspel").unwrap(),
    });
    let mut second = App::playing(Lang::En, Box::new(ScriptedDice::new(&[6, 5])), g);
    second.apply_settings(settings);
    assert_eq!(second.game::<brade::game::Brade>().unwrap().game_number(), 2);
    assert!(second.mirrored(), "game 2 mirrored");
    let top = screen_text(&second, 80, 24)[2].clone();
    assert!(top.contains("1  2  3  4  5  6     7  8  9 10 11 12"), "{top}");
    // With the mirror setting on as well, game 2 is the unmirrored one.
    second.apply_settings(Settings {
        mirror: true,
        ..settings
    });
    assert!(!second.mirrored());
}

/// How many turns the computer plays against itself in `beats` steps of a front end whose
/// pace is a minute, with animation on or off.
fn turns_in_a_moment(animation: bool, beats: usize) -> usize {
    use brade::front::{Front, Options};
    let game = brade::session::Match::<brade::game::Brade>::new("A", "B", 1);
    let mut app = App::playing(Lang::En, Box::new(brade::session::SeededDice::from_seed(4)), game)
        .with_computer([Some(brade::ai::Level::Easy), Some(brade::ai::Level::Easy)]);
    app.apply_settings(Settings {
        animation,
        ..Settings::default()
    });
    let options = Options {
        pace: std::time::Duration::from_secs(60),
        ..Options::default()
    };
    let mut front = Front::new(
        app,
        options,
        ratatui::layout::Rect::new(0, 0, 80, 24),
        std::sync::Arc::new(|| {}),
    );
    for _ in 0..beats {
        front.step();
        // The computer's choice comes back from its thread.
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    front
        .app()
        .table_of::<brade::game::Brade>()
        .map_or(0, |t| t.game().turns_played())
}

#[test]
fn with_animation_off_the_computer_plays_without_waiting_for_its_pace() {
    assert!(turns_in_a_moment(false, 400) >= 3, "no delays");
    assert_eq!(
        turns_in_a_moment(true, 400),
        0,
        "a minute between visible actions"
    );
}

#[test]
fn settings_that_cannot_be_saved_are_said_on_the_settings_screen() {
    use brade::front::{Event, Front, Options};
    // A settings file under a regular file: it cannot be written.
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("x");
    std::fs::write(&blocker, "not a directory").unwrap();
    let config = blocker.join("config.toml");
    let app = common::launched(Lang::En, Launch::default());
    let options = Options {
        config: Some(config),
        ..Options::default()
    };
    let mut front = Front::new(app, options, Rect::new(0, 0, 80, 24), std::sync::Arc::new(|| {}));
    // The Settings screen, the third setting (switching sides) changed.
    for key in [Key::Char('s'), Key::Down, Key::Down, Key::Enter] {
        front.handle(Event::Key(key));
    }
    assert!(matches!(front.app().screen(), Screen::Settings { .. }));
    assert!(front.app().settings().switch_sides, "changed");
    front.step();
    let text = screen_text(front.app(), 80, 24);
    let last = text.last().unwrap();
    assert!(last.contains("the settings could not be saved"), "{text:#?}");
    assert!(last.contains("config.toml"), "the file named: {last}");
    // Once it can be written, the next change is saved and the sentence goes.
    std::fs::remove_file(&blocker).unwrap();
    std::fs::create_dir(&blocker).unwrap();
    front.handle(Event::Key(Key::Enter));
    front.step();
    assert!(blocker.join("config.toml").exists());
    let text = screen_text(front.app(), 80, 24);
    assert!(!text.concat().contains("could not be saved"), "{text:#?}");
}
