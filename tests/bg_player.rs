//! The backgammon computer player: its network file, its figures, its choices and its
//! commands (`bot`, `eval`, `arena`, `train` with `--game backgammon`).
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::sync::Arc;

use brade::ai::Level;
use brade::ai::backgammon::arena::{roll, series};
use brade::ai::backgammon::net::{BgNet, NetError, Scratch, embedded};
use brade::ai::backgammon::{Probs, player, player_with, seen};
use brade::backgammon::{Board, MoveGen, Position};
use brade::rules::Roll;
use common::bg::random_boards;
use common::brade;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn board(code: &str) -> Board {
    *Position::from_code(code).unwrap().board()
}

fn assert_consistent(p: &Probs) {
    let [w, wg, wbg, lg, lbg] = p.0;
    assert!((0.0..=1.0).contains(&w), "{p:?}");
    assert!(0.0 <= wbg && wbg <= wg && wg <= w, "{p:?}");
    assert!(0.0 <= lbg && lbg <= lg && lg <= 1.0 - w + 1e-6, "{p:?}");
    assert!((-3.0..=3.0).contains(&p.equity()), "{p:?}");
}

#[test]
fn a_network_file_reads_back_as_the_same_network() {
    let net = BgNet::new(16, 7);
    let bytes = net.to_bytes();
    assert_eq!(BgNet::from_bytes(&bytes).unwrap(), net);
}

#[test]
fn a_damaged_network_file_is_refused_in_words() {
    let bytes = BgNet::new(16, 7).to_bytes();
    let mut flipped = bytes.clone();
    flipped[100] ^= 0x10;
    assert_eq!(BgNet::from_bytes(&flipped), Err(NetError::Checksum));
    assert!(matches!(
        BgNet::from_bytes(&bytes[..bytes.len() - 9]),
        Err(NetError::Short(_))
    ));
    assert_eq!(
        BgNet::from_bytes(b"BRADNET1 and more"),
        Err(NetError::Magic {
            name: "backgammon",
            magic: "BGAMNET1"
        })
    );
    let mut version = bytes.clone();
    version[8] = 99;
    let refused = BgNet::from_bytes(&version);
    assert!(matches!(refused, Err(NetError::Version { found: 99, .. })));
    // Both kinds of file are read, plain (version 1) and extended (2): the message names both.
    assert_eq!(
        refused.unwrap_err().to_string(),
        "made for feature version 99; this brade reads version 1 or 2"
    );
    assert!(NetError::Checksum.to_string().contains("damaged"));
}

#[test]
fn the_shipped_network_reads_and_was_trained() {
    let net = embedded().unwrap();
    assert!(net.info.games > 0, "assets/backgammon.net is untrained");
}

#[test]
fn the_five_probabilities_are_consistent_in_every_position() {
    let net = embedded().unwrap();
    let mut scratch = Scratch::default();
    for b in random_boards(0..20) {
        let p = net.evaluate(&b, &mut scratch);
        assert_consistent(&p);
        assert_consistent(&p.flipped());
        let back = p.flipped().flipped();
        assert!(back.0.iter().zip(p.0).all(|(a, b)| (a - b).abs() < 1e-6), "{p:?}");
    }
}

#[test]
fn no_gammon_is_counted_against_a_side_that_has_borne_off() {
    let net = embedded().unwrap();
    // The side to roll has borne off five; the other side none.
    let p = net.evaluate(&board("1x5,2x5/6x5,8x3,13x5,20x2/w"), &mut Scratch::default());
    assert_eq!((p.0[3], p.0[4]), (0.0, 0.0));
}

#[test]
fn a_won_race_is_seen_as_won() {
    let net = embedded().unwrap();
    let p = net.evaluate(&board("1x2,2x2/6x5,8x3,13x5,20x2/w"), &mut Scratch::default());
    assert!(p.0[0] > 0.9, "{p:?}");
}

#[test]
fn every_level_returns_a_legal_play_and_the_same_one_for_the_same_seed() {
    let boards = random_boards(0..2);
    let mut movegen = MoveGen::new();
    for level in [Level::Random, Level::Easy, Level::Medium, Level::Hard] {
        let mut a = player(level, 5).unwrap();
        let mut b = player(level, 5).unwrap();
        for (k, board) in boards.iter().enumerate().step_by(3) {
            let r = Roll::all()[k % 21];
            let plays = movegen.plays(board, r).to_vec();
            let i = a.choose(&seen(*board), r, &plays);
            assert!(i < plays.len(), "{level:?}");
            assert_eq!(b.choose(&seen(*board), r, &plays), i, "{level:?}");
        }
    }
}

