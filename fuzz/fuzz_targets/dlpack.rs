//! libFuzzer target: `ferrule_tensor_from_dlpack` with hostile `DLManagedTensorVersioned`
//! structs (versions, flags, devices, dtypes, ndim, shapes, strides, byte offsets, NULL data),
//! then, when the import is accepted and the described memory lies inside the producer's
//! buffer, every cheap operator on the imported tensor.
//!
//! The producer's contract is checked as well: on failure the caller keeps the struct and the
//! deleter must not run; on success it runs exactly once, after the last reference is gone.

#![no_main]
// `byte % n == 0` reads as "one input byte in n takes this branch", as the opcodes do.
#![allow(clippy::manual_is_multiple_of, clippy::manual_range_patterns)]

use std::ffi::c_void;
use std::ptr::null_mut;

use ferrule_fuzz::{call_named, check_status, device, dtype, known, Input, INTS};
use ferrule_sys::{
    type_index, DLManagedTensorVersioned, DLPackVersion, DLTensor, FerruleAny, FerruleAnyPayload, FerruleObject,
};
use libfuzzer_sys::fuzz_target;

/// Bytes of the producer's buffer; the data pointer is its middle, so negative strides have room.
const BUFFER: usize = 4096;

/// What the deleter records (`manager_ctx` points at it).
struct Producer {
    deleted: u32,
}

unsafe extern "C" fn deleter(managed: *mut DLManagedTensorVersioned) {
    // SAFETY: `manager_ctx` is the Producer of this input, alive until after the checks.
    unsafe { (*(*managed).manager_ctx.cast::<Producer>()).deleted += 1 };
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    ferrule_fuzz::start_input();
    let mut buffer = vec![0u8; BUFFER];
    for (k, b) in buffer.iter_mut().enumerate() {
        *b = (k % 7) as u8; // (under a bool dtype: bytes other than 0 and 1, as a producer may hand over)
    }
    let mut producer = Producer { deleted: 0 };

    let ndim_choice = input.pick(&[0i32, 1, 1, 2, 2, 3, 4, 6, -1, 33]);
    let ndim = usize::try_from(ndim_choice).unwrap_or(0);
    let dims = [0i64, 1, 2, 3, 4, 7, 16, -1, 1 << 31, 1 << 62, i64::MAX, i64::MIN];
    let mut shape: Vec<i64> = (0..ndim).map(|_| input.pick(&dims)).collect();
    let mut strides: Vec<i64> =
        (0..ndim).map(|_| input.pick(&[0i64, 1, 2, 3, -1, -2, 5, 64, 1 << 40, i64::MAX, i64::MIN])).collect();
    let with_strides = input.u8() % 2 == 0;
    // (every byte is read whatever the gates say, so an input means the same once a gate goes)
    let null_shape = input.u8() % 8 == 0 && ndim > 0 && !known::F3_DLPACK_IMPORT;
    let offsets: &[u64] =
        if known::F3_DLPACK_IMPORT { &[0, 1, 8, 64] } else { &[0, 1, 8, 64, 1 << 40, 1 << 63, u64::MAX] };
    let byte_offset = input.pick(offsets);
    let null_data = input.u8() % 6 == 0 && !known::F3_DLPACK_IMPORT;
    let dt = dtype(&mut input);
    let dev = device(&mut input);
    let version =
        DLPackVersion { major: input.pick(&[1u32, 1, 1, 0, 2, u32::MAX]), minor: input.pick(&[0u32, 1, 3, u32::MAX]) };
    let flags = input.pick(&[0u64, 0, 1, 2, 3, u64::MAX]);

    // SAFETY: the middle of `buffer`, which outlives every use below.
    let data_ptr = if null_data { null_mut() } else { unsafe { buffer.as_mut_ptr().add(BUFFER / 2) }.cast::<c_void>() };
    let mut managed = Box::new(DLManagedTensorVersioned {
        version,
        manager_ctx: (&raw mut producer).cast(),
        deleter: Some(deleter),
        flags,
        dl_tensor: DLTensor {
            data: data_ptr,
            device: dev,
            ndim: ndim_choice,
            dtype: dt,
            shape: if null_shape { null_mut() } else { shape.as_mut_ptr() },
            strides: if with_strides { strides.as_mut_ptr() } else { null_mut() },
            byte_offset,
        },
    });
    let fits = !null_data
        && !null_shape
        && inside_buffer(&shape, with_strides.then_some(&strides[..]), dt.bits, dt.lanes, byte_offset);

    let (mut out, mut err): (*mut FerruleObject, *mut FerruleObject) = (null_mut(), null_mut());
    // SAFETY: a struct whose pointers are valid for what it claims, up to the lies being fuzzed.
    let rc = unsafe { ferrule::ferrule_tensor_from_dlpack(&mut *managed, &mut out, &mut err) };
    check_status("ferrule_tensor_from_dlpack", rc, err);
    if rc != 0 {
        assert!(
            producer.deleted == 0 || known::F3_DLPACK_IMPORT,
            "ferrule_tensor_from_dlpack called the deleter on failure ({} times): the caller still owns the struct",
            producer.deleted
        );
        return;
    }
    // (a stride-0 import can describe 2**62 elements in one: long work while finding 12 is open)
    let numel = shape.iter().try_fold(1u64, |n, &d| n.checked_mul(u64::try_from(d).ok()?));
    let small = numel.is_some_and(|n| n <= 1 << 24);
    if fits && (small || !known::F5_F12_HUGE_WORK) {
        use_tensor(out, &mut input);
    }
    // SAFETY: the tensor we own.
    unsafe { ferrule::ferrule_object_release(out) };
    assert_eq!(producer.deleted, 1, "the deleter must run exactly once after the last reference is gone");
});

