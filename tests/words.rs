//! The words module: the help's scoring table against R19 as the rules text types it, the
//! settings in the help, and the language and level names read back.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::Level;
use brade::game::Brade;
use brade::settings::Setting;
use brade::words::{Lang, help};

#[test]
fn r19_the_help_scores_every_result_with_its_points_in_the_order_of_its_rank() {
    // The table as RULES.md R19 and the Vasamuseet sheet give it, typed here by hand: a
    // row per box of the club's table, the highest first.
    let en = help::text(Lang::En, "");
    let rows = [
        " Sprängjan                                   6\n",
        " Jan                                         4\n",
        " Kronspel, trappspel or uppspel med munk     3\n",
        " Kronspel, trappspel or uppspel              2\n",
        " Hemspel med munk                            2\n",
        " Hemspel                                     1\n",
    ];
    let at: Vec<usize> = rows
        .iter()
        .map(|row| {
            en.find(row)
                .unwrap_or_else(|| panic!("missing {row:?} in:\n{en}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "in the order of R19: {at:?}");
    let sv = help::text(Lang::Sv, "");
    assert!(
        sv.contains(" Kronspel, trappspel eller uppspel med munk  3\n"),
        "{sv}"
    );
    assert!(
        sv.contains(" Hemspel med munk                            2\n"),
        "{sv}"
    );
}

#[test]
fn the_help_lists_every_setting_before_the_keys() {
    let rows = "ROWS OF THE SETTINGS TABLE\n";
    for lang in Lang::ALL {
        let text = help::text(lang, rows);
        let at_rows = text.find(rows).expect("the settings rows are in the help");
        let keys = ["# Keys", "# Tangenter"]
            .iter()
            .find_map(|h| text.find(h))
            .expect("a keys section");
        assert!(at_rows < keys, "the settings come before the keys");
    }
    // Every key of the table has a label in both languages, and the keys are distinct.
    let mut keys: Vec<&str> = Setting::ALL.iter().map(|s| s.key()).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), Setting::ALL.len());
    for s in Setting::ALL {
        assert!(!s.label().en.is_empty() && !s.label().sv.is_empty(), "{s:?}");
        assert_eq!(Setting::of_key(s.key()), Some(s));
    }
}

#[test]
fn language_and_level_names_read_back_and_unknown_ones_are_refused() {
    assert_eq!("sv".parse::<Lang>(), Ok(Lang::Sv));
    assert_eq!(" EN ".parse::<Lang>(), Ok(Lang::En));
    let err = "de".parse::<Lang>().unwrap_err();
    assert!(err.to_string().contains("\"de\""), "{err}");
    for level in Level::ALL {
        assert_eq!(level.label().parse::<Level>(), Ok(level));
    }
    assert!("grandmaster".parse::<Level>().is_err());
}

/// Words of one language that must not appear in the other's UI (whole words; the game's
/// own Swedish terms are allowed in English, the notation `bar`/`off`, the keys of
/// config.toml and the commands in both; "match" is a word of both).
const ENGLISH: &[&str] = &[
    "the", "and", "White", "Black", "roll", "rolls", "move", "moves", "point", "points", "checker",
    "checkers", "game", "games", "quit", "turn", "forfeits", "confirm", "confirms", "undo", "help",
    "Computer", "easy", "medium", "hard", "play", "plays", "to", "of", "or", "is", "not", "cannot", "with",
    "pips", "borne", "Dice", "Last", "Replay", "Settings", "Records", "Rules", "on", "yes", "no", "choose",
    "back", "change", "Start",
];
const SWEDISH: &[&str] = &[
    "och",
    "inte",
    "är",
    "för",
    "att",
    "den",
    "det",
    "tärning",
    "tärningar",
    "tärningarna",
    "bricka",
    "brickor",
    "brickan",
    "slå",
    "slår",
    "spelare",
    "parti",
    "partier",
    "Vit",
    "Svart",
    "Datorn",
    "avsluta",
    "hjälp",
    "flytta",
    "ångra",
    "bekräftar",
    "tur",
    "väntade",
    "förväntade",
    "ögon",
    "Inställningar",
    "Regler",
    "Fortsätt",
    "matchen",
    "välj",
    "tillbaka",
];

/// The words of `text` (letters only), skipping notation, config keys and values (a rule
/// set's switches: `pretty=whole-roll`) and commands.
fn words_of(text: &str) -> Vec<String> {
    let text = text.replace("brade play --resume", "");
    let code = |c: char| matches!(c, '/' | '_' | '-' | '=');
    text.split(|c: char| !c.is_alphabetic() && !code(c))
        .filter(|w| !w.is_empty() && !w.contains(code))
        .map(str::to_string)
        .collect()
}

fn leaks<'a>(text: &str, banned: &[&'a str]) -> Vec<&'a str> {
    let words = words_of(text);
    let mut found: Vec<&str> = banned
        .iter()
        .copied()
        .filter(|b| words.iter().any(|w| w == b))
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// Every screen and overlay of a match played through, in `lang`, drawn at 80×24 and
/// 120×40, and every note and refusal the game can show.
fn everything_said(lang: Lang) -> Vec<(String, String)> {
    use brade::app::{App, Done, Key};
    use brade::brade::{Refusal, StepRefusal};
    use brade::rules::Color;
    use brade::session::ScriptedDice;
    use brade::words::{Note, notes, rules};
    let mut said: Vec<(String, String)> = Vec::new();
    let mut shot = |name: &str, app: &App| {
        for (w, h) in [(80, 24), (120, 40)] {
            said.push((
                format!("{name} {w}×{h}"),
                common::screen(&common::draw(app, w, h)),
            ));
        }
    };
    let mut app = App::new(lang, Box::new(ScriptedDice::new(&[1])));
    shot("start", &app);
    common::press(&mut app, &[Key::Char('n')]);
    shot("setup", &app);
    // The rules field on the older hobby page's set, with what it changes.
    common::press(&mut app, &[Key::Down, Key::Down, Key::Down, Key::Down, Key::Left]);
    shot("setup rules", &app);
    let mut settings = App::new(lang, Box::new(ScriptedDice::new(&[1])));
    common::press(&mut settings, &[Key::Char('s')]);
    shot("settings", &settings);
    settings.apply_settings(brade::settings::Settings {
        rules: brade::brade::RuleSet::HOBBY_PAGE,
        ..*settings.settings()
    });
    shot("settings rules", &settings);
    // A whole one-game match by the hobby page's rules (named in the header), every
    // phase drawn.
    let game = brade::session::Match::<brade::game::Brade>::new("Anna", "Bo", 1)
        .by_rules(brade::brade::RuleSet::HOBBY_PAGE);
    let mut app = App::playing(lang, Box::new(ScriptedDice::new(&[3, 5])), game);
    app.seed_dice(21, 0);
    let mut steps = 0;
    loop {
        let phase = format!("{:?}", common::game(&app).phase)
            .chars()
            .take(12)
            .collect::<String>();
        shot(&format!("match {steps} {phase}"), &app);
        if !common::advance(&mut app) || steps > 400 {
            break;
        }
        steps += 1;
    }
    shot("match over", &app);
    let saved = app.snapshot().expect("a match");
    let mut replay = common::replaying(lang, brade::app::Replay::of(&saved, true).expect("replays"));
    shot("replay", &replay);
    // The replay analysed (on its worst error), its gauge, and the statistics.
    let game = brade::store::restore::<brade::game::Brade>(&saved)
        .expect("restores")
        .game;
    let analysis = brade::ai::analysis::analyze(&game, |_, _| {}).expect("the network");
    let job = common::analysis_job(&mut replay).expect("asked for");
    job.progress.set(2, 5);
    shot("replay gauge", &replay);
    replay.job_done(Done::analysis(*job, Some(analysis.clone()), None));
    common::press(&mut replay, &[Key::Char('w')]);
    shot("replay analysed", &replay);
    // The worst error rolled out (`v`): its gauge, then its verdict.
    common::press(&mut replay, &[Key::Char('v')]);
    shot("replay rolling out", &replay);
    for job in replay.jobs(None) {
        if let brade::app::Job::Verify(mut job) = job {
            job.run.games = 36;
            replay.job_done(brade::app::Job::Verify(job).run());
        }
    }
    shot("replay verdict", &replay);
    let entry = |name: &str, analysis: Option<&brade::ai::analysis::Analysis>| brade::app::RecordEntry {
        path: name.into(),
        summary: Ok(brade::store::RecordSummary::of(&game, 1, analysis)),
    };
    let mut statistics = App::new(lang, Box::new(ScriptedDice::new(&[1])));
    common::records_listing(&mut statistics)
        .expect("listed")
        .set(1, 3);
    common::open(&mut statistics, brade::app::MenuItem::Statistics);
    shot("statistics reading", &statistics);
    statistics.job_done(Done::Records(vec![
        entry("a.toml", Some(&analysis)),
        entry("b.toml", None),
    ]));
    shot("statistics", &statistics);
    common::press(&mut statistics, &[Key::Char('a')]);
    common::records_analysis(&mut statistics)
        .expect("asked")
        .1
        .set(1, 3);
    shot("statistics analysing", &statistics);
    statistics.job_done(Done::RecordsAnalysed);
    common::records_listing(&mut statistics).expect("listed again");
    statistics.job_done(Done::Records(vec![entry("a.toml", None)]));
    shot("statistics unanalysed", &statistics);
    // The quit question, and a play being typed.
    let mut o = common::at("1x15/1x15/w", &[5, 3], lang, 3);
    common::press(&mut o, &[Key::Char('q')]);
    shot(&format!("{:?}", o.overlay()), &o);
    let mut o = common::at("1x15/1x15/w", &[5, 3], lang, 3);
    common::press(&mut o, &[Key::Char(' ')]);
    common::type_keys(&mut o, ":1/");
    shot(&format!("{:?}", o.overlay()), &o);
    // Giving the game up: the dialog, the answer, the game over.
    let mut o = common::at("1x15/1x15/w", &[5, 3], lang, 3);
    for (what, key) in [("resign", 'g'), ("resign answer", '\n'), ("resigned", 'y')] {
        let key = if key == '\n' { Key::Enter } else { Key::Char(key) };
        common::press(&mut o, &[key]);
        shot(what, &o);
    }
    for scroll in (0..330).step_by(15) {
        let mut o = common::at("1x15/1x15/w", &[5, 3], lang, 3);
        common::help_at(&mut o, scroll);
        shot(&format!("help {scroll}"), &o);
    }
    // Every note, and every refusal.
    let names = ["Anna".to_string(), "Bo".to_string()];
    let refusals = [
        Refusal::NoDie(4),
        Refusal::NoDieReaches { from: 0, to: 9 },
        Refusal::OntoBar,
        Refusal::DieTooSmall { from: 20, need: 5 },
        Refusal::TurnComplete,
        Refusal::GameOver,
        Refusal::MoreDice(2),
        Refusal::HigherDie(6),
        Refusal::LessReduction,
        Refusal::NotFinished,
        Refusal::Step(StepRefusal::NoChecker(5)),
        Refusal::Step(StepRefusal::NothingOnBar),
        Refusal::Step(StepRefusal::BarFirst),
        Refusal::Step(StepRefusal::NotAllHome),
        Refusal::Step(StepRefusal::NotRearmost(20)),
        Refusal::Step(StepRefusal::BandInFirstHalf(5)),
        Refusal::Step(StepRefusal::EntryOnOwn(1)),
        Refusal::Step(StepRefusal::ProtectedBand(7)),
        Refusal::Step(StepRefusal::NoOverflow {
            point: 5,
            on_bar: 2,
            available: 2,
        }),
        Refusal::Step(StepRefusal::LastCheckerCannotBurst(3)),
        Refusal::Step(StepRefusal::PointsAvailable {
            point: 4,
            available: 1,
        }),
        Refusal::Step(StepRefusal::HigherOnlyRearmost(22)),
        Refusal::Step(StepRefusal::BandRun(19)),
    ];
    for r in &refusals {
        said.push((format!("{r:?}"), rules::refusal(lang, r)));
    }
    for typed in ["", "1-7", "1/x", "x/3", "9/4", "1/2 2/3 3/4 4/5 5/6"] {
        if let Err(e) = brade::brade::parse_notation(typed) {
            said.push((format!("notation {typed:?}"), rules::notation_error(lang, &e)));
        }
    }
    let all_notes: [Note<Brade>; _] = [
        Note::NothingToMove,
        Note::PickDestination {
            from: 1,
            to: vec![4, 7],
        },
        Note::TekaEqual(3),
        Note::TekaStarts {
            starter: Color::Black,
            white: 5,
            black: 2,
        },
        Note::CannotMove {
            who: Color::White,
            dice: vec![
                (6, Some(StepRefusal::EntryOnOwn(6))),
                (
                    5,
                    Some(StepRefusal::NoOverflow {
                        point: 5,
                        on_bar: 2,
                        available: 2,
                    }),
                ),
            ],
        },
        Note::CannotMove {
            who: Color::Black,
            dice: vec![(4, None)],
        },
        Note::Forfeits {
            who: Color::White,
            dice: vec![3, 3, 3],
            why: vec![(3, None)],
        },
        Note::Forfeits {
            who: Color::Black,
            dice: vec![5],
            why: vec![(5, Some(StepRefusal::EntryOnOwn(5)))],
        },
        Note::Complete,
        Note::Tutor {
            who: Color::White,
            loss_milli: 420,
            match_basis_points: Some(123),
            best: {
                let mut turn = brade::brade::Turn::new(common::pos("1x15/1x15/w"), common::roll("53"));
                turn.step(1, 5).expect("1/6");
                brade::brade::Play::of(turn.taken())
            },
        },
        Note::Wins(brade::brade::GameResult::new(
            brade::brade::WinKind::Sprangjan,
            false,
        )),
        Note::Plays {
            who: Color::Black,
            play: {
                let mut turn = brade::brade::Turn::new(common::pos("1x15/1x15/b"), common::roll("31"));
                turn.step(1, 3).expect("1/4");
                brade::brade::Play::of(turn.taken())
            },
            forfeits: vec![1],
        },
        Note::LoserStarts(Color::Black),
        Note::UnknownKey,
        Note::Hints {
            who: Color::White,
            plays: vec!["1/6 1/4 (+0.10)".into()],
            for_match: false,
        },
        Note::Hints {
            who: Color::Black,
            plays: vec!["1/6 1/4 (52.3 %)".into()],
            for_match: true,
        },
        Note::Thinking,
        Note::SavedMatchKept,
        Note::ResignAccepted(Color::White),
        Note::ResignDeclined {
            by: Color::Black,
            level: brade::game::Resign::Single,
        },
        Note::NoResign(brade::words::resign::ResignRefusal::NotYourTurn),
        Note::NoResign(brade::words::resign::ResignRefusal::Doubled),
        Note::NoResign(brade::words::resign::ResignRefusal::NoGame),
        Note::NoResign(brade::words::resign::ResignRefusal::OldSave),
    ];
    for n in &all_notes {
        said.push((format!("{n:?}"), notes::note(lang, n, &names)));
    }
    // A window below 80×24.
    let small = App::new(lang, Box::new(ScriptedDice::new(&[1])));
    said.push(("too small".into(), common::screen(&common::draw(&small, 60, 20))));
    // The notice about a settings file with bad lines.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("config.toml");
    std::fs::write(
        &path,
        "mirror = 3\nlanguage = \"fi\"\ncolour = 2\nthis is not toml\n",
    )
    .expect("written");
    let (_, problems) = brade::settings::load(&path);
    assert_eq!(problems.len(), 4);
    let worded: Vec<String> = problems.iter().map(|p| p.words(lang)).collect();
    let notice = notes::settings_problems(lang, &notes::problem_summary(&worded, lang));
    said.push(("settings problems".into(), notice));
    // The notice about a damaged save, set aside.
    let store = brade::store::Store::at(dir.path().join("data"));
    std::fs::create_dir_all(dir.path().join("data")).expect("a data directory");
    let saved = common::at("1x15/1x15/w", &[5, 3], lang, 3)
        .snapshot()
        .expect("a match");
    let mut text = brade::store::to_text(&saved).expect("a save's text");
    text.push_str("\n# edited\n");
    std::fs::create_dir_all(store.in_progress_dir()).expect("a folder");
    std::fs::write(store.in_progress_dir().join("1-Anna-Bo.toml"), text).expect("written");
    match store.in_progress().bad.pop() {
        Some(brade::store::BadFile {
            path,
            kept,
            problem,
            not_renamed,
        }) => said.push((
            "bad save".into(),
            notes::bad_save(
                lang,
                &notes::BadSaveFigures {
                    path: &path,
                    kept: &kept,
                    problem: &problem.words(lang),
                    not_renamed: not_renamed.as_deref(),
                },
            ),
        )),
        other => panic!("expected a bad save, got {other:?}"),
    }
    said
}