#[test]
fn the_heuristic_level_has_no_backgammon_player() {
    let err = player(Level::Heuristic, 1).err().unwrap();
    assert!(err.to_string().contains("no heuristic player"));
}

fn chosen(level: Level, code: &str, dice: &str) -> String {
    let b = board(code);
    let r: Roll = dice.parse().unwrap();
    let plays = MoveGen::new().plays(&b, r).to_vec();
    let mut p = player(level, 1).unwrap();
    plays[p.choose(&seen(b), r, &plays)].play.to_string()
}

#[test]
fn the_play_that_bears_off_the_last_checkers_is_found() {
    for level in [Level::Medium, Level::Hard, Level::Expert] {
        assert_eq!(chosen(level, "5,6/6x5/w", "65"), "6/off 5/off", "{level:?}");
    }
}

#[test]
fn the_hit_that_closes_the_board_is_found() {
    let code = "1x2,2x2,3x2,4x2,5x2,8,9,13x3/25,19,6x5,8x3,13x5/w";
    for level in [Level::Medium, Level::Hard] {
        assert_eq!(chosen(level, code, "32"), "9/6* 8/6", "{level:?}");
    }
}

#[test]
fn medium_beats_random_by_a_wide_margin() {
    let net = embedded().unwrap();
    let make = |side: usize, seed: u64| -> Box<dyn brade::ai::Player<brade::game::Backgammon>> {
        let level = if side == 0 { Level::Medium } else { Level::Random };
        player_with(level, Arc::clone(&net), seed).unwrap()
    };
    let s = series(make, 200, 11);
    let (mean, _) = s.per_game();
    assert!(s.wins[0] >= 180, "{s:?}");
    assert!(mean > 1.2, "{s:?}");
}

