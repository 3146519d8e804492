//! The help's pages on backgammon (B1–B19 of docs/src/rules/backgammon.md, after the seed's rules page), in
//! English and Swedish, with small boards drawn in text: the start, entering from the bar,
//! a closed board, bearing off with a higher die.

use crate::words::Lang;

/// The backgammon pages, in the help's own markup (`#` headings, ` - ` items, indented
/// lines kept as they are).
#[must_use]
pub fn text(lang: Lang) -> &'static str {
    match lang {
        Lang::En => EN,
        Lang::Sv => SV,
    }
}

const EN: &str = "\
# Backgammon (New backgammon match, b on the start screen)
The same board and fifteen checkers a side, but the two sides move in opposite
directions (B1): White round from the top right to his home board at the bottom right,
Black the other way to his home at the top right. Each numbers the points from his own
home: his 1 is next to where he bears off, his 24 the farthest; the bar is 25. The board
shows the side to move's numbers on the inner row, the other's on the outer row.

The start (B2), White's numbers, White ○ at the bottom:
    13 14 15 16 17 18 | 19 20 21 22 23 24
     ○           ●    |  ●              ○      ○ 13×5, 24×2 · ● 8×3, 6×5
     ●           ○    |  ○              ●      ● 13×5, 24×2 · ○ 8×3, 6×5
    12 11 10  9  8  7 |  6  5  4  3  2  1

# Moving (B4–B8)
 - The opening throw: each throws one die; the higher starts and plays the two dice
   thrown. Equal dice are thrown again. Every game opens so.
 - Each die is a move of its own (5-3 is a 5 and a 3); one checker may take both if
   the point between is open. A double is four moves.
 - A checker may land on an empty point, its own, or a point with one opposing checker
   (a blot), which is hit and goes to the bar. Two or more opposing checkers close a
   point: no landing, no stop in between.
 - As much of the roll as possible must be played: both dice when any way allows it;
   when only one die can be played, the higher; a double as many times as it can.

# The bar and entering (B9)
A checker on the bar enters first, in the opponent's home board: a 3 enters on your 22.
With a checker on the bar nothing else moves. A shut board (six closed points) lets
nothing in: the roll is lost.
    White on the bar, Black's home closed on 19 20 22 24 (your numbers):
    19 20 21 22 23 24      a 4 enters on 21, a 2 on 23;
     ●  ●  .  ●  .  ●      a 6, a 5, a 3 or a 1 cannot enter
     ●  ●     ●     ●

# Bearing off (B10–B12)
When all fifteen are in the home board (1–6), checkers go off: a die bears off from its
own point; a higher die than your highest point bears off from the highest. While a
checker stands higher, a die must move it the full number. A checker hit while bearing
off must come all the way home first. The first to bear off all fifteen wins.
    Your home, a 6 rolled:     6  5  4  3  2  1
                               .  .  ○  .  ○  ○     the 6 bears off from 4

# The cube and the stakes (B13–B14)
A game is played for one point; the cube starts in the middle showing 64. Before rolling,
a player may double (d): the other takes (t) — the stake doubles and he owns the cube —
or drops (p) and loses the game at the stake before the double. Only the owner may
redouble, before his own roll, up to 64. A blocked player may still double. The winner
scores the cube's value, twice it for a gammon (the loser has borne off none), three
times for a backgammon (a gammon with a loser's checker on the bar or in the winner's
home) — or twice, as agreed (Options). Etiquette: double before you touch the dice; wait
for the answer; never roll before the opponent has finished his play (B19).

# Resigning (g)
On his turn, before or after his roll, a player may give the game up (g): a single game,
a gammon or a backgammon — one, two or three times the cube, as GNU Backgammon offers
it. The other accepts (the game ends with that result, counted like any game: the
Crawford rule and, in money play, the Jacoby rule as at the board) or declines (play goes
on). The computer accepts when the offer is worth what it expects from playing on, and
resigns a race it is sure to lose: only what is sure, and not again once declined.

# Matches and the Crawford game (B15)
A match is played to an odd number of points (1 to 25 here); the first to reach it wins.
When a player first stands one point short, the next game is the Crawford game: no cube
(the side panel says so, and the header: Crawford game). After it the cube is back
(post-Crawford).

# Money play (B16)
Money play has no end: game follows game, the points add up. Options agreed before:
automatic doubles (equal opening dice double the cube in the middle, once a game) and
the Jacoby rule (gammons and backgammons count single until the cube has been turned).
Neither is used in a match.

