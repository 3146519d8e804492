//! Plain-text mode (`brade play --plain`, and `brade play` where the terminal is `dumb` or
//! the output is no terminal): the match as lines of text for a screen reader, a braille
//! display or a pipe — one sentence per event, commands typed, the board read on request;
//! no escape sequences, no redraws.
//!
//! It is a front end like `tui`: the same app ([`Front`]) plays the match — the dice, the
//! computer's turns and cube, the saves in the same files — and this module only turns
//! what happened into sentences (every event of the match so far, in order, printing
//! those not printed yet) and what was typed into the app's input.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use crate::app::resign::Stage as ResignStage;
use crate::app::{Input, Key, Overlay, Slot, TableGame};
use crate::front::Front;
use crate::game::{Checkers as _, Game, Kind, Layout, NextGame, Steps as _, TurnPlay as _, TurnView as _};
use crate::rules::Color;
use crate::session::{Match, Phase};
use crate::words::game::GameWords;
use crate::words::names::{color_name, who};
use crate::words::{Lang, plain as words, resign as resign_words};

/// Plays the match the app has on screen in plain text: commands read from `input`,
/// sentences written to `out`, until the match ends, `quit`, or the end of the input
/// (the match is then saved). Nothing is done when no match is on screen.
pub fn run(front: &mut Front, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<()> {
    for kind in Kind::ALL {
        let ours = crate::with_game!(kind, G => front.app().table_of::<G>().is_some());
        if ours {
            return crate::with_game!(kind, G => Plain::<G>::new(front, out).play(input));
        }
    }
    Ok(())
}

/// A match of `G` played in plain text.
struct Plain<'a, G: TableGame> {
    front: &'a mut Front,
    out: &'a mut dyn Write,
    lang: Lang,
    /// The events printed so far (of [`events`]).
    printed: usize,
    /// Where the match stood when they were printed ([`progress`]): the events are told
    /// again only once it has moved.
    told: Option<Progress<G>>,
    /// The last event printed, for `last`.
    last: String,
    _game: std::marker::PhantomData<G>,
}