#[test]
fn the_swedish_ui_says_nothing_in_english_and_the_english_nothing_in_swedish() {
    for (lang, banned) in [(Lang::Sv, ENGLISH), (Lang::En, SWEDISH)] {
        let mut bad = Vec::new();
        for (what, text) in everything_said(lang) {
            let found = leaks(&text, banned);
            if !found.is_empty() {
                bad.push(format!("{lang:?} {what}: {found:?}\n{text}"));
            }
        }
        assert!(
            bad.is_empty(),
            "{} places leak the other language:\n{}",
            bad.len(),
            bad.join("\n\n")
        );
    }
}

#[test]
fn no_line_of_a_dialog_is_cut_at_80x24_in_either_language() {
    use brade::app::{App, Done, Key, MenuItem};
    use brade::session::ScriptedDice;
    use brade::words::screens;
    for lang in Lang::ALL {
        let fresh = || App::new(lang, Box::new(ScriptedDice::new(&[1])));
        let mut setup = fresh();
        common::press(&mut setup, &[Key::Char('n')]);
        let mut settings = fresh();
        common::press(&mut settings, &[Key::Char('s')]);
        // The records' screen with none listed yet.
        let mut records = fresh();
        common::records_listing(&mut records).expect("listed");
        common::open(&mut records, MenuItem::Records);
        records.job_done(Done::Records(Vec::new()));
        let mut quit = common::at("1x15/1x15/w", &[5, 3], lang, 3);
        common::press(&mut quit, &[Key::Char('q')]);
        let mut resign = common::at("1x15/1x15/w", &[5, 3], lang, 3);
        common::press(&mut resign, &[Key::Char('g')]);
        let mut answer = common::at("1x15/1x15/w", &[5, 3], lang, 3);
        common::press(&mut answer, &[Key::Char('g'), Key::Enter]);
        use brade::words::resign as r;
        let cases = [
            (fresh(), vec![screens::START_KEYS, screens::TAGLINE]),
            (
                setup,
                vec![screens::SETUP_KEYS, screens::START_MATCH, screens::NOBODY],
            ),
            (settings, vec![screens::SETTINGS_KEYS, screens::THEME_DEFAULT]),
            (records, vec![screens::RECORDS_KEYS]),
            (
                quit,
                vec![
                    brade::words::saving::LEAVE_KEYS,
                    brade::words::saving::LEAVE_MATCH,
                ],
            ),
            (resign, vec![r::OFFER_KEYS, r::TITLE]),
            (answer, vec![r::ACCEPT, r::DECLINE, r::ANSWER_KEYS]),
        ];
        for (app, phrases) in cases {
            let text = common::screen(&common::draw(&app, 80, 24));
            for phrase in phrases {
                let words = lang.say(phrase);
                assert!(
                    text.contains(words),
                    "{lang:?}: {words:?} is cut or missing in\n{text}"
                );
            }
        }
    }
}

