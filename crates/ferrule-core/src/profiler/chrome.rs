//! Chrome trace-event JSON (the format Perfetto and chrome://tracing load): metadata events name
//! the process and each thread's track, and every recorded event is one complete event ("ph":
//! "X") with its start and duration in microseconds (to the nanosecond).

use std::fmt::Write;

use super::profile::{Profile, Record};
use super::{Category, Part};

/// The trace of `profile`: tracks in their order, each track's events by start time (an
/// enclosing event before the events inside it).
pub(super) fn trace(profile: &Profile) -> String {
    let pid = profile.pid;
    let mut out = String::with_capacity(256 + profile.events.len() * 128);
    out.push_str("{\"traceEvents\":[\n");
    let _ = write!(
        out,
        "{{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":{pid},\"tid\":0,\"args\":{{\"name\":\"ferrule (pid {pid})\"}}}}"
    );
    for track in &profile.tracks {
        let _ = write!(
            out,
            ",\n{{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":{pid},\"tid\":{},\"args\":{{\"name\":{}}}}}",
            track.tid,
            json_string(&track.name)
        );
        let _ = write!(
            out,
            ",\n{{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":{pid},\"tid\":{},\"args\":{{\"sort_index\":{}}}}}",
            track.tid, track.sort_index
        );
    }
    for track in &profile.tracks {
        // `events` is sorted by start time already; this keeps that order within the track
        for e in profile.events.iter().filter(|e| e.tid == track.tid) {
            out.push_str(",\n");
            event(&mut out, pid, e);
        }
    }
    let _ = write!(
        out,
        "\n],\"displayTimeUnit\":\"ns\",\"otherData\":{{\"producer\":\"ferrule {}\",\"wall_ns\":{},\"record_shapes\":{},\
         \"record_memory\":{}}}}}\n",
        env!("CARGO_PKG_VERSION"),
        profile.wall_ns,
        profile.recorded_shapes(),
        profile.recorded_memory()
    );
    out
}

fn event(out: &mut String, pid: u64, e: &Record) {
    let _ = write!(
        out,
        "{{\"name\":{},\"cat\":\"{}\",\"ph\":\"X\",\"pid\":{pid},\"tid\":{},\"ts\":{},\"dur\":{}",
        json_string(&e.name),
        e.category.name(),
        e.tid,
        micros(e.start_ns),
        micros(e.duration_ns)
    );
    let mut args = Vec::new();
    if let Some(f) = e.frontend {
        args.push(format!("\"frontend\":\"{}\"", f.name()));
    }
    if e.category == Category::LockWait {
        args.push("\"waiting\":true".to_owned());
    }
    if let Some(d) = &e.detail {
        if !d.args.is_empty() {
            let shapes: Vec<String> = d
                .args
                .iter()
                .map(|a| match &a.shape {
                    Some(shape) => {
                        format!("[{}]", shape.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
                    }
                    None => "null".to_owned(),
                })
                .collect();
            let dtypes: Vec<String> = d.args.iter().map(|a| json_string(a.dtype)).collect();
            args.push(format!("\"shapes\":[{}],\"dtypes\":[{}]", shapes.join(","), dtypes.join(",")));
        }
        if let Some(bytes) = d.bytes_allocated {
            args.push(format!("\"bytes_allocated\":{bytes}"));
        }
        match &d.part {
            Some(Part::Items(items)) => args.push(format!("\"items\":[{},{}]", items.start, items.end)),
            Some(Part::Block { index, count }) => args.push(format!("\"block\":[{index},{count}]")),
            None => {}
        }
    }
    if !args.is_empty() {
        let _ = write!(out, ",\"args\":{{{}}}", args.join(","));
    }
    out.push('}');
}

/// Nanoseconds as microseconds with three decimals (exact).
fn micros(ns: u64) -> String {
    format!("{}.{:03}", ns / 1000, ns % 1000)
}

/// `s` as a JSON string literal.
pub(super) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
