//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod bg;
pub mod plain;

use brade::game::Brade;
use std::collections::BTreeSet;

use brade::app::{App, Input, Key};
use brade::brade::{MoveGen, Position};
use brade::rules::Roll;
use brade::session::{DiceSource as _, Match, Phase, ScriptedDice};
use brade::words::Lang;

/// A thread pool of `threads` threads, to show that a result does not depend on them.
pub fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// Reads a fixture from `tests/data/`.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// The non-comment, non-empty lines of a fixture, split at tabs.
pub fn rows(name: &str) -> Vec<Vec<String>> {
    fixture(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// The expected (result position, outcome) pairs of an `examples.tsv` row.
pub fn expected_results(row: &[String]) -> BTreeSet<(String, String)> {
    row[2]
        .split(';')
        .map(|e| {
            let f: Vec<&str> = e.split('|').collect();
            (f[1].to_string(), f[2].to_string())
        })
        .collect()
}

pub fn pos(code: &str) -> Position {
    Position::from_code(code).unwrap_or_else(|e| panic!("bad test position {code}: {e}"))
}

pub fn roll(dice: &str) -> Roll {
    dice.parse()
        .unwrap_or_else(|e| panic!("bad test dice {dice}: {e}"))
}

/// Every legal play as (play notation, resulting position code with the turn passed,
/// outcome or "-").
pub fn legal(code: &str, dice: &str) -> Vec<(String, String, String)> {
    let p = pos(code);
    let mut movegen = MoveGen::new();
    movegen
        .plays(p.board(), roll(dice))
        .iter()
        .map(|lp| {
            (
                lp.play.to_string(),
                Position::new(lp.board.switched(), p.turn().other()).code(),
                lp.result.map_or("-".to_string(), |r| r.notation()),
            )
        })
        .collect()
}

/// The plays' notations, as a set.
pub fn play_set(code: &str, dice: &str) -> BTreeSet<String> {
    legal(code, dice).into_iter().map(|(p, _, _)| p).collect()
}

/// The (result position, outcome) pairs, as a set: what makes plays distinct (§6.5).
pub fn result_set(code: &str, dice: &str) -> BTreeSet<(String, String)> {
    legal(code, dice).into_iter().map(|(_, r, o)| (r, o)).collect()
}

/// A small deterministic generator (SplitMix64) for test playouts.
#[derive(Debug, Clone)]
pub struct TestRng(pub u64);

impl TestRng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn roll(&mut self) -> Roll {
        let a = 1 + self.below(6) as u8;
        let b = 1 + self.below(6) as u8;
        Roll::new(a, b).expect("dice in range")
    }
}

/// A position reached from the start by `turns` random legal plays (stopping before a
/// play that would end the game), with the roll to play next.
pub fn random_position(seed: u64, turns: usize) -> (Position, Roll) {
    let mut rng = TestRng(seed);
    let mut p = Position::start(if rng.below(2) == 0 {
        brade::rules::Color::White
    } else {
        brade::rules::Color::Black
    });
    let mut movegen = MoveGen::new();
    for _ in 0..turns {
        let r = rng.roll();
        let plays: Vec<_> = movegen
            .plays(p.board(), r)
            .iter()
            .filter(|lp| lp.result.is_none())
            .copied()
            .collect();
        if plays.is_empty() {
            break;
        }
        let lp = plays[rng.below(plays.len())];
        p = Position::new(lp.board.switched(), p.turn().other());
    }
    (p, rng.roll())
}

/// A random valid position placed directly (not played to): checkers on the bar and
/// borne off, often a wall of six bands, crowded first quarters — the odd corners
/// (R12–R14, jan, bear-off) that playouts reach rarely.
pub fn random_setup(seed: u64) -> Position {
    use brade::brade::opposite;
    let mut rng = TestRng(seed);
    let mut counts = [[0u8; 25]; 2];
    // Which colour stands on each physical point, by White's numbering.
    let mut owner = [None::<usize>; 25];
    let mut left = [15u8; 2];
    let white_point = |side: usize, p: u8| if side == 0 { p } else { opposite(p) };
    let place =
        |counts: &mut [[u8; 25]; 2], owner: &mut [Option<usize>; 25], side: usize, p: u8, n: u8| -> bool {
            let w = usize::from(white_point(side, p));
            let c = counts[side][usize::from(p)];
            if owner[w].is_some_and(|o| o != side) || ((2..=11).contains(&p) && c + n > 1) {
                return false;
            }
            owner[w] = Some(side);
            counts[side][usize::from(p)] += n;
            true
        };
    for side in 0..2 {
        if rng.below(3) == 0 {
            // A wall of six bands on consecutive points where bands are allowed.
            let start = 12 + rng.below(8) as u8;
            for p in start..start + 6 {
                let p = if p > 24 { p - 24 } else { p };
                if left[side] >= 2 && place(&mut counts, &mut owner, side, p, 2) {
                    left[side] -= 2;
                }
            }
        }
        let bar = if rng.below(3) == 0 { rng.below(5) as u8 } else { 0 };
        let bar = bar.min(left[side]);
        counts[side][0] = bar;
        left[side] -= bar;
        let off = if rng.below(3) == 0 {
            rng.below(usize::from(left[side]) + 1) as u8
        } else {
            0
        };
        left[side] -= off;
        let late = rng.below(3) == 0; // crowd the last quarter (bear-off, pretty games)
        while left[side] > 0 {
            let mut placed = false;
            for _ in 0..50 {
                let p = if late {
                    19 + rng.below(6) as u8
                } else {
                    1 + rng.below(24) as u8
                };
                if place(&mut counts, &mut owner, side, p, 1) {
                    placed = true;
                    break;
                }
            }
            if !placed {
                break; // the rest count as borne off
            }
            left[side] -= 1;
        }
    }
    let turn = if rng.below(2) == 0 {
        brade::rules::Color::White
    } else {
        brade::rules::Color::Black
    };
    Position::from_counts(&counts[0], &counts[1], turn).expect("placement keeps the invariants")
}

/// Plays the turn in progress with its first legal play, typed after ':' (one Enter
/// applies and confirms it).
pub fn play_first(app: &mut App) {
    let turn = app
        .game::<brade::game::Brade>()
        .expect("a match")
        .turn()
        .expect("a turn")
        .clone();
    let first = MoveGen::new().plays(turn.start().board(), turn.roll())[0];
    // A complete play is confirmed by the same Enter.
    type_moves(app, &first.play.to_string());
}

/// Advances a match by one thing (teka, roll, play, pass, next game); false when over.
pub fn advance(app: &mut App) -> bool {
    use brade::session::Phase;
    let phase = app.game::<brade::game::Brade>().expect("a match").phase.clone();
    match phase {
        Phase::Teka { .. } | Phase::AwaitRoll => app.handle(Input::Key(Key::Char(' '))),
        Phase::Moving(_) => play_first(app),
        Phase::Forfeit(_) | Phase::GameOver { .. } => app.handle(Input::Key(Key::Enter)),
        Phase::Doubled { .. } => app.handle(Input::Key(Key::Char('t'))),
        Phase::MatchOver => return false,
    }
    true
}

/// Presses keys, one after the other.
pub fn press(app: &mut App, keys: &[Key]) {
    for &k in keys {
        app.handle(Input::Key(k));
    }
}

/// Types `text`, a key a character.
pub fn type_keys(app: &mut App, text: &str) {
    for c in text.chars() {
        app.handle(Input::Key(Key::Char(c)));
    }
}

/// Types moves after ':' and presses Enter.
pub fn type_moves(app: &mut App, moves: &str) {
    app.handle(Input::Key(Key::Char(':')));
    for c in moves.chars() {
        app.handle(Input::Key(Key::Char(c)));
    }
    app.handle(Input::Key(Key::Enter));
}

/// The computer's choice to make now, taken as the terminal loop takes its jobs (the app
/// then shows it is thinking); the choice goes back with `Done::Computer`.
pub fn computer_turn(app: &mut App) -> Option<brade::app::ComputerTurn<brade::game::Brade>> {
    app.jobs(None).into_iter().find_map(|job| match job {
        brade::app::Job::Computer { turn, .. } => turn.as_any().downcast_ref().cloned(),
        _ => None,
    })
}

/// The records' listing started, as the terminal loop starts it (from a data directory
/// it never reads here): where it reports its progress. `Done::Records` brings the list.
pub fn records_listing(app: &mut App) -> Option<std::sync::Arc<brade::app::Progress>> {
    let nowhere = brade::store::Store::at(std::path::PathBuf::from("no-such-data-dir"));
    app.jobs(Some(&nowhere)).into_iter().find_map(|job| match job {
        brade::app::Job::Records { progress, .. } => Some(progress),
        _ => None,
    })
}

/// The analysis of the replay on screen, started as the terminal loop starts it;
/// `Done::Analysis` brings it.
pub fn analysis_job(app: &mut App) -> Option<Box<brade::app::AnalysisJob<brade::game::Brade>>> {
    app.jobs(None).into_iter().find_map(|job| match job {
        brade::app::Job::Analysis(job) => job.as_any().downcast_ref().cloned().map(Box::new),
        _ => None,
    })
}

/// The analysis of the records asked for by `a` on the Statistics screen, started as the
/// terminal loop starts it: which records, and where it reports its progress.
pub fn records_analysis(
    app: &mut App,
) -> Option<(Vec<std::path::PathBuf>, std::sync::Arc<brade::app::Progress>)> {
    app.jobs(None).into_iter().find_map(|job| match job {
        brade::app::Job::AnalyseRecords { records, progress } => Some((records, progress)),
        _ => None,
    })
}

/// Opens `item` of the start menu, as a click on it does.
pub fn open(app: &mut App, item: brade::app::MenuItem) {
    let at = app.menu().iter().position(|&m| m == item);
    app.handle(Input::Choose(
        at.unwrap_or_else(|| panic!("{item:?} is not in the menu")),
    ));
}

/// Opens the help over the screen, scrolled `scroll` lines down.
pub fn help_at(app: &mut App, scroll: u16) {
    press(app, &[Key::Char('?')]);
    for _ in 0..scroll {
        press(app, &[Key::Down]);
    }
}

/// The app on its start screen as the command line opens it, with `launch`'s notices
/// and offer.
pub fn launched(lang: Lang, launch: brade::app::Launch) -> App {
    App::launch(brade::app::Launch {
        settings: brade::settings::Settings {
            language: lang,
            ..launch.settings
        },
        ..launch
    })
}

/// The app showing `replay`, as `brade replay` opens it.
pub fn replaying(lang: Lang, replay: brade::app::Replay<brade::game::Brade>) -> App {
    launched(
        lang,
        brade::app::Launch {
            opening: brade::app::Opening::Replay(replay.boxed()),
            ..Default::default()
        },
    )
}

/// The match on screen.
pub fn game(app: &App) -> &Match<Brade> {
    app.game::<brade::game::Brade>().expect("a match is on screen")
}

/// An app in a match of `games` games between Anna (White) and Bo (Black), its game at
/// `code` with the side to move about to roll (teka done), its dice from `script`.
pub fn at(code: &str, script: &[u8], lang: Lang, games: u32) -> App {
    App::playing(
        lang,
        Box::new(ScriptedDice::new(script)),
        Match::<brade::game::Brade>::from_position("Anna", "Bo", games, pos(code)),
    )
}

/// The binary run with `args`, `stdin` written to its input (none: an empty input).
pub fn brade(args: &[&str], stdin: Option<&str>) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("brade runs");
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.unwrap_or("").to_string();
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
    let out = child.wait_with_output().expect("brade finishes");
    writer.join().expect("writer").expect("stdin written");
    out
}

