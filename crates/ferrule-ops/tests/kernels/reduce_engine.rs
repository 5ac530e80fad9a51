//! The reduction engine's parallel map-and-combine (`reduce::engine`).

use ferrule_ops::reduce::engine::*;
use ferrule_ops::reduce::kernels::Sum;

#[test]
fn map_combine_covers_every_segment_once() {
    // With one item per task a segment is 65536 items: these span one, two and four.
    for n in [0usize, 1, 65_536, 65_537, 200_003] {
        let total = map_combine::<Sum<i64, i64>>(n, 1, |r| r.map(|i| i as i64).sum());
        assert_eq!(total, (n * n.saturating_sub(1) / 2) as i64, "n = {n}");
    }
}