impl<'a, G: TableGame> Plain<'a, G> {
    fn new(front: &'a mut Front, out: &'a mut dyn Write) -> Plain<'a, G> {
        let lang = front.app().lang();
        Plain {
            front,
            out,
            lang,
            printed: 0,
            told: None,
            last: String::new(),
            _game: std::marker::PhantomData,
        }
    }

    fn game(&self) -> Match<G> {
        self.front
            .app()
            .table_of::<G>()
            .map(|t| t.game().clone())
            .unwrap_or_else(|| Match::new("", "", 1))
    }

    fn say(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }

    fn name(&self, game: &Match<G>, side: Color) -> String {
        who(self.lang, &game.names[side.index()], side)
    }

    /// Prints the events not printed yet.
    fn report(&mut self) -> io::Result<()> {
        let Some(table) = self.front.app().table_of::<G>() else {
            return Ok(());
        };
        let game = table.game();
        let now = progress(game);
        if self.told == Some(now) {
            return Ok(());
        }
        self.told = Some(now);
        let all = events(self.lang, game);
        for line in all.iter().skip(self.printed) {
            writeln!(self.out, "{line}")?;
        }
        if let Some(last) = all.last() {
            self.last.clone_from(last);
        }
        self.printed = self.printed.max(all.len());
        self.out.flush()
    }

    /// Lets the app act by itself (the computer's turns and cube, its jobs) until a
    /// player at the keyboard is to act, printing each event as it comes.
    fn settle(&mut self) -> io::Result<()> {
        loop {
            self.front.step();
            self.report()?;
            let app = self.front.app();
            if app.computer_to_act().is_none() && !app.thinking() {
                return Ok(());
            }
            std::thread::sleep(self.front.wait().min(Duration::from_millis(2)));
        }
    }

    fn key(&mut self, key: Key) {
        self.front.app_mut().handle(Input::Key(key));
    }

    fn play(mut self, input: &mut dyn BufRead) -> io::Result<()> {
        let game = self.game();
        let length = G::length_words(self.lang, G::length(&game.score));
        let players = [self.name(&game, Color::White), self.name(&game, Color::Black)];
        // Rules other than the game's default are named beside it, as the board's header
        // and the records name them.
        let name = match G::rules_said(self.lang, game.rules) {
            Some(rules) => format!("{} ({rules})", self.lang.say(G::NAME)),
            None => self.lang.say(G::NAME).to_string(),
        };
        let intro = words::intro(self.lang, &name, &length, [&players[0], &players[1]]);
        self.say(&intro)?;
        let mut line = String::new();
        loop {
            self.settle()?;
            let game = self.game();
            let mover = game.position.to_move();
            // An offer to resign, made to a person at the keyboard, waits for its answer.
            if let Some(level) = self.offer_to_answer() {
                let question = self.resign_question(&game, level);
                self.say(&question)?;
                line.clear();
                if input.read_line(&mut line)? == 0 {
                    break;
                }
                self.answer_offer(line.trim())?;
                continue;
            }
            // A player's own opening roll, the next game, a roll nobody can play, a roll
            // without a cube to turn: done as the keys would — unless the key did nothing
            // (manual dice: the roll is typed), when the player is asked.
            let auto = match &game.phase {
                Phase::MatchOver => break,
                Phase::Teka { .. } | Phase::GameOver { .. } | Phase::Forfeit(_) => Some(Key::Enter),
                Phase::AwaitRoll if !game.may_double() => Some(Key::Char(' ')),
                _ => None,
            };
            if let Some(key) = auto {
                self.key(key);
                if moved(&game, &self.game()) {
                    continue;
                }
            }
            let prompt = match &game.phase {
                Phase::MatchOver => break,
                Phase::Teka { .. } => words::type_opening(self.lang).to_string(),
                Phase::GameOver { .. } | Phase::Forfeit(_) => {
                    words::type_dice(self.lang, &self.name(&game, mover))
                }
                Phase::AwaitRoll if !game.may_double() => {
                    words::type_dice(self.lang, &self.name(&game, mover))
                }
                Phase::AwaitRoll => words::to_roll_or_double(self.lang, &self.name(&game, mover)),
                Phase::Doubled { by } => words::take_or_drop(self.lang, &self.name(&game, by.other())),
                Phase::Moving(turn) => {
                    let roll = words::roll(turn.roll().dice());
                    format!(
                        "{} {}",
                        words::to_play(self.lang, &self.name(&game, mover), &roll),
                        words::pips(self.lang, pips(&game))
                    )
                }
            };
            self.say(&prompt)?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                break;
            }
            if !self.command(line.trim())? {
                break;
            }
        }
        // The end: the match saved (or recorded, when it is over) as a quit would.
        let over = matches!(self.game().phase, Phase::MatchOver);
        self.front.input_ended();
        if !over {
            self.say(words::saved(self.lang))?;
        }
        Ok(())
    }

    /// Does what a typed line says; `false` to stop.
    fn command(&mut self, typed: &str) -> io::Result<bool> {
        let lang = self.lang;
        let game = self.game();
        let word = typed.to_lowercase();
        match word.as_str() {
            "" => {}
            "help" | "?" | "hjälp" => self.say(words::help(lang))?,
            "quit" | "q" | "sluta" => return Ok(false),
            "board" | "b" | "bräde" => {
                for line in board(lang, &game) {
                    self.say(&line)?;
                }
            }
            "moves" | "m" | "drag" => match game.turn() {
                Some(turn) => {
                    let plays = G::legal_plays(&game.position, turn.roll(), game.rules);
                    self.say(&words::moves_heading(lang, plays.len()))?;
                    for (i, p) in plays.iter().enumerate() {
                        self.say(&format!("{}. {}", i + 1, G::play_of(p)))?;
                    }
                }
                None => self.say(&words::unknown(lang, typed))?,
            },
            "pips" | "ögon" => self.say(&words::pips(lang, pips(&game)))?,
            "score" | "s" | "ställning" => {
                self.say(&format!("{}.", G::standing(lang, &game.score, &game.names)))?;
            }
            "last" | "l" | "senast" => {
                let last = words::last(lang, &self.last);
                self.say(&last)?;
            }
            "undo" | "u" | "ångra" => self.say(words::no_undo(lang))?,
            "hint" | "tips" => self.hint()?,
            _ if word == "resign"
                || word == "g"
                || word == "ge upp"
                || word.starts_with("resign ")
                || word.starts_with("g ")
                || word.starts_with("ge upp ") =>
            {
                let asked = word
                    .strip_prefix("ge upp")
                    .or_else(|| word.strip_prefix("resign"))
                    .or_else(|| word.strip_prefix('g'))
                    .map(str::trim)
                    .filter(|a| !a.is_empty());
                self.resign(asked)?;
            }
            _ if word == "rules"
                || word == "regler"
                || word.starts_with("rules ")
                || word.starts_with("regler ") =>
            {
                let asked = word.split_once(' ').map(|(_, a)| a.trim());
                let kind = Kind::of_save(G::SAVE_NAME).unwrap_or_default();
                for line in rules(lang, kind, asked) {
                    self.say(&line)?;
                }
            }
            "roll" | "r" | "slå" if matches!(game.phase, Phase::AwaitRoll) => self.key(Key::Char(' ')),
            "double" | "d" | "dubbla" if matches!(game.phase, Phase::AwaitRoll) => self.key(Key::Char('d')),
            "take" | "t" | "ta" if matches!(game.phase, Phase::Doubled { .. }) => self.key(Key::Char('t')),
            "drop" | "passa" if matches!(game.phase, Phase::Doubled { .. }) => self.key(Key::Char('p')),
            // A play by its number in the list `moves` gives.
            _ if typed.parse::<usize>().is_ok() && game.turn().is_some() => {
                let turn = game.turn().map(|t| t.roll());
                let plays = turn
                    .map(|roll| G::legal_plays(&game.position, roll, game.rules))
                    .unwrap_or_default();
                match typed
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| plays.get(n.checked_sub(1)?))
                {
                    Some(p) => {
                        let text = G::play_of(p).to_string();
                        self.typed_play(&text)?;
                    }
                    None => self.say(&words::no_such_play(lang, typed, plays.len()))?,
                }
            }
            _ if matches!(game.phase, Phase::Moving(_)) => self.typed_play(typed)?,
            // Manual dice: the roll typed, a digit a die.
            _ if matches!(game.phase, Phase::Teka { .. } | Phase::AwaitRoll)
                && !typed.is_empty()
                && typed
                    .chars()
                    .all(|c| ('1'..='6').contains(&c) || c == '-' || c == ' ') =>
            {
                for c in typed.chars().filter(char::is_ascii_digit) {
                    self.key(Key::Char(c));
                }
            }
            _ => self.say(&words::unknown(lang, typed))?,
        }
        Ok(true)
    }

    /// `hint`: the plays the computer would weigh best for the roll, where the full-screen
    /// game gives hints (`H`), or why not.
    fn hint(&mut self) -> io::Result<()> {
        if self.game().turn().is_none() {
            return self.say(words::no_hint(self.lang));
        }
        self.key(Key::Char('H'));
        // The hint is weighed off the event loop: its answer comes back as the message.
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        loop {
            self.front.step();
            let thinking = matches!(self.front.app().note::<G>(), Some(crate::words::Note::Thinking));
            if !thinking || std::time::Instant::now() > deadline {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let said = self.note_said();
        match said {
            Some(said) if !said.is_empty() => {
                for line in said.lines() {
                    self.say(line)?;
                }
                Ok(())
            }
            _ => self.say(words::no_hint(self.lang)),
        }
    }

    /// The resignation offered to a person at the keyboard, waiting for the answer.
    fn offer_to_answer(&self) -> Option<crate::game::Resign> {
        match self.front.app().overlay() {
            Overlay::Resign(r) => match r.stage {
                ResignStage::Answer(level) => Some(level),
                ResignStage::Choose => None,
            },
            _ => None,
        }
    }

    /// "Bo offers to resign a gammon — 2 points. Anna: accept? Type yes or no."
    fn resign_question(&self, game: &Match<G>, level: crate::game::Resign) -> String {
        let by = game.position.to_move();
        let offer = game
            .resignation(level)
            .map(|record| G::resign_offer(self.lang, level, &record))
            .unwrap_or_default();
        format!(
            "{} {} {}",
            resign_words::offers(self.lang, &self.name(game, by), &offer),
            resign_words::accept_question(self.lang, &self.name(game, by.other())),
            words::yes_or_no(self.lang)
        )
    }

    /// The answer typed to an offer to resign: yes or no (in either language), or asked
    /// again.
    fn answer_offer(&mut self, typed: &str) -> io::Result<()> {
        match typed.to_lowercase().as_str() {
            "y" | "yes" | "j" | "ja" => self.key(Key::Char('y')),
            "n" | "no" | "nej" => self.key(Key::Char('n')),
            _ => {
                let said = words::not_yes_or_no(self.lang, typed);
                return self.say(&said);
            }
        }
        // The answer is told with the match's events.
        Ok(())
    }

    /// `resign` (`resign N` where the game offers several things to give up): offered as
    /// the dialog `g` would; the computer answers at once, a person is asked next.
    fn resign(&mut self, asked: Option<&str>) -> io::Result<()> {
        let lang = self.lang;
        let game = self.game();
        let levels: Vec<(usize, String)> = G::RESIGNS
            .iter()
            .enumerate()
            .filter_map(|(i, &level)| {
                let record = game.resignation(level)?;
                Some((i + 1, G::resign_offer(lang, level, &record)))
            })
            .collect();
        let chosen = match asked {
            None if G::RESIGNS.len() == 1 => Some(1),
            None => None,
            Some(a) => match a.parse::<usize>() {
                Ok(n) if (1..=G::RESIGNS.len()).contains(&n) => Some(n),
                _ => {
                    let said = words::no_such_resignation(lang, a, G::RESIGNS.len());
                    return self.say(&said);
                }
            },
        };
        self.key(Key::Char('g'));
        if !matches!(self.front.app().overlay(), Overlay::Resign(_)) {
            // Refused: the message says why.
            return self.say_note();
        }
        let Some(n) = chosen else {
            // Several things to give up: listed, the dialog closed again.
            self.key(Key::Esc);
            let who = self.name(&game, game.position.to_move());
            self.say(&resign_words::choose(lang, &who))?;
            for (i, offer) in levels {
                self.say(&words::resign_choice(lang, i, &offer))?;
            }
            return Ok(());
        };
        if G::RESIGNS.len() > 1 {
            self.key(Key::Char(char::from(b'0' + n as u8)));
        } else {
            self.key(Key::Enter);
        }
        // The computer's answer is told with the match's events; a person's is asked next.
        Ok(())
    }

    /// What the message line says now, in words.
    fn note_said(&self) -> Option<String> {
        let app = self.front.app();
        let names = app
            .table_of::<G>()
            .map(|t| t.game().names.clone())
            .unwrap_or_default();
        app.note::<G>()
            .map(|note| crate::words::notes::note(self.lang, note, &names))
    }

    /// The message line, if it says anything, as a sentence.
    fn say_note(&mut self) -> io::Result<()> {
        let said = self.note_said();
        match said {
            Some(said) if !said.is_empty() => self.say(&format!("{said}.")),
            _ => Ok(()),
        }
    }

    /// A play typed: made when it is a whole legal play; otherwise why not, and the turn
    /// left as it was.
    fn typed_play(&mut self, typed: &str) -> io::Result<()> {
        let before = self.game();
        self.key(Key::Char(':'));
        for c in typed.chars().filter(|c| !c.is_control()) {
            self.key(Key::Char(c));
        }
        self.key(Key::Enter);
        let after = self.game();
        if after.turns_played() > before.turns_played() || after.log.len() > before.log.len() {
            return Ok(());
        }
        // Refused, or not the whole play: said, and the steps taken undone.
        let said = self.note_said();
        let mut taken = after.turn().map_or(0, |t| t.taken().len());
        while taken > 0 {
            self.key(Key::Char('u'));
            taken -= 1;
        }
        let roll = before
            .turn()
            .map(|t| words::roll(t.roll().dice()))
            .unwrap_or_default();
        match said {
            Some(said) if !said.is_empty() && after.turn().is_some_and(|t| t.taken().is_empty()) => {
                self.say(&said)
            }
            _ => self.say(&words::not_whole(self.lang, &roll)),
        }
    }
}

/// `rules`: the help's sections by number and heading, as the help opens in a match of
/// `kind` (its keys, then its rules, then the other game's); `rules SECTION` (a number or
/// a word of its heading): that section, its lines as the help has them.
fn rules(lang: Lang, kind: Kind, asked: Option<&str>) -> Vec<String> {
    let place = crate::words::help_place::Place::Match;
    let text = crate::words::help_place::text(lang, place, kind, "");
    let mut sections: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("# ") {
            sections.push((heading.to_string(), Vec::new()));
        } else if let Some((_, body)) = sections.last_mut() {
            body.push(line.trim_end().to_string());
        }
    }
    let Some(asked) = asked.filter(|a| !a.is_empty()) else {
        let mut out = vec![words::rules_heading(lang).to_string()];
        out.extend(
            sections
                .iter()
                .enumerate()
                .map(|(i, (h, _))| format!("{}. {h}", i + 1)),
        );
        return out;
    };
    let found = asked
        .parse::<usize>()
        .ok()
        .and_then(|n| sections.get(n.checked_sub(1)?))
        .or_else(|| {
            sections
                .iter()
                .find(|(h, _)| h.to_lowercase().contains(&asked.to_lowercase()))
        });
    match found {
        Some((heading, body)) => {
            let mut out = vec![heading.clone()];
            out.extend(body.iter().filter(|l| !l.is_empty()).cloned());
            out
        }
        None => vec![words::no_section(lang, asked)],
    }
}

