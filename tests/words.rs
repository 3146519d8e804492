//! The words module: the help's scoring table against R19 as the rules text types it, the
//! settings in the help, and the language and level names read back.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

use brade::ai::Level;
use brade::settings::Setting;
use brade::words::{Lang, help};

#[test]
fn r19_the_help_scores_every_result_with_its_points_and_rank_box() {
    // The table as RULES.md R19 and the Vasamuseet sheet give it, typed here by hand.
    let en = help::text(Lang::En, "");
    for row in [
        " Sprängjan                                   6 · 1",
        " Jan                                         4 · 2",
        " Kronspel, trappspel or uppspel med munk     3 · 3",
        " Kronspel, trappspel or uppspel              2 · 4",
        " Hemspel med munk                            2 · 5",
        " Hemspel                                     1 · 6",
    ] {
        assert!(en.contains(row), "missing {row:?} in:\n{en}");
    }
    let sv = help::text(Lang::Sv, "");
    assert!(
        sv.contains(" Kronspel, trappspel eller uppspel med munk  3 · 3"),
        "{sv}"
    );
    assert!(
        sv.contains(" Hemspel med munk                            2 · 5"),
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
