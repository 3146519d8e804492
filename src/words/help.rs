//! The rules screen's text: the rules in short, the scoring (made from the results
//! themselves, so that it cannot disagree with them), the words players use, the keys.

use super::Lang;
use super::rules::kind_name;
use crate::brade::{GameResult, WinKind};

/// The help text in `lang`: headings (`# …`), hard-wrapped paragraphs, list items
/// (` - …`) and table rows (other indented lines). `settings` are the rows of the
/// settings table, shown before the keys.
#[must_use]
pub fn text(lang: Lang, settings: &str) -> String {
    let Parts {
        brade,
        backgammon,
        settings,
        keys,
        rest,
    } = parts(lang, settings);
    format!("{brade}{backgammon}{settings}{keys}{rest}")
}

/// The help's parts, each whole sections, which [`super::help_place`] orders by where the
/// help is opened: bräde's rules, backgammon's, the settings, the keys of a match, and
/// the rest (practice, the computer).
#[derive(Clone, Debug)]
pub struct Parts {
    pub brade: String,
    pub backgammon: &'static str,
    pub settings: String,
    pub keys: String,
    pub rest: String,
}

/// The help's [`Parts`] in `lang`, with `settings` the rows of the settings table.
#[must_use]
pub fn parts(lang: Lang, settings: &str) -> Parts {
    let text = match lang {
        Lang::En => EN,
        Lang::Sv => SV,
    };
    let settings = format!(
        "# {}\n{}\n{settings}\n",
        lang.say(super::screens::SETTINGS),
        lang.say(super::screens::SETTINGS_HELP)
    );
    let text = text
        .replace("{scoring}\n", &scoring(lang))
        .replace("{pretty}\n", &pretty_games(lang));
    let (brade, after) = text.split_once("{settings}").unwrap_or((&text, ""));
    // The keys are the one section after the settings' place; the rest follows them.
    let (keys, rest) = after
        .find("\n# ")
        .map_or((after, ""), |at| after.split_at(at + 1));
    Parts {
        brade: brade.to_string(),
        backgammon: super::backgammon::help::text(lang),
        settings,
        keys: keys.to_string(),
        rest: rest.to_string(),
    }
}

/// The four pretty games of R16 drawn on the last quarter, named as the results are.
fn pretty_games(lang: Lang) -> String {
    // Checkers on points 19–24 of each pattern, and the pattern in words.
    let pattern = |kind: WinKind| -> ([u8; 6], &str) {
        match kind {
            WinKind::EnkeltKronspel => (
                [0, 3, 3, 3, 3, 3],
                lang.pick("three on each of 20–24", "tre på var och en av 20–24"),
            ),
            WinKind::DubbeltKronspel => (
                [0, 0, 0, 5, 5, 5],
                lang.pick("five on each of 22–24", "fem på var och en av 22–24"),
            ),
            WinKind::Trappspel => (
                [0, 0, 0, 3, 5, 7],
                lang.pick("three, five, seven on 22, 23, 24", "tre, fem, sju på 22, 23, 24"),
            ),
            _ => (
                [0, 0, 0, 0, 0, 15],
                lang.pick("all fifteen on 24", "alla femton på 24"),
            ),
        }
    };
    let mut out = format!("  {:<18}", lang.pick("point", "tunga"));
    for p in 19..=24 {
        out.push_str(&format!("{p:>4}"));
    }
    out.push('\n');
    for kind in WinKind::ALL.into_iter().filter(|k| k.is_pretty()) {
        let (cells, words) = pattern(kind);
        out.push_str(&format!("  {:<18}", kind_name(kind).to_lowercase()));
        for n in cells {
            let cell = if n == 0 { String::new() } else { n.to_string() };
            out.push_str(&format!("{cell:>4}"));
        }
        out.push_str(&format!("   {words}\n"));
    }
    out
}

/// The scoring table of R19: a row per rank box, best first, with the results in it and
/// their points (the boxes are the rows of the club's table, not numbered there).
fn scoring(lang: Lang) -> String {
    let mut out = format!(
        " {:<43} {}\n",
        lang.pick("result, the highest first", "resultat, det högsta först"),
        lang.pick("points", "poäng")
    );
    for rank in 1..=6u8 {
        let mut results: Vec<GameResult> = Vec::new();
        for munk in [false, true] {
            for kind in WinKind::ALL {
                let r = GameResult::new(kind, munk);
                if r.rank_box() == rank && !results.contains(&r) {
                    results.push(r);
                }
            }
        }
        let Some(first) = results.first() else { continue };
        let munk = results.iter().all(|r| r.munk);
        let pretty = results.iter().any(|r| r.kind.is_pretty());
        let name = if pretty {
            lang.pick(
                "Kronspel, trappspel or uppspel",
                "Kronspel, trappspel eller uppspel",
            )
            .to_string()
        } else {
            kind_name(first.kind).to_string()
        };
        let name = if munk { format!("{name} med munk") } else { name };
        out.push_str(&format!(" {name:<43} {}\n", first.points()));
    }
    out
}

const EN: &str = "\
# Bräde in short (Vasamuseet rules, 2003)
The board has 24 points (tungor, also kilar) in four quarters (kvarter) of six. Each
player counts them along his own path, 1 to 24: point 1 is his home (hem), 12 his huk,
19–24 his last quarter. Both players move the same way round, counter-clockwise, so your
point p is your opponent's p ± 12.

