use std::sync::{Mutex, MutexGuard};

use super::*;

/// The profiler is one per process: its tests take turns.
fn serial() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(PoisonError::into_inner)
}

fn names(p: &Profile) -> Vec<&str> {
    p.events.iter().map(|e| &*e.name).collect()
}

fn record(name: &str, category: Category, tid: u64, start_ns: u64, duration_ns: u64) -> Record {
    Record { name: name.into(), category, tid, start_ns, duration_ns, frontend: None, detail: None }
}

#[test]
fn spans_nest_on_their_thread() {
    let _turn = serial();
    start(0).unwrap();
    {
        let _call = Span::open(Name::Interned(intern("ops.add")), Category::Call, Some(Frontend::Python));
        let _op = Span::op("add", Vec::new);
    }
    let p = stop().unwrap();
    assert_eq!(names(&p), ["ops.add", "add"]);
    let (call, op) = (&p.events[0], &p.events[1]);
    assert!(call.start_ns <= op.start_ns && op.end_ns() <= call.end_ns());
    assert_eq!(
        (call.category, call.frontend, op.category, op.frontend),
        (Category::Call, Some(Frontend::Python), Category::Op, None)
    );
    assert_eq!(call.tid, current_thread_id());
    assert_eq!(p.tracks.len(), 1);
    assert!(p.wall_ns >= call.duration_ns);
    // the thread is named by the frontend of its first call
    assert!(p.tracks[0].name.starts_with("Python "), "{}", p.tracks[0].name);
}

#[test]
fn nothing_is_recorded_while_off() {
    let _turn = serial();
    assert!(!enabled());
    {
        let _s = Span::open(Name::Static("before"), Category::Range, None);
        let _o = Span::op("add", || panic!("shapes are not asked for while off"));
        assert_eq!(range_push("off"), 0);
        note_allocation(1 << 20);
        assert!(pool_label().is_none());
    }
    start(RECORD_SHAPES).unwrap();
    let p = stop().unwrap();
    assert!(p.events.is_empty() && p.tracks.is_empty(), "{:?}", p.events);
    // a span open across the stop is not in the next profile either
    start(0).unwrap();
    let open = Span::open(Name::Static("straddles"), Category::Range, None);
    let _ = stop().unwrap();
    start(0).unwrap();
    drop(open);
    assert!(stop().unwrap().events.is_empty());
}

#[test]
fn one_profile_at_a_time() {
    let _turn = serial();
    let e = stop().unwrap_err();
    assert_eq!(e.kind, ErrorKind::RuntimeError);
    assert!(e.message.contains("no profile is recording"), "{}", e.message);
    start(0).unwrap();
    let e = start(RECORD_SHAPES).unwrap_err();
    assert_eq!(e.kind, ErrorKind::RuntimeError);
    assert!(e.message.contains("already recording"), "{}", e.message);
    assert!(enabled());
    stop().unwrap();
    let e = start(1 << 7).unwrap_err();
    assert_eq!(e.kind, ErrorKind::ValueError);
    assert!(!enabled());
}

