//! libFuzzer target: the C ABI's values, strings and bytes, arrays and maps, errors, the registry
//! (names and signature texts from the input), C callbacks, packed calls of every registered
//! function (`ops.*` and the `testing.*` plugin) with arguments from earlier operations, and
//! tensor creation and DLPack round trips.
//!
//! The input is a program: each operation is a byte (the opcode) followed by its operands, and
//! works on 16 value slots. After the last operation everything is released and the number of
//! live objects must be back where it was (no object leaked).

#![no_main]
// `byte % n == 0` reads as "one input byte in n takes this branch", as the opcodes do.
#![allow(clippy::manual_is_multiple_of, clippy::manual_range_patterns)]

use std::ffi::CString;
use std::ptr::{null, null_mut};

use ferrule_fuzz::{
    callable, check_status, device, dtype, host, known, make_function, release, Behaviour, Input, Session, INTS, SLOTS,
};
use ferrule_sys::{type_index, FerruleAny, FerruleAnyPayload, FerruleObject};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let mut session = Session::new();
    let mut steps = 0;
    while input.more() && steps < 64 {
        step(&mut input, &mut session);
        steps += 1;
    }
    session.finish();
});

fn slot(input: &mut Input<'_>) -> usize {
    usize::from(input.u8()) % SLOTS
}

fn step(input: &mut Input<'_>, s: &mut Session) {
    let mut err: *mut FerruleObject = null_mut();
    match input.u8() % 20 {
        0 => {
            let i = slot(input);
            let v = if input.u8() % 2 == 0 { input.pick(INTS) } else { input.i64() };
            s.put(
                i,
                FerruleAny { type_index: type_index::INT, small_len: 0, payload: FerruleAnyPayload { v_int64: v } },
            );
        }
        1 => {
            let i = slot(input);
            let v = input.pick(&[0.0, -0.0, 1.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e308, 5e-324]);
            s.put(
                i,
                FerruleAny { type_index: type_index::FLOAT, small_len: 0, payload: FerruleAnyPayload { v_float64: v } },
            );
        }
        2 => inline_value(input, s),
        3 | 4 => {
            let i = slot(input);
            let bytes = input.bytes();
            let mode = input.u8();
            // a length no allocation can hold, refused before anything is read (finding 5)
            let impossible = mode % 8 == 7 && !known::F5_F12_HUGE_WORK;
            let len = if impossible { usize::MAX - 8 } else { bytes.len() };
            let mut out = null_mut();
            // SAFETY: `bytes` is readable for its length (an impossible length fails first);
            // writable out-parameters.
            let rc = unsafe {
                if mode % 2 == 0 {
                    ferrule::ferrule_str_create(bytes.as_ptr().cast(), len, &mut out, &mut err)
                } else {
                    ferrule::ferrule_bytes_create(bytes.as_ptr().cast(), len, &mut out, &mut err)
                }
            };
            check_status("ferrule_str/bytes_create", rc, err);
            s.put_object(i, out);
        }
        5 => {
            let (i, first, n) = (slot(input), slot(input), usize::from(input.u8()) % 8);
            let items: Vec<FerruleAny> = (0..n).map(|k| s.slots[(first + k) % SLOTS]).collect();
            let mut out = null_mut();
            // SAFETY: `n` readable values; writable out-parameters.
            let rc = unsafe { ferrule::ferrule_array_create(items.as_ptr(), n as i64, &mut out, &mut err) };
            check_status("ferrule_array_create", rc, err);
            s.put_object(i, out);
        }
        6 => {
            let (i, keys, values, n) = (slot(input), slot(input), slot(input), usize::from(input.u8()) % 6);
            let k: Vec<FerruleAny> = (0..n).map(|j| s.slots[(keys + j) % SLOTS]).collect();
            let v: Vec<FerruleAny> = (0..n).map(|j| s.slots[(values + j) % SLOTS]).collect();
            let mut out = null_mut();
            // SAFETY: `n` readable keys and values; writable out-parameters.
            let rc = unsafe { ferrule::ferrule_map_create(k.as_ptr(), v.as_ptr(), n as i64, &mut out, &mut err) };
            check_status("ferrule_map_create", rc, err);
            s.put_object(i, out);
        }
        7 => {
            let (map, key, i) = (slot(input), slot(input), slot(input));
            let mut out = FerruleAny::NONE;
            // SAFETY: the map slot holds a value (its object, if any, is checked by type); the key is readable.
            let rc = unsafe { ferrule::ferrule_map_get(object_of(&s.slots[map]), &s.slots[key], &mut out, &mut err) };
            check_status("ferrule_map_get", rc, err);
            s.put(i, out);
        }
        8 => introspect(&s.slots[slot(input)]),
        9 => {
            let (from, to) = (slot(input), slot(input));
            let mut copy = FerruleAny::NONE;
            // SAFETY: a readable value; a writable destination.
            unsafe { ferrule::ferrule_any_copy(&s.slots[from], &mut copy) };
            s.put(to, copy);
        }
        10 => errors(input, s),
        11 => {
            let i = slot(input);
            let name = pick_name(input);
            if !callable(&name) {
                return;
            }
            let mut out = null_mut();
            // SAFETY: a NUL-terminated name; writable out-parameters.
            let rc = unsafe { ferrule::ferrule_func_get_global(name.as_ptr(), &mut out, &mut err) };
            check_status("ferrule_func_get_global", rc, err);
            s.put_object(i, out);
        }
        12 | 13 | 14 => call(input, s),
        15 => {
            let (func, i) = (slot(input), slot(input));
            let mut out = null_mut();
            // SAFETY: an object of any type (checked) and writable out-parameters.
            let rc = unsafe { ferrule::ferrule_func_get_info(object_of(&s.slots[func]), &mut out, &mut err) };
            check_status("ferrule_func_get_info", rc, err);
            s.put_object(i, out);
        }
        16 => register(input, s),
        17 => {
            let i = slot(input);
            let f = make_function(Behaviour::from_byte(input.u8()));
            s.put_object(i, f);
        }
        18 => tensors(input, s),
        _ => {
            let i = slot(input);
            let mut out = null_mut();
            // SAFETY: writable out-parameters.
            let rc = unsafe { ferrule::ferrule_func_list_global_names(&mut out, &mut err) };
            check_status("ferrule_func_list_global_names", rc, err);
            s.put_object(i, out);
        }
    }
}

