//! The rules screen's text: the rules in short, the scoring (made from the results
//! themselves, so that it cannot disagree with them), the words players use, the keys.

use super::Lang;
use super::rules::kind_name;
use crate::rules::{GameResult, WinKind};

/// The help text in `lang`: headings (`# …`), hard-wrapped paragraphs, list items
/// (` - …`) and table rows (other indented lines). `settings` are the rows of the
/// settings table, shown before the keys.
#[must_use]
pub fn text(lang: Lang, settings: &str) -> String {
    let text = match lang {
        Lang::En => EN,
        Lang::Sv => SV,
    };
    let settings = format!(
        "# {}\n{}\n{settings}\n",
        lang.say(super::screens::SETTINGS),
        lang.say(super::screens::SETTINGS_HELP)
    );
    text.replace("{scoring}\n", &scoring(lang))
        .replace("{settings}", &settings)
}

/// The scoring table of R19: a row per rank box, best first, with the results in it and
/// their points.
fn scoring(lang: Lang) -> String {
    let mut out = String::new();
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
        out.push_str(&format!(" {name:<43} {} · {rank}\n", first.points()));
    }
    out
}

const EN: &str = "\
# Bräde in short (Vasamuseet rules, 2003)
The board has 24 points (tungor) in four quarters (kvarter). Each player numbers them
along his own path, 1 to 24: point 1 is his home (hem), 12 his huk. Both move the same
way round; your point p is your opponent's p±12. Point numbers on screen follow the turn.
Start: all 15 checkers on point 1 (the home stack counts as a band). Goal: take every
checker round and off (hemspel) — or win earlier by a pretty game or by jan.

# Starting
Teka: for the first game each player rolls one die, and the LOWER die starts (equal:
roll again). In later games the loser of the previous game starts.

# Moving
A roll is two dice; each die moves one checker that many points (a step). Doubles (alla)
give four steps. Moving one checker with both dice is two steps: it must be able to land
on the point between (and hits there).
You may not land on an opponent's band (two or more checkers) — except when bursting is
allowed — and you may not make a band on your points 2–11: only the huk (12) and your
second half (13–24) take more than one of your checkers.
Landing on a lone opponent checker (a blotta) hits it: it goes to the bar (ribban).
Checkers on the bar must enter first: a die d enters on your point d, never on your own
checkers (not even the home stack).
Use as much of the roll as possible. If only one die can be used but either could, the
higher must be used. Dice that cannot be used are forfeited (fåta).

# Bear-off (hemspel)
Only when all your checkers are in your last quarter (19–24). Only the rearmost checker
may be borne off; a die too small for it must move a checker inside instead. A hit
checker must come back to the last quarter before bearing off goes on. Among the plays
allowed, you must waste as few pips (the smallest reduction) as possible.

# Bursting bands (spränga)
Landing on a band bursts it: all its checkers go to the bar. Allowed only:
 - when the opponent has bands on six or more points in a row on your path (a wall);
 - when entering, if you have more checkers on the bar than free points in your first
   quarter (empty or holding an opponent blot): then any band there may be burst.
Never allowed with only one checker left in play (junker). Bursting is never compulsory,
and the right is decided anew before every step.

# How a game ends — at once, even with dice left
 - Hemspel: your 15th checker is borne off.
 - Pretty games, all 15 on the board: enkelt kronspel (3 on each of 20–24), dubbelt
   kronspel (5 on each of 22–24), trappspel (3, 5, 7 on 22, 23, 24), uppspel (all on 24).
 - Jan: your opponent has more checkers on the bar than points in his first quarter free
   of his own checkers. Made by bursting a band on your points 1–6: sprängjan.
 - Munk: a hemspel or pretty game won while the loser has checkers on the bar.
A game-ending play is always allowed (it need not use the other dice), but you may not
stop short of a complete play to avoid or delay the end.

# Scoring (points · rank box)
{scoring}
A match is a fixed odd number of games (1, 3, 5, 7), all of them played. More points
win; with equal points the better best result (lower rank box) wins, then the second
best, and so on. Trappspel (box 4) beats hemspel med munk (box 5) though both give 2.

