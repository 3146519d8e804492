//! The match equity table: the chance of winning a backgammon match from the start of a
//! game, by the points each side still needs (B15), Crawford aware.
//!
//! The figures are Neil Kazaross's **Kazaross-XG2** table (2011): eXtreme Gammon rollouts
//! up to 9-point matches, GNU Backgammon full rollouts to 15 points, extended to 25 by
//! projecting take points. They are copied from the XML file GNU Backgammon ships
//! (`met/Kazaross-XG2.xml`, transcribed for GNU Backgammon by Michael Petch; copying
//! permitted with the notice kept) by `tests/data/backgammon/make_met.py`. The
//! pre-Crawford table is exactly symmetric (`PRE[i][j] + PRE[j][i] = 1`); its 1-away rows
//! and columns are the Crawford game's equities. The post-Crawford row is the trailer's
//! chance against a leader 1 away once the Crawford game has been played.

use crate::backgammon::{Score, Stakes, Win};
use crate::rules::Color;

/// The longest match the table covers, in points away.
pub const MAX_AWAY: u32 = 25;

/// Whether the game about to be played is before, or is, or comes after the Crawford game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Crawford {
    /// Neither side has yet stood 1 away.
    Before,
    /// This game is the Crawford game: a side has just reached 1 away; no cube.
    Game,
    /// The Crawford game has been played.
    After,
}

/// A match's standing for one side: the points it (`me`) and its opponent (`opp`) still
/// need, and where the Crawford game stands. A side at 0 has won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Away {
    pub me: u32,
    pub opp: u32,
    pub crawford: Crawford,
}

impl Away {
    /// A standing at the start of a game; the Crawford phase is what the score implies
    /// when `post_crawford` is false (a side 1 away: the Crawford game).
    #[must_use]
    pub fn new(me: u32, opp: u32, post_crawford: bool) -> Away {
        let one = (me == 1) != (opp == 1);
        let crawford = match (one, post_crawford) {
            (false, _) => Crawford::Before,
            (true, false) => Crawford::Game,
            (true, true) => Crawford::After,
        };
        Away { me, opp, crawford }
    }

    /// `side`'s standing in a match (`None` for money play or a match already over).
    #[must_use]
    pub fn of(score: &Score, side: Color) -> Option<Away> {
        if score.is_money() || score.is_over() {
            return None;
        }
        let me = score.length - score.points(side);
        let opp = score.length - score.points(side.other());
        let crawford = if score.next_is_crawford() {
            Crawford::Game
        } else if score.post_crawford() {
            Crawford::After
        } else {
            Crawford::Before
        };
        Some(Away { me, opp, crawford })
    }

    /// The same standing seen by the opponent.
    #[must_use]
    pub fn flipped(self) -> Away {
        Away {
            me: self.opp,
            opp: self.me,
            ..self
        }
    }

    /// Whether the match is over (a side needs nothing).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.me == 0 || self.opp == 0
    }

    /// The standing after this game brings `me` `points` (negative: the opponent wins
    /// `-points`). The game after the one in which a side first reaches 1 away is the
    /// Crawford game; every game after the Crawford game is post-Crawford.
    #[must_use]
    pub fn after(self, points: i64) -> Away {
        let take = |away: u32, p: i64| u32::try_from((i64::from(away) - p).max(0)).unwrap_or(0);
        let (me, opp) = if points >= 0 {
            (take(self.me, points), self.opp)
        } else {
            (self.me, take(self.opp, -points))
        };
        let crawford = match self.crawford {
            Crawford::Game | Crawford::After => Crawford::After,
            Crawford::Before if (me == 1) != (opp == 1) => Crawford::Game,
            Crawford::Before => Crawford::Before,
        };
        Away { me, opp, crawford }
    }

    /// `me`'s chance of winning the match from the start of a game at this standing.
    #[must_use]
    pub fn mwc(&self) -> f64 {
        mwc(*self)
    }
}

