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
        .replace("{pretty}\n", &pretty_games(lang))
        .replace("{settings}", &settings)
}

/// The four pretty games of R16 drawn on the last quarter, named as the results are.
fn pretty_games(lang: Lang) -> String {
    // Checkers on points 19–24 of each pattern, and the pattern in words.
    let pattern = |kind: WinKind| -> ([u8; 6], &str) {
        match kind {
            WinKind::EnkeltKronspel => (
                [0, 3, 3, 3, 3, 3],
                lang.pick("3 on each of 20–24", "3 på var och en av 20–24"),
            ),
            WinKind::DubbeltKronspel => (
                [0, 0, 0, 5, 5, 5],
                lang.pick("5 on each of 22–24", "5 på var och en av 22–24"),
            ),
            WinKind::Trappspel => (
                [0, 0, 0, 3, 5, 7],
                lang.pick("3, 5, 7 on 22, 23, 24", "3, 5, 7 på 22, 23, 24"),
            ),
            _ => ([0, 0, 0, 0, 0, 15], lang.pick("all 15 on 24", "alla 15 på 24")),
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
The board has 24 points (tungor, also kilar) in four quarters (kvarter) of six. Each
player counts them along his own path, 1 to 24: point 1 is his home (hem), 12 his huk,
19–24 his last quarter. Play runs counter-clockwise, both players the same way round, so
your point p is your opponent's p ± 12. The numbers on the board are those of the player
to move (or always White's, if the settings say so).

At the start all 15 checkers stand on point 1 (the home stack counts as a band). The goal
is to bring every checker round and off the board (hemspel) — or to win earlier by a
pretty game or by jan.

# Starting
Teka: before the first game each player rolls one die, and the player with the lower die
starts (equal dice: roll again). The starter then rolls both dice afresh for his first
turn. In later games the loser of the previous game starts.

# Moving
A roll is two dice; each die moves one checker that many points — one move per die. A
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
higher. A die that cannot be played is forfeited (fåta); with no move at all, the whole
roll is forfeited and the turn passes.

# Bear-off (hemspel)
You may bear off only when all your checkers are in your last quarter (19–24), and only
the rearmost checker may be borne off. A die exactly right takes it off (gå jämnt hem); a
higher die may take it off too, wasting the rest (the roll is reduced); a die too small
for it must move a checker inside instead. Of the plays allowed you must keep the total
reduction as small as possible. A checker hit while you bear off must come back to the
last quarter before bearing off goes on.

Example (the seed's figure 4): White has 20 and five on 21, Black a band on White's 24;
White rolls 4-4. The 20 cannot move (24 is blocked), and the 21s may not bear off while
the 20 stays: White forfeits the whole roll.
      19    20    21    22    23    24     off
       ·    ○     ○×5    ·     ·    ●●      ○×9     4-4: no move at all

# Bursting bands (spränga)
Landing on a band bursts it: all its checkers are hit and go to the bar. It is allowed in
two cases only:
 - Your opponent has bands on six or more points in a row on your path (a wall): then the
   bands of that wall — and only those — may be burst. A wall does not run on from 24 to
   1: the huk and your opponent's first five points in his third quarter are no wall.
 - You are entering and have more checkers on the bar than available points in your first
   quarter (a point is available when it is empty or holds an opponent blot): then any
   band there may be burst. The right ends as soon as the checkers no longer outnumber
   the available points.

With only one checker left in play you may never burst: a player walled in like that
stands over (he is a junker).

You need not burst when the dice can be played another way. But when a burst is the only
way to use a die, the rule to use as much of the roll as you can makes it compulsory.

Example (the seed's figure): Black has three on the bar; his first quarter holds his home
stack on 1, a White blot on 3 and White bands on 4, 5 and 6 — available are 2 and 3.
      1     2     3     4     5     6      on the bar
     ●×5    ·     ○    ○○    ○○    ○○      ● ● ●
   6-2  bar/6! bar/2 — the only play
   5-3  bar/5! bar/3*
   6-5  bar/6!, the 5 forfeited: two left on the bar for two available points,
        so the band on 5 is protected now
   2-1  bar/2, the 1 forfeited

# How a game ends — at once, even with dice left
 - Hemspel: your fifteenth checker is borne off.
 - A pretty game (vackert spel): all 15 checkers in one of four patterns in the last
   quarter, none borne off yet:
{pretty}
 - Jan: your opponent has more checkers on the bar than points in his first quarter that
   do not hold his own checkers (free for him). Made by bursting a band in his first
   quarter (your 13–18), it is sprängjan.
 - Munk: a hemspel or pretty game won while the loser has checkers on the bar.

When one move meets several results, the highest counts. The last stroke is free: it need
not take the higher die, use the other dice or keep the reduction small. You may decline
to end the game only by making another complete play instead, never by stopping short.

Example (the seed's): your last checker is on 19 and an opponent blot on 21; you roll
6-2. 19/21* 21/off wins hemspel med munk, though 19/off with the 6 would waste nothing.
      19    20    21    22    23    24     off
       ○     ·    ●      ·     ·     ·     ○×14    6-2: munk

# Scoring (points · rank box)
{scoring}
A match is a fixed odd number of games (1, 3, 5 or 7), all of them played. The player
with the most points wins; on equal points, the player whose best result ranks higher
(the lower rank box), then whose second best does, and so on. Trappspel (box 4) ranks
above hemspel med munk (box 5) though both give 2 points.

# A little strategy (from the Vasamuseet text)
 - The huk is your only point in the opponent's half where you may make a band: hold it.
 - Five bands in a row are a block the opponent passes only with a 6 from right behind it;
   a sixth would be a wall he may burst.
 - Jan comes from a block of five moved in good order into his second quarter while you
   hit the blots he must leave. His janblotta is his seventh exposed blot (his sixth while
   his home stack stands): after it, hit his blots outside his first quarter.
 - Sprängjan is the most prized win, and risky: when you expose blots to be hit so that
   you may burst, the opponent may win the right to burst back.
 - Bearing off by the rearmost checker only leaves blots and is slow — time for the
   player behind to reach a pretty game.

# Variants other circles play

These are not played here: bursting on entry whenever a band stands in the way (the
Wikipedia text's rule a; Vasamuseet plays rule b, above); bearing off from any point; an
older limit of five bands in a row.

# Words players use
 tunga (kil)   one of the 24 points
 kvarter       a quarter: six points
 hem, huk      your point 1, your point 12
 band          two or more checkers on a point (överband, polack: three+)
 lägga band    make a band; bryta band: break one up again
 blotta        a lone checker
 janblotta     the opponent's seventh exposed blot (his sixth while his home
               stack stands): the one that gives the jan
 ribba         the bar, where hit checkers wait
 alla          a double (femmor all: 5-5)
 fåta          forfeit a die; stå över: forfeit the whole roll
 spränga       burst a band
 hemspel       bearing off, and the win by it
 gå jämnt hem  bear off with the exact die
 vackert spel  a pretty game: kronspel (enkelt, dubbelt), trappspel, uppspel
 jan           the opponent cannot enter his hit checkers
 sprängjan     jan made by bursting a band in his first quarter
 munk          winning with the loser's checkers on the bar
 teka          one die each, to decide who starts
 junker        the walled-in player with one checker left, who must stand over
Notation: FROM/TO per move, bar for the bar, off for borne off, * a hit, ! a burst:
13/18 18/21, bar/3*, bar/6!, 22/off; - is no move. The same in both languages.

{settings}# Keys
 Space or r       roll the dice (teka, each turn)
 ← → ↑ ↓, h j k l move the cursor over the points, the bar and the trays
 Tab / Shift-Tab  next / previous checker that can move
 Enter or Space   pick the checker; again on a lit point to place it
 1–6              move the picked checker (or the cursor's) by that die
 Esc              let go of the picked checker
 u or Backspace   undo a move of this turn
 Enter            confirm a complete play; pass a turn that cannot move
 :                type moves, e.g. 13/18 18/21, bar/3*, 22/off (a whole play
                  is confirmed by the same Enter)
 H                the best plays for your roll, with their expected points
 mouse click      the same as moving the cursor there and pressing Enter
 ? or F1          this help (↑ ↓ PgUp PgDn scroll, Esc closes)
 q or Ctrl-C      quit (asks first while a match is in progress)

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
Brickorna flyttas motsols, båda spelarna åt samma håll, så din tunga p är motspelarens
p ± 12. Numren på brädet är den i turs (eller alltid Vits, om inställningarna säger så).

Vid start står alla 15 brickor på tunga 1 (hemmet räknas som ett band). Målet är att
föra alla brickor ett varv runt brädet och spela hem dem (hemspel) — eller att vinna
tidigare med vackert spel eller jan.

# Början
Teka: före första partiet slår båda en tärning var, och den som slår lägst börjar (lika:
teka igen). Den som börjar slår sedan båda tärningarna på nytt för sitt första drag. I
senare partier börjar förloraren i föregående parti.

# Flytta
Ett slag är två tärningar; för varje tärning flyttas en bricka så många tungor — en flytt
per tärning. En alla (t.ex. femmor all) ger fyra flyttar. En bricka får ta båda
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
inte kan användas fåtas; kan du inte flytta alls fåtar du hela slaget och står över.

# Hemspel
Du får spela hem först när alla dina brickor är i fjärde kvarteret (19–24), och bara den
bakersta brickan får spelas hem. En tärning som visar exakt rätt spelar hem den (gå jämnt
hem); en högre tärning får också spela hem den, och slaget reduceras; räcker tärningen
inte, måste en bricka flyttas fram i stället. Bland de tillåtna dragen ska den
sammanlagda reduktionen hållas så liten som möjligt. En bricka som slås under hemspelet
måste tillbaka till fjärde kvarteret innan hemspelet fortsätter.

Exempel (figur 4 i regeltexten): Vit har 20 och fem på 21, svart ett band på vits 24; vit
slår fyror all. Brickan på 20 kan inte flytta (24 är blockerad) och brickorna på 21 får
inte spelas hem så länge 20 ligger kvar: vit fåtar hela slaget.
      19    20    21    22    23    24     hemspelade
       ·    ○     ○×5    ·     ·    ●●      ○×9          4 4: inget drag alls

# Spränga band
Att landa på ett band spränger det: alla dess brickor är slagna och går till ribban. Det
är tillåtet i två fall:
 - Motspelaren har band på sex eller fler tungor i rad i din färdväg (ett ogenomträngligt
   hinder): då får banden i det hindret — och bara de — sprängas. Ett hinder fortsätter
   inte från 24 till 1: huken och motspelarens första fem tungor i hans tredje kvarter är
   inget hinder.
 - Du spelar in och har fler brickor på ribban än tillgängliga tungor i första kvarteret
   (en tunga är tillgänglig om den är tom eller har en blotta av motspelaren): då får
   vilket band som helst där sprängas. Rätten upphör så snart brickorna inte längre är
   fler än de tillgängliga tungorna.

Med bara en bricka kvar i spel får man aldrig spränga: den som blir instängd så står över
(han är junker).

Man behöver inte spränga om tärningarna kan användas på annat sätt. Men är en sprängning
det enda sättet att använda en tärning, blir den tvång, eftersom så mycket av slaget som
möjligt ska användas.

Exempel (figuren i regeltexten): Svart har tre brickor på ribban; i hans första kvarter
står hemmet på 1, en vit blotta på 3 och vita band på 4, 5 och 6 — tillgängliga är 2 och 3.
      1     2     3     4     5     6      på ribban
     ●×5    ·     ○    ○○    ○○    ○○      ● ● ●
   6 2  bar/6! bar/2 — det enda draget
   5 3  bar/5! bar/3*
   6 5  bar/6!, femman fåtas: två brickor kvar på ribban mot två tillgängliga
        tungor, så bandet på 5 är fredat nu
   2 1  bar/2, ettan fåtas

# Så slutar ett parti — genast, även med tärningar kvar
 - Hemspel: din femtonde bricka spelas hem.
 - Vackert spel: alla 15 brickor i ett av fyra mönster i fjärde kvarteret, ingen bricka
   hemspelad ännu:
{pretty}
 - Jan: motspelaren har fler brickor på ribban än tungor i sitt första kvarter utan egna
   brickor (fria för honom). Görs det genom att spränga ett band i hans första kvarter
   (dina 13–18) är det sprängjan.
 - Munk: hemspel eller vackert spel när förloraren har brickor på ribban.

Ger en flytt flera resultat räknas det högsta. Det sista slaget är fritt: man behöver inte
ta den högre tärningen, använda de andra tärningarna eller hålla reduktionen liten. Att
inte avsluta partiet får man bara genom att göra ett annat fullständigt drag, aldrig
genom att stanna halvvägs.

Exempel (från regeltexten): din sista bricka står på 19 och motspelaren har en blotta på
21; du slår 6 2. 19/21* 21/off vinner hemspel med munk, fast 19/off med sexan inte skulle
reducera slaget alls.
      19    20    21    22    23    24     hemspelade
       ○     ·    ●      ·     ·     ·     ○×14         6 2: munk

# Poäng (poäng · ruta)
{scoring}
En match är ett bestämt udda antal partier (1, 3, 5 eller 7) som alla spelas. Den som har
flest poäng vinner; vid lika poäng vinner den vars bästa resultat är högst värderat
(lägst ruta), sedan den vars näst bästa är det, och så vidare. Trappspel (ruta 4) går
före hemspel med munk (ruta 5) fast båda ger 2 poäng.

# Lite taktik (ur Vasamuseets text)
 - Huken är den enda tungan på motspelarens sida där du får lägga band: håll den.
 - Fem band i rad är ett block som motspelaren bara kommer förbi med en sexa från tungan
   precis bakom; ett sjätte band vore ett hinder han får spränga.
 - Jan kommer av ett block med fem band som flyttas fram i god ordning till hans andra
   kvarter medan du slår de blottor han tvingas lämna. Hans janblotta är hans sjunde
   utlagda blotta (den sjätte så länge hemmet står kvar); sedan gäller det att slå hans
   blottor utanför första kvarteret.
 - Sprängjan är den finaste segern, och riskabel: när du lägger ut blottor för att få
   spränga kan motspelaren själv få rätt att spränga tillbaka.
 - Att bara den bakersta brickan får spelas hem lämnar blottor och går långsamt — det ger
   den som ligger efter tid att nå ett vackert spel.

# Varianter som spelas på andra håll
De spelas inte här: sprängning vid inspel så fort ett band står i vägen (regel a i
Wikipedias text; Vasamuseet spelar regel b, ovan); fritt hemspel från vilken tunga som
helst; en äldre gräns på fem band i rad.

# Ord som spelare använder
 tunga (kil)   en av brädets 24 tungor
 kvarter       sex tungor
 hem, huk      din tunga 1, din tunga 12
 band          två eller fler brickor på en tunga (överband, polack: tre+)
 lägga band    bilda ett band (binda); bryta band: flytta isär det igen
 blotta        en ensam bricka
 janblotta     motspelarens sjunde utlagda blotta (den sjätte så länge hans
               hem står kvar): den som ger jan
 ribba         där slagna brickor står
 alla          två lika tärningar (femmor all: 5 5)
 fåta          ge upp en tärning; stå över: fåta hela slaget
 spränga       landa på ett band så att alla dess brickor slås
 hemspel       att spela hem brickorna, och segern så
 gå jämnt hem  spela hem med exakt rätt tärning
 vackert spel  enkelt och dubbelt kronspel, trappspel, uppspel
 jan           motspelaren kan inte spela in sina slagna brickor
 sprängjan     jan genom att spränga ett band i hans första kvarter
 munk          seger med förlorarens brickor på ribban
 teka          en tärning var för att avgöra vem som börjar
 junker        den instängda spelaren med en bricka kvar, som måste stå över
Notation: FRÅN/TILL för varje flytt, bar för ribban, off för hemspelad, * för slag och
! för sprängning: 13/18 18/21, bar/3*, bar/6!, 22/off; - betyder inget drag. Samma på
båda språken.

{settings}# Tangenter
 Mellanslag, r    slå tärningarna (teka, varje tur)
 ← → ↑ ↓, h j k l flytta markören över tungorna, ribban och facken
 Tab / Skift-Tab  nästa / föregående bricka som kan flyttas
 Enter, mellansl. ta brickan; igen på en tänd tunga för att lägga den
 1–6              flytta den tagna brickan (eller markörens) för den tärningen
 Esc              släpp den tagna brickan
 u, Backsteg      ångra en flytt i turen
 Enter            bekräfta ett klart drag; lämna över en tur utan drag
 :                skriv flyttar, t.ex. 13/18 18/21, bar/3*, 22/off (ett helt
                  drag bekräftas av samma Enter)
 H                de bästa dragen för ditt slag, med förväntade poäng
 musklick         som att flytta markören dit och trycka Enter
 ? eller F1       den här hjälpen (↑ ↓ PgUp PgDn bläddrar, Esc stänger)
 q eller Ctrl-C   avsluta (frågar först under en pågående match)

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
