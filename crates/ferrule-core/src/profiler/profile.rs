//! A collected profile: its events and threads, the per-name summary (calls, total and self time)
//! and its table.

use std::cmp::Reverse;
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::Arc;

use super::{Category, Detail, Frontend, RECORD_MEMORY, RECORD_SHAPES};
use crate::{Error, ErrorKind, Result};

/// One recorded event.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The function, op, node or range name.
    pub name: Arc<str>,
    /// What was measured.
    pub category: Category,
    /// The OS id of the thread it ran on (its track).
    pub tid: u64,
    /// When it started, in nanoseconds after the profile started.
    pub start_ns: u64,
    /// How long it took, in nanoseconds.
    pub duration_ns: u64,
    /// The language a packed call came from (calls only).
    pub frontend: Option<Frontend>,
    /// Shapes and dtypes, bytes allocated, the items of a pool part, when recorded.
    pub detail: Option<Detail>,
}

impl Record {
    /// When it ended, in nanoseconds after the profile started.
    pub fn end_ns(&self) -> u64 {
        self.start_ns + self.duration_ns
    }
}

/// One thread's track in the trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    /// The OS thread id.
    pub tid: u64,
    /// What the trace calls it ("Python main thread", "ferrule pool worker 1", ...).
    pub name: String,
    /// Where it goes among the tracks: the main thread first, pool workers last.
    pub sort_index: u32,
}

impl Track {
    /// Names thread `tid` from what is known of it: a name a frontend gave it, its Rust name
    /// (the team workers of `ferrule_ops::pool` are `ferrule-<i>`), the first frontend whose call it
    /// recorded.
    pub(super) fn describe(
        tid: u64,
        pid: u64,
        given: Option<String>,
        rust_name: Option<&str>,
        frontend: Option<Frontend>,
    ) -> Track {
        let main = tid == pid;
        let worker = rust_name.and_then(|n| n.strip_prefix("ferrule-")).and_then(|i| i.parse::<u32>().ok());
        let (name, sort_index) = match (given, worker, rust_name, frontend) {
            (Some(name), ..) => (name, if main { 0 } else { 10 }),
            (None, Some(i), ..) => (format!("ferrule pool worker {i}"), 1000 + i),
            (None, None, _, Some(f)) => {
                let language = match f {
                    Frontend::C => "C",
                    Frontend::Python => "Python",
                    Frontend::Go => "Go",
                    Frontend::Rust => "native",
                };
                if main {
                    (format!("{language} main thread"), 0)
                } else {
                    (format!("{language} thread {tid}"), 10)
                }
            }
            (None, None, Some(rust), None) => (rust.to_owned(), 50),
            (None, None, None, None) => (if main { "main thread".to_owned() } else { format!("thread {tid}") }, 60),
        };
        Track { tid, name, sort_index }
    }
}

/// Everything one session recorded.
#[derive(Clone, Debug)]
pub struct Profile {
    /// The process id (the trace's `pid`).
    pub pid: u64,
    /// From start to stop, in nanoseconds.
    pub wall_ns: u64,
    /// The options it recorded with ([`RECORD_SHAPES`], [`RECORD_MEMORY`]).
    pub options: u32,
    /// The threads that recorded events, in track order.
    pub tracks: Vec<Track>,
    /// Every event, by start time (an enclosing event before the events inside it).
    pub events: Vec<Record>,
}

/// The summary of every event with one name and category.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The events' name.
    pub name: Arc<str>,
    /// Their category.
    pub category: Category,
    /// How many there were.
    pub calls: u64,
    /// Their durations added up.
    pub total_ns: u64,
    /// Their durations less the time of the events directly inside them on the same thread (for
    /// the frontend lock's "GIL released", 0: it is a state, and the work inside is counted by
    /// its own events).
    pub self_ns: u64,
}

impl Row {
    /// The mean duration.
    pub fn average_ns(&self) -> u64 {
        self.total_ns / self.calls.max(1)
    }
}

/// How [`Profile::table`] orders its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortKey {
    /// Most self time first.
    SelfTime,
    /// Most total time first.
    TotalTime,
    /// Most calls first.
    Calls,
    /// Longest average first.
    Average,
    /// By name.
    Name,
}

impl SortKey {
    /// The names [`SortKey::parse`] accepts.
    pub const NAMES: [&'static str; 5] = ["self_time", "total_time", "calls", "average", "name"];

    /// The key named `name` ("self_time", "total_time", "calls", "average", "name").
    ///
    /// Errors: `ValueError` naming the choices.
    pub fn parse(name: &str) -> Result<SortKey> {
        Ok(match name {
            "self_time" => SortKey::SelfTime,
            "total_time" => SortKey::TotalTime,
            "calls" => SortKey::Calls,
            "average" => SortKey::Average,
            "name" => SortKey::Name,
            _ => {
                return Err(Error::new(
                    ErrorKind::ValueError,
                    format!("sort_by must be one of {}, not {name:?}", SortKey::NAMES.join(", ")),
                ))
            }
        })
    }

    fn describe(self) -> &'static str {
        match self {
            SortKey::SelfTime => "self time",
            SortKey::TotalTime => "total time",
            SortKey::Calls => "calls",
            SortKey::Average => "average time",
            SortKey::Name => "name",
        }
    }
}

impl Profile {
    pub(super) fn new(
        pid: u64,
        wall_ns: u64,
        options: u32,
        mut tracks: Vec<Track>,
        mut events: Vec<Record>,
    ) -> Profile {
        tracks.sort_by_key(|t| (t.sort_index, t.tid));
        events.sort_by_key(|e| (e.start_ns, Reverse(e.duration_ns), e.tid));
        Profile { pid, wall_ns, options, tracks, events }
    }