/// `away.me`'s chance of winning the match from the start of a game at `away` (beyond 25
/// away, as at 25).
#[must_use]
pub fn mwc(away: Away) -> f64 {
    if away.me == 0 {
        return 1.0;
    }
    if away.opp == 0 {
        return 0.0;
    }
    let i = (away.me.min(MAX_AWAY) - 1) as usize;
    let j = (away.opp.min(MAX_AWAY) - 1) as usize;
    match away.crawford {
        Crawford::After if away.opp == 1 => POST[i],
        Crawford::After if away.me == 1 => 1.0 - POST[j],
        _ => PRE[i][j],
    }
}

/// `away.me`'s chance of winning the match once this game has brought it `points`
/// (negative: the opponent `-points`).
#[must_use]
pub fn mwc_after(away: Away, points: i64) -> f64 {
    mwc(away.after(points))
}

/// `away.me`'s chance of winning the match after a game won at the board (by `me` when
/// `mine`, else by the opponent) at cube `cube`, as `win` (B14: ×1, ×2, a backgammon ×3
/// or as the stakes say).
#[must_use]
pub fn mwc_after_game(away: Away, mine: bool, cube: u32, win: Win, stakes: &Stakes) -> f64 {
    let times = match win {
        Win::Single => 1,
        Win::Gammon => 2,
        Win::Backgammon => stakes.backgammon,
    };
    let points = i64::from(cube) * i64::from(times);
    mwc_after(away, if mine { points } else { -points })
}