# Chouette (B17–B18)
Three or more players: the highest throw is the box, alone against the team; the second
is the captain, who moves the team's checkers. A losing team's captain goes to the end
of the line; a winning captain becomes the box. Each member has his own cube against the
box; a team double must be unanimous, and when the box doubles each member takes or
drops for himself. At the keyboard: New chouette (c) on the start screen; Space throws
the line-up; d doubles before a roll; the team's members answer y/n in turn, the doubled
answer t (take) or p (drop) one after the other. It is saved as it goes and offered on
the start screen.

# How backgammon differs from bräde
 - Opposite directions (bräde: both the same way).
 - The opening throw's higher die starts and plays both dice (bräde: the lower starts
   and rolls anew).
 - Two or more checkers close a point in both games (bräde calls them a band), but a
   closed point is never burst, and your own checkers may stand any number on any point
   (bräde: no band on your 1–11 but the home stack).
 - A lone checker (a blot) is hit in both games; it enters again in the opponent's home
   board (bräde: in your own first quarter).
 - No pretty games, jan or munk: a game ends when one side is off — single, gammon or
   backgammon — times the cube.

# Backgammon words (Swedish players' terms)
 punkt         a point (a tunga on a bräde board)
 baren         the bar, where hit checkers wait
 utslagen      hit: sent to the bar
 hembord       your home board (your 1–6); utebord: the outer board
 blotta        a lone checker, which can be hit
 stängd punkt  a point held by two or more: no landing there
 prima         six closed points in a row
 spela ut      bear off
 kuben         the doubling cube; dubbla, ta, passa: double, take, drop
 gammon        a win before the loser has borne off one; backgammon: with
               one of his still on the bar or in the winner's home
 Crawford      the game without the cube, when one side is a point short
 penningspel   money play
 box, kapten   chouette: the one against all, and who moves for the team

";

const SV: &str = "\
# Backgammon (Ny backgammonmatch, b på startskärmen)
Samma bräde och femton brickor var, men sidorna flyttar åt motsatta håll (B1): Vit
runt från övre högra hörnet till sitt hembord nere till höger, Svart åt andra hållet till
sitt hem uppe till höger. Var och en numrerar punkterna från sitt eget hem: hans 1 ligger
närmast där han spelar ut, hans 24 längst bort; baren är 25. Brädet visar den som står i
tur med nummer på den inre raden, den andres på den yttre.

Utgångsläget (B2), Vits nummer, Vit ○ nere:
    13 14 15 16 17 18 | 19 20 21 22 23 24
     ○           ●    |  ●              ○      ○ 13×5, 24×2 · ● 8×3, 6×5
     ●           ○    |  ○              ●      ● 13×5, 24×2 · ○ 8×3, 6×5
    12 11 10  9  8  7 |  6  5  4  3  2  1

# Flytta (B4–B8)
 - Öppningsslaget: var och en slår en tärning; den högsta börjar och spelar de två
   tärningarna. Lika slås om. Varje parti börjar så.
 - Varje tärning är en flytt för sig (5-3 är en femma och en trea); en bricka får ta båda
   om punkten emellan är öppen. En dubbel ger fyra flyttar.
 - En bricka får landa på en tom punkt, på egna, eller på en punkt med en motståndarbricka
   (en blotta), som slås ut till baren. Två eller fler motståndarbrickor stänger en punkt:
   ingen landning, inget stopp emellan.
 - Så mycket av slaget som går måste spelas: båda tärningarna om något sätt tillåter det;
   går bara en, den högre; en dubbel så många gånger det går.

# Baren och att gå in (B9)
En bricka på baren går in först, i motståndarens hembord: en trea går in på din 22. Med
en bricka på baren flyttas inget annat. Ett stängt hembord (sex stängda punkter) släpper
inte in något: slaget är förlorat.
    Vit på baren, Svarts hem stängt på 19 20 22 24 (dina nummer):
    19 20 21 22 23 24      en fyra går in på 21, en tvåa på 23;
     ●  ●  .  ●  .  ●      en sexa, femma, trea eller etta kommer inte in
     ●  ●     ●     ●

# Spela ut (B10–B12)
När alla femton är i hembordet (1–6) spelas de ut: en tärning spelar ut från sin egen
punkt; en tärning högre än din högsta punkt spelar ut från den högsta. Står en bricka
högre måste tärningen flytta hela sitt tal. En bricka som slås ut under utspelet måste
hela vägen hem först. Den som först spelat ut alla femton vinner.
    Ditt hem, en sexa slagen:   6  5  4  3  2  1
                                .  .  ○  .  ○  ○     sexan spelar ut från 4

