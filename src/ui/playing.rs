//! The match screen: the board, the side panel (players, pips, dice, score, last play),
//! the footer (the message line and what to do now), and the game-over box.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::board::{board_view, dice_state, draw_board, glyph, numbers_legend};
use super::{Geometry, RenderInto, Theme, heading};
use crate::app::{App, Table};
use crate::game::{Checkers as _, Game, TurnView as _};
use crate::rules::Color;
use crate::session::{LastPlay, Match, Phase};
use crate::words::game::GameWords;
use crate::words::names::who;
use crate::words::notes::note_for;
use crate::words::{Lang, Note, screens};

/// The match screen of `table`'s match, in any game.
pub(super) fn draw<G: GameWords>(
    buf: &mut Buffer,
    geo: &Geometry,
    app: &App,
    table: &Table<G>,
    theme: &Theme,
) {
    let game = table.game();
    let view = board_view(app, game);
    draw_board(buf, geo, &view, app.lang(), theme);
    footer(buf, geo.footer, app, table, (game.may_double(), None), theme);
    // At the end of a game the side panel gives way to the result, and the board keeps
    // showing the final position (the pattern, the blocked quarter).
    let Phase::GameOver { record, .. } = &game.phase else {
        side_panel(buf, geo.panel, app, game, theme);
        return;
    };
    let lang = app.lang();
    let winner = G::winner(record);
    let who = format!("{} {}", glyph(winner), who(lang, game.name(winner), winner));
    // A game given up says so: "● Bo resigns a gammon — 2 points".
    let result = match game.log.last().and_then(crate::session::GameLog::resigned) {
        Some((by, level)) => crate::words::resign::heading(
            lang,
            &format!(
                "{} {}",
                glyph(by),
                super::super::words::names::who(lang, game.name(by), by)
            ),
            &G::resign_offer(lang, level, record),
        ),
        None => G::record_line(lang, record),
    };
    let mut lines = vec![
        Line::from(heading(result)),
        Line::from(""),
        Line::from(screens::wins_game(lang, &who)),
    ];
    // The play that ended the game, under the final position.
    lines.extend(game.last.as_ref().map(|last| last_line(lang, last, theme)));
    lines.extend([
        Line::from(""),
        Line::from(G::standing(lang, &game.score, &game.names)),
        Line::from(""),
        Line::from(Span::styled(
            lang.say(screens::CONTINUE),
            Style::new().add_modifier(Modifier::BOLD),
        )),
    ]);
    Clear.render_into(buf, geo.panel);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(
            Block::bordered()
                .border_type(BorderType::Double)
                .title(format!(" {} ", screens::game_over(lang, game.game_number()))),
        )
        .render_into(buf, geo.panel);
}

pub(super) fn side_panel<G: GameWords>(
    buf: &mut Buffer,
    area: Rect,
    app: &App,
    game: &Match<G>,
    theme: &Theme,
) {
    let lang = app.lang();
    let (w, b) = (
        G::match_points(&game.score, Color::White),
        G::match_points(&game.score, Color::Black),
    );
    // The score with each side's glyph, so that its order cannot be misread.
    let title = format!(
        " {} · {} {w}–{b} {} ",
        G::progress(lang, game.game_number(), &game.score),
        glyph(Color::White),
        glyph(Color::Black)
    );
    let pos = match &game.phase {
        Phase::Moving(t) => t.position(),
        Phase::GameOver { last, .. } => *last,
        _ => game.position,
    };
    let mover = game.position.to_move();
    let mut lines = Vec::new();
    for side in Color::BOTH {
        let to_move = side == mover && !matches!(game.phase, Phase::Teka { .. } | Phase::GameOver { .. });
        let marker = if to_move { "▶" } else { " " };
        let style = if to_move {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        lines.push(Line::from(vec![
            Span::raw(format!("{marker} ")),
            Span::styled(format!(" {} ", glyph(side)), theme.checker(side)),
            Span::styled(format!(" {}", who(lang, game.name(side), side)), style),
        ]));
        let pips = if app.settings().show_pips {
            format!("{} {} · ", lang.say(screens::PIPS), pos.pips(side))
        } else {
            String::new()
        };
        lines.push(Line::from(format!(
            "    {pips}{} {}",
            lang.say(G::board_words().borne_off),
            pos.borne_off(side)
        )));
    }
    lines.push(Line::from(""));
    lines.push(dice_line(lang, game, theme));
    lines.extend(G::stake_line(lang, &game.stake).map(Line::from));
    // Who won the teka, for the first turns of the match (the computer's teka passes in
    // a moment).
    if let (Some(&(w, b)), Some(first)) = (game.teka_rolls.last(), game.log.first())
        && game.log.len() == 1
        && first.turns.len() < 2
        && !matches!(game.phase, Phase::Teka { .. })
    {
        lines.push(Line::from(vec![
            Span::raw(lang.say(G::opening_words().result)),
            Span::styled(format!(" {} ", glyph(Color::White)), theme.checker(Color::White)),
            Span::raw(format!(" {w}  ")),
            Span::styled(format!(" {} ", glyph(Color::Black)), theme.checker(Color::Black)),
            Span::raw(format!(" {b}")),
        ]));
    }
    lines.push(Line::from(""));
    lines.extend(game.last.as_ref().map(|last| last_line(lang, last, theme)));
    lines.extend(numbers_legend(lang, &board_view(app, game), theme));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::bordered().title(title))
        .render_into(buf, area);
}

