//! The front-end seam: the app takes its own input events and is drawn from its state,
//! and the work around it (the computer's moves, its jobs on threads of their own, the
//! saves) goes with it in a `Front`. Two apps run side by side in one process — one
//! playing bräde, one backgammon — each fed its own events, drawn to its own
//! `TestBackend`, woken by its own jobs and saving to its own data directory.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use brade::ai::Level;
use brade::app::{App, Key, TableGame};
use brade::front::{Event, Front, Options};
use brade::game::{Backgammon, Brade, TurnView as _};
use brade::session::{Match, Phase, SeededDice};
use brade::store::{Resumable, Store, Unfinished};
use brade::words::Lang;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;

/// One front end of the two: the front, its terminal, and how often its jobs woke it.
struct Side {
    front: Front,
    terminal: Terminal<TestBackend>,
    woken: Arc<AtomicUsize>,
    /// The human's plays made, each typed (pasted) after ':'.
    plays: usize,
}

impl Side {
    /// A match of `game` in `lang`: the human White at the keyboard, the computer Black
    /// at the easiest level, playing as fast as it can, saved in `dir`.
    fn new<G: TableGame>(
        lang: Lang,
        game: Match<G>,
        seed: u64,
        dir: &std::path::Path,
        w: u16,
        h: u16,
    ) -> Side {
        let mut app = App::playing(lang, Box::new(SeededDice::from_seed(seed)), game)
            .with_computer([None, Some(Level::ALL[0])]);
        // Seeded as a match set up on the start screen is: its save can replay the dice.
        app.seed_dice(seed, 0);
        let woken = Arc::new(AtomicUsize::new(0));
        let count = Arc::clone(&woken);
        let options = Options {
            store: Some(Store::at(dir)),
            pace: Duration::ZERO,
            ..Options::default()
        };
        let waker = Arc::new(move || {
            count.fetch_add(1, Ordering::SeqCst);
        });
        Side {
            front: Front::new(app, options, Rect::new(0, 0, w, h), waker),
            terminal: Terminal::new(TestBackend::new(w, h)).unwrap(),
            woken,
            plays: 0,
        }
    }

    /// Steps the front and draws it; the screen's text.
    fn show(&mut self) -> String {
        self.front.step();
        self.drawn()
    }

    /// Draws the front as it stands (no step); the screen's text.
    fn drawn(&mut self) -> String {
        let front = &self.front;
        self.terminal.draw(|f| front.draw(f)).unwrap();
        common::screen(self.terminal.backend().buffer())
    }

    /// What the human at this side's keyboard does next in a match of `G`, as input
    /// events: roll, take a double, type the first legal play, go on. Nothing while the
    /// computer is to act.
    fn human<G: TableGame>(&mut self) -> Vec<Event> {
        let app = self.front.app();
        if app.computer_to_act().is_some() || app.thinking() {
            return Vec::new();
        }
        let game = app.game::<G>().expect("a match of this side's game");
        match &game.phase {
            Phase::Teka { .. } | Phase::AwaitRoll => vec![Event::Key(Key::Char(' '))],
            Phase::Doubled { .. } => vec![Event::Key(Key::Char('t'))],
            Phase::Moving(turn) => {
                let plays = G::legal_plays(&game.position, turn.roll(), game.rules);
                let play = G::play_of(&plays[0]).to_string();
                self.plays += 1;
                vec![
                    Event::Key(Key::Char(':')),
                    Event::Paste(play),
                    Event::Key(Key::Enter),
                ]
            }
            Phase::Forfeit(_) | Phase::GameOver { .. } => vec![Event::Key(Key::Enter)],
            Phase::MatchOver => Vec::new(),
        }
    }
}

/// The match kept in `dir`, read back through the store.
fn kept(dir: &std::path::Path) -> Resumable {
    let mut listing = Store::at(dir).in_progress();
    assert!(listing.bad.is_empty(), "{:?}", listing.bad);
    assert_eq!(listing.matches.len(), 1, "one match in progress in {dir:?}");
    match listing.matches.remove(0).what {
        Unfinished::Match(resumable) => *resumable,
        Unfinished::Chouette(_) => panic!("a match, not a chouette"),
    }
}

