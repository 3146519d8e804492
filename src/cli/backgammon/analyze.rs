//! `brade analyze FILE` of a backgammon record: every checker play and cube decision
//! weighed ([`crate::ai::backgammon::analysis`]), as lines of text or as TSV; with `--rollout` the
//! marked checker plays rolled out too (`verdict.rs`).

use std::io::{self, Write};
use std::process::ExitCode;

use crate::ai::backgammon::analysis::{self as judged, BgAnalysis, BgDecision, DecisionKind};
use crate::ai::verdict::Verification;
use crate::cli::sharing::say_kept;
use crate::cli::verdict::Asked;
use crate::cli::{file_error, finish, with_progress};
use crate::game::Backgammon;
use crate::rules::Color;
use crate::session::Match;
use crate::store::MatchFile;
use crate::store::analysis;
use crate::words::Lang;
use crate::words::backgammon::analysis as words;

/// Analyses the match in `file` (read back from beside the record where it is kept, else
/// made and kept there) and prints it; with `rollout`, its marked checker plays rolled out.
pub(in crate::cli) fn analyze(
    lang: Lang,
    file: &MatchFile<Backgammon>,
    tsv: bool,
    rollout: Option<Asked>,
) -> ExitCode {
    let analysis = with_progress(None, |progress| analysis::of_file(file, progress));
    let Some((analysis, source, not_kept)) = analysis else {
        return file_error(crate::words::cli::NO_SHIPPED_NETWORK);
    };
    say_kept(lang, &file.path, source, not_kept);
    let game = &file.game;
    let rolled = rollout.map(|asked| (asked, verdicts(&analysis, &asked)));
    let out = if tsv {
        as_tsv(&analysis, rolled.as_ref().map(|r| r.1.as_slice()))
    } else {
        as_text(lang, game, &analysis, rolled.as_ref())
    };
    finish(io::stdout().lock().write_all(out.as_bytes()))
}

/// One line a decision: game, turn, side, roll (or `cube`), what was done, what was
/// right, the loss, the mark, the match chance lost (`-` in money play). The columns are
/// notation: the same in either language.
fn as_tsv(analysis: &BgAnalysis, verdicts: Option<&[Option<Verification>]>) -> String {
    let mut out = String::new();
    for (i, d) in analysis.decisions.iter().enumerate() {
        let side = match d.mover {
            Color::White => "white",
            Color::Black => "black",
        };
        let (roll, made, right) = match &d.kind {
            DecisionKind::Checker { roll, played, best } => {
                (roll.to_string(), played.to_string(), best.to_string())
            }
            DecisionKind::Double { doubled, right } => (
                "cube".to_string(),
                if *doubled { "double" } else { "no-double" }.to_string(),
                words::verdict(Lang::En, right.verdict())
                    .replace(", ", "-")
                    .replace(' ', "-"),
            ),
            DecisionKind::Answer { took, take } => (
                "cube".to_string(),
                if *took { "take" } else { "pass" }.to_string(),
                if *take { "take" } else { "pass" }.to_string(),
            ),
        };
        out.push_str(&format!(
            "{}\t{}\t{side}\t{roll}\t{made}\t{right}\t{:.4}\t{}\t{}{}\n",
            d.game,
            d.turn,
            d.loss,
            d.mark.sign(),
            d.match_loss.map_or("-".to_string(), |m| format!("{m:.5}")),
            verdicts.map_or(String::new(), |v| crate::cli::verdict::tsv_columns(
                v.get(i).copied().flatten().as_ref()
            ))
        ));
    }
    out
}

fn as_text(
    lang: Lang,
    game: &Match<Backgammon>,
    analysis: &BgAnalysis,
    rolled: Option<&(Asked, Vec<Option<Verification>>)>,
) -> String {
    let who = |side: Color| crate::words::names::who(lang, game.name(side), side);
    let colour = |c: Color| crate::words::names::color_name(lang, c);
    let mut out = words::heading(
        lang,
        &words::BgHeading {
            white: &who(Color::White),
            black: &who(Color::Black),
            length: game.length(),
            thresholds: judged::THRESHOLDS,
            ratings: judged::LIMITS,
        },
    );
    if let Some((asked, verdicts)) = rolled {
        let cube = analysis.decisions.iter().any(BgDecision::is_cube);
        out.push_str(&crate::cli::verdict::heading::<crate::game::Backgammon>(
            lang,
            asked,
            verdicts,
            crate::ai::verdict::BG_GAMES,
            cube,
        ));
    }
    for (i, d) in analysis.decisions.iter().enumerate() {
        let texts = d.texts();
        out.push_str(&words::line(
            lang,
            &words::Line {
                game: d.game,
                turn: d.turn,
                who: colour(d.mover),
                what: d.what(&texts),
                sign: d.mark.sign(),
                loss: d.loss,
                match_chance: d.match_loss,
            },
        ));
        if let Some(v) = rolled.and_then(|r| r.1.get(i).copied().flatten()) {
            out.push_str(&crate::words::verdict::line(lang, &v.figures()));
        }
    }
    out.push('\n');
    for side in Color::BOTH {
        let overall = analysis.overall(side);
        out.push_str(&words::summary(
            lang,
            &who(side),
            &analysis.checker[side.index()].figures(),
            &analysis.cube[side.index()].figures(),
            &overall.figures(),
            overall
                .rating_on(judged::LIMITS)
                .map(|r| lang.say(crate::words::screens::RATINGS[r as usize])),
        ));
    }
    out
}

/// The backgammon checker decisions asked for rolled out, by decision (`None` for those
/// not, and for every cube decision: a cubeless rollout cannot settle one).
fn verdicts(
    analysis: &BgAnalysis,
    asked: &crate::cli::verdict::Asked,
) -> Vec<Option<crate::ai::verdict::Verification>> {
    let marks: Vec<(f64, crate::ai::analysis::Mark)> = analysis
        .decisions
        .iter()
        .map(|d| {
            (
                d.loss,
                if d.is_cube() {
                    crate::ai::analysis::Mark::Fine
                } else {
                    d.mark
                },
            )
        })
        .collect();
    let run = asked.run(crate::ai::verdict::BG_GAMES);
    let never = std::sync::atomic::AtomicBool::new(false);
    crate::cli::verdict::roll(
        marks.len(),
        &crate::cli::verdict::chosen(&marks, asked.worst),
        run.games,
        |i, tick| crate::ai::verdict::verify_bg(&analysis.decisions[i], run, tick, &never),
    )
}