#[test]
fn the_help_drawings_fit_an_80_column_window_unbroken() {
    for lang in Lang::ALL {
        // The drawings' rows: indented lines with checkers on them that do not belong to
        // a list item (" - " and the lines indented under it, which are wrapped text).
        let mut in_item = false;
        let mut rows: Vec<String> = Vec::new();
        for l in help::text(lang, "").lines() {
            in_item = l.starts_with(" - ") || (in_item && l.starts_with("   "));
            if !in_item && l.starts_with(' ') && (l.contains('○') || l.contains('●')) {
                rows.push(l.trim_end().to_string());
            }
        }
        assert!(rows.len() >= 6, "the drawings are in the help");
        let mut shown = String::new();
        for scroll in (0..400).step_by(10) {
            let mut app = common::at("1x15/1x15/w", &[5, 3], lang, 3);
            common::help_at(&mut app, scroll);
            shown.push_str(&common::screen(&common::draw(&app, 80, 24)));
        }
        for row in rows {
            assert!(
                shown.contains(&row),
                "{lang:?}: the row {row:?} is broken at 80 columns"
            );
        }
    }
}

#[test]
fn swedish_numbers_are_written_with_a_decimal_comma_and_english_with_a_point() {
    use brade::words::figures::Loss;
    use brade::words::screens::{error_rate, replay_decision};
    let loss = |points, match_chance| Loss { points, match_chance };
    assert_eq!(
        replay_decision(Lang::Sv, "?!", loss(0.087, None), "1/5 5/9"),
        "?! förlorar 0,087 — bättre: 1/5 5/9"
    );
    assert_eq!(
        replay_decision(Lang::En, "?!", loss(0.087, None), "1/5 5/9"),
        "?! loses 0.087 — better: 1/5 5/9"
    );
    assert_eq!(
        replay_decision(Lang::Sv, "?", loss(0.1, Some(0.0068)), "1/5 5/9"),
        "? förlorar 0,68 % av matchen — bättre: 1/5 5/9"
    );
    assert_eq!(
        error_rate(Lang::Sv, 12.34, 40, Some("medelgod")).trim(),
        "förlust 12,3 ‰ poäng per beslut (medelgod), 40 beslut"
    );
    assert_eq!(
        error_rate(Lang::En, 12.34, 40, None).trim(),
        "error rate 12.3 ‰ of a point a decision, 40 decisions"
    );
}