#[test]
fn two_apps_side_by_side_each_with_its_own_events_terminal_jobs_and_saves() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut a = Side::new(
        Lang::En,
        Match::<Brade>::new("Anna", "Computer", 3),
        7,
        dir_a.path(),
        80,
        24,
    );
    let mut b = Side::new(
        Lang::Sv,
        Match::<Backgammon>::new("Bo", "Datorn", 3),
        8,
        dir_b.path(),
        100,
        30,
    );
    // Each is drawn to its own terminal, at its own size, in its own language and game.
    let (text_a, text_b) = (a.show(), b.show());
    assert!(text_a.contains("Anna") && !text_a.contains("Bo "), "{text_a}");
    assert!(text_b.contains("Bo") && !text_b.contains("Anna"), "{text_b}");
    assert!(a.front.app().game::<Brade>().is_some() && a.front.app().game::<Backgammon>().is_none());
    assert!(b.front.app().game::<Backgammon>().is_some() && b.front.app().game::<Brade>().is_none());
    assert_eq!(a.terminal.backend().buffer().area, Rect::new(0, 0, 80, 24));
    assert_eq!(b.terminal.backend().buffer().area, Rect::new(0, 0, 100, 30));

    // Interleaved: each side's human plays from its own events, each side's computer
    // answers through jobs on threads of their own that wake only its own front.
    for _ in 0..20_000 {
        if a.plays >= 4 && b.plays >= 4 {
            break;
        }
        let before_b = b.drawn();
        for event in a.human::<Brade>() {
            a.front.handle(event);
        }
        a.show();
        // What A was fed and did leaves B as it was.
        assert_eq!(b.drawn(), before_b, "B changed by A's input");
        for event in b.human::<Backgammon>() {
            b.front.handle(event);
        }
        b.show();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(
        a.plays >= 4 && b.plays >= 4,
        "A played {}, B played {}",
        a.plays,
        b.plays
    );
    assert!(
        a.woken.load(Ordering::SeqCst) > 0,
        "A's computer answered through A's waker"
    );
    assert!(
        b.woken.load(Ordering::SeqCst) > 0,
        "B's computer answered through B's waker"
    );

    // A resize reaches one front only: A too small asks to be enlarged and takes no key
    // but Ctrl-C; B plays on undisturbed.
    a.front.handle(Event::Resize {
        width: 40,
        height: 12,
    });
    a.terminal.backend_mut().resize(40, 12);
    let phase_a = format!("{:?}", a.front.app().game::<Brade>().unwrap().phase);
    let keys = [Key::Char(' '), Key::Enter, Key::Char(':'), Key::Char('q')];
    for key in keys {
        a.front.handle(Event::Key(key));
    }
    a.front.handle(Event::Paste("1/7".to_string()));
    assert_eq!(
        format!("{:?}", a.front.app().game::<Brade>().unwrap().phase),
        phase_a
    );
    let small = a.drawn();
    assert!(
        small.contains("Please enlarge") && small.contains("now 40×12"),
        "{small}"
    );
    let b_now = b.show();
    assert!(b_now.contains("Bo") && !b_now.contains("enlarge"), "{b_now}");
    a.front.handle(Event::Resize {
        width: 80,
        height: 24,
    });
    a.terminal.backend_mut().resize(80, 24);
    assert!(a.show().contains("Anna"));
    assert!(!a.front.quitting(), "the q pressed while too small was not taken");

    // Each saved its own match to its own data directory, of its own game.
    let (ka, kb) = (kept(dir_a.path()), kept(dir_b.path()));
    match (ka.of::<Brade>(), kb.of::<Backgammon>()) {
        (Some(ra), Some(rb)) => {
            assert_eq!(ra.game.names, ["Anna", "Computer"]);
            assert_eq!(rb.game.names, ["Bo", "Datorn"]);
        }
        _ => panic!("saved as the wrong games: {ka:?} / {kb:?}"),
    }

    // The input ends on one side: that app ends, saved; the other goes on.
    a.front.input_ended();
    assert!(a.front.quitting() && !b.front.quitting());
}

#[test]
fn pasted_text_is_typed_and_its_control_characters_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let mut side = Side::new(
        Lang::En,
        Match::<Brade>::new("Anna", "Computer", 1),
        3,
        dir.path(),
        80,
        24,
    );
    side.show();
    // Rolled until it is the human's turn to play a roll.
    for _ in 0..2_000 {
        if matches!(side.front.app().game::<Brade>().unwrap().phase, Phase::Moving(_))
            && side.front.app().computer_to_act().is_none()
        {
            break;
        }
        if side.front.app().computer_to_act().is_none() {
            side.front.handle(Event::Key(Key::Char(' ')));
        }
        side.show();
        std::thread::sleep(Duration::from_millis(1));
    }
    side.front.handle(Event::Key(Key::Char(':')));
    side.front.handle(Event::Paste("1/\u{7}7\n".to_string()));
    let text = side.show();
    assert!(text.contains(": 1/7"), "{text}");
}
