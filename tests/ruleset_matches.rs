//! Matches by the other rule sets, end to end: the computer plays every set legally (by
//! the independent reference), a save keeps its set and is refused when its set is
//! changed, the replay, the analysis and the records use the record's set, and every
//! command takes `--rules`.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;
mod reference;

use brade::ai::Level;
use brade::app::App;
use brade::brade::{BandRun, BearOff, EntryBurst, Position, PrettyRule, RuleSet};
use brade::game::Brade;
use brade::session::{Match, ScriptedDice};
use brade::store::{self, SaveError};
use brade::words::Lang;

/// The reference's variants for a set (the reference knows nothing of the crate's types).
fn variants(rules: RuleSet) -> reference::Variants {
    reference::Variants {
        entry_none: rules.entry_burst == EntryBurst::None,
        free_bear_off: rules.bear_off == BearOff::Free,
        five_bands: rules.band_run == BandRun::Five,
        whole_roll: rules.pretty == PrettyRule::WholeRoll,
    }
}

/// A match of `games` games by `rules`, the computer (medium) on both sides, its dice
/// from `seed`.
fn computer_match(rules: RuleSet, games: u32, seed: u64) -> App {
    let game = Match::<brade::game::Brade>::new("Anna", "Bo", games).by_rules(rules);
    let mut app = App::playing(Lang::En, Box::new(ScriptedDice::new(&[1])), game)
        .with_computer([Some(Level::Medium); 2]);
    app.begin_match(seed);
    app
}

/// Lets the computer play the match out as the terminal loop would, checking the plays it
/// chooses from — and so the one it chooses — against the reference's legal plays by the
/// match's rules; returns the number of turns checked and a save made halfway.
fn play_out_checked(app: &mut App) -> (usize, Option<store::SavedMatch>) {
    let rules = common::game(app).rules;
    let (mut checked, mut halfway) = (0, None);
    for _ in 0..20_000 {
        let turn = common::computer_turn(app);
        let chose = turn.is_some();
        if let Some(turn) = turn {
            let play = turn.choose(3);
            let chosen = turn.plays.iter().find(|p| p.play == play).unwrap();
            let after = Position::new(chosen.board.switched(), turn.position.turn().other());
            let outcome = chosen.result.map_or("-".to_string(), |r| r.notation());
            let start = reference::parse(&turn.position.code()).unwrap();
            let legal = reference::legal_plays_by(&start, turn.roll.dice(), variants(rules));
            let offered: std::collections::BTreeSet<(String, String)> = turn
                .plays
                .iter()
                .map(|p| {
                    let after = Position::new(p.board.switched(), turn.position.turn().other());
                    (after.code(), p.result.map_or("-".to_string(), |r| r.notation()))
                })
                .collect();
            assert_eq!(offered, legal, "{rules}: {} {}", turn.position.code(), turn.roll);
            assert!(
                legal.contains(&(after.code(), outcome.clone())),
                "{rules}: {} {} {play} → {} {outcome} is not legal by the reference",
                turn.position.code(),
                turn.roll,
                after.code()
            );
            checked += 1;
            if checked == 30 {
                halfway = app.snapshot();
            }
            app.job_done(brade::app::Done::Computer(play.steps().to_vec()));
        }
        // (Nothing to do: no beat, and no choice was asked for before it.)
        if !app.tick() && !chose {
            break;
        }
    }
    (checked, halfway)
}

/// A save read back from its text, as a later session reads it.
fn reread(saved: &store::SavedMatch) -> Result<store::Restored<Brade>, SaveError> {
    store::restore::<brade::game::Brade>(&store::parse(&store::to_text(saved).unwrap())?)
}

#[test]
fn every_named_set_the_computer_plays_a_match_legally_and_it_resumes_and_replays_by_its_set() {
    for (i, named) in RuleSet::NAMED.into_iter().enumerate() {
        let mut app = computer_match(named.rules, 3, 40 + i as u64);
        let (checked, halfway) = play_out_checked(&mut app);
        assert!(checked > 60, "{}: only {checked} plays", named.name);
        assert!(
            common::game(&app).score.is_over(),
            "{}: the match ends",
            named.name
        );
        // Halfway: the save names the set (format 4) unless it is the default, and the
        // match comes back by it, its dice going on from where they were.
        let halfway = halfway.unwrap();
        assert_eq!(
            halfway.rules.is_some(),
            !named.rules.is_default(),
            "{}",
            named.name
        );
        assert_eq!(halfway.format, if named.rules.is_default() { 3 } else { 4 });
        let back = reread(&halfway).unwrap();
        assert_eq!(back.game.rules, named.rules, "{}", named.name);
        // The finished match: its record replays and is analysed by its set.
        let saved = app.snapshot().unwrap();
        let replay = brade::app::Replay::<brade::game::Brade>::of(&saved, true).unwrap();
        assert_eq!(replay.game.rules, named.rules);
        let game = reread(&saved).unwrap().game;
        let analysis = brade::ai::analysis::analyze(&game, |_, _| {}).expect("the shipped network");
        let made: std::collections::BTreeSet<(usize, usize, String)> = game
            .log
            .iter()
            .enumerate()
            .flat_map(|(g, log)| {
                log.turns
                    .iter()
                    .enumerate()
                    .map(move |(t, (_, play))| (g + 1, t + 1, play.to_string()))
            })
            .collect();
        assert!(!analysis.decisions.is_empty());
        for d in &analysis.decisions {
            assert!(
                made.contains(&(d.game, d.turn, d.played.to_string())),
                "{}: {d:?}",
                named.name
            );
        }
    }
}