/// Whether anything of the match changed from `before` to `after` (a roll, a step, a
/// game begun).
fn moved<G: Game>(before: &Match<G>, after: &Match<G>) -> bool {
    progress(before) != progress(after)
}

/// How far a match has come, in what its events are made of: its phase, its opening
/// rolls, its games, the turns and the cube's actions of the game in progress.
type Progress<G> = (std::mem::Discriminant<Phase<G>>, usize, usize, usize, usize);

fn progress<G: Game>(game: &Match<G>) -> Progress<G> {
    (
        std::mem::discriminant(&game.phase),
        game.teka_rolls.len(),
        game.log.len(),
        game.turns_played(),
        game.log.last().map_or(0, |g| g.cube.len()),
    )
}

/// Each side's pips, White's then Black's.
fn pips<G: Game>(game: &Match<G>) -> [u32; 2] {
    let position = game.turn().map_or(game.position, |t| t.position());
    Color::BOTH.map(|side| position.pips(side))
}

/// A point's number in `side`'s notation, from its number from where he enters.
fn notation_number<G: Game>(p: u8) -> u8 {
    match G::LAYOUT {
        Layout::SameWay => p,
        Layout::Opposite => 25 - p,
    }
}

/// The board read from the side to move: every point with checkers, in his notation's
/// numbers from the highest down, then each side's bar and borne-off checkers.
fn board<G: GameWords>(lang: Lang, game: &Match<G>) -> Vec<String> {
    let position = game.turn().map_or(game.position, |t| t.position());
    let mover = position.to_move();
    let other = mover.other();
    let (own, theirs) = (position.counts(mover), position.counts(other));
    let mut points: Vec<(u8, String)> = (1..=24u8)
        .filter_map(|p| {
            let q = Slot::at(G::LAYOUT, mover, p).point_in(G::LAYOUT, other);
            let (count, side) = if own[usize::from(p)] > 0 {
                (own[usize::from(p)], mover)
            } else {
                (theirs[usize::from(q)], other)
            };
            let n = notation_number::<G>(p);
            (count > 0).then(|| (n, words::point(lang, n, count, color_name(lang, side))))
        })
        .collect();
    points.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
    let mut lines = vec![words::board_heading(
        lang,
        &who(lang, &game.names[mover.index()], mover),
    )];
    lines.extend(points.into_iter().map(|(_, line)| line));
    for side in [mover, other] {
        lines.push(words::bar_and_off(
            lang,
            G::board_words(),
            color_name(lang, side),
            position.counts(side)[0],
            position.borne_off(side),
        ));
    }
    lines
}