/// The object a value holds, or NULL.
fn object_of(value: &FerruleAny) -> *mut FerruleObject {
    // SAFETY: an object payload is read only when the tag says it is one.
    if value.is_object() {
        unsafe { value.payload.v_obj }
    } else {
        null_mut()
    }
}

/// Inline values: dtypes, devices, small strings and bytes (with the tags a caller may get
/// wrong, once finding 8 decided what the boundary checks).
fn inline_value(input: &mut Input<'_>, s: &mut Session) {
    let i = slot(input);
    let tags: &[i32] = if known::F8_CONTRACT_CHECKS {
        &[type_index::NONE, type_index::BOOL, type_index::OPAQUE_PTR, type_index::DTYPE, type_index::DEVICE, 7, 8]
    } else {
        &[
            type_index::NONE,
            type_index::BOOL,
            type_index::OPAQUE_PTR,
            type_index::DTYPE,
            type_index::DEVICE,
            7,
            8,
            9,
            63,
            -1,
        ]
    };
    let tag = input.pick(tags);
    let mut bytes: [u8; 8] = input.array();
    // (every byte is read whatever the gates say, so an input means the same once a gate goes)
    let len_byte = input.u8();
    let mut len = u32::from(len_byte) % 9;
    if !known::F8_CONTRACT_CHECKS {
        len = u32::from(len_byte); // past 8: a length the 8 inline bytes cannot hold
    } else if tag == type_index::SMALL_STR {
        // the contract: UTF-8 without NUL (checked once finding 8 is fixed): ASCII kept as is
        for b in &mut bytes {
            if *b == 0 || *b >= 0x80 {
                *b = b'a' + *b % 26;
            }
        }
    }
    let payload = match tag {
        type_index::DTYPE => FerruleAnyPayload { v_dtype: dtype(input) },
        type_index::DEVICE => FerruleAnyPayload { v_device: device(input) },
        type_index::BOOL => FerruleAnyPayload { v_int64: i64::from(bytes[0] % 2) },
        _ => FerruleAnyPayload { v_bytes: bytes },
    };
    let small_len = if tag == 7 || tag == 8 { len } else { 0 };
    s.put(i, FerruleAny { type_index: tag, small_len, payload });
}

