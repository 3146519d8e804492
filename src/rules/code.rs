//! A side's list in a position code, as both games write one: the points a side's
//! checkers stand on in its own numbering, `POINT` or `POINTxCOUNT` joined by commas
//! (`1x2,12x5`), `-` for none on the board. Each engine says which numbers are points
//! (bräde: 0 the bar to 24; backgammon: 1 to 24, the bar 25 also written `bar`) and words
//! the errors with the side they are of.

/// What is wrong with a side's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListError {
    /// Empty (a side with no checkers on the board is written `-`).
    Empty,
    /// An entry is not `POINT` or `POINTxCOUNT`.
    Token(String),
    /// An entry's point is not one of the board's.
    PointRange { token: String, point: u64 },
    /// An entry's count is 0.
    ZeroCount(String),
    /// A point is listed twice.
    Duplicate(u8),
    /// More checkers than a side has.
    TooMany(u32),
}

/// How a game numbers a side's list: the points allowed, a word that names one (`bar`),
/// and how many checkers a side has.
#[derive(Clone, Debug)]
pub struct Numbering {
    pub points: std::ops::RangeInclusive<u64>,
    pub word: Option<(&'static str, u8)>,
    pub checkers: u8,
}

/// Reads a side's list into its checkers per point (index: the point in the side's own
/// numbering).
pub fn read_list<const N: usize>(text: &str, numbering: &Numbering) -> Result<[u8; N], ListError> {
    let mut counts = [0u8; N];
    if text == "-" {
        return Ok(counts);
    }
    if text.is_empty() {
        return Err(ListError::Empty);
    }
    let checkers = u64::from(numbering.checkers);
    let mut total = 0u32;
    for token in text.split(',') {
        let bad = || ListError::Token(token.to_string());
        let (point_text, count_text) = match token.split_once('x') {
            Some((p, c)) => (p, Some(c)),
            None => (token, None),
        };
        let number = |t: &str| -> Result<u64, ListError> {
            if t.is_empty() || t.len() > 6 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse::<u64>().map_err(|_| bad())
        };
        let point = match numbering.word {
            Some((word, point)) if point_text == word => u64::from(point),
            _ => number(point_text)?,
        };
        let count = match count_text {
            Some(c) => number(c)?,
            None => 1,
        };
        if !numbering.points.contains(&point) || point >= N as u64 {
            return Err(ListError::PointRange {
                token: token.to_string(),
                point,
            });
        }
        if count == 0 {
            return Err(ListError::ZeroCount(token.to_string()));
        }
        if count > checkers {
            return Err(ListError::TooMany(u32::try_from(count).unwrap_or(u32::MAX)));
        }
        total += count as u32;
        let slot = &mut counts[point as usize];
        if *slot != 0 {
            return Err(ListError::Duplicate(point as u8));
        }
        *slot = count as u8;
    }
    if total > u32::from(numbering.checkers) {
        return Err(ListError::TooMany(total));
    }
    Ok(counts)
}

/// A side's list from its checkers per point, the points from `first` on (`-` for none).
#[must_use]
pub fn write_list(counts: &[u8], first: usize) -> String {
    let parts: Vec<String> = counts
        .iter()
        .enumerate()
        .skip(first)
        .filter(|&(_, &c)| c > 0)
        .map(|(p, &c)| if c == 1 { p.to_string() } else { format!("{p}x{c}") })
        .collect();
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(",")
    }
}
