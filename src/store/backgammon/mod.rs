//! What the store keeps of backgammon alone: its kept analyses, GNU Backgammon's `.mat`
//! export, and the chouette's save.

pub mod analysis;
pub mod chouette;
pub mod mat;