/// The app drawn on a `w`×`h` test terminal.
pub fn draw(app: &App, w: u16, h: u16) -> ratatui::buffer::Buffer {
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).expect("a test terminal");
    terminal.draw(|f| brade::ui::draw(f, app)).expect("drawn");
    terminal.backend().buffer().clone()
}

/// A drawn screen's lines of text.
pub fn lines(buf: &ratatui::buffer::Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect()
}

/// A drawn screen's text.
pub fn screen(buf: &ratatui::buffer::Buffer) -> String {
    lines(buf).join("\n")
}

/// A whole match between two levels (White's first), its dice from `seed`.
pub fn played(white: brade::ai::Level, black: brade::ai::Level, games: u32, seed: u64) -> Match<Brade> {
    let mut dice = brade::session::SeededDice::from_seed(seed);
    let mut players: [Box<dyn brade::ai::Player<Brade>>; 2] = [white.player(seed), black.player(seed + 1)];
    let mut movegen = MoveGen::new();
    let mut game: Match<Brade> = Match::new("A", "B", games);
    for _ in 0..100_000 {
        match game.phase.clone() {
            Phase::Teka { .. } => {
                let (w, b) = (dice.die(), dice.die());
                game.teka(w, b);
            }
            Phase::AwaitRoll => {
                let roll = Roll::new(dice.die(), dice.die()).unwrap();
                game.roll(roll);
            }
            Phase::Forfeit(_) => game.pass(),
            Phase::Moving(turn) => {
                let pos = *turn.start();
                let plays = movegen.plays(pos.board(), turn.roll()).to_vec();
                // As in the game: for the match in a match, for points in a single game.
                players[pos.turn().index()].play_for(brade::app::goal(&game));
                let i = players[pos.turn().index()].choose(&pos, turn.roll(), &plays);
                let mut t = turn.clone();
                for s in plays[i].play.steps() {
                    t.step(s.from, s.die).unwrap();
                }
                game.phase = Phase::Moving(t);
                game.confirm().unwrap();
            }
            Phase::GameOver { .. } => game.next_game(),
            Phase::Doubled { .. } => panic!("bräde has no doubling cube"),
            Phase::MatchOver => return game,
        }
    }
    panic!("the match did not end");
}