/// Reads back what a value holds through every accessor (each must refuse a wrong type).
fn introspect(value: &FerruleAny) {
    let obj = object_of(value);
    // SAFETY: every accessor takes any object or NULL and checks its type.
    unsafe {
        let (mut data, mut len) = (null(), 0usize);
        if ferrule::ferrule_any_view_bytes(value, &mut data, &mut len) == 0 && len > 0 {
            let bytes = std::slice::from_raw_parts(data.cast::<u8>(), len);
            std::hint::black_box(bytes.iter().map(|&b| usize::from(b)).sum::<usize>());
        }
        let n = ferrule::ferrule_array_size(obj);
        let items = ferrule::ferrule_array_items(obj);
        if n > 0 && !items.is_null() {
            for k in 0..n as usize {
                std::hint::black_box((*items.add(k)).type_index);
            }
        }
        let (mut keys, mut values) = (null(), null());
        if ferrule::ferrule_map_items(obj, &mut keys, &mut values) == 0 {
            let n = ferrule::ferrule_map_size(obj);
            for k in 0..usize::try_from(n).unwrap_or(0) {
                std::hint::black_box(((*keys.add(k)).type_index, (*values.add(k)).type_index));
            }
        }
        let dl = ferrule::ferrule_tensor_dltensor(obj);
        if !dl.is_null() {
            let ndim = usize::try_from((*dl).ndim).unwrap_or(0);
            for k in 0..ndim {
                std::hint::black_box((*(*dl).shape.add(k), *(*dl).strides.add(k)));
            }
        }
        for text in
            [ferrule::ferrule_error_kind(obj), ferrule::ferrule_error_message(obj), ferrule::ferrule_error_context(obj)]
        {
            if !text.is_null() {
                std::hint::black_box(std::ffi::CStr::from_ptr(text).to_bytes().len());
            }
        }
        std::hint::black_box(ferrule::ferrule_object_use_count(obj));
    }
}

/// A registered name (by index), or one made up from the input.
fn pick_name(input: &mut Input<'_>) -> CString {
    let names = &host().names;
    if input.u8() % 4 != 0 && !names.is_empty() {
        names[usize::from(input.u8()) % names.len()].clone()
    } else {
        input.c_string()
    }
}

/// Error objects: create, annotate, attach and replace payloads, read.
fn errors(input: &mut Input<'_>, s: &mut Session) {
    let i = slot(input);
    let (kind, message) = (input.c_string(), input.c_string());
    let mut out = null_mut();
    // SAFETY: NUL-terminated strings (NULL for an empty kind: "NULL strings read as ''").
    unsafe {
        let kind_ptr = if kind.as_bytes().is_empty() { null() } else { kind.as_ptr() };
        ferrule::ferrule_error_create(kind_ptr, message.as_ptr(), &mut out);
        assert!(!out.is_null(), "ferrule_error_create never fails");
        for _ in 0..input.u8() % 3 {
            let line = input.c_string();
            ferrule::ferrule_error_add_context(out, line.as_ptr());
        }
        if input.u8() % 2 == 0 {
            static OWNER: u8 = 0;
            let payload = Box::into_raw(Box::new(ferrule_fuzz::Behaviour::Echo)).cast();
            ferrule::ferrule_error_set_payload(
                out,
                (&raw const OWNER).cast(),
                payload,
                Some(ferrule_fuzz::delete_state),
            );
            assert_eq!(ferrule::ferrule_error_payload(out, (&raw const OWNER).cast()), payload);
        }
    }
    s.put_object(i, out);
}

/// A packed call: a function from a slot or by name, arguments from slots.
fn call(input: &mut Input<'_>, s: &mut Session) {
    let (mut err, mut func) = (null_mut(), null_mut());
    let by_name = input.u8() % 4 != 0;
    let name = pick_name(input);
    if by_name {
        if !callable(&name) {
            return;
        }
        // SAFETY: a NUL-terminated name; writable out-parameters.
        if unsafe { ferrule::ferrule_func_get_global(name.as_ptr(), &mut func, &mut err) } != 0 {
            release(err);
            return;
        }
    } else {
        func = object_of(&s.slots[slot(input)]);
        // SAFETY: an object we keep alive for the call (the slot holds one reference; this is another).
        unsafe { ferrule::ferrule_object_retain(func) };
    }
    let (first, n, out_slot) = (slot(input), usize::from(input.u8()) % 7, slot(input));
    let mut args: Vec<FerruleAny> = (0..n).map(|k| s.slots[(first + k) % SLOTS]).collect();
    if known::F5_F12_HUGE_WORK && !tame(&mut args) {
        release(func);
        return;
    }
    let mut out = FerruleAny::NONE;
    // SAFETY: any object (checked), `n` readable arguments, writable out-parameters.
    let rc = unsafe { ferrule::ferrule_func_call(func, args.as_ptr(), n as i32, &mut out, &mut err) };
    check_status("ferrule_func_call", rc, err);
    release(func);
    s.put(out_slot, out);
}