    /// Whether it recorded shapes and dtypes.
    pub fn recorded_shapes(&self) -> bool {
        self.options & RECORD_SHAPES != 0
    }

    /// Whether it recorded bytes allocated.
    pub fn recorded_memory(&self) -> bool {
        self.options & RECORD_MEMORY != 0
    }

    /// The time of each event not spent in the events directly inside it on its thread.
    pub fn self_times(&self) -> Vec<u64> {
        let mut inside = vec![0u64; self.events.len()];
        let mut by_thread: HashMap<u64, Vec<usize>> = HashMap::new();
        for (i, e) in self.events.iter().enumerate() {
            // the lock's release is a state around work, neither a parent nor a child of it
            if e.category != Category::LockReleased {
                by_thread.entry(e.tid).or_default().push(i);
            }
        }
        for order in by_thread.values() {
            let mut open: Vec<usize> = Vec::new();
            for &i in order {
                let e = &self.events[i];
                while let Some(&top) = open.last() {
                    if self.events[top].end_ns() <= e.start_ns || self.events[top].end_ns() < e.end_ns() {
                        open.pop();
                    } else {
                        break;
                    }
                }
                if let Some(&parent) = open.last() {
                    inside[parent] += e.duration_ns;
                }
                open.push(i);
            }
        }
        self.events
            .iter()
            .zip(inside)
            .map(
                |(e, inner)| if e.category == Category::LockReleased { 0 } else { e.duration_ns.saturating_sub(inner) },
            )
            .collect()
    }

    /// One row per event name and category, by name.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows: HashMap<(&str, Category), Row> = HashMap::new();
        for (e, self_ns) in self.events.iter().zip(self.self_times()) {
            let row = rows.entry((&e.name, e.category)).or_insert_with(|| Row {
                name: e.name.clone(),
                category: e.category,
                calls: 0,
                total_ns: 0,
                self_ns: 0,
            });
            row.calls += 1;
            row.total_ns += e.duration_ns;
            row.self_ns += self_ns;
        }
        let mut rows: Vec<Row> = rows.into_values().collect();
        rows.sort_by(|a, b| (&a.name, a.category).cmp(&(&b.name, b.category)));
        rows
    }

    /// The rows ordered by `sort`, the first `limit` of them (all when None).
    pub fn sorted_rows(&self, sort: SortKey, limit: Option<usize>) -> Vec<Row> {
        let mut rows = self.rows();
        match sort {
            SortKey::SelfTime => rows.sort_by_key(|r| Reverse(r.self_ns)),
            SortKey::TotalTime => rows.sort_by_key(|r| Reverse(r.total_ns)),
            SortKey::Calls => rows.sort_by_key(|r| Reverse(r.calls)),
            SortKey::Average => rows.sort_by_key(|r| Reverse(r.average_ns())),
            SortKey::Name => {}
        }
        rows.truncate(limit.unwrap_or(usize::MAX));
        rows
    }

    /// A printable table of [`Profile::sorted_rows`]: name, category, calls, total, self,
    /// average and total as a percentage of the wall time, with a closing line saying what it
    /// covers.
    pub fn table(&self, sort: SortKey, limit: Option<usize>) -> String {
        let all = self.rows().len();
        let rows = self.sorted_rows(sort, limit);
        let width = rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(0).clamp(4, 48);
        let mut out = String::new();
        let header = format!(
            "{:<width$}  {:<8} {:>8} {:>12} {:>12} {:>12} {:>10}",
            "Name", "Category", "Calls", "Total", "Self", "Average", "% of wall"
        );
        let rule = "-".repeat(header.len());
        let _ = writeln!(out, "{header}\n{rule}");
        for r in &rows {
            let percent = if self.wall_ns == 0 { 0.0 } else { 100.0 * r.total_ns as f64 / self.wall_ns as f64 };
            let _ = writeln!(
                out,
                "{:<width$}  {:<8} {:>8} {:>12} {:>12} {:>12} {:>9.2}%",
                shorten(&r.name, width),
                r.category.name(),
                r.calls,
                format_ns(r.total_ns),
                format_ns(r.self_ns),
                format_ns(r.average_ns()),
                percent
            );
        }
        let _ = writeln!(out, "{rule}");
        let _ = write!(
            out,
            "wall time {}; {} of {all} rows by {}; {} events on {} threads",
            format_ns(self.wall_ns),
            rows.len(),
            sort.describe(),
            self.events.len(),
            self.tracks.len()
        );
        out
    }

    /// The name of thread `tid`'s track.
    pub fn track_name(&self, tid: u64) -> &str {
        self.tracks.iter().find(|t| t.tid == tid).map_or("", |t| t.name.as_str())
    }

    /// The profile as Chrome trace-event JSON (loads in Perfetto and chrome://tracing): one
    /// track per thread, each event a complete ("X") event with its duration.
    pub fn chrome_trace(&self) -> String {
        super::chrome::trace(self)
    }
}

/// `name` cut to `width` characters (the last one an ellipsis) when longer.
fn shorten(name: &str, width: usize) -> String {
    if name.chars().count() <= width {
        return name.to_owned();
    }
    let mut s: String = name.chars().take(width.saturating_sub(1)).collect();
    s.push('…');
    s
}

/// A duration with a unit that keeps it readable: "850 ns", "12.345 us", "3.210 ms", "1.500 s".
pub fn format_ns(ns: u64) -> String {
    match ns {
        0..=999 => format!("{ns} ns"),
        1_000..=999_999 => format!("{:.3} us", ns as f64 / 1e3),
        1_000_000..=999_999_999 => format!("{:.3} ms", ns as f64 / 1e6),
        _ => format!("{:.3} s", ns as f64 / 1e9),
    }
}