#[test]
fn every_keys_line_fits_an_80_column_window_in_both_languages() {
    use brade::words::screens::*;
    for keys in [
        START_KEYS,
        SETUP_KEYS,
        SETTINGS_KEYS,
        RECORDS_KEYS,
        STATISTICS_KEYS,
        MOVING_KEYS,
        PASS_KEYS,
        HELP_QUIT_KEYS,
        MATCH_OVER_KEYS,
        brade::words::saving::LEAVE_KEYS,
        brade::words::saving::LEAVE_KEYS_UNSAVED,
        brade::words::saving::QUIT_KEYS_UNSAVED,
        brade::words::saving::IN_PROGRESS_KEYS,
        brade::words::resign::KEY,
        brade::words::resign::CHOOSE_KEYS,
        brade::words::resign::OFFER_KEYS,
        brade::words::resign::ANSWER_KEYS,
    ] {
        for lang in [Lang::En, Lang::Sv] {
            let line = lang.say(keys);
            assert!(
                line.chars().count() <= 80,
                "{} columns: {line}",
                line.chars().count()
            );
        }
    }
    // The replay's, with every key it may offer.
    for lang in [Lang::En, Lang::Sv] {
        let line = brade::words::replay::keys(lang, true, true);
        assert!(line.chars().count() <= 80, "{line}");
    }
}