#[test]
fn bot_answers_a_line_in_the_columns_of_moves_and_a_bad_one_in_words() {
    let out = brade(
        &["bot", "--game", "backgammon", "--seed", "3"],
        Some("4HPwATDgc/ABMA 31\nnonsense 31\ncube 4HPwATDgc/ABMA\n"),
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    let cols: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(cols.len(), 3, "{text}");
    assert_eq!(cols[2], "-");
    let moves = brade(&["moves", "--game", "backgammon", "4HPwATDgc/ABMA", "31"], None);
    assert!(
        String::from_utf8(moves.stdout)
            .unwrap()
            .lines()
            .any(|l| l == lines[0])
    );
    assert!(lines[1].starts_with("error: bad position"), "{text}");
    assert!(lines[2].starts_with("error: bad position"), "{text}");
}

#[test]
fn bot_plays_and_weighs_the_cube_with_the_network_it_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("random.net");
    let net = BgNet::new(8, 77);
    net.write(&path).unwrap();
    let net = Arc::new(net);
    let p = path.to_str().unwrap();
    // Boards from games, a roll each: the play medium makes with that network, as the
    // library's player makes it, and the shipped network's.
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut movegen = MoveGen::new();
    let (mut lines, mut want, mut shipped) = (String::new(), Vec::new(), Vec::new());
    let mut ours = player_with(Level::Medium, Arc::clone(&net), 1).unwrap();
    let mut theirs = player(Level::Medium, 1).unwrap();
    for board in random_boards(0..3).into_iter().step_by(7).take(12) {
        let dice = roll(&mut rng);
        let plays = movegen.plays(&board, dice).to_vec();
        let pos = seen(board);
        lines += &format!("{pos} {dice}\n");
        want.push(plays[ours.choose(&pos, dice, &plays)].play.to_string());
        shipped.push(plays[theirs.choose(&pos, dice, &plays)].play.to_string());
    }
    assert_ne!(
        want, shipped,
        "the two networks play alike: the test shows nothing"
    );
    // The cube line: the sixth board, before its roll.
    let cube = format!(
        "double {}\n",
        lines.lines().nth(5).unwrap().split(' ').next().unwrap()
    );
    let ask = |net: Option<&str>| {
        let mut args = vec!["bot", "--game", "backgammon", "--level", "medium", "--seed", "1"];
        args.extend(net.map(|n| ["--net", n]).into_iter().flatten());
        let out = brade(&args, Some(&(lines.clone() + &cube)));
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let (with, without) = (ask(Some(p)), ask(None));
    let plays = |answers: &[String]| {
        answers[..12]
            .iter()
            .map(|a| a.split('\t').next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(plays(&with), want);
    assert_eq!(plays(&without), shipped);
    // The cube line is weighed with the file's network too: other equities.
    assert_ne!(with[12], without[12], "{}", with[12]);
    // A file that is not a network is refused in words.
    std::fs::write(&path, "not a network").unwrap();
    // (No input: it stops before reading any.)
    let out = brade(&["bot", "--game", "backgammon", "--net", p], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: ") && err.contains("random.net"), "{err}");
}

/// B13–B15 through the bot's cube lines: answers that follow from the rules alone, and
/// from chances no model can read otherwise.
#[test]
fn b13_b15_bot_answers_cube_lines_by_the_rules_and_the_chances() {
    let lines = [
        // The opponent owns the cube: the side on roll has none to turn.
        "double 4HPwATDgc/ABMA cube=2:b",
        // The Crawford game (Black 1 away in a match to 5): no cube.
        "double 4HPwATDgc/ABMA match=5:3-4",
        // The start: far too early to double.
        "double 4HPwATDgc/ABMA",
        // White bears off his last two checkers, on his 1-point, with any roll; Black has
        // one off already (no gammon): a certain single win — double, and Black drops.
        "double 1x2/6x5,8x4,13x5/w",
        "take 1x2/6x5,8x4,13x5/w",
        // The same with Black's fifteen still on: a gammon is certain — too good to
        // double, play on.
        "double 1x2/6x5,8x5,13x5/w",
        // … but under the Jacoby rule a gammon at an unturned cube counts single (B16):
        // double, and cash the point.
        "double 1x2/6x5,8x5,13x5/w options=jacoby=on",
        // Bad lines, in words.
        "double 4HPwATDgc/ABMA cube=3",
        "take 4HPwATDgc/ABMA match=4:1-1",
        "double",
    ];
    let out = brade(&["bot", "--game", "backgammon"], Some(&(lines.join("\n") + "\n")));
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(
        answers[..7],
        [
            "no cube",
            "no cube",
            "no double",
            "double",
            "drop",
            "too good",
            "double"
        ],
        "{text}"
    );
    assert!(answers[7].starts_with("error: cube 3"), "{text}");
    assert!(answers[8].starts_with("error: match"), "{text}");
    assert!(answers[9].starts_with("error: a cube line is"), "{text}");
}

#[test]
fn bot_plays_a_won_bear_off_to_the_end() {
    let out = brade(&["bot", "--game", "backgammon"], Some("5,6/6x5/w 65\n"));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "6/off 5/off\t-/6x5/b\tsingle\n"
    );
}

/// The three figures of the bot's answer to `luck POSITION DICE`, in points.
fn luck_figures(answer: &str) -> [f64; 3] {
    let cols: Vec<&str> = answer.split('\t').collect();
    let names = ["luck ", "this roll ", "all rolls "];
    assert_eq!(cols.len(), 3, "{answer}");
    std::array::from_fn(|k| {
        let figure = cols[k]
            .strip_prefix(names[k])
            .unwrap_or_else(|| panic!("{answer}"));
        figure.parse().unwrap_or_else(|_| panic!("{answer}"))
    })
}

/// White, on roll with two checkers on his 6-point, bears both off only with 33, 44, 55 or
/// 66; Black bears off his last checker next turn. White's chance before the roll is 4/36,
/// his equity 4/36 − 32/36: 66 is worth 1 − (−28/36) to him, 21 −1 − (−28/36).
#[test]
fn bot_luck_is_the_rolls_best_play_less_the_mean_over_the_36_rolls() {
    let out = brade(
        &["bot", "--game", "backgammon"],
        Some("luck 6x2/1/w 66\nluck 6x2/1/w 21\nluck 6x2/1/w\nluck nonsense 21\n"),
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    let close = |got: [f64; 3], want: [f64; 3]| {
        assert!(
            got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-4),
            "{got:?} {want:?}"
        );
    };
    let mean = 4.0 / 36.0 - 32.0 / 36.0;
    close(luck_figures(lines[0]), [1.0 - mean, 1.0, mean]);
    close(luck_figures(lines[1]), [-1.0 - mean, -1.0, mean]);
    assert!(lines[2].starts_with("error: no dice"), "{text}");
    assert!(lines[3].starts_with("error: bad position"), "{text}");
}

/// In a contact position valued by the network: the luck of the 21 rolls, each counted as
/// often as it comes in 36, comes to nothing, and each roll's figure is the value of the
/// play medium makes with it, as `brade eval` sees the board that play leaves.
#[test]
fn bot_luck_comes_to_nothing_over_the_rolls_and_values_mediums_play() {
    let pos = "6x5,8x3,13x4,24x2,22/6x5,8x3,13x5,20,21/w";
    let rolls: Vec<String> = (1..=6)
        .flat_map(|a| (1..=a).map(move |b| format!("{a}{b}")))
        .collect();
    let asked: String = rolls.iter().map(|r| format!("luck {pos} {r}\n")).collect();
    let out = brade(&["bot", "--game", "backgammon"], Some(&asked));
    let text = String::from_utf8(out.stdout).unwrap();
    let figures: Vec<[f64; 3]> = text.lines().map(luck_figures).collect();
    assert_eq!(figures.len(), 21, "{text}");
    let weighted: f64 = rolls
        .iter()
        .zip(&figures)
        .map(|(r, f)| if r[..1] == r[1..] { f[0] } else { 2.0 * f[0] })
        .sum();
    assert!((weighted / 36.0).abs() < 1e-3, "{weighted} {text}");
    assert!(
        figures.iter().all(|f| (f[2] - figures[0][2]).abs() < 1e-9),
        "{text}"
    );
    assert!(figures.iter().any(|f| f[0].abs() > 0.05), "{text}");
    // The roll's figure: the board medium's play leaves, valued for the other side.
    let play = brade(
        &["bot", "--game", "backgammon", "--level", "medium"],
        Some(&format!("{pos} 64\n")),
    );
    let play = String::from_utf8(play.stdout).unwrap();
    let left = play.split('\t').nth(1).unwrap().to_string();
    let eval = brade(&["eval", "--game", "backgammon", &left], None);
    let eval = String::from_utf8(eval.stdout).unwrap();
    let theirs: f64 = eval
        .lines()
        .next()
        .unwrap()
        .split('\t')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let i = rolls.iter().position(|r| r == "64").unwrap();
    assert!(
        (figures[i][1] + theirs).abs() < 1e-3,
        "{} {theirs}",
        figures[i][1]
    );
}

#[test]
fn eval_gives_the_equity_and_five_probabilities() {
    let out = brade(&["eval", "--game", "backgammon", "4HPwATDgc/ABMA"], None);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let names: Vec<&str> = text.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(
        names,
        [
            "cubeless-equity",
            "win",
            "win-gammon",
            "win-backgammon",
            "lose-gammon",
            "lose-backgammon"
        ]
    );
}

#[test]
fn arena_and_bot_refuse_what_backgammon_has_not_in_words() {
    for args in [
        &["arena", "--game", "backgammon", "heuristic", "random"][..],
        &[
            "arena",
            "--game",
            "backgammon",
            "medium",
            "random",
            "--match",
            "3",
        ][..],
        &["bot", "--game", "backgammon", "--match", "3"][..],
        &["bot", "--game", "backgammon", "--rules", "wikipedia-a"][..],
        &["eval", "--game", "backgammon", "nonsense"][..],
    ] {
        let out = brade(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

#[test]
fn arena_reports_points_per_game_with_a_standard_error() {
    let out = brade(
        &[
            "arena",
            "--game",
            "backgammon",
            "medium",
            "random",
            "--games",
            "4",
            "--seed",
            "1",
        ],
        None,
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("points per game ±"), "{text}");
}

#[test]
fn training_writes_a_network_that_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.net");
    let p = path.to_str().unwrap();
    let args = [
        "--seed",
        "4",
        "train",
        "--game",
        "backgammon",
        "--games",
        "20",
        "--hidden",
        "8",
        "--out",
        p,
    ];
    let out = brade(&args, None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let net = BgNet::read(&path).unwrap();
    assert_eq!((net.info.games, net.hidden()), (20, 8));
    // A second run without --resume or --force refuses to overwrite it.
    assert_eq!(brade(&args, None).status.code(), Some(2));
}

#[test]
fn td_training_with_extended_inputs_starts_a_network_that_reads_them() {
    use brade::ai::backgammon::features::Inputs;
    let dir = tempfile::tempdir().unwrap();
    let train = |file: &str, games: &str, extra: &[&str]| {
        let path = dir.path().join(file);
        let mut args = vec![
            "--seed",
            "5",
            "train",
            "--game",
            "backgammon",
            "--games",
            games,
            "--hidden",
            "8",
        ];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--out", path.to_str().unwrap()]);
        (brade(&args, None), path)
    };
    let (out, path) = train("x.net", "10", &["--extended-inputs"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("8 hidden, extended inputs"));
    let net = BgNet::read(&path).unwrap();
    assert_eq!((net.inputs(), net.info.games), (Inputs::Extended, 10));
    // Resumed without the flag, it goes on reading them: the file decides.
    let (out, _) = train("x.net", "20", &["--resume"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let net = BgNet::read(&path).unwrap();
    assert_eq!((net.inputs(), net.info.games), (Inputs::Extended, 20));
    // A network of the plain inputs is not resumed as one of the extended.
    let (out, _) = train("p.net", "10", &[]);
    assert!(out.status.success());
    assert_eq!(
        BgNet::read(&dir.path().join("p.net")).unwrap().inputs(),
        Inputs::Plain
    );
    let (out, _) = train("p.net", "20", &["--resume", "--extended-inputs"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("reads the plain inputs"), "{err}");
    // The race network is a copy of the shipped one: the flag is refused there.
    let (out, _) = train("r.net", "10", &["--race", "--extended-inputs"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn brades_training_refuses_backgammons_options_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("b.net");
    for extra in [
        &["--extended-inputs"][..],
        &["--race"],
        &["--from-rollouts", "r.tsv"],
        &["--write-rollouts", "r.tsv"],
    ] {
        let mut args = vec![
            "train",
            "--games",
            "2",
            "--hidden",
            "16",
            "--out",
            out_file.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let out = brade(&args, None);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("add --game backgammon"), "{extra:?}: {err}");
        assert!(!out_file.exists(), "{extra:?}: a bräde network was trained");
    }
}

/// The cumulative outcomes the players' valuation (the shipped networks, the bear-off
/// database) gives the side that made `play`, from the board it leaves (the opponent to
/// roll).
fn after(net: &BgNet, play: &brade::backgammon::LegalPlay) -> Probs {
    brade::ai::backgammon::search::Searcher::new().after(net, play)
}

#[test]
fn in_a_match_the_checker_player_weighs_the_score_at_double_match_point_the_win_alone() {
    use brade::ai::backgammon::MatchValue;
    use brade::ai::backgammon::met::Away;
    let net = embedded().unwrap();
    let mut movegen = MoveGen::new();
    let mut money = player(Level::Medium, 1).unwrap();
    let mut dmp = player(Level::Medium, 1).unwrap();
    // 1-away/1-away: a gammon wins the match no more than a single game.
    dmp.play_for(Some(MatchValue {
        away: Away::new(1, 1, false),
        cube: 1,
        backgammon: 3,
    }));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut differ, mut weighed) = (0, 0);
    for b in random_boards(0..40).into_iter().step_by(3) {
        let r = roll(&mut rng);
        let plays = movegen.plays(&b, r).to_vec();
        if plays.len() < 2 {
            continue;
        }
        weighed += 1;
        let probs: Vec<Probs> = plays.iter().map(|p| after(&net, p)).collect();
        let is_best = |f: fn(&Probs) -> f32, i: usize| {
            let top = probs.iter().map(f).fold(f32::MIN, f32::max);
            f(&probs[i]) >= top - 1e-5
        };
        let m = money.choose(&seen(b), r, &plays);
        let d = dmp.choose(&seen(b), r, &plays);
        assert!(is_best(|p| p.equity(), m), "money: the best cubeless equity");
        assert!(is_best(|p| p.0[0], d), "DMP: the best chance to win");
        differ += usize::from(m != d);
    }
    assert!(
        weighed > 100 && differ > 0,
        "{differ} of {weighed} choices differ"
    );
}

#[test]
fn a_match_value_reads_back_as_the_chance_to_win_the_match_that_the_table_gives() {
    use brade::ai::backgammon::MatchValue;
    use brade::ai::backgammon::met::{Away, mwc_after};
    let net = embedded().unwrap();
    let mut scratch = Scratch::default();
    for (me, opp, cube) in [(3, 5, 1), (2, 4, 2), (7, 2, 1), (4, 4, 4)] {
        let away = Away::new(me, opp, false);
        let at = MatchValue {
            away,
            cube,
            backgammon: 3,
        };
        let v = i64::from(cube);
        for b in random_boards(0..6).into_iter().step_by(7) {
            let p = net.evaluate(&b, &mut scratch);
            // The chance written out outcome by outcome, as the table gives it.
            let [w, wg, wbg, lg, lbg] = p.0.map(f64::from);
            let mwc = (w - wg) * mwc_after(away, v)
                + (wg - wbg) * mwc_after(away, 2 * v)
                + wbg * mwc_after(away, 3 * v)
                + (1.0 - w - lg) * mwc_after(away, -v)
                + (lg - lbg) * mwc_after(away, -2 * v)
                + lbg * mwc_after(away, -3 * v);
            let chance = at.chance(f64::from(at.value(&p))).unwrap();
            assert!(
                (chance - mwc).abs() < 1e-5,
                "{me}/{opp} at {cube}: {chance} vs {mwc}"
            );
        }
    }
}