/// Pre-Crawford: `PRE[i][j]` is the chance of the side `i + 1` away winning against `j + 1`
/// away (a 1-away row or column is the Crawford game).
const PRE: [[f64; 25]; 25] = [
    [
        0.5, 0.67736, 0.75076, 0.81436, 0.84179, 0.88731, 0.90724, 0.9325, 0.94402, 0.959275, 0.966442,
        0.975534, 0.979845, 0.985273, 0.987893, 0.99114, 0.99273, 0.99467, 0.99563, 0.99679, 0.99737,
        0.99807, 0.99842, 0.99884, 0.99905,
    ],
    [
        0.32264, 0.5, 0.59947, 0.6687, 0.74359, 0.7994, 0.84225, 0.87539, 0.90197, 0.923034, 0.939311,
        0.95247, 0.962495, 0.970701, 0.976887, 0.98196, 0.9858, 0.98893, 0.99129, 0.99322, 0.99466, 0.99585,
        0.99675, 0.99746, 0.99802,
    ],
    [
        0.24924, 0.40053, 0.5, 0.5715, 0.64795, 0.71123, 0.76209, 0.80468, 0.84017, 0.870638, 0.894417,
        0.914831, 0.930702, 0.944426, 0.954931, 0.96399, 0.97093, 0.97687, 0.98139, 0.98522, 0.98814,
        0.99062, 0.99248, 0.99407, 0.99527,
    ],
    [
        0.18564, 0.3313, 0.4285, 0.5, 0.57732, 0.64285, 0.69924, 0.74577, 0.78799, 0.824059, 0.853955,
        0.879141, 0.900233, 0.91804, 0.932657, 0.94495, 0.95499, 0.96341, 0.97021, 0.97589, 0.98044, 0.98422,
        0.98726, 0.98975, 0.99174,
    ],
    [
        0.15821, 0.25641, 0.35205, 0.42268, 0.5, 0.56635, 0.62638, 0.67786, 0.7254, 0.767055, 0.802732,
        0.833654, 0.859934, 0.882866, 0.902013, 0.91847, 0.93223, 0.94397, 0.95367, 0.96189, 0.96864,
        0.97432, 0.97896, 0.98283, 0.986,
    ],
    [
        0.11269, 0.2006, 0.28877, 0.35715, 0.43365, 0.5, 0.56261, 0.61636, 0.66787, 0.713057, 0.753427,
        0.788634, 0.819569, 0.846648, 0.869999, 0.89021, 0.90756, 0.92246, 0.93508, 0.94583, 0.95488,
        0.96254, 0.96894, 0.97432, 0.97879,
    ],
    [
        0.09276, 0.15775, 0.23791, 0.30076, 0.37362, 0.43739, 0.5, 0.5548, 0.60854, 0.656283, 0.700209,
        0.739054, 0.774121, 0.805203, 0.832566, 0.85659, 0.87761, 0.89591, 0.91171, 0.92535, 0.93702,
        0.94703, 0.95553, 0.96276, 0.96887,
    ],
    [
        0.0675, 0.12461, 0.19532, 0.25423, 0.32214, 0.38364, 0.4452, 0.5, 0.55442, 0.603718, 0.649899,
        0.691356, 0.729447, 0.763593, 0.794397, 0.82158, 0.84578, 0.86714, 0.88589, 0.9023, 0.91658, 0.92898,
        0.93968, 0.94891, 0.95682,
    ],
    [
        0.05598, 0.09803, 0.15983, 0.21201, 0.2746, 0.33213, 0.39146, 0.44558, 0.5, 0.550196, 0.597926,
        0.641481, 0.682119, 0.718927, 0.752814, 0.78301, 0.81037, 0.83483, 0.85662, 0.87591, 0.89294,
        0.90791, 0.92098, 0.9324, 0.9423,
    ],
    [
        0.040725, 0.076966, 0.129362, 0.175941, 0.232945, 0.286943, 0.343717, 0.396282, 0.449804, 0.5,
        0.548547, 0.593459, 0.63588, 0.67483, 0.711113, 0.74371, 0.77375, 0.80093, 0.82543, 0.84741, 0.86703,
        0.88448, 0.89991, 0.91353, 0.9255,
    ],
    [
        0.033558, 0.060689, 0.105583, 0.146045, 0.197268, 0.246573, 0.299791, 0.350101, 0.402074, 0.451453,
        0.5, 0.545552, 0.589242, 0.629736, 0.667927, 0.70303, 0.7353, 0.76494, 0.79198, 0.81648, 0.83862,
        0.85849, 0.87629, 0.89214, 0.90622,
    ],
    [
        0.024466, 0.04753, 0.085169, 0.120859, 0.166346, 0.211366, 0.260946, 0.308644, 0.358519, 0.406541,
        0.454448, 0.5, 0.544068, 0.585701, 0.625259, 0.66178, 0.6961, 0.72778, 0.75703, 0.78381, 0.80826,
        0.83044, 0.85051, 0.86856, 0.88476,
    ],
    [
        0.020155, 0.037505, 0.069298, 0.099767, 0.140066, 0.180431, 0.225879, 0.270553, 0.317881, 0.36412,
        0.410758, 0.455932, 0.5, 0.541943, 0.582545, 0.62036, 0.65619, 0.68966, 0.72081, 0.74963, 0.77619,
        0.80054, 0.82276, 0.84295, 0.86123,
    ],
    [
        0.014727, 0.029299, 0.055574, 0.08196, 0.117134, 0.153352, 0.194797, 0.236407, 0.281073, 0.32517,
        0.370264, 0.414299, 0.458057, 0.5, 0.54075, 0.57942, 0.61634, 0.65117, 0.68391, 0.71448, 0.7429,
        0.76917, 0.79339, 0.81559, 0.83586,
    ],
    [
        0.012107, 0.023113, 0.045069, 0.067343, 0.097987, 0.130001, 0.167434, 0.205603, 0.247186, 0.288887,
        0.332073, 0.374741, 0.417455, 0.45925, 0.5, 0.53916, 0.57679, 0.61261, 0.64659, 0.67859, 0.70862,
        0.73664, 0.76265, 0.78669, 0.80883,
    ],
    [
        0.00886, 0.01804, 0.03601, 0.05505, 0.08153, 0.10979, 0.14341, 0.17842, 0.21699, 0.25629, 0.29697,
        0.33822, 0.37964, 0.42058, 0.46084, 0.5, 0.53796, 0.57441, 0.60929, 0.64241, 0.67376, 0.70323,
        0.73084, 0.75657, 0.78046,
    ],
    [
        0.00727, 0.0142, 0.02907, 0.04501, 0.06777, 0.09244, 0.12239, 0.15422, 0.18963, 0.22625, 0.2647,
        0.3039, 0.34381, 0.38366, 0.42321, 0.46204, 0.5, 0.53676, 0.57222, 0.60618, 0.63856, 0.66925,
        0.69822, 0.72542, 0.75087,
    ],
    [
        0.00533, 0.01107, 0.02313, 0.03659, 0.05603, 0.07754, 0.10409, 0.13286, 0.16517, 0.19907, 0.23506,
        0.27222, 0.31034, 0.34883, 0.38739, 0.42559, 0.46324, 0.5, 0.53574, 0.57023, 0.60336, 0.63501,
        0.6651, 0.69356, 0.72038,
    ],
    [
        0.00437, 0.00871, 0.01861, 0.02979, 0.04633, 0.06492, 0.08829, 0.11411, 0.14338, 0.17457, 0.20802,
        0.24297, 0.27919, 0.31609, 0.35341, 0.39071, 0.42778, 0.46426, 0.5, 0.53475, 0.56838, 0.60073,
        0.63171, 0.66122, 0.68921,
    ],
    [
        0.00321, 0.00678, 0.01478, 0.02411, 0.03811, 0.05417, 0.07465, 0.0977, 0.12409, 0.15259, 0.18352,
        0.21619, 0.25037, 0.28552, 0.32141, 0.35759, 0.39382, 0.42977, 0.46525, 0.5, 0.53387, 0.56667,
        0.5983, 0.62864, 0.6576,
    ],
    [
        0.00263, 0.00534, 0.01186, 0.01956, 0.03136, 0.04512, 0.06298, 0.08342, 0.10706, 0.13297, 0.16138,
        0.19174, 0.22381, 0.2571, 0.29138, 0.32624, 0.36144, 0.39664, 0.43162, 0.46613, 0.5, 0.53303,
        0.56508, 0.59603, 0.62576,
    ],
    [
        0.00193, 0.00415, 0.00938, 0.01578, 0.02568, 0.03746, 0.05297, 0.07102, 0.09209, 0.11552, 0.14151,
        0.16956, 0.19946, 0.23083, 0.26336, 0.29677, 0.33075, 0.36499, 0.39927, 0.43333, 0.46697, 0.5,
        0.53226, 0.5636, 0.59391,
    ],
    [
        0.00158, 0.00325, 0.00752, 0.01274, 0.02104, 0.03106, 0.04447, 0.06032, 0.07902, 0.10009, 0.12371,
        0.14949, 0.17724, 0.20661, 0.23735, 0.26916, 0.30178, 0.3349, 0.36829, 0.4017, 0.43492, 0.46774, 0.5,
        0.53153, 0.56221,
    ],
    [
        0.00116, 0.00254, 0.00593, 0.01025, 0.01717, 0.02568, 0.03724, 0.05109, 0.0676, 0.08647, 0.10786,
        0.13144, 0.15705, 0.18441, 0.21331, 0.24343, 0.27458, 0.30644, 0.33878, 0.37136, 0.40397, 0.4364,
        0.46847, 0.5, 0.53086,
    ],
    [
        0.00095, 0.00198, 0.00473, 0.00826, 0.014, 0.02121, 0.03113, 0.04318, 0.0577, 0.0745, 0.09378,
        0.11524, 0.13877, 0.16414, 0.19117, 0.21954, 0.24913, 0.27962, 0.31079, 0.3424, 0.37424, 0.40609,
        0.43779, 0.46914, 0.5,
    ],
];

/// Post-Crawford: `POST[j]` is the chance of the trailer `j + 1` away against the leader 1 away.
const POST: [f64; 25] = [
    0.5, 0.48803, 0.32264, 0.31002, 0.19012, 0.18072, 0.11559, 0.10906, 0.06953, 0.065161, 0.042069, 0.03906,
    0.025371, 0.023428, 0.015304, 0.01405, 0.00924, 0.00842, 0.00556, 0.00505, 0.00336, 0.00303, 0.00203,
    0.00182, 0.00123,
];