#[test]
fn a_save_whose_rules_were_changed_or_are_unknown_is_refused_and_says_why() {
    let mut app = computer_match(RuleSet::HOBBY_PAGE, 1, 5);
    let (_, halfway) = play_out_checked(&mut app);
    let saved = halfway.unwrap();
    assert_eq!(saved.rules.as_deref(), Some("hobby-page"));
    // The set taken out, or another put in: the dice no longer come from the seed bound
    // to the match (or a play is no longer legal), and the save is refused.
    for other in [None, Some("vasamuseet"), Some("wikipedia-a")] {
        let mut edited = saved.clone();
        edited.rules = other.map(str::to_string);
        assert!(reread(&edited).is_err(), "{other:?}");
    }
    // A set before format 4, or one that does not read.
    let mut old = saved.clone();
    old.format = 3;
    let e = reread(&old).unwrap_err();
    assert!(matches!(e, SaveError::RulesBeforeFormat(..)), "{e:?}");
    assert!(
        e.words(Lang::Sv).contains("Vasamuseets regler"),
        "{}",
        e.words(Lang::Sv)
    );
    let mut bogus = saved;
    bogus.rules = Some("band-run=six".into());
    let e = reread(&bogus).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the rules \"band-run=six\" are not a rule set: \"band-run\" cannot be \"six\": it is any or five"
    );
    assert!(
        e.words(Lang::Sv).contains("any eller five"),
        "{}",
        e.words(Lang::Sv)
    );
}

#[test]
fn a_record_keeps_its_set_for_the_records_the_export_and_the_analysis_which_refuses_another() {
    let dir = tempfile::tempdir().unwrap();
    let data = store::Store::at(dir.path().to_path_buf());
    let mut app = computer_match(RuleSet::WIKIPEDIA_A, 1, 8);
    play_out_checked(&mut app);
    let record = data.archive(&app.snapshot().unwrap()).unwrap();
    let dir_arg = dir.path().to_str().unwrap();
    let out = common::brade(&["records", "--data-dir", dir_arg], None);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.trim_end().ends_with("\twikipedia-a"), "{text}");
    assert_eq!(
        data.list_records(|_, _| {})[0]
            .summary
            .as_ref()
            .unwrap()
            .rules_of::<brade::game::Brade>(),
        Some(RuleSet::WIKIPEDIA_A)
    );
    let file = record.to_str().unwrap();
    let out = common::brade(&["export", file], None);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\nRules: Wikipedia (a) (wikipedia-a)\n"), "{text}");
    let out = common::brade(&["analyze", file, "--tsv", "--rules", "wikipedia-a"], None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = common::brade(&["analyze", file, "--rules", "vasamuseet"], None);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(
        said.contains("was played by the rules wikipedia-a, not vasamuseet"),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1);
}

