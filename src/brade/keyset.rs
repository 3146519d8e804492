//! [`U64Set`]: the set of `u64` keys with which the searches tell plays and positions
//! apart, emptied in one step.

/// Open-addressing set of `u64` keys. Each slot carries the generation that wrote it, so
/// that clearing is one increment: a slot of an older generation is empty.
#[derive(Debug)]
pub(super) struct U64Set {
    slots: Vec<(u32, u64)>,
    generation: u32,
    len: usize,
    shift: u32,
}

impl U64Set {
    pub(super) fn new() -> U64Set {
        let bits = 10;
        U64Set {
            slots: vec![(0, 0); 1 << bits],
            generation: 1,
            len: 0,
            shift: 64 - bits,
        }
    }

    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Once in four billion clears: forget every generation for real.
            self.slots.fill((0, 0));
            self.generation = 1;
        }
    }

    /// Inserts `key`; false when it was already there.
    #[inline]
    pub(super) fn insert(&mut self, key: u64) -> bool {
        // At most half the slots are ever used, so the probe ends.
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            let (generation, k) = self.slots[i];
            if generation != self.generation {
                self.slots[i] = (self.generation, key);
                self.len += 1;
                if self.len * 2 > self.slots.len() {
                    self.grow();
                }
                return true;
            }
            if k == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let generation = self.generation;
        let live: Vec<u64> = self
            .slots
            .iter()
            .filter(|&&(g, _)| g == generation)
            .map(|&(_, k)| k)
            .collect();
        self.slots = vec![(0, 0); self.slots.len() * 2];
        self.generation = 1;
        self.len = 0;
        self.shift -= 1;
        for k in live {
            self.insert(k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_set_forgets_everything_at_each_clear_and_keeps_everything_when_it_grows() {
        let mut set = U64Set::new();
        let mut reference = std::collections::HashSet::new();
        let mut state = 7u64;
        for round in 0..300u32 {
            if round == 150 {
                // The generation counter wraps: every slot is then emptied for real.
                set.generation = u32::MAX;
            }
            set.clear();
            reference.clear();
            // Up to 2 000 keys a round (the table grows past its first 1 024 slots),
            // often repeated, 0 and u64::MAX among them.
            for _ in 0..(round * 37) % 2000 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let key = match state % 7 {
                    0 => 0,
                    1 => u64::MAX,
                    _ => (state >> 33) % 3000,
                };
                assert_eq!(set.insert(key), reference.insert(key), "round {round}, key {key}");
            }
        }
    }
}
