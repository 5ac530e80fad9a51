//! Round trips through every format, and the errors that name the function and the path.

use std::path::PathBuf;

use ferrule_core::{DType, ErrorKind, Tensor};

use ferrule_ops::io::{load, save, Format, Loaded};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ferrule-io-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn sample() -> Vec<(String, Tensor)> {
    let a = Tensor::from_slice(&[1.5f32, -2.0, 3.25, 4.0, 5.0, 6.0], &[2, 3]).unwrap();
    let b = Tensor::from_slice(&[7i64, 8, 9], &[3]).unwrap();
    let flags = Tensor::from_slice(&[true, false], &[2]).unwrap();
    vec![("a".into(), a.transpose(0, 1).unwrap()), ("b".into(), b), ("flags".into(), flags)]
}

fn dict(loaded: Loaded) -> Vec<(String, Tensor)> {
    match loaded {
        Loaded::Dict(items) => items,
        Loaded::One(_) => panic!("expected a dict"),
    }
}

#[test]
fn dicts_round_trip_through_safetensors_and_npz_with_and_without_a_map() {
    for (file, format) in [("d.safetensors", Format::Safetensors), ("d.npz", Format::Npz)] {
        let path = temp(file);
        save(&path, &sample(), format).unwrap();
        for mmap in [true, false] {
            let mut got = dict(load(&path, None, mmap).unwrap());
            got.sort_by(|x, y| x.0.cmp(&y.0));
            assert_eq!(got.len(), 3, "{file}");
            assert_eq!(got[0].1.shape(), &[3, 2]);
            assert_eq!(got[0].1.to_vec::<f32>().unwrap(), vec![1.5, 4.0, -2.0, 5.0, 3.25, 6.0]);
            assert_eq!(got[1].1.to_vec::<i64>().unwrap(), vec![7, 8, 9]);
            assert_eq!(got[2].1.to_vec::<bool>().unwrap(), vec![true, false]);
            assert_eq!(got[0].1.is_read_only(), mmap, "{file} mmap={mmap}");
        }
    }
}

#[test]
fn npy_reads_fortran_order_and_big_endian() {
    let path = temp("f.npy");
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    let mut head = b"{'descr': '>i2', 'fortran_order': True, 'shape': (2, 3), }".to_vec();
    head.resize(128 - 10 - 1, b' ');
    head.push(b'\n');
    bytes.extend_from_slice(&(head.len() as u16).to_le_bytes());
    bytes.extend_from_slice(&head);
    for v in [1i16, 4, 2, 5, 3, 6] {
        bytes.extend_from_slice(&v.to_be_bytes());
    }
    std::fs::write(&path, &bytes).unwrap();
    let Loaded::One(t) = load(&path, None, true).unwrap() else { panic!("expected one tensor") };
    assert_eq!(t.shape(), &[2, 3]);
    assert_eq!(t.dtype(), DType::Int16);
    assert_eq!(t.to_vec::<i16>().unwrap(), vec![1, 2, 3, 4, 5, 6]);
}

#[test]
fn errors_name_the_function_and_the_path() {
    let missing = temp("missing.safetensors");
    let e = load(&missing, None, true).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OSError);
    assert!(e.message.starts_with("io.load: path '") && e.message.contains("missing.safetensors"), "{}", e.message);

    let garbage = temp("garbage.npy");
    std::fs::write(&garbage, b"\x93NUMPY\x01\x00\x05\x00{'de").unwrap();
    let e = load(&garbage, None, true).unwrap_err();
    assert_eq!(e.kind, ErrorKind::ValueError);
    assert!(e.message.contains("not a valid npy file"), "{}", e.message);

    let nowhere = temp("no-such-dir").join("x.npz");
    let e = save(&nowhere, &sample(), Format::Npz).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OSError, "{}", e.message);
    assert!(e.message.contains("io.save") && e.message.contains("x.npz"), "{}", e.message);

    let bf16 = vec![("w".to_owned(), Tensor::zeros(&[2], DType::BFloat16).unwrap())];
    let e = save(&temp("w.npz"), &bf16, Format::Npz).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TypeError);
    assert!(e.message.contains("tensor 'w'") && e.message.contains("bfloat16"), "{}", e.message);
}