#[test]
fn every_command_that_plays_a_position_takes_rules() {
    let run = |args: &[&str], stdin: Option<&str>| {
        let out = common::brade(args, stdin);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    // moves: the help's bear-off example, by the club and by the general rule.
    let club = run(&["moves", "23x2,24/13x15/w", "21"], None);
    assert_eq!(club.lines().count(), 1, "{club}");
    let free = run(
        &["moves", "23x2,24/13x15/w", "21", "--rules", "bear-off=free"],
        None,
    );
    assert_eq!(free.lines().count(), 2, "{free}");
    let stdin = run(
        &["moves", "--stdin", "--rules", "bear-off=free"],
        Some("23x2,24/13x15/w 21\n"),
    );
    assert_eq!(stdin.trim_end(), free.trim_end());
    // perft: a count of the fixture made by the reference.
    let whole_roll = "15x2,20,21x3,22x3,23x3,24x3/13x15/w";
    let count = run(&["perft", whole_roll, "2", "--rules", "hobby-page"], None);
    let expected = common::rows("perft_sets.txt")
        .into_iter()
        .find(|r| r[0] == "hobby-page" && r[1] == whole_roll && r[2] == "2")
        .unwrap();
    assert_eq!(count.trim(), expected[3]);
    // bot: the whole roll is used, the game goes on.
    let bot = run(
        &["bot", "--rules", "hobby-page"],
        Some(&format!("{whole_roll} 55\n")),
    );
    assert!(bot.starts_with("15/20 15/20 20/off 20/off\t"), "{bot}");
    let bot = run(&["bot"], Some(&format!("{whole_roll} 55\n")));
    assert!(bot.starts_with("15/20 15/20\t"), "{bot}");
    // arena and rollout name the set; eval takes it.
    let arena = run(
        &[
            "arena",
            "random",
            "random",
            "--games",
            "2",
            "--rules",
            "hobby-page",
            "--b-default-rules",
        ],
        None,
    );
    assert!(
        arena.contains("rules hobby-page (B looking ahead by vasamuseet)"),
        "{arena}"
    );
    let rollout = run(
        &[
            "rollout",
            "20,22x3,24x2/13x15/w",
            "--games",
            "36",
            "--level",
            "random",
            "--rules",
            "wikipedia-b",
        ],
        None,
    );
    assert!(rollout.contains("\nrules: wikipedia-b\n"), "{rollout}");
    run(&["eval", "1x15/1x15/w", "--rules", "hobby-page"], None);
    // A set that does not read: one line, status 2, what is wrong.
    for args in [
        &["moves", "1x15/1x15/w", "21", "--rules", "vasa"][..],
        &["play", "--rules", "pretty=sometimes"][..],
    ] {
        let out = common::brade(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = String::from_utf8(out.stderr).unwrap();
        assert_eq!(said.lines().count(), 1, "{said}");
        assert!(
            said.contains("is not a rule set") || said.contains("at-once or whole-roll"),
            "{said}"
        );
    }
}

#[test]
fn the_default_rules_of_new_matches_come_from_config_toml_and_a_bad_value_is_told() {
    let (settings, problems) = brade::settings::Settings::parse("rules = \"wikipedia-b\"\n");
    assert!(problems.is_empty());
    assert_eq!(settings.rules, RuleSet::WIKIPEDIA_B);
    let mut app = App::new(Lang::En, Box::new(ScriptedDice::new(&[1])));
    app.apply_settings(settings);
    common::press(&mut app, &[brade::app::Key::Char('n')]);
    let form = match app.screen() {
        brade::app::Screen::Setup(form) => form.clone(),
        other => panic!("the setup form, not {other:?}"),
    };
    assert_eq!(form.rules, RuleSet::WIKIPEDIA_B);
    let (settings, problems) = brade::settings::Settings::parse("rules = \"wikipedia\"\n");
    assert_eq!(settings.rules, RuleSet::VASAMUSEET);
    assert_eq!(problems.len(), 1);
    assert!(problems[0].to_string().contains("rules"), "{}", problems[0]);
    // The Settings screen steps through the named sets, and writes what it shows.
    let mut s = brade::settings::Settings::default();
    s.step(brade::settings::Setting::Rules, false);
    assert_eq!(s.rules, RuleSet::WIKIPEDIA_A);
    assert_eq!(brade::settings::Settings::parse(&s.to_text()), (s, vec![]));
}

#[test]
fn the_hints_weigh_the_plays_of_the_matchs_rules() {
    use brade::app::Key;
    use brade::words::Note;
    // The help's bear-off example: 2-1 with a blot on 24 and a band on 23.
    let hints = |rules: RuleSet| {
        let game =
            Match::<brade::game::Brade>::from_position("Anna", "Bo", 1, common::pos("23x2,24/13x15/w"))
                .by_rules(rules);
        let mut app = App::playing(Lang::En, Box::new(ScriptedDice::new(&[2, 1])), game);
        common::press(&mut app, &[Key::Char(' '), Key::Char('H')]);
        common::run_jobs(&mut app);
        match app.note::<brade::game::Brade>() {
            Some(Note::Hints { plays, .. }) => plays.clone(),
            other => panic!("hints, not {other:?}"),
        }
    };
    let club = hints(RuleSet::VASAMUSEET);
    assert_eq!(club.len(), 1, "{club:?}");
    let free = hints(RuleSet::WIKIPEDIA_A);
    assert_eq!(free.len(), 2, "{free:?}");
    assert!(free.iter().any(|p| p.contains("24/off")), "{free:?}");
}

#[test]
fn the_start_screen_names_the_set_of_the_match_to_resume_and_of_new_matches_without_cutting_a_line() {
    let game = Match::<brade::game::Brade>::new("Annabella Lindqvist", "Bo-Göran Söderström", 3)
        .by_rules(RuleSet::HOBBY_PAGE);
    let mut app = App::playing(Lang::En, Box::new(ScriptedDice::new(&[1])), game);
    app.begin_match(3);
    for _ in 0..6 {
        common::advance(&mut app);
    }
    let restored = reread(&app.snapshot().unwrap()).unwrap();
    let start = App::launch(brade::app::Launch {
        settings: brade::settings::Settings {
            rules: RuleSet::WIKIPEDIA_A,
            ..Default::default()
        },
        in_progress: vec![brade::store::InProgress::of_match(
            "1000-Anna-Bo.toml",
            brade::store::Resumable::new(restored),
        )],
        ..Default::default()
    });
    let screen = common::screen(&common::draw(&start, 80, 24));
    assert!(screen.contains("svenskt brädspel — Wikipedia (a)"), "{screen}");
    // The offer's line breaks between its parts: the date whole, the set named.
    assert!(
        screen.lines().any(|l| l.contains(" UTC · Older hobby page")),
        "{screen}"
    );
    assert!(
        screen.contains("Annabella Lindqvist – Bo-Göran Söderström"),
        "{screen}"
    );
}
