//! The layout walkers (`ferrule_ops::iter`): dim collapsing, rows, strided and broadcast maps, every-other-element paths, output checks.

use ferrule_core::{DType, Tensor};

use ferrule_ops::iter::*;

#[test]
fn collapse_merges_contiguous_dims() {
    let l = Layout::<2>::new(&[2, 3, 4], [&[12, 4, 1], &[0, 0, 1]]);
    assert_eq!(*l.shape, [6, 4]);
    assert_eq!(*l.strides[0], [4, 1]);
    assert_eq!(*l.strides[1], [0, 1]);
    let l = Layout::<1>::new(&[1, 1], [&[5, 5]]);
    assert!(l.shape.is_empty());
}

#[test]
fn rows_cover_ranges() {
    let l = Layout::<1>::new(&[3, 5], [&[1, 3]]);
    for start in 0..15 {
        for end in start..=15 {
            let mut seen = Vec::new();
            l.for_each_row(start..end, |offs, inner, len| {
                for i in 0..len as i64 {
                    seen.push(offs[0] + i * inner[0]);
                }
            });
            let want: Vec<i64> = (start..end).map(|i| (i / 5 + (i % 5) * 3) as i64).collect();
            assert_eq!(seen, want);
        }
    }
}

#[test]
fn binary_map_strided_and_broadcast() {
    let a = Tensor::from_slice(&(0..12).map(|v| v as f32).collect::<Vec<_>>(), &[3, 4]).unwrap();
    let at = a.transpose(0, 1).unwrap(); // (4, 3), strides (1, 4)
    let b = Tensor::from_slice(&[100f32, 200., 300.], &[3]).unwrap();
    let out = prepare_out("add", None, &[4, 3], DType::Float32, &[&at, &b]).unwrap();
    map_binary::<f32, f32, f32, _>(&at, &b, &out, 1, |x, y, o| {
        for i in 0..o.len() {
            o[i] = x[i] + y[i];
        }
    });
    let got = out.to_vec::<f32>().unwrap();
    let want: Vec<f32> =
        (0..4).flat_map(|i| (0..3).map(move |j| (j * 4 + i) as f32 + 100.0 * (j + 1) as f32)).collect();
    assert_eq!(got, want);
}

/// The every-other-element loops (`gather`, `walk1`, `walk2` with a stride of 2, and 0 for
/// a broadcast value) against a plain index loop: every length around the chunk size and
/// the vector widths, views starting at an even and an odd element (the reductions' use of
/// `gather`: `reduce::tests::reductions_of_every_other_element`).
#[test]
fn every_other_element_paths() {
    let lens = [0usize, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 255, 257, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5];
    for &n in &lens {
        for start in [0usize, 1] {
            let base: Vec<f64> = (0..2 * n + 2).map(|i| i as f64 * 1.5 - 7.0).collect();
            let other: Vec<f64> = (0..2 * n + 2).map(|i| (i % 13) as f64).collect();
            let t = Tensor::from_slice(&base, &[base.len() as i64]).unwrap();
            let u = Tensor::from_slice(&other, &[other.len() as i64]).unwrap();
            let stop = Some((start + 2 * n) as i64);
            let x = t.slice(0, Some(start as i64), stop, 2).unwrap();
            let y = u.slice(0, Some(start as i64), stop, 2).unwrap();
            assert_eq!(x.numel() as usize, n);
            let want_x: Vec<f64> = (0..n).map(|i| base[start + 2 * i]).collect();
            let want_y: Vec<f64> = (0..n).map(|i| other[start + 2 * i]).collect();

            let mut gathered = vec![0f64; n];
            // SAFETY: the `n` elements `start + 2i` lie inside `base`; `gathered` holds `n`.
            unsafe { gather(base.as_ptr().add(start), 2, gathered.as_mut_ptr(), n) };
            assert_eq!(gathered, want_x, "gather, n={n} start={start}");

            let out = Tensor::empty(&[n as i64], DType::Float64).unwrap();
            map_unary_elems::<f64, f64>(&x, &out, usize::MAX, |v| v * 2.0 + 1.0);
            let want: Vec<f64> = want_x.iter().map(|v| v * 2.0 + 1.0).collect();
            assert_eq!(out.to_vec::<f64>().unwrap(), want, "walk1, n={n} start={start}");

            let out = Tensor::empty(&[n as i64], DType::Float64).unwrap();
            map_unary::<f64, f64, _>(&x, &out, usize::MAX, |xs, os| {
                for (o, v) in os.iter_mut().zip(xs) {
                    *o = -v;
                }
            });
            let want: Vec<f64> = want_x.iter().map(|v| -v).collect();
            assert_eq!(out.to_vec::<f64>().unwrap(), want, "load, n={n} start={start}");

            let out = Tensor::empty(&[n as i64], DType::Float64).unwrap();
            map_binary_elems::<f64, f64, f64>(&x, &y, &out, usize::MAX, |a, b| a * 3.0 - b);
            let want: Vec<f64> = want_x.iter().zip(&want_y).map(|(a, b)| a * 3.0 - b).collect();
            assert_eq!(out.to_vec::<f64>().unwrap(), want, "walk2, n={n} start={start}");

            // one value broadcast against every other element, on either side
            let scalar = Tensor::from_slice(&[0.75f64], &[]).unwrap();
            let out = Tensor::empty(&[n as i64], DType::Float64).unwrap();
            map_binary_elems::<f64, f64, f64>(&x, &scalar, &out, usize::MAX, |a, b| a - b);
            let want: Vec<f64> = want_x.iter().map(|a| a - 0.75).collect();
            assert_eq!(out.to_vec::<f64>().unwrap(), want, "walk2 (2, 0), n={n} start={start}");
            let out = Tensor::empty(&[n as i64], DType::Float64).unwrap();
            map_binary_elems::<f64, f64, f64>(&scalar, &y, &out, usize::MAX, |a, b| a - b);
            let want: Vec<f64> = want_y.iter().map(|b| 0.75 - b).collect();
            assert_eq!(out.to_vec::<f64>().unwrap(), want, "walk2 (0, 2), n={n} start={start}");
        }
    }
}

#[test]
fn out_checks() {
    let a = Tensor::zeros(&[4], DType::Float32).unwrap();
    let err = prepare_out("add", Some(&a), &[3], DType::Float32, &[]).unwrap_err();
    assert_eq!(err.message, "add() argument 'out': expected shape (3,), got (4,)");
    let err = prepare_out("add", Some(&a), &[4], DType::Float64, &[]).unwrap_err();
    assert_eq!(err.kind, ferrule_core::ErrorKind::TypeError);
    assert!(prepare_out("add", Some(&a), &[4], DType::Float32, &[&a]).is_ok());
    let shifted = a.slice(0, Some(1), None, 1).unwrap();
    let head = a.slice(0, Some(0), Some(3), 1).unwrap();
    let err = prepare_out("add", Some(&head), &[3], DType::Float32, &[&shifted]).unwrap_err();
    assert!(err.message.contains("partially overlaps"), "{}", err.message);
    let x = Tensor::zeros(&[2, 3], DType::Int8).unwrap();
    let y = Tensor::zeros(&[4], DType::Int8).unwrap();
    let err = broadcast_all("add", &[&x, &y]).unwrap_err();
    assert_eq!(err.message, "add: operands could not be broadcast together with shapes (2,3) (4,)");
}