#[test]
fn ranges_close_by_token() {
    let _turn = serial();
    start(0).unwrap();
    let outer = range_push("outer \"quoted\"");
    let inner = range_push("inner");
    let left_open = range_push("left open");
    assert!(outer != 0 && inner != 0 && left_open != 0);
    range_pop(inner); // also closes "left open", opened inside it
    range_pop(inner); // no longer open: nothing
    range_pop(0);
    range_pop(outer);
    let p = stop().unwrap();
    assert_eq!(names(&p), ["outer \"quoted\"", "inner", "left open"]);
    assert!(p.events.iter().all(|e| e.category == Category::Range));
    assert!(p.chrome_trace().contains(r#""name":"outer \"quoted\"","cat":"range""#));
}

#[test]
fn threads_get_tracks() {
    let _turn = serial();
    start(0).unwrap();
    name_thread(current_thread_id(), "the test thread");
    let _mine = Span::open(Name::Static("mine"), Category::Range, None);
    drop(_mine);
    let worker = std::thread::Builder::new()
        .name("ferrule-7".into())
        .spawn(|| {
            let label = pool_label();
            pool_item(label, || Part::items(&(0..10)), current_thread_id)
        })
        .unwrap()
        .join()
        .unwrap();
    let go = std::thread::spawn(|| {
        drop(Span::open(Name::Static("demo.add"), Category::Call, Some(Frontend::Go)));
        current_thread_id()
    })
    .join()
    .unwrap();
    let p = stop().unwrap();
    assert_eq!(p.track_name(current_thread_id()), "the test thread");
    assert_eq!(p.track_name(worker), "ferrule pool worker 7");
    assert_eq!(p.track_name(go), format!("Go thread {go}"));
    // the worker's part: named after the op that handed it out (none here), with its items
    let part = p.events.iter().find(|e| e.tid == worker).unwrap();
    assert_eq!((&*part.name, part.category), ("parallel loop", Category::Pool));
    assert_eq!(part.detail.as_ref().unwrap().part, Some(Part::Items(0..10)));
    assert_eq!(p.tracks.last().unwrap().tid, worker, "pool workers come last");
}

#[test]
fn ops_carry_shapes_and_bytes_and_name_their_pool_work() {
    let _turn = serial();
    start(RECORD_SHAPES | RECORD_MEMORY).unwrap();
    {
        let _op = Span::op("matmul", || {
            vec![ArgInfo { dtype: "float32", shape: Some(vec![2, 3]) }, ArgInfo { dtype: "None", shape: None }]
        });
        note_allocation(96);
        let label = pool_label();
        pool_item(label, || Part::Block { index: 4, count: 8 }, || note_allocation(4));
    }
    let p = stop().unwrap();
    assert_eq!(names(&p), ["matmul", "matmul"]);
    let op = p.events.iter().find(|e| e.category == Category::Op).unwrap();
    let detail = op.detail.as_ref().unwrap();
    assert_eq!(detail.args[0].shape.as_deref(), Some(&[2, 3][..]));
    assert_eq!(detail.bytes_allocated, Some(100));
    let trace = p.chrome_trace();
    assert!(trace.contains(r#""shapes":[[2,3],null],"dtypes":["float32","None"],"bytes_allocated":100"#), "{trace}");
    assert!(trace.contains(r#""cat":"pool""#) && trace.contains(r#""block":[4,8]"#));
}

#[test]
fn lock_release_and_wait() {
    let _turn = serial();
    start(0).unwrap();
    {
        let _op = Span::op("geo", Vec::new);
        lock_released(0x10);
        let result = lock_reacquire(0x10, || 5);
        assert_eq!(result, 5);
        // a leave whose release was not recorded records nothing
        assert_eq!(lock_reacquire(0x20, || 6), 6);
    }
    let p = stop().unwrap();
    assert_eq!(names(&p), ["geo", "GIL released", "GIL reacquire"]);
    let released = &p.events[1];
    let wait = &p.events[2];
    assert_eq!(released.end_ns(), wait.start_ns);
    // the release is a state: it takes no self time from the op around it
    let selfs = p.self_times();
    assert_eq!(selfs[1], 0);
    assert_eq!(selfs[0], p.events[0].duration_ns - wait.duration_ns);
}

#[test]
fn self_time_rows_and_table() {
    let p = Profile::new(
        1,
        1_000,
        0,
        vec![Track { tid: 1, name: "main".into(), sort_index: 0 }],
        vec![
            record("step", Category::Range, 1, 0, 900),
            record("ops.add", Category::Call, 1, 100, 300),
            record("add", Category::Op, 1, 150, 200),
            record("ops.add", Category::Call, 1, 500, 100),
            record("add", Category::Op, 1, 520, 60),
            record("add", Category::Pool, 2, 530, 40),
        ],
    );
    assert_eq!(p.self_times(), [500, 100, 200, 40, 60, 40]);
    let rows = p.rows();
    let row = |name: &str, category| rows.iter().find(|r| &*r.name == name && r.category == category).unwrap();
    assert_eq!(
        *row("ops.add", Category::Call),
        Row { name: "ops.add".into(), category: Category::Call, calls: 2, total_ns: 400, self_ns: 140 }
    );
    assert_eq!(row("add", Category::Op).total_ns, 260);
    assert_eq!(row("add", Category::Op).average_ns(), 130);
    assert_eq!(rows.len(), 4);
    let top: Vec<_> = p.sorted_rows(SortKey::SelfTime, Some(2)).into_iter().map(|r| r.name).collect();
    assert_eq!(top, ["step".into(), "add".into()] as [Arc<str>; 2]);
    let table = p.table(SortKey::TotalTime, None);
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("Name") && lines[0].ends_with("% of wall"), "{table}");
    assert!(lines[2].starts_with("step") && lines[2].contains("900 ns") && lines[2].ends_with("90.00%"), "{table}");
    assert!(lines[3].starts_with("ops.add") && lines[3].contains("call"), "{table}");
    assert!(lines.last().unwrap().contains("4 of 4 rows by total time; 6 events on 1 threads"), "{table}");
    assert_eq!(SortKey::parse("calls").unwrap(), SortKey::Calls);
    let e = SortKey::parse("cpu").unwrap_err();
    assert!(e.message.contains("self_time, total_time, calls, average, name") && e.message.contains("\"cpu\""));
}

#[test]
fn durations_read_well() {
    use profile::format_ns;
    assert_eq!(format_ns(999), "999 ns");
    assert_eq!(format_ns(12_345), "12.345 us");
    assert_eq!(format_ns(3_210_000), "3.210 ms");
    assert_eq!(format_ns(1_500_000_000), "1.500 s");
}

#[test]
fn json_strings_are_escaped() {
    assert_eq!(chrome::json_string("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\u0001é\"");
}

#[test]
fn threads_record_while_sessions_start_and_stop() {
    use std::sync::atomic::AtomicBool;
    let _turn = serial();
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..3 {
            scope.spawn(|| {
                let mut n = 0u64;
                while !done.load(Ordering::Relaxed) {
                    let _outer = Span::open(Name::Static("outer"), Category::Call, Some(Frontend::C));
                    let token = range_push("range");
                    drop(Span::open(Name::Owned(format!("inner {n}").into()), Category::Op, None));
                    range_pop(token);
                    n += 1;
                }
            });
        }
        for session in 0..40 {
            start(if session % 2 == 0 { 0 } else { RECORD_MEMORY }).unwrap();
            std::thread::sleep(std::time::Duration::from_micros(300));
            let p = stop().unwrap();
            // whatever a session caught, from whichever threads, is well formed and nests
            let mut by_thread: HashMap<u64, Vec<&Record>> = HashMap::new();
            for e in &p.events {
                assert!(e.name.as_ref() == "outer" || &*e.name == "range" || e.name.starts_with("inner "), "{e:?}");
                by_thread.entry(e.tid).or_default().push(e);
            }
            for events in by_thread.values() {
                let mut open: Vec<u64> = Vec::new();
                for e in events {
                    while open.last().is_some_and(|&end| end <= e.start_ns) {
                        open.pop();
                    }
                    assert!(open.last().is_none_or(|&end| e.end_ns() <= end), "overlap: {e:?}");
                    open.push(e.end_ns());
                }
            }
            assert!(p.tracks.iter().all(|t| t.name.starts_with("C thread ")), "{:?}", p.tracks);
        }
        done.store(true, Ordering::Relaxed);
    });
}