Where things are, with White seated at the bottom (the settings can mirror the board):
White's home is the top right point; his path runs leftwards along the top to his huk at
the top left, then rightwards along the bottom to his 24 at the bottom right. Black's home
is the bottom left point; his path runs rightwards along the bottom to his huk at the
bottom right, then leftwards along the top to his 24 at the top left. So White's home is
Black's 13 and White's huk is Black's 24.

At the start all 15 checkers stand on point 1 (the home stack counts as a band). The goal
is to bring every checker round and off the board (hemspel) — or to win earlier by a
pretty game or by jan.

# Reading the screen
 - The numbers: beside the checkers are the numbers of the player to move (or always
   White's, if the settings say so); in the dim row at the board's edge, marked with his
   glyph (○ White, ● Black) at both ends, are the other player's. The home (1) and huk
   (12) of the player to move are marked.
 - A play is always written in its mover's own numbers, with his glyph before it: ● 62
   bar/4 13/19 is Black's roll 6-2 in Black's numbers. Read it on the row marked ●.
 - The last play: where its checkers landed is marked on both rows of numbers, and where
   they came from the same mark dimmed; when it hit or burst, the other side's half of
   the bar is marked too. The side panel writes it out (Last: …).
 - The bar (ribba) is the strip in the middle: hit checkers wait there, gathered at its
   centre, and its number row counts them (●3: three of Black's).
 - The trays beside each last quarter hold the checkers borne off, counted with the
   glyph (○9).
 - The cursor is the highlighted number (▲ where a tray or the bar has none). The
   checkers that can move have bold underlined numbers; a picked checker's point and the
   points it may go to are lit.
 - The dice are on the middle row beside the bar: bold to play, dim once played, struck
   out when forfeited. The side panel shows them too, with the score (○ 3–1 ●), the pip
   counts and the checkers borne off.
 - The mouse: a click on a point, the bar or a tray is the same as moving the cursor
   there and pressing Enter; a click on the dice rolls, confirms a complete play, stands
   over, or goes on after a game; a right click undoes a move; the point under the pointer
   is lit. Menus and the form answer clicks too.

# Starting
Teka: before the first game each player rolls one die, and the player with the lower die
starts (equal dice: roll again). The starter then rolls both dice afresh for his first
turn. In later games the loser of the previous game starts.

# Moving
You roll two dice; each die moves one checker that many points — one move per die. A
double (alla) gives four moves of that number. One checker may take both dice, but it
still makes two moves and must land on the point in between (a double: on every point in
between), hitting a blot there.

Example: the opening 5-3 has two plays: 1/4 1/6 (two checkers out of home) or 1/4 4/9
(one checker the whole way, the same play as 1/6 6/9).
       1     2     3     4     5     6     7     8     9
     ○×15    ·     ·     ·     ·     ·     ·     ·     ·     start
     ○×13    ·     ·     ○     ·     ○     ·     ·     ·     1/4 1/6
     ○×14    ·     ·     ·     ·     ·     ·     ·     ○     1/4 4/9

You may not land on a point where your opponent has a band (two or more checkers), unless
bursting is allowed (below). You may make no band in your first two quarters (1–12)
except on the huk (12) — and the home stack you start with; in 13–24 bands go anywhere.

Landing on a lone opponent checker (a blotta) hits it: it goes to the bar (ribban).

Hit checkers must be entered before anything else moves: a die d enters on your point d —
so entering with a 3 lands on 3, while leaving home with a 3 lands on 4. You may not enter
on your own checkers (not even the home stack).
   entering with a 3:      bar/3   (the bar counts as the point before your 1)
   leaving home with a 3:  1/4

Use as much of the roll as you can. If either die can be played but not both, play the
higher. A die that cannot be played is forfeited (fåta); with no move at all you stand
over (stå över): the whole roll is forfeited and the turn passes.

# Bear-off (hemspel)
You may bear off only when all your checkers are in your last quarter (19–24), and only
the rearmost checker may be borne off. A die exactly right takes it off (gå jämnt hem); a
higher die may take it off too, wasting the rest (the roll is reduced); a die too small
for it must move a checker inside instead. Of the plays allowed you must keep the total
reduction as small as possible. The rule is judged at every move: a checker that moves
within the quarter and then goes on off with the other die must be the rearmost where it
stands then. A checker hit while you bear off must come back to the last quarter before
bearing off goes on.

Example (figure 4 of the Vasamuseet text): White has 20 and five on 21, Black a band on
White's 24; White rolls 4-4. The 20 cannot move (24 is blocked), and the 21s may not bear
off while the 20 stays: White stands over.
      19    20    21    22    23    24     off
       ·    ○     ○×5    ·     ·    ●●      ○×9     4-4: no move at all

# Bursting bands (spränga)
Landing on a band bursts it: all its checkers are hit and go to the bar. It is allowed in
two cases only:
 - Your opponent has bands on six or more points in a row on your path (a wall): then the
   bands of that wall — and only those — may be burst. Your path does not run on from 24
   to 1, so his huk (your 24) and his 13–17 (your 1–5) are no wall of six for you.
 - You are entering and have more checkers on the bar than available points in your first
   quarter (a point is available when it is empty or holds an opponent blot): then any
   band there may be burst.
Whether you may burst is judged again before every move: a burst can end the right (the
wall is broken, or the checkers no longer outnumber the available points).

With only one checker left in play you may never burst: a player walled in like that
stands over (he is a junker).

You need not burst when the dice can be played another way. But when bursting is the only
way to use a die, you must burst, since as much of the roll as possible must be used.

Example (the Vasamuseet text's figure): Black has three on the bar; his first quarter holds
his home stack on 1, a White blot on 3 and White bands on 4, 5 and 6 — available are 2
and 3.
      1     2     3     4     5     6      on the bar
     ●×5    ·     ○    ○○    ○○    ○○      ● ● ●
   6-2  bar/6! bar/2 — the only play
   5-3  bar/5! bar/3*
   6-5  bar/6!, the 5 forfeited: either die could burst but not both (after
        one burst, two on the bar for two available points protect the bands),
        so the higher die must be played
   2-1  bar/2, the 1 forfeited

# How a game ends — at once, even with dice left
 - Hemspel: your fifteenth checker is borne off.
 - A pretty game (vackert spel): all 15 checkers in one of four patterns in the last
   quarter, none borne off yet:
{pretty}
 - Jan: your opponent has more checkers on the bar than there are points in his first
   quarter without checkers of his own (empty points and points with your checkers both
   count), so he can never enter them all. Made by bursting a band in your own first
   quarter (your 1–6, where his bands stand when you must enter), it is sprängjan. (The
   club's text does not say what a jan made by a burst elsewhere is; we count it plain
   jan.)
 - Munk: a hemspel or pretty game won while the loser has checkers on the bar.

The last roll of a game is free: it need not take the higher die, use the other dice or
keep the reduction small. You may decline to end the game only by making another complete
play instead, never by stopping short (the club's text says you need not end it if
another move is possible; we read that as another complete play). When one move meets
several results the text does not say which counts; we count the highest.

Example (the Vasamuseet text's): your last checker is on 19 and an opponent blot on 21;
you roll 6-2. 19/21* 21/off wins hemspel med munk, though 19/off with the 6 would waste
nothing.
      19    20    21    22    23    24     off
       ○     ·    ●      ·     ·     ·     ○×14    6-2: munk

# Scoring
{scoring}
A result in a higher row ranks higher; results in one row rank equal.

A match is a fixed odd number of games (1, 3, 5 or 7), all of them played. The player
with the most points wins; on equal points, the player whose best result ranks higher
wins; if the best are equal, the second best decide, and so on. Trappspel ranks above
hemspel med munk though both give 2 points.

A player may give a game up on his turn (g); the opponent accepts or declines. The
rule texts say nothing of it, so a game given up counts as the least a win counts: a
hemspel, 1 point, the lowest rank — and the loser starts the next game.

# A little strategy (from the Vasamuseet text)
 - The huk is your only point in the opponent's half where you may make a band: hold it.
 - Five bands in a row are a block the opponent passes only with a 6 from right behind it;
   a sixth would be a wall he may burst.
 - Jan comes from a block of five moved in good order into his second quarter while you
   hit the blots he must leave. His janblotta is the blot that brings jan within reach:
   his seventh exposed blot, since seven on the bar are more than the six points of his
   first quarter (his sixth while his home stack still holds point 1). After it, hit his
   blots outside his first quarter.
 - Sprängjan is the most prized win, and risky: when you expose blots to be hit so that
   you may burst, the opponent may win the right to burst back.
 - Bearing off by the rearmost checker only leaves blots and is slow — time for the
   player behind to reach a pretty game.

# Other rules (rule sets)
The rules above are the Vasamuseet rules (2003), played unless you choose otherwise. The
other bräde texts describe rules other circles play, and a match may be played by them:
choose a set in the setup form (Rules), for every new match in the settings (rules in
config.toml), or with --rules on the command line. A set is four switches, each the
Vasamuseet rule or a variant; a saved match, its record, its replay and its analysis keep
its set, and the board's header names it.

entry-burst=none: a band may be burst on entry only when no point of your first quarter
is available at all (Swedish Wikipedia's variant (a), and the older hobby page: “all
points locked by the opponent’s bands or your own checkers”). The Vasamuseet rule,
entry-burst=more, is Wikipedia's (b). Either is judged again before every move. Example
(Wikipedia's figure): Black has two on the bar; White has bands on Black's 2, 4, 5 and 6
and a blot on his 3.
      1     2     3     4     5     6      on the bar
     ●×5   ○○     ○    ○○    ○○    ○○      ● ●
   6-2  (a) no move: 3 is still available, so no band may burst and the
        whole roll is forfeited; (b) bar/6!, the 2 forfeited (then one on
        the bar for one available point)
   6-3  (a) bar/3* bar/6!: after the hit no point is available, so the 6 may
        burst; (b) the same, in either order

bear-off=free: any checker of the last quarter bears off by its exact number; a die
higher than needed takes off only the rearmost (Wikipedia's general rule; it names the
rearmost-only rule, bear-off=rearmost, as the Vasamuseet club's own). A checker need not
be the rearmost where a move passes through; the roll is still used as fully as possible
with the least reduction. Example (Wikipedia's): a blot on 24 and a band on 23, the rest
borne off; 2-1.
      19    20    21    22    23    24     off
       ·     ·     ·     ·    ○○     ○     ○×12    2-1
   rearmost  only 23/off 23/24: the 1 must break the band
   free      also 23/off 24/off: the 1 bears off the blot

band-run=five: no move may leave you with bands on more than five points in a row of your
13–24 (the opponent's half; your huk, 12, is not counted), checked after every move as a
landing is; not in force while the opponent has only one checker left on the board (the
older hobby page). Example: White has bands on 14–18, a blot on 19 and a checker on 13;
6-1.
      13    14    15    16    17    18    19
       ○    ○○    ○○    ○○    ○○    ○○     ○       6-1
13/19 first would make six bands in a row: refused. 14/15 13/19 is allowed (the band on
14 is broken first), as is every other play that leaves five or fewer in a row.

pretty=whole-roll: the roll must be used as fully as possible even where one die would
make a pretty game; the patterns are looked at only in the position after the whole play
(the older hobby page: “if you can use both dice you must, even if you could have made a
pretty game with one die alone”). Jan and hemspel still end the game at the move that
makes them. Example (the rules' worked example 10): two on 15, one on 20 and three each on 21–24;
5-5. By the Vasamuseet rules 15/20 15/20 wins enkelt kronspel at once; by the whole roll
the play is 15/20 15/20 20/off 20/off and the game goes on.

The named sets, and the switch values each takes:
 set           entry-burst   bear-off   band-run   pretty
 vasamuseet    more          rearmost   any        at-once
 wikipedia-a   none          free       any        at-once
 wikipedia-b   more          free       any        at-once
 hobby-page    none          free       five       whole-roll
Wikipedia gives the general bear-off as the rule and says nothing of runs of bands or of
using the whole roll, so its sets keep the Vasamuseet rules there. The hobby page bears
off “by as many steps as the die shows” and names no rearmost rule, so its set takes the
general bear-off; it says nothing of a higher die, where the general rule (the rearmost)
is kept. Any mix of switches may be given too, e.g. --rules
entry-burst=none,bear-off=free (the switches not named keep the Vasamuseet rule). The
computer plays every set with its network, trained by the Vasamuseet rules, and looks
ahead by the set's rules.

# Words players use
 tunga (kil)   one of the 24 points
 kvarter       a quarter: six points
 hem, huk      your point 1, your point 12
 band          two or more checkers on a point (överband, polack: three or more)
 lägga band    make a band; bryta band: break one up again
 blotta        a lone checker
 janblotta     the opponent's seventh exposed blot (his sixth while his home
               stack stands): the one that brings jan within reach
 ribba         the bar, where hit checkers wait
 alla          a double (femmor all: 5-5)
 fåta          forfeit a die; stå över: forfeit the whole roll
 spränga       burst a band
 hemspel       bearing off, and the win by it
 gå jämnt hem  bear off with the exact die
 vackert spel  a pretty game: kronspel (enkelt, dubbelt), trappspel, uppspel
 jan           the opponent can never enter all his hit checkers
 sprängjan     jan made by bursting a band in your own first quarter
 munk          a hemspel or pretty game won with the loser's checkers on the bar
 teka          one die each, to decide who starts
 junker        the walled-in player with one checker left, who must stand over
Notation: FROM/TO per move in the mover's own numbers, bar for the bar, off for borne off,
* a hit, ! a burst: 13/18 18/21, bar/3*, bar/6!, 22/off; - is no move. The same in both
languages. Typing, 13/19(2) is the same move twice (13/19 13/19); a checker still moves
one die at a time.

{settings}# Keys
 Space or r       roll the dice (teka, each turn)
 ← → ↑ ↓, h j k l move the cursor over the points, the bar and the trays
 Tab / Shift-Tab  next / previous checker that can move
 Enter or Space   pick the checker; again on a lit point to place it
 1–6              move the picked checker (or the cursor's) by that die
 Esc              let go of the picked checker
 u or Backspace   undo a move of this turn (or a right click)
 Enter            confirm a complete play; stand over when nothing can move
 :                type moves, e.g. 13/18 18/21, bar/3*, 22/off (a whole play
                  is confirmed by the same Enter)
 H                the best plays for your roll, with their expected points
 d                backgammon: double, before your roll
 t / p            backgammon: take / drop (pass) the double
 g                give the game up on your turn: backgammon a single game, a
                  gammon or a backgammon; bräde the game (as a hemspel)
 i                backgammon: GNU Backgammon's Position ID and Match ID
 click the cube   backgammon: double before your roll, or take a double
 mouse click      the same as moving the cursor there and pressing Enter
 ? or F1          this help, opened at this screen's keys and this game's
                  rules: ↑ ↓ PgUp PgDn Home End scroll, t the contents to jump
                  from, / a word to find (n next, N previous), Esc closes
 q                quit (asks first while a match is in progress)
 Ctrl-C           quit at once (the match is already saved)

# Practice
 p                on the start screen: practise your mistakes, the errors of your
                  analysed records (bräde's plays, backgammon's plays and cube
                  decisions) as cards on a spaced-repetition schedule (SM-2); play
                  the roll, Enter weighs it, the best play is lit; a cube card:
                  d/n, t/p (brade practice)
 e                on the start screen: set up a position; Enter/+ and x/− place
                  and take checkers, c colour, t side to move, 1–6 dice, H best
                  plays, R roll out, p/o play it out, : paste a code, y copy it
                  (brade edit); g backgammon: the bar and the trays too, Y copies
                  the GNU Position ID, H without dice the cube (brade edit --game
                  backgammon)
 in a replay      ← → turn, PgUp PgDn game, e / E next / previous error, w / W
                  the errors worst first, v roll the error shown out: is it
                  really one? the rollout's verdict beside the analysis's

# The computer
The computer plays with a network that taught itself bräde by playing millions of
games against itself. For every play it weighs how likely each result is for both
sides — hemspel, pretty games, munk, jan, sprängjan. In a single game it plays for
points; in a match for the chance to win the match: trailing late it goes for the big
result it needs, leading it takes the safe one.
 - Easy: misjudges close choices on purpose; a fair opponent while you learn.
 - Medium: the play the network rates best.
 - Hard: also looks at every roll the opponent may answer with.
 - Expert: looks one roll further still for its best few plays (slower).
H shows the best plays for your roll with their expected points (+1.00 = as good as
a sure hemspel won), in a match with your chance to win it.
";

const SV: &str = "\
# Bräde i korthet (Vasamuseets regler, 2003)
Brädet har 24 tungor (kilar) i fyra kvarter om sex. Varje spelare räknar dem längs sin
egen färdväg, 1 till 24: tunga 1 är hans hem, 12 hans huk, 19–24 hans fjärde kvarter.
Båda spelarna flyttar åt samma håll, moturs, så din tunga p är motspelarens p ± 12.

Var allt finns, med Vit på den nedre sidan (brädet kan spegelvändas under
Inställningar): Vits hem är tungan längst upp till höger; hans färdväg går åt vänster
längs övre sidan till huken längst upp till vänster, sedan åt höger längs nedre sidan
till hans 24 längst ned till höger. Svarts hem är tungan längst ned till vänster; hans
färdväg går åt höger längs nedre sidan till huken längst ned till höger, sedan åt
vänster längs övre sidan till hans 24 längst upp till vänster. Vits hem är alltså Svarts
13 och Vits huk Svarts 24.

Vid start står alla 15 brickor på tunga 1 (hemmet räknas som ett band). Målet är att
föra alla brickor ett varv runt brädet och spela hem dem (hemspel) — eller att vinna
tidigare med vackert spel eller jan.

# Att läsa skärmen
 - Numren: närmast brickorna står numreringen för den som är i tur (eller alltid Vits,
   om inställningarna säger så); i den svaga raden vid brädets kant, märkt med hans
   symbol (○ Vit, ● Svart) i båda ändar, står motspelarens. Hemmet (1) och huken (12)
   för den som är i tur är markerade.
 - Ett drag skrivs alltid i den egna numreringen för den som gjorde det, med hans symbol
   framför: ● 62 bar/4 13/19 är Svarts slag 6 2 i Svarts nummer. Läs det på raden märkt ●.
 - Senaste draget: där brickorna landade är markerat i båda nummerraderna, och där de kom
   ifrån samma markering svagare; slog eller sprängde draget är också motspelarens halva
   av ribban markerad. Sidopanelen skriver ut draget (Senast: …).
 - Ribban är listen i mitten: slagna brickor väntar där, samlade i mitten, och dess
   nummerrad räknar dem (●3: tre av Svarts).
 - Facken vid varje fjärde kvarter rymmer de hemspelade brickorna, räknade med symbolen
   (○9).
 - Markören är det framhävda numret (▲ där ett fack eller ribban saknar nummer). Brickor
   som kan flyttas har fetstilta, understrukna nummer; en tagen brickas tunga och tungorna
   den kan flyttas till är tända.
 - Tärningarna står på mittraden bredvid ribban: fetstilta när de ska spelas, svaga när
   de är spelade, överstrukna när de fåtas. Sidopanelen visar dem också, med ställningen
   (○ 3–1 ●), ögonsummorna och de hemspelade brickorna.
 - Musen: ett klick på en tunga, ribban eller ett fack är som att flytta markören dit och
   trycka Enter; ett klick på tärningarna slår, bekräftar ett klart drag, står över eller
   går vidare efter ett parti; högerklick ångrar en flytt; tungan under pekaren tänds.
   Menyerna och formuläret går också att klicka i.

# Början
Teka: före första partiet slår båda en tärning var, och den som slår lägst börjar (lika:
teka igen). Den som börjar slår sedan båda tärningarna på nytt för sitt första drag. I
senare partier börjar förloraren i föregående parti.

# Flytta
Man slår med två tärningar; för varje tärning flyttas en bricka så många tungor — en
flytt per tärning. En alla (t.ex. femmor all) ger fyra flyttar. En bricka får ta båda
tärningarna (ta fullt med en), men det är ändå två flyttar och den måste mellanlanda på
tungan emellan (vid en alla: på varje tunga emellan) och slår en blotta där.

Exempel: öppningsslaget 5 3 kan spelas på två sätt: 1/4 1/6 (två brickor ut ur hemmet)
eller 1/4 4/9 (en bricka hela vägen, samma drag som 1/6 6/9).
       1     2     3     4     5     6     7     8     9
     ○×15    ·     ·     ·     ·     ·     ·     ·     ·     start
     ○×13    ·     ·     ○     ·     ○     ·     ·     ·     1/4 1/6
     ○×14    ·     ·     ·     ·     ·     ·     ·     ○     1/4 4/9

Man får inte landa på en tunga där motspelaren har ett band (två eller fler brickor),
utom när sprängning är tillåten (se nedan). I första och andra kvarteret (1–12) får du
inte lägga band utom på huken (12) — och hemmet som du börjar med; på 13–24 får band
läggas överallt.

Att landa på motspelarens ensamma bricka (blotta) slår den: den hamnar på ribban.

Slagna brickor spelas in innan något annat flyttas: för en tärning som visar d spelas
brickan in på din tunga d — en trea spelas alltså in på 3, medan en bricka som tas
hemifrån för en trea hamnar på 4. Man får inte spela in på egna brickor (inte heller
hemmet).
   inspel för en trea:          bar/3   (ribban räknas som tungan före din 1)
   ut ur hemmet för en trea:    1/4

Flytta för så mycket av slaget som möjligt. Kan du flytta för vilken som helst av
tärningarna men inte för båda, måste du ta den högre och fåta den lägre. En tärning som
inte kan användas fåtas; kan du inte flytta alls står du över: hela slaget fåtas.

# Hemspel
Du får spela hem först när alla dina brickor är i fjärde kvarteret (19–24), och bara den
bakersta brickan får spelas hem. En tärning som visar exakt rätt spelar hem den (gå jämnt
hem); en högre tärning får också spela hem den, och slaget reduceras; räcker tärningen
inte, måste en bricka flyttas fram i stället. Bland de tillåtna dragen ska den
sammanlagda reduktionen hållas så liten som möjligt. Regeln gäller vid varje flytt: en
bricka som först flyttas inom kvarteret och sedan spelas hem för den andra tärningen
måste vara den bakersta där den då står. En bricka som slås under hemspelet måste
tillbaka till fjärde kvarteret innan hemspelet fortsätter.

Exempel (figur 4 i Vasamuseets text): Vit har 20 och fem på 21, Svart ett band på Vits
24; Vit slår fyror all. Brickan på 20 kan inte flytta (24 är blockerad) och brickorna på
21 får inte spelas hem så länge 20 ligger kvar: Vit står över.
      19    20    21    22    23    24     hemspelade
       ·    ○     ○×5    ·     ·    ●●      ○×9          4 4: inget drag alls

# Spränga band
Att landa på ett band spränger det: alla dess brickor är slagna och går till ribban. Det
är tillåtet i två fall:
 - Motspelaren har band på sex eller fler tungor i rad i din färdväg (ett ogenomträngligt
   hinder): då får banden i det hindret — och bara de — sprängas. Din färdväg fortsätter
   inte från 24 till 1, så hans huk (din 24) och hans 13–17 (dina 1–5) är inget hinder för
   dig.
 - Du spelar in och har fler brickor på ribban än tillgängliga tungor i första kvarteret
   (en tunga är tillgänglig om den är tom eller har en blotta av motspelaren): då får
   vilket band som helst där sprängas.
Om du får spränga avgörs på nytt före varje flytt: en sprängning kan ta bort rätten
(hindret är brutet, eller brickorna är inte längre fler än de tillgängliga tungorna).

Med bara en bricka kvar i spel får man aldrig spränga: den som blir instängd så står över
(han är junker).

Man behöver inte spränga om tärningarna kan användas på annat sätt. Men är sprängning det
enda sättet att använda en tärning, är man tvungen att spränga, eftersom så mycket av
slaget som möjligt ska användas.

Exempel (figuren i Vasamuseets text): Svart har tre brickor på ribban; i hans första
kvarter står hemmet på 1, en vit blotta på 3 och vita band på 4, 5 och 6 — tillgängliga
är 2 och 3.
      1     2     3     4     5     6      på ribban
     ●×5    ·     ○    ○○    ○○    ○○      ● ● ●
   6 2  bar/6! bar/2 — det enda draget
   5 3  bar/5! bar/3*
   6 5  bar/6!, femman fåtas: vilken som helst av tärningarna kan spränga men
        inte båda (efter en sprängning står två brickor på ribban mot två
        tillgängliga tungor, och banden är fredade), så den högre måste tas
   2 1  bar/2, ettan fåtas

# Så slutar ett parti — genast, även med tärningar kvar
 - Hemspel: din femtonde bricka spelas hem.
 - Vackert spel: alla 15 brickor i ett av fyra mönster i fjärde kvarteret, ingen bricka
   hemspelad ännu:
{pretty}
 - Jan: motspelaren har fler brickor på ribban än det finns tungor i hans första kvarter
   utan egna brickor (tomma tungor och tungor med dina brickor räknas båda), så han kan
   aldrig spela in alla. Görs det genom att spränga ett band i ditt eget första kvarter
   (dina 1–6, där hans band står när du måste spela in) är det sprängjan. (Klubbens text
   säger inte vad jan genom en sprängning på annat håll är; vi räknar det som vanlig jan.)
 - Munk: hemspel eller vackert spel när förloraren har brickor på ribban.

Det sista slaget i ett parti är fritt: man behöver inte ta den högre tärningen, använda
de andra tärningarna eller hålla reduktionen liten. Att inte avsluta partiet får man bara
genom att göra ett annat fullständigt drag, aldrig genom att stanna halvvägs (klubbens
text säger att man inte måste avsluta om en annan flytt är möjlig; vi läser det som ett
annat fullständigt drag). Ger en flytt flera resultat säger texten inte vilket som
gäller; vi räknar det högsta.

Exempel (ur Vasamuseets text): din sista bricka står på 19 och motspelaren har en blotta
på 21; du slår 6 2. 19/21* 21/off vinner hemspel med munk, fast 19/off med sexan inte
skulle reducera slaget alls.
      19    20    21    22    23    24     hemspelade
       ○     ·    ●      ·     ·     ·     ○×14         6 2: munk

# Poäng
{scoring}
Ett resultat på en högre rad värderas högre; resultat på samma rad värderas lika.

En match är ett bestämt udda antal partier (1, 3, 5 eller 7) som alla spelas. Den som har
flest poäng vinner; vid lika poäng vinner den vars bästa resultat värderas högst; är de
lika avgör det näst bästa, och så vidare. Trappspel värderas högre än hemspel med munk
fast båda ger 2 poäng.

En spelare får ge upp ett parti i sin tur (g); motspelaren godtar eller avböjer.
Regeltexterna säger inget om det, så ett uppgivet parti räknas som det minsta en seger
räknas: hemspel, 1 poäng, den lägsta rangen — och förloraren börjar nästa parti.

# Lite taktik (ur Vasamuseets text)
 - Huken är den enda tungan på motspelarens sida där du får lägga band: håll den.
 - Fem band i rad är ett block som motspelaren bara kommer förbi med en sexa från tungan
   precis bakom; ett sjätte band vore ett hinder han får spränga.
 - Jan kommer av ett block med fem band som flyttas fram i god ordning till hans andra
   kvarter medan du slår de blottor han tvingas lämna. Hans janblotta är den blotta som
   gör jan möjlig: hans sjunde utlagda blotta, eftersom sju brickor på ribban är fler än
   de sex tungorna i hans första kvarter (den sjätte så länge hemmet står kvar på 1).
   Sedan gäller det att slå hans blottor utanför första kvarteret.
 - Sprängjan är den finaste segern, och riskabel: när du lägger ut blottor för att få
   spränga kan motspelaren själv få rätt att spränga tillbaka.
 - Att bara den bakersta brickan får spelas hem lämnar blottor och går långsamt — det ger
   den som ligger efter tid att nå ett vackert spel.

# Andra regler (regeluppsättningar)
Reglerna ovan är Vasamuseets (2003), som gäller om du inte väljer annat. De andra
brädtexterna beskriver regler som spelas på andra håll, och en match kan spelas med dem:
välj en uppsättning i formuläret för ny match (Regler), för alla nya matcher i
inställningarna (rules i config.toml), eller med --rules på kommandoraden. En
uppsättning är fyra brytare, var och en Vasamuseets regel eller en variant; en sparad
match, dess protokoll, uppspelning och analys behåller uppsättningen, och brädets rubrik
namnger den.

entry-burst=none: ett band får sprängas vid inspel bara när ingen tunga i ditt första
kvarter alls är tillgänglig (svenska Wikipedias variant (a), och den äldre hobbysidan:
”alla tungorna i hemkvarteret är låsta av motståndarens band eller egna blöta pjäser”).
Vasamuseets regel, entry-burst=more, är Wikipedias (b). Båda avgörs på nytt före varje
flytt. Exempel (Wikipedias figur): Svart har två brickor på ribban; Vit har band på
Svarts 2, 4, 5 och 6 och en blotta på hans 3.
      1     2     3     4     5     6      på ribban
     ●×5   ○○     ○    ○○    ○○    ○○      ● ●
   6 2  (a) inget drag: 3 är fortfarande tillgänglig, så inget band får
        sprängas och hela slaget fåtas; (b) bar/6!, tvåan fåtas (sedan en
        bricka på ribban mot en tillgänglig tunga)
   6 3  (a) bar/3* bar/6!: efter slaget är ingen tunga tillgänglig, så sexan
        får spränga; (b) detsamma, i vilken ordning som helst

bear-off=free: vilken bricka som helst i fjärde kvarteret spelas hem med exakt tal; en
högre tärning spelar bara hem den bakersta (Wikipedias allmänna regel; regeln om bara den
bakersta, bear-off=rearmost, nämns där som Vasamuseets brädspelsvänners egen). En bricka
behöver inte vara den bakersta där en flytt passerar; slaget ska fortfarande utnyttjas så
fullt som möjligt med minsta reduktion. Exempel (Wikipedias): en blotta på 24 och ett band
på 23, resten hemspelade; 2 1.
      19    20    21    22    23    24     hemspelade
       ·     ·     ·     ·    ○○     ○     ○×12          2 1
   rearmost  bara 23/off 23/24: ettan måste bryta bandet
   free      också 23/off 24/off: ettan spelar hem blottan

band-run=five: ingen flytt får lämna dig med band på fler än fem tungor i rad i dina 13–24
(motspelarens halva; din huk, 12, räknas inte), prövat efter varje flytt som en landning
prövas; gäller inte när motspelaren har bara en bricka kvar på brädet (den äldre
hobbysidan). Exempel: Vit har band på 14–18, en blotta på 19 och en bricka på 13; 6 1.
      13    14    15    16    17    18    19
       ○    ○○    ○○    ○○    ○○    ○○     ○       6 1
13/19 först skulle ge sex band i rad: vägras. 14/15 13/19 är tillåtet (bandet på 14 bryts
först), liksom varje annat drag som lämnar högst fem i rad.

pretty=whole-roll: slaget ska utnyttjas så fullt som möjligt även där en tärning skulle ge
vackert spel; mönstren prövas först i ställningen efter hela draget (den äldre
hobbysidan: ”Om man kan använda bägge tärningarna så måste man göra det, även om man hade
kunnat göra ett fint spel med endast den ena tärningen”). Jan och hemspel avslutar
fortfarande partiet vid den flytt som ger dem. Exempel (reglernas exempel 10): två på 15,
en på 20 och tre vardera på 21–24; femmor all. Med Vasamuseets regler vinner 15/20 15/20
enkelt kronspel genast; med hela slaget blir draget 15/20 15/20 20/off 20/off och partiet
fortsätter.

De namngivna uppsättningarna, och brytarnas värden i var och en:
 uppsättning   entry-burst   bear-off   band-run   pretty
 vasamuseet    more          rearmost   any        at-once
 wikipedia-a   none          free       any        at-once
 wikipedia-b   more          free       any        at-once
 hobby-page    none          free       five       whole-roll
Wikipedia ger det allmänna hemspelet som regel och säger inget om band i rad eller om att
använda hela slaget, så dess uppsättningar behåller Vasamuseets regler där. Hobbysidan
flyttar ut ”med samma antal steg som tärningen visar” och nämner ingen regel om den
bakersta, så dess uppsättning får det allmänna hemspelet; om en högre tärning säger den
inget, och där behålls den allmänna regeln (den bakersta). Vilken blandning av brytare
som helst kan också anges, t.ex. --rules entry-burst=none,bear-off=free (de brytare som
inte nämns behåller Vasamuseets regel). Datorn spelar varje uppsättning med sitt nät,
tränat med Vasamuseets regler, och räknar framåt med uppsättningens regler.

# Ord som spelare använder
 tunga (kil)   en av brädets 24 tungor
 kvarter       sex tungor
 hem, huk      din tunga 1, din tunga 12
 band          två eller fler brickor på en tunga (överband, polack: minst tre)
 lägga band    bilda ett band (binda); bryta band: flytta isär det igen
 blotta        en ensam bricka
 janblotta     motspelarens sjunde utlagda blotta (den sjätte så länge hans
               hem står kvar): den som gör jan möjlig
 ribba         där slagna brickor står
 alla          två lika tärningar (femmor all: 5 5)
 fåta          avstå en tärning; stå över: fåta hela slaget
 spränga       landa på ett band så att alla dess brickor slås
 hemspel       att spela hem brickorna, och segern så
 gå jämnt hem  spela hem med exakt rätt tärning
 vackert spel  enkelt och dubbelt kronspel, trappspel, uppspel
 jan           motspelaren kan aldrig spela in alla sina slagna brickor
 sprängjan     jan genom att spränga ett band i ditt eget första kvarter
 munk          hemspel eller vackert spel med förlorarens brickor på ribban
 teka          en tärning var för att avgöra vem som börjar
 junker        den instängda spelaren med en bricka kvar, som måste stå över
Notation: FRÅN/TILL för varje flytt i den egna numreringen, bar för ribban, off för
hemspelad, * för slag och ! för sprängning: 13/18 18/21, bar/3*, bar/6!, 22/off; -
betyder inget drag. Samma på båda språken. När du skriver är 13/19(2) samma flytt två
gånger (13/19 13/19); en bricka flyttas ändå för en tärning i taget.

{settings}# Tangenter
 Mellanslag, r    slå tärningarna (teka, varje tur)
 ← → ↑ ↓, h j k l flytta markören över tungorna, ribban och facken
 Tab / Skift-Tab  nästa / föregående bricka som kan flyttas
 Enter, mellansl. ta brickan; igen på en tänd tunga för att lägga den
 1–6              flytta den tagna brickan (eller markörens) för den tärningen
 Esc              släpp den tagna brickan
 u, Backsteg      ångra en flytt i turen (eller högerklick)
 Enter            bekräfta ett klart drag; stå över när inget drag finns
 :                skriv flyttar, t.ex. 13/18 18/21, bar/3*, 22/off (ett helt
                  drag bekräftas av samma Enter)
 H                de bästa dragen för ditt slag, med förväntade poäng
 d                backgammon: dubbla, före ditt slag
 t / p            backgammon: ta / passa dubbleringen
 g                ge upp partiet i din tur: backgammon ett enkelt parti, ett
                  gammon eller ett backgammon; bräde partiet (som hemspel)
 i                backgammon: GNU Backgammons positions-id och match-id
 klick på kuben   backgammon: dubbla före ditt slag, eller ta en dubblering
 musklick         som att flytta markören dit och trycka Enter
 ? eller F1       den här hjälpen, öppnad vid skärmens tangenter och spelets
                  regler: ↑ ↓ PgUp PgDn Home End bläddrar, t innehållet att
                  hoppa från, / ett ord att söka (n nästa, N föregående), Esc
                  stänger
 q                avsluta (frågar först under en pågående match)
 Ctrl-C           avsluta genast (matchen är redan sparad)

# Öva
 p                på startskärmen: öva på dina misstag, felen i dina analyserade
                  matcher (brädes drag, backgammons drag och kubbeslut) som kort
                  med utspridd repetition (SM-2); spela slaget, Enter väger det,
                  bästa draget lyser; ett kubkort: d/n, t/p (brade practice)
 e                på startskärmen: ställ upp en ställning; Enter/+ och x/−
                  ställer och tar bort brickor, c färg, t vid draget, 1–6
                  tärningar, H bästa dragen, R spela ut, p/o spela ut den, :
                  klistra in en kod, y kopiera den (brade edit); g backgammon:
                  baren och facken också, Y kopierar GNU Position ID, H utan
                  tärningar kuben (brade edit --game backgammon)
 i uppspelningen  ← → drag, PgUp PgDn parti, e / E nästa / förra misstag, w / W
                  misstagen sämsta först, v spelar ut det visade misstaget: är
                  det verkligen ett? utspelets dom bredvid analysens

# Datorn
Datorn spelar med ett nätverk som har lärt sig bräde genom att spela miljontals partier
mot sig självt. För varje drag väger den hur troligt varje resultat är för båda sidor —
hemspel, vackra spel, munk, jan, sprängjan. I ett enstaka parti spelar den för poäng; i
en match för chansen att vinna matchen: ligger den under sent går den efter det stora
resultat den behöver, leder den tar den det säkra.
 - Lätt: felbedömer jämna val med flit; en lagom motspelare medan du lär dig.
 - Medel: det drag nätverket värderar högst.
 - Svår: ser också på varje slag motspelaren kan svara med.
 - Expert: ser ännu ett slag längre för sina bästa drag (långsammare).
H visar de bästa dragen för ditt slag med deras förväntade poäng (+1,00 = lika bra som
ett säkert vunnet hemspel), i en match med din chans att vinna den.
";