/// Every event of the match so far as a sentence, in order: each game's opening rolls,
/// its turns and cube actions, its end with the standing after it; the match's end.
fn events<G: GameWords>(lang: Lang, game: &Match<G>) -> Vec<String> {
    let name = |side: Color| who(lang, &game.names[side.index()], side);
    let names = [name(Color::White), name(Color::Black)];
    let mut out = Vec::new();
    // The opening rolls, each game's ending at its first unequal roll.
    let mut openings = game.teka_rolls.iter();
    let mut score = G::score(G::length(&game.score));
    for (g, log) in game.log.iter().enumerate() {
        let opens = g == 0
            || game.log[g - 1]
                .result
                .as_ref()
                .is_some_and(|r| matches!(G::next_game(r), NextGame::Opening));
        if opens {
            for &(white, black) in openings.by_ref() {
                if white == black {
                    out.push(format!("{}.", G::opening_equal(lang, white)));
                } else {
                    let starter = log.starter;
                    let line = G::opening_starts(
                        lang,
                        &names[starter.index()],
                        [&names[0], &names[1]],
                        white,
                        black,
                    );
                    out.push(format!("{line}."));
                    break;
                }
            }
        }
        let mut cube = log.cube.iter().peekable();
        let mut value = 1;
        for (i, (roll, play)) in log.turns.iter().enumerate() {
            while let Some(&&(_, action)) = cube.peek().filter(|(at, _)| *at <= i) {
                cube.next();
                out.push(cube_line::<G>(lang, &names, log.mover(i), action, &mut value));
            }
            let mover = log.mover(i);
            let dice = words::roll(roll.dice());
            out.push(if play.steps().is_empty() {
                words::cannot_move(lang, &names[mover.index()], &dice)
            } else {
                words::played(lang, &names[mover.index()], &dice, &play.to_string())
            });
        }
        for &(_, action) in cube {
            out.push(cube_line::<G>(
                lang,
                &names,
                log.mover(log.turns.len()),
                action,
                &mut value,
            ));
        }
        if let Some(record) = &log.result {
            G::record(&mut score, *record);
            let winner = G::winner(record);
            out.push(words::game_over(
                &names[winner.index()],
                &G::record_line(lang, record),
                &G::standing(lang, &score, &game.names),
            ));
        }
    }
    if matches!(game.phase, Phase::MatchOver) {
        out.extend(G::match_results(lang, &game.score, &game.names));
        out.push(words::match_over(lang).to_string());
    }
    out
}

/// A cube action (or a resignation) as a sentence: the double by the side to roll, the
/// answer by the other; `value` follows the cube.
fn cube_line<G: GameWords>(
    lang: Lang,
    names: &[String; 2],
    to_roll: Color,
    action: crate::game::CubeAction,
    value: &mut u32,
) -> String {
    use crate::game::CubeAction;
    let by = match action {
        CubeAction::Double => to_roll,
        CubeAction::Take | CubeAction::Drop => to_roll.other(),
        CubeAction::Resign(_) => to_roll,
    };
    if action == CubeAction::Take {
        *value *= 2;
    }
    let line = crate::words::resign::action_line::<G>(lang, &names[by.index()], action, *value);
    format!("{line}.")
}