# Kuben och insatsen (B13–B14)
Ett parti spelas om en poäng; kuben börjar i mitten och visar 64. Före sitt slag får en
spelare dubbla (d): den andre tar (t) — insatsen dubblas och han äger kuben — eller
passar (p) och förlorar partiet till insatsen före dubbleringen. Bara ägaren får dubbla
igen, före sitt eget slag, upp till 64. Den som är blockerad får ändå dubbla. Vinnaren får
kubens värde, dubbelt för ett gammon (förloraren har inte spelat ut någon), tre gånger
för ett backgammon (ett gammon med en förlorarbricka på baren eller i vinnarens hem) —
eller dubbelt, som man kommit överens om (Alternativ). Etikett: dubbla innan du tar i
tärningarna; vänta på svaret; slå aldrig innan motståndaren spelat klart (B19).

# Ge upp (g)
I sin tur, före eller efter sitt slag, får en spelare ge upp partiet (g): ett enkelt
parti, ett gammon eller ett backgammon — en, två eller tre gånger kuben, som GNU
Backgammon erbjuder det. Den andre godtar (partiet slutar med det resultatet och räknas
som vilket parti som helst: Crawfordregeln och, i penningspel, Jacobyregeln som vid
brädet) eller avböjer (spelet fortsätter). Datorn godtar när erbjudandet är värt vad den
väntar sig av att spela vidare, och ger själv upp en kapplöpning den är säker på att
förlora: bara det som är säkert, och inte igen när det avböjts.

# Matcher och Crawfordpartiet (B15)
En match spelas till ett udda antal poäng (1 till 25 här); den som först når dit vinner.
När en spelare för första gången står en poäng från målet är nästa parti Crawfordpartiet:
utan kub (sidopanelen och rubriken säger det). Efter det är kuben tillbaka.

# Penningspel (B16)
Penningspel tar inte slut: parti följer parti och poängen läggs ihop. Alternativ som
bestäms i förväg: automatiska dubbleringar (lika öppningstärningar dubblar kuben i
mitten, en gång per parti) och Jacobyregeln (gammon och backgammon räknas enkelt tills
kuben vänts). Inget av dem gäller i en match.

# Chouette (B17–B18)
Tre eller fler spelare: den som slår högst är box, ensam mot laget; den näst högsta är
kapten och flyttar lagets brickor. Förlorar laget går kaptenen sist i kön; vinner det blir
kaptenen box. Varje lagmedlem har sin egen kub mot boxen; lagets dubblering måste vara
enhällig, och när boxen dubblar tar eller passar var och en för sig. Vid tangentbordet: Ny
chouette (c) på startskärmen; mellanslag slår om ordningen; d dubblar före ett slag; lagets
medlemmar svarar j/n i tur och ordning, den dubblade svarar t (ta) eller p (passa) en i
taget. Den sparas efter varje steg och erbjuds på startskärmen.

# Så skiljer sig backgammon från bräde
 - Motsatta håll (i bräde åt samma håll).
 - Öppningsslagets högsta tärning börjar och spelar båda (i bräde börjar den lägsta och
   slår på nytt).
 - Två eller fler brickor stänger en punkt i båda spelen (i bräde heter de ett band), men
   en stängd punkt sprängs aldrig, och dina egna brickor får stå hur många som helst på
   vilken punkt som helst (i bräde: inget band på dina 1–11 utom hemmet).
 - En ensam bricka (blotta) slås ut i båda spelen; den går in igen i motståndarens
   hembord (i bräde: i ditt eget första kvarter).
 - Inga kronspel, ingen jan eller munk: partiet slutar när en sida spelat ut — enkelt,
   gammon eller backgammon — gånger kuben.

# Ord som backgammonspelare använder
 punkt         en av de 24 (tunga på brädet i bräde)
 baren         där utslagna brickor väntar
 slå ut        träffa en ensam bricka, som går till baren
 hembord       ditt 1–6; utebord: det yttre bordet
 blotta        en ensam bricka, som kan slås ut
 stängd punkt  två eller fler brickor: ingen får landa där
 prima         sex stängda punkter i rad
 spela ut      ta hem brickor från hembordet
 kuben         dubbleringskuben; dubbla, ta, passa
 gammon        vinst innan förloraren spelat ut någon; backgammon: med
               en av hans kvar på baren eller i vinnarens hem
 Crawford      partiet utan kub, när en sida har en poäng kvar
 penningspel   spel om poäng utan slut
 box, kapten   chouette: den ensamme mot laget, och den som flyttar åt laget

";