/// Whether every element the struct describes lies inside the producer's buffer (computed here
/// independently; a description that does not fit is still imported, but never read).
fn inside_buffer(shape: &[i64], strides: Option<&[i64]>, bits: u8, lanes: u16, byte_offset: u64) -> bool {
    let itemsize = (i128::from(bits) * i128::from(lanes)).div_euclid(8);
    if itemsize == 0 || shape.iter().any(|&d| d < 0) {
        return false;
    }
    if shape.contains(&0) {
        return true;
    }
    let contiguous: Vec<i128> = {
        let mut acc = 1i128;
        let mut out = vec![0i128; shape.len()];
        for k in (0..shape.len()).rev() {
            out[k] = acc;
            acc = acc.saturating_mul(i128::from(shape[k]));
        }
        out
    };
    let (mut low, mut high) = (0i128, 0i128);
    for (k, &d) in shape.iter().enumerate() {
        let stride = strides.map_or(contiguous[k], |s| i128::from(s[k]));
        let reach = stride.saturating_mul(i128::from(d) - 1);
        if reach < 0 {
            low = low.saturating_add(reach);
        } else {
            high = high.saturating_add(reach);
        }
    }
    let half = (BUFFER / 2) as i128;
    let start = i128::from(byte_offset).saturating_add(low.saturating_mul(itemsize));
    let end = i128::from(byte_offset).saturating_add(high.saturating_add(1).saturating_mul(itemsize));
    start >= -half && end <= half
}

/// Operators that read (and some that write) the imported tensor, and a DLPack round trip.
fn use_tensor(t: *mut FerruleObject, input: &mut Input<'_>) {
    let arg = FerruleAny { type_index: type_index::TENSOR, small_len: 0, payload: FerruleAnyPayload { v_obj: t } };
    let int =
        |v: i64| FerruleAny { type_index: type_index::INT, small_len: 0, payload: FerruleAnyPayload { v_int64: v } };
    for name in [c"ops.sum", c"ops.abs", c"ops.max", c"ops.sort", c"ops.flip", c"ops.astype", c"testing.tensor_sum"] {
        if name == c"ops.astype" {
            let dtype = FerruleAny {
                type_index: type_index::SMALL_STR,
                small_len: 7,
                payload: FerruleAnyPayload { v_bytes: *b"float64\0" },
            };
            call_named(name, &[arg, dtype]);
        } else {
            call_named(name, &[arg]);
        }
    }
    call_named(c"ops.getitem", &[arg, int(input.pick(INTS))]);
    call_named(c"ops.reshape", &[arg, int(-1)]);
    call_named(c"ops.add", &[arg, arg]);
    if input.u8() % 2 == 0 {
        call_named(
            c"testing.tensor_fill",
            &[
                arg,
                FerruleAny {
                    type_index: type_index::FLOAT,
                    small_len: 0,
                    payload: FerruleAnyPayload { v_float64: 1.5 },
                },
            ],
        );
    }
    let (mut managed, mut err) = (null_mut(), null_mut());
    // SAFETY: a live tensor and writable out-parameters.
    let rc = unsafe { ferrule::ferrule_tensor_to_dlpack(t, &mut managed, &mut err) };
    check_status("ferrule_tensor_to_dlpack", rc, err);
    if rc == 0 {
        // SAFETY: the export we own: its deleter is called once.
        unsafe { ((*managed).deleter.expect("ferrule's export has a deleter"))(managed) };
    }
}