/// While findings 5 and 12 are open: clamps int arguments to +-2**16 and refuses tensors of more
/// than 2**24 elements (see `known::F5_F12_HUGE_WORK`). False: do not call.
fn tame(args: &mut [FerruleAny]) -> bool {
    for arg in args.iter_mut() {
        if arg.type_index == type_index::INT {
            // SAFETY: an int payload.
            let v = unsafe { arg.payload.v_int64 };
            arg.payload.v_int64 = v.clamp(-(1 << 16), 1 << 16);
        }
        // SAFETY: a tensor object is checked by type; its shape has ndim entries.
        let dl = unsafe { ferrule::ferrule_tensor_dltensor(object_of(arg)) };
        if !dl.is_null() {
            let (ndim, shape) = unsafe { ((*dl).ndim, (*dl).shape) };
            let numel = (0..usize::try_from(ndim).unwrap_or(0))
                .try_fold(1u64, |n, k| n.checked_mul(u64::try_from(unsafe { *shape.add(k) }).unwrap_or(0)));
            if numel.is_none_or(|n| n > 1 << 24) {
                return false;
            }
        }
    }
    true
}

/// Registration: a made-up name ("fuzz." prefix, so the ops stay callable) with a made-up
/// signature text over a function from a slot; removal of a name registered earlier.
fn register(input: &mut Input<'_>, s: &mut Session) {
    let mut err = null_mut();
    if input.u8() % 3 == 0 {
        if let Some(name) = s.registered.pop() {
            // SAFETY: a NUL-terminated name.
            let rc = unsafe { ferrule::ferrule_func_remove_global(name.as_ptr(), &mut err) };
            check_status("ferrule_func_remove_global", rc, err);
        }
        return;
    }
    let mut name = b"fuzz.".to_vec();
    name.extend_from_slice(input.c_string().as_bytes());
    let name = CString::new(name).expect("no NUL");
    let (doc, signature) = (input.c_string(), input.c_string());
    let func = object_of(&s.slots[slot(input)]);
    let flags = i32::from(input.u8() % 4);
    let sig_ptr = if input.u8() % 4 == 0 { null() } else { signature.as_ptr() };
    // SAFETY: NUL-terminated strings; any object (checked).
    let rc = unsafe { ferrule::ferrule_func_set_global(name.as_ptr(), func, doc.as_ptr(), sig_ptr, flags, &mut err) };
    check_status("ferrule_func_set_global", rc, err);
    if rc == 0 {
        s.registered.push(name);
    }
}

/// Tensors: created with shapes, dtypes and devices from the input, exported to DLPack and
/// imported back.
fn tensors(input: &mut Input<'_>, s: &mut Session) {
    let mut err = null_mut();
    let i = slot(input);
    if input.u8() % 2 == 0 {
        let ndim = i32::from(input.u8() % 6) - 1;
        let dims = [0i64, 1, 2, 3, 5, -1, 1 << 31, 1 << 62, i64::MAX];
        let shape: Vec<i64> = (0..4).map(|_| input.pick(&dims)).collect();
        let (dt, dev) = (dtype(input), device(input));
        let mut out = null_mut();
        // SAFETY: `shape` has at least `ndim` entries; writable out-parameters.
        let rc = unsafe { ferrule::ferrule_tensor_create(shape.as_ptr(), ndim, dt, dev, &mut out, &mut err) };
        check_status("ferrule_tensor_create", rc, err);
        s.put_object(i, out);
        return;
    }
    let t = object_of(&s.slots[slot(input)]);
    let mut managed = null_mut();
    // SAFETY: any object (checked); a writable out-parameter.
    let rc = unsafe { ferrule::ferrule_tensor_to_dlpack(t, &mut managed, &mut err) };
    check_status("ferrule_tensor_to_dlpack", rc, err);
    if rc != 0 {
        return;
    }
    let mut out = null_mut();
    // SAFETY: a DLManagedTensorVersioned ferrule made; on success the new tensor owns it.
    let rc = unsafe { ferrule::ferrule_tensor_from_dlpack(managed, &mut out, &mut err) };
    check_status("ferrule_tensor_from_dlpack", rc, err);
    if rc != 0 && !known::F3_DLPACK_IMPORT {
        // SAFETY: still ours on failure: its deleter is called once (while finding 3 is open,
        // ferrule has called it already).
        unsafe { ((*managed).deleter.expect("ferrule's export has a deleter"))(managed) };
    }
    s.put_object(i, out);
}