/// `game` saved as a match played with real dice, every roll typed (the check of the dice
/// then needs no seed), at time 0.
pub fn typed_save(game: &Match<Brade>) -> brade::store::SavedMatch {
    let rolls = (game.teka_rolls.len() + game.log.iter().map(|g| g.turns.len()).sum::<usize>()) as u64;
    let dice = brade::store::format::DiceRecord {
        seed: None,
        drawn: 0,
        typed: 2 * rolls,
        typed_rolls: (0..rolls).collect(),
        manual: true,
        legacy: false,
    };
    brade::store::SavedMatch::of(game, dice, [None, None], 0)
}

/// Runs the jobs the app hands out now (a hint, the computer's choice…) as the terminal
/// loop runs them, here and at once, and hands their answers back.
pub fn run_jobs(app: &mut App) {
    for job in app.jobs(None) {
        app.job_done(job.run());
    }
}

/// Runs the computer's jobs and beats until nobody's computer is to act (the player at
/// the keyboard is, or the match is over); at most `beats` beats.
pub fn computer_acts(app: &mut App, beats: usize) {
    for _ in 0..beats {
        run_jobs(app);
        if app.computer_to_act().is_none() {
            return;
        }
        app.tick();
    }
}

/// The app in a new bräde match between `white` and `black` of `games` games, its dice from
/// `dice`.
pub fn with_match(
    lang: Lang,
    dice: Box<dyn brade::session::DiceSource>,
    white: &str,
    black: &str,
    games: u32,
) -> App {
    App::playing(lang, dice, Match::<brade::game::Brade>::new(white, black, games))
}

/// The best bräde play `H` found for the roll on the board, marked there until a move.
pub fn hint(app: &App) -> Option<brade::brade::Play> {
    app.table_of::<brade::game::Brade>()?.hint().copied()
}