# Words players use
 tunga      a point            kvarter    a quarter of six points
 hem        your point 1       huk        your point 12
 band       2+ checkers        överband   3+ checkers (polack)
 blotta     a lone checker     ribba      the bar
 alla       a double           fåta       forfeit a die
 spränga    burst a band       hemspel    bearing off / winning by it
 enkelt/dubbelt kronspel, trappspel, uppspel   the pretty games
 jan        opponent cannot enter          sprängjan  jan by a burst in your 1–6
 janblotta  the blot that gives a jan      munk       win with the loser on the bar
 teka       roll one die each to start     junker     one checker left, walled in

{settings}# Keys
 Space or r       roll the dice (teka, each turn)
 ← → ↑ ↓, h j k l move the cursor over points, the bar and the trays
 Tab / Shift-Tab  next / previous checker that can move
 Enter or Space   pick the checker; again on a lit point to place it
 1–6              move the picked checker (or the cursor's) by that die
 Esc              let go of the picked checker
 u or Backspace   undo a step of this turn
 Enter            confirm a complete play; pass a turn that cannot move
 :                type a whole play, e.g. 13/18 18/21, bar/3*, 22/off
 H                the best plays for your roll, with their expected points
 mouse click      the same as moving the cursor there and pressing Enter
 ? or F1          this help (↑ ↓ PgUp PgDn scroll, Esc closes)
 q or Ctrl-C      quit (asks first while a match is in progress)

# The computer
The computer plays with a network that taught itself bräde by playing millions of
games against itself. It plays for points: for every play it weighs how likely each
result is for both sides — hemspel, pretty games, munk, jan, sprängjan.
 - Easy: misjudges close choices on purpose; a fair opponent while you learn.
 - Medium: the play the network rates best.
 - Hard: also looks at every roll the opponent may answer with.
H shows the best plays for your roll with their expected points (+1.00 = as good as
a sure hemspel won).
";

const SV: &str = "\
# Bräde i korthet (Vasamuseets regler, 2003)
Brädet har 24 tungor i fyra kvarter. Varje spelare numrerar dem längs sin egen väg,
1 till 24: tunga 1 är hans hem, 12 hans huk. Båda flyttar åt samma håll; din tunga p är
motspelarens p±12. Numren på skärmen följer den som står i tur.
Start: alla 15 brickor på tunga 1 (hemmet räknas som band). Målet: föra alla brickor
runt och ut (hemspel) — eller vinna tidigare med vackert spel eller jan.

# Början
Teka: i matchens första parti slår var och en en tärning, och den LÄGSTA börjar (lika:
teka igen). I senare partier börjar förloraren i föregående parti.

# Flytta
Ett slag är två tärningar; varje tärning flyttar en bricka så många tungor (ett steg).
Alla (dubbelslag) ger fyra steg. Att ta fullt med en bricka är två steg: den måste
kunna mellanlanda (och slår där).
Man får inte landa på motspelarens band (två eller fler brickor) — utom när sprängning
är tillåten — och inte lägga band på sina tungor 2–11: bara huken (12) och andra halvan
(13–24) tar mer än en egen bricka.
Att landa på en ensam motståndarbricka (blotta) slår den: den hamnar på ribban.
Brickor på ribban spelas in först: tärningen d spelar in på din tunga d, aldrig på egna
brickor (inte heller hemmet).
Använd så mycket av slaget som möjligt. Går bara en tärning att använda men vilken som
helst, måste den högre tas. Tärningar som inte går att använda fåtas.

# Hemspel
Först när alla dina brickor är i sista kvarteret (19–24). Bara den bakersta brickan får
spelas hem; räcker tärningen inte för den, måste en bricka flyttas fram i stället. En
slagen bricka måste tillbaka till sista kvarteret innan hemspelet fortsätter. Bland de
tillåtna dragen måste reduktionen (förlorade ögon) hållas så liten som möjligt.

# Spränga band
Att landa på ett band spränger det: alla dess brickor går till ribban. Tillåtet bara:
 - när motspelaren har band på sex eller fler tungor i rad i din färdväg (ett hinder);
 - vid inspel, om du har fler brickor på ribban än lediga tungor i första kvarteret
   (tomma eller med en motståndarblotta): då får vilket band som helst där sprängas.
Aldrig med bara en bricka kvar i spel (junker). Sprängning är aldrig tvång, och rätten
avgörs på nytt före varje steg.

# Så slutar ett parti — genast, även med tärningar kvar
 - Hemspel: din femtonde bricka spelas ut.
 - Vackert spel, alla 15 på brädet: enkelt kronspel (3 på var och en av 20–24), dubbelt
   kronspel (5 på 22–24), trappspel (3, 5, 7 på 22, 23, 24), uppspel (alla på 24).
 - Jan: motspelaren har fler brickor på ribban än tungor i sitt första kvarter utan egna
   brickor. Görs det genom att spränga ett band på dina tungor 1–6: sprängjan.
 - Munk: hemspel eller vackert spel när förloraren har brickor på ribban.
Ett avslutande drag är alltid tillåtet (det behöver inte använda andra tärningar), men
man får inte stanna före ett fullständigt drag för att undvika eller skjuta upp slutet.

# Poäng (poäng · ruta)
{scoring}
En match är ett bestämt udda antal partier (1, 3, 5, 7) som alla spelas. Flest poäng
vinner; vid lika poäng vinner det bästa resultatet (lägre ruta), sedan det näst bästa,
och så vidare. Trappspel (ruta 4) går före hemspel med munk (ruta 5) fast båda ger 2.

# Ord som spelare använder
 tunga      en spets på brädet  kvarter    sex tungor
 hem        din tunga 1         huk        din tunga 12
 band       2+ brickor          överband   3+ brickor (polack)
 blotta     ensam bricka        ribba      där slagna brickor står
 alla       dubbelslag          fåta       ge upp en tärning
 spränga    slå ett band        hemspel    spela ut / vinna så
 enkelt/dubbelt kronspel, trappspel, uppspel   de vackra spelen
 jan        motspelaren kan inte spela in   sprängjan  jan genom sprängning i 1–6
 janblotta  blottan som ger jan            munk       vinst med förloraren på ribban
 teka       en tärning var för att börja   junker     en bricka kvar, instängd

{settings}# Tangenter
 Mellanslag, r    slå tärningarna (teka, varje tur)
 ← → ↑ ↓, h j k l flytta markören över tungor, ribban och utlägget
 Tab / Skift-Tab  nästa / föregående bricka som kan flyttas
 Enter, mellansl. ta brickan; igen på en tänd tunga för att lägga den
 1–6              flytta den tagna brickan (eller markörens) med den tärningen
 Esc              släpp den tagna brickan
 u, Backsteg      ångra ett steg i turen
 Enter            bekräfta ett klart drag; lämna över en tur utan drag
 :                skriv ett helt drag, t.ex. 13/18 18/21, bar/3*, 22/off
 H                de bästa dragen för ditt slag, med väntade poäng
 musklick         som att flytta markören dit och trycka Enter
 ? eller F1       den här hjälpen (↑ ↓ PgUp PgDn bläddrar, Esc stänger)
 q eller Ctrl-C   avsluta (frågar först under en pågående match)

# Datorn
Datorn spelar med ett nätverk som har lärt sig bräde genom att spela miljontals partier
mot sig självt. Den spelar för poäng: för varje drag väger den hur troligt varje
resultat är för båda sidor — hemspel, vackra spel, munk, jan, sprängjan.
 - Lätt: felbedömer jämna val med flit; en lagom motståndare medan du lär dig.
 - Medel: det drag nätverket värderar högst.
 - Svår: ser också på varje slag motspelaren kan svara med.
H visar de bästa dragen för ditt slag med deras väntade poäng (+1,00 = lika bra som ett
säkert vunnet hemspel).
";
