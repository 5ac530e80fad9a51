//! One thread's events: a chain of fixed-size chunks that only the owning thread writes and the
//! collector reads, with no lock on either side.
//!
//! The owner writes an event into the next free slot of its last chunk and then publishes it by
//! storing the chunk's new length (Release); a full chunk gets a successor, published through
//! `next` (Release). The collector reads a chunk's length (Acquire) and the slots below it. Slots
//! are never moved, so the two may run at once.
//!
//! A buffer belongs to one recording session (its `generation`). The owner clears it when it
//! first records for a newer session: by then the collector of the older one has finished,
//! because a session starts only after the previous one was stopped and collected under the
//! profiler's control lock, and the owner learns of the new session through an Acquire load of
//! the session counter that the start stored with Release.

use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicPtr, AtomicU64, AtomicU8, AtomicUsize, Ordering};

use super::{Event, Frontend};

/// Events per chunk (a chunk is some tens of KiB).
const CHUNK: usize = 512;

struct Chunk {
    slots: [UnsafeCell<MaybeUninit<Event>>; CHUNK],
    len: AtomicUsize,
    next: AtomicPtr<Chunk>,
}

impl Chunk {
    fn new() -> Box<Chunk> {
        Box::new(Chunk {
            slots: [const { UnsafeCell::new(MaybeUninit::uninit()) }; CHUNK],
            len: AtomicUsize::new(0),
            next: AtomicPtr::new(std::ptr::null_mut()),
        })
    }

    /// The published events.
    fn events(&self) -> &[Event] {
        let len = self.len.load(Ordering::Acquire);
        // SAFETY: the first `len` slots were written before `len` was stored (Release, read with
        // Acquire above) and are not written again until the owner clears the buffer, which
        // happens only when no collector reads it (module doc). `UnsafeCell<MaybeUninit<Event>>`
        // has the layout of `Event`.
        unsafe { std::slice::from_raw_parts(self.slots.as_ptr().cast::<Event>(), len) }
    }
}

/// The events of one thread.
pub(super) struct ThreadBuffer {
    /// The OS thread id (what `gettid` returns on Linux).
    pub(super) tid: u64,
    /// The thread's Rust name when it has one (pool workers are `ferrule-<i>`).
    pub(super) thread_name: Option<String>,
    /// The first frontend whose packed call this thread recorded ([`Frontend::NONE`] until then):
    /// names the thread's track when nothing better does.
    pub(super) frontend: AtomicU8,
    /// The session the stored events belong to.
    generation: AtomicU64,
    head: Box<Chunk>,
    /// The chunk being written (owner only).
    tail: UnsafeCell<*const Chunk>,
}

// SAFETY: `tail` and the slots are written by the owning thread only (the `unsafe` methods'
// contract); everything another thread reads is published through atomics (module doc).
unsafe impl Sync for ThreadBuffer {}
// SAFETY: as above; the buffer owns its chunks.
unsafe impl Send for ThreadBuffer {}

impl ThreadBuffer {
    /// An empty buffer for the calling thread.
    pub(super) fn new(tid: u64, thread_name: Option<String>) -> ThreadBuffer {
        let head = Chunk::new();
        let tail = UnsafeCell::new(&*head as *const Chunk);
        ThreadBuffer {
            tid,
            thread_name,
            frontend: AtomicU8::new(Frontend::NONE),
            generation: AtomicU64::new(0),
            head,
            tail,
        }
    }

    /// Appends `event` for session `generation`, first clearing events of an older session.
    ///
    /// # Safety
    /// Only the thread that owns the buffer calls this.
    pub(super) unsafe fn push(&self, generation: u64, event: Event) {
        if self.generation.load(Ordering::Relaxed) != generation {
            // SAFETY: the owner, as this function's contract says.
            unsafe { self.clear(generation) };
        }
        // SAFETY: the owner alone reads and writes `tail`, which points at a live chunk of the chain.
        let tail = unsafe { &**self.tail.get() };
        let len = tail.len.load(Ordering::Relaxed);
        if len < CHUNK {
            // SAFETY: slot `len` is not published yet, so no one else reads it.
            unsafe { (*tail.slots[len].get()).write(event) };
            tail.len.store(len + 1, Ordering::Release);
            return;
        }
        let chunk = Chunk::new();
        // SAFETY: a fresh chunk no one else sees yet.
        unsafe { (*chunk.slots[0].get()).write(event) };
        chunk.len.store(1, Ordering::Relaxed);
        let chunk = Box::into_raw(chunk);
        tail.next.store(chunk, Ordering::Release);
        // SAFETY: the owner alone writes `tail`.
        unsafe { *self.tail.get() = chunk };
    }

    /// Drops every event and starts session `generation`.
    ///
    /// # Safety
    /// Only the owner calls this, and no collector reads the buffer meanwhile (module doc).
    unsafe fn clear(&self, generation: u64) {
        // SAFETY: no one reads the chunks (contract); each published event is dropped once.
        unsafe {
            drop_events(&self.head);
            let mut next = self.head.next.swap(std::ptr::null_mut(), Ordering::Relaxed);
            while !next.is_null() {
                let chunk = Box::from_raw(next);
                drop_events(&chunk);
                next = chunk.next.load(Ordering::Relaxed);
            }
            *self.tail.get() = &*self.head;
        }
        self.generation.store(generation, Ordering::Release);
    }

    /// The events of session `generation` (none if the buffer holds another session's), in the
    /// order they ended, passed to `each`.
    pub(super) fn read(&self, generation: u64, mut each: impl FnMut(&Event)) {
        if self.generation.load(Ordering::Acquire) != generation {
            return;
        }
        let mut chunk: *const Chunk = &*self.head;
        while !chunk.is_null() {
            // SAFETY: chunks of the chain stay alive while the buffer does and the owner does not
            // clear it (module doc); `next` was published with Release.
            let c = unsafe { &*chunk };
            c.events().iter().for_each(&mut each);
            chunk = c.next.load(Ordering::Acquire);
        }
    }
}

/// Drops the published events of `chunk` and marks it empty.
///
/// # Safety
/// No one else reads or writes the chunk.
unsafe fn drop_events(chunk: &Chunk) {
    let len = chunk.len.swap(0, Ordering::Relaxed);
    for slot in &chunk.slots[..len] {
        // SAFETY: the first `len` slots hold events written once; the caller has the chunk alone.
        unsafe { (*slot.get()).assume_init_drop() };
    }
}

impl Drop for ThreadBuffer {
    fn drop(&mut self) {
        // SAFETY: `&mut self`: no one else holds the buffer.
        unsafe { self.clear(0) };
    }
}