/// "Last: ● 62 1/7 1/3": the last play with its mover's glyph and roll, in his numbers.
fn last_line<G: Game>(lang: Lang, last: &LastPlay<G>, theme: &Theme) -> Line<'static> {
    Line::from(vec![
        Span::raw(lang.say(screens::LAST)),
        Span::styled(
            format!("{} {}{}", glyph(last.mover), last.roll.high(), last.roll.low()),
            theme.last,
        ),
        Span::raw(format!(" {}", last.play)),
    ])
}

fn dice_line<G: GameWords>(lang: Lang, game: &Match<G>, theme: &Theme) -> Line<'static> {
    let die = |d: u8, style: Style| Span::styled(format!("[{d}]"), style);
    let mut spans = vec![Span::raw(lang.say(screens::DICE))];
    match &game.phase {
        Phase::Teka { dice: Some((w, b)) } => {
            spans.push(Span::raw(lang.say(G::opening_words().dice)));
            spans.push(Span::styled(
                format!(" {} ", glyph(Color::White)),
                theme.checker(Color::White),
            ));
            spans.push(die(*w, Style::new().add_modifier(Modifier::BOLD)));
            spans.push(Span::raw(" "));
            spans.push(Span::styled(
                format!(" {} ", glyph(Color::Black)),
                theme.checker(Color::Black),
            ));
            spans.push(die(*b, Style::new().add_modifier(Modifier::BOLD)));
        }
        // The same states as the board's dice; a forfeited die is also crossed with ✗.
        Phase::Moving(turn) => {
            for (d, modifier) in dice_state(turn) {
                spans.push(die(d, Style::new().add_modifier(modifier)));
                if modifier.contains(Modifier::CROSSED_OUT) {
                    spans.push(Span::raw("✗"));
                }
                spans.push(Span::raw(" "));
            }
        }
        Phase::Forfeit(roll) => {
            for d in roll.steps() {
                spans.push(die(
                    d,
                    Style::new().add_modifier(Modifier::CROSSED_OUT | Modifier::DIM),
                ));
                spans.push(Span::raw("✗ "));
            }
        }
        _ => spans.push(Span::raw("—")),
    }
    Line::from(spans)
}

/// The footer: the message line (`note`, else the table's), what to do now, the help
/// keys. `may_double`: the side to roll may double first (a chouette's cubes are not
/// the board's).
pub(super) fn footer<G: GameWords>(
    buf: &mut Buffer,
    area: Rect,
    app: &App,
    table: &Table<G>,
    (may_double, note): (bool, Option<String>),
    theme: &Theme,
) {
    let lang = app.lang();
    let game = table.game();
    let mover = game.position.to_move();
    let who = who(lang, game.name(mover), mover);
    let typed = format!("{}▏", app.dice_entry());
    let prompt = match &game.phase {
        // The computer's turn: nothing for anyone at the keyboard to do.
        Phase::Teka { .. }
        | Phase::AwaitRoll
        | Phase::Doubled { .. }
        | Phase::Moving(_)
        | Phase::Forfeit(_)
            if app.computer_to_act().is_some() =>
        {
            screens::computer_turn(lang, &who)
        }
        Phase::Teka { .. } if app.manual_dice() => (G::opening_words().typing)(lang, &typed),
        Phase::AwaitRoll if app.manual_dice() => screens::type_dice(lang, &who, &typed),
        Phase::Teka { .. } => lang.say(G::opening_words().roll).to_string(),
        Phase::AwaitRoll if may_double => screens::to_roll_or_double(lang, &who),
        Phase::AwaitRoll => screens::to_roll(lang, &who),
        Phase::Doubled { by } => {
            let taker = by.other();
            screens::take_or_drop(
                lang,
                &super::super::words::names::who(lang, game.name(taker), taker),
            )
        }
        Phase::Moving(_) => lang.say(screens::MOVING_KEYS).to_string(),
        Phase::Forfeit(_) => lang.say(screens::PASS_KEYS).to_string(),
        Phase::GameOver { .. } | Phase::MatchOver => lang.say(screens::CONTINUES).to_string(),
    };
    let mut lines = Vec::new();
    if let Some(note) = note {
        lines.push(Line::from(Span::styled(
            note,
            Style::new().add_modifier(Modifier::BOLD),
        )));
    } else if let Some(note) = table.note() {
        let style = match note {
            Note::Refused(_)
            | Note::TypedRefused { .. }
            | Note::NothingToMove
            | Note::UnknownKey
            | Note::SaveFailed(_) => theme.error,
            _ => Style::new().add_modifier(Modifier::BOLD),
        };
        lines.push(Line::from(Span::styled(
            note_for(lang, note, &game.names, app.computer().map(|c| c.is_some())),
            style,
        )));
    }
    lines.push(Line::from(prompt));
    // `g` where the player at the keyboard may resign now.
    let keys = match app.may_resign() {
        true => format!(
            "{} · {}",
            lang.say(crate::words::resign::KEY),
            lang.say(screens::HELP_QUIT_KEYS)
        ),
        false => lang.say(screens::HELP_QUIT_KEYS).to_string(),
    };
    lines.push(Line::from(Span::styled(
        keys,
        Style::new().add_modifier(Modifier::DIM),
    )));
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render_into(buf, area);
}