#[test]
fn the_worst_plays_are_counted_with_the_ordinals_of_each_language() {
    use brade::words::screens::worst_rank;
    let en: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23]
        .iter()
        .map(|&r| worst_rank(Lang::En, "Anna", r, 30))
        .collect();
    assert_eq!(
        en,
        [
            "Anna: the worst play of 30",
            "Anna: the 2nd worst play of 30",
            "Anna: the 3rd worst play of 30",
            "Anna: the 4th worst play of 30",
            "Anna: the 11th worst play of 30",
            "Anna: the 12th worst play of 30",
            "Anna: the 13th worst play of 30",
            "Anna: the 21st worst play of 30",
            "Anna: the 22nd worst play of 30",
            "Anna: the 23rd worst play of 30",
        ]
    );
    let sv: Vec<String> = [1, 2, 3, 11, 12, 21, 22]
        .iter()
        .map(|&r| worst_rank(Lang::Sv, "Anna", r, 30))
        .collect();
    assert_eq!(
        sv,
        [
            "Anna: det sämsta draget av 30",
            "Anna: det 2:a sämsta draget av 30",
            "Anna: det 3:e sämsta draget av 30",
            "Anna: det 11:e sämsta draget av 30",
            "Anna: det 12:e sämsta draget av 30",
            "Anna: det 21:a sämsta draget av 30",
            "Anna: det 22:a sämsta draget av 30",
        ]
    );
}

