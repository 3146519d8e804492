//! `brade rollout --game backgammon POSITION [DICE]`: a backgammon position, or the best
//! plays of a roll, rolled out by [`crate::ai::backgammon::rollout`] and told in words.

use std::io::{self, Write};
use std::process::ExitCode;

use crate::ai::backgammon::rollout::{self as bg, BgRollout, Estimate, Options};
use crate::cli::backgammon::bot::bg_level;
use crate::cli::backgammon::{playable, query_roll};
use crate::cli::{finish, usage_error};
use crate::words::backgammon::{self as bg_words, BgRolloutFigures};
use crate::words::figures::Estimate as Said;
use crate::words::{Lang, cli as words};

/// The plays of a roll rolled out: the hard level's best five.
const CANDIDATES: usize = 5;

fn said(e: Estimate) -> Said {
    Said {
        mean: e.mean,
        error: e.error,
    }
}

/// The figures of `r` in words.
fn report(lang: Lang, r: &BgRollout, luck_adjusted: bool) -> String {
    bg_words::rollout_report(
        lang,
        &BgRolloutFigures {
            equity: said(r.equity()),
            plain: luck_adjusted.then(|| said(r.plain_equity())),
            chances: r.outcomes().map(said),
            unfinished: r.unfinished,
        },
    )
}

/// `brade rollout --game backgammon POSITION [DICE]`.
pub(in crate::cli) fn rollout(lang: Lang, position: &str, dice: &[String], options: &Options) -> ExitCode {
    let pos = match playable(position) {
        Ok(p) => p,
        Err(why) => return usage_error(&why.to_string()),
    };
    if let Err(code) = bg_level(options.level) {
        return code;
    }
    // The dice given, or an XGID's.
    let roll = match query_roll(position, Some(dice.join(" ").trim())) {
        Ok(r) => r,
        Err(e) => return usage_error(&e.to_string()),
    };
    let mut out = words::rollout_heading(
        lang,
        &words::RolloutFigures {
            position: &pos.to_string(),
            level: options.level.label(),
            games: options.games,
            luck_adjusted: options.luck_adjusted,
        },
    );
    // A progress bar on stderr when it is a terminal (indicatif hides it otherwise).
    let bar = indicatif::ProgressBar::new(u64::from(options.games));
    let tick = || bar.inc(1);
    let rolled = match roll {
        None => bg::rollout(pos.board(), options, &tick)
            .map(|r| out.push_str(&report(lang, &r, options.luck_adjusted))),
        Some(roll) => bg::candidates(pos.board(), roll, CANDIDATES)
            .and_then(|plays| {
                out.push_str(&bg_words::rollout_candidates(
                    lang,
                    plays.len(),
                    &roll.to_string(),
                ));
                bg::rollout_plays(&plays, options, &tick)
            })
            .map(|rolled| {
                for p in rolled {
                    out.push_str(&words::rollout_play(&p.play.play.to_string()));
                    match p.play.win {
                        // A play that ends the game needs no rollout.
                        Some(win) => out.push_str(&words::rollout_ends(
                            lang,
                            win.notation(),
                            u32::from(win.points()),
                        )),
                        None => out.push_str(&report(lang, &p.rollout, options.luck_adjusted)),
                    }
                    out.push_str(&bg_words::behind_best(
                        lang,
                        (!p.best).then(|| said(p.behind_best)),
                    ));
                }
            }),
    };
    bar.finish_and_clear();
    match rolled {
        Ok(()) => finish(io::stdout().lock().write_all(out.as_bytes())),
        Err(why) => usage_error(&why.to_string()),
    }
}
