use brade::rules::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos = Position::from_code(&args[1]).unwrap();
    if args[2] == "perft" {
        let d: u32 = args[3].parse().unwrap();
        let t = std::time::Instant::now();
        let n = perft(&pos, d);
        println!("{n} {:?}", t.elapsed());
        return;
    }
    let roll: Roll = args[2].parse().unwrap();
    let mut g = MoveGen::new();
    for p in g.plays(pos.board(), roll) {
        println!(
            "{}\t{}\t{}",
            p.play,
            Position::new(p.board.switched(), pos.turn().other()),
            p.result.map(|r| r.notation()).unwrap_or("-".into())
        );
    }
}