/// What every command of the command line prints for people, in `lang`, for a data
/// directory with one finished match (and its analysis).
fn everything_the_command_line_says(lang: Lang, dir: &std::path::Path) -> Vec<(String, String)> {
    let data = dir.join("data");
    let data = data.to_str().unwrap();
    let record = std::fs::read_dir(dir.join("data/records"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "toml"))
        .expect("a record");
    let record = record.to_str().unwrap().to_string();
    let net = dir.join("trained.net");
    let net = net.to_str().unwrap().to_string();
    let code = lang.code();
    let config = dir.join("config.toml");
    let config = config.to_str().unwrap().to_string();
    let runs: Vec<Vec<&str>> = vec![
        vec!["records"],
        vec!["stats"],
        vec!["stats", "--analyze"],
        vec!["export", &record],
        vec!["analyze", &record],
        vec!["rollout", "1x15/1x15/w", "--games", "36", "--level", "random"],
        vec![
            "rollout",
            "1x15/1x15/w",
            "53",
            "--games",
            "36",
            "--level",
            "random",
            "--luck",
            "on",
        ],
        vec!["arena", "random", "heuristic", "--games", "20"],
        vec![
            "arena",
            "random",
            "heuristic",
            "--games",
            "20",
            "--rules",
            "hobby-page",
            "--a-default-rules",
        ],
        vec!["arena", "random", "random", "--match", "3", "--matches", "4"],
        vec![
            "rollout",
            "20,22x3,24x2/13x15/w",
            "--games",
            "36",
            "--level",
            "random",
            "--rules",
            "wikipedia-a",
        ],
        vec![
            "train",
            "--force",
            "--games",
            "20",
            "--hidden",
            "16",
            "--out",
            &net,
            "--report-every",
            "10",
            "--check-every",
            "10",
            "--check-games",
            "4",
        ],
        vec!["perft", "1x15/1x15/w", "1", "--time"],
    ];
    let mut said = Vec::new();
    for args in runs {
        let mut all = vec![
            "--lang",
            code,
            "--data-dir",
            data,
            "--config",
            &config,
            "--seed",
            "3",
        ];
        all.extend(args.iter().copied());
        let out = common::brade(&all, None);
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!stdout.trim().is_empty(), "{args:?} printed nothing");
        said.push((format!("{args:?}"), stdout.replace(&record, "").replace(data, "")));
    }
    said
}

#[test]
fn every_command_speaks_the_language_of_the_run_and_only_that() {
    use brade::session::ScriptedDice;
    let dir = tempfile::tempdir().unwrap();
    // A finished one-game match, played by keys with seeded dice, in the records.
    let mut app = common::with_match(
        Lang::Sv,
        Box::new(ScriptedDice::new(&[1])),
        "Anna",
        "Datorn (svår)",
        1,
    );
    app.seed_dice(12, 0);
    while common::advance(&mut app) {}
    let store = brade::store::Store::at(dir.path().join("data"));
    store.archive(&app.snapshot().unwrap()).unwrap();
    for (lang, banned) in [(Lang::Sv, ENGLISH), (Lang::En, SWEDISH)] {
        let mut bad = Vec::new();
        for (what, text) in everything_the_command_line_says(lang, dir.path()) {
            let found = leaks(&text, banned);
            if !found.is_empty() {
                bad.push(format!("{lang:?} {what}: {found:?}\n{text}"));
            }
        }
        assert!(
            bad.is_empty(),
            "{} commands leak the other language:\n{}",
            bad.len(),
            bad.join("\n\n")
        );
    }
}

#[test]
fn a_players_other_session_on_a_server_is_named_as_such_not_as_another_brade() {
    // On a server every session is one process: a player logged in twice meets his own
    // lock, which "another brade (process N)" would misname.
    let dir = std::path::Path::new("/srv/club/players/anna");
    let own = brade::words::save::held_by_own_session(Lang::En, dir);
    assert!(own.starts_with("your other session on this server"), "{own}");
    let sv = brade::words::save::held_by_own_session(Lang::Sv, dir);
    assert!(sv.starts_with("din andra session"), "{sv}");
    let other = brade::words::save::held(Lang::En, dir, Some(7));
    assert!(other.starts_with("another brade (process 7)"), "{other}");
}
