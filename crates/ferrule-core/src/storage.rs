//! `Storage`: one block of device memory, owned by ferrule or borrowed from a foreign owner.

use std::alloc::{self, Layout};
use std::any::Any;
use std::cell::UnsafeCell;
use std::fmt;
use std::mem::MaybeUninit;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::{Device, Error, Result};

/// Alignment of memory that ferrule allocates; enough for any SIMD load. (Blocks of at most
/// [`INLINE_BYTES`] made by [`Storage::shared_zeroed`] / [`Storage::shared_uninit`] live inside
/// the storage instead, aligned to 16.)
pub const ALIGNMENT: usize = 64;

/// Blocks up to this many bytes that tensors allocate live inside their `Storage` (aligned to
/// 16 bytes): a small tensor costs one heap allocation instead of two.
pub const INLINE_BYTES: usize = 32;

#[repr(align(64))]
struct Aligned;

/// Who frees the memory.
enum Owner {
    /// Allocated by [`Storage::zeroed`]: the block as allocated (its start and layout), of which
    /// `ptr` is the first [`ALIGNMENT`]-aligned byte; `None` for the zero-byte case, which
    /// allocates nothing.
    Ferrule(Option<(NonNull<u8>, Layout)>),
    /// A large block from [`crate::large::allocate`] (`ptr` is its start), of this mapped length.
    Mapped(usize),
    /// Kept alive by (and released when we drop) a foreign object.
    Foreign(Box<dyn Any + Send + Sync>),
    /// The bytes are the storage's own `inline` field (a shared storage of at most
    /// [`INLINE_BYTES`]), so they live and die with it.
    Inline,
}

/// A block of memory on one device, shared between tensors through `Arc<Storage>`.
pub struct Storage {
    /// The first byte, except for `Owner::Inline` (dangling: the bytes are `inline`).
    ptr: NonNull<u8>,
    nbytes: usize,
    device: Device,
    owner: Owner,
    /// Whether the memory must never be written (see [`Storage::into_read_only`]).
    read_only: bool,
    /// The bytes of an `Owner::Inline` storage (unused otherwise). Only ever written through
    /// the raw pointer [`Storage::as_ptr`] gives, hence the cell.
    inline: UnsafeCell<[MaybeUninit<u128>; INLINE_BYTES / 16]>,
    /// Bumped by every in-place write through an op (`out=`, `setitem`, ...), shared by all
    /// views of the memory, so autograd can tell that a tensor saved for backward has changed.
    version: AtomicU64,
}

/// The `inline` field of a storage that does not use it.
#[inline(always)]
fn no_inline() -> UnsafeCell<[MaybeUninit<u128>; INLINE_BYTES / 16]> {
    UnsafeCell::new([MaybeUninit::uninit(); INLINE_BYTES / 16])
}

// SAFETY: Storage hands out raw pointers only; ferrule-owned memory is a plain allocation and
// foreign owners are required to be `Send + Sync`. Synchronising writes is the user's contract.
unsafe impl Send for Storage {}
// SAFETY: see `Send` above; `&Storage` exposes no interior mutability of its own.
unsafe impl Sync for Storage {}

impl Storage {
    /// Allocates `nbytes` zeroed bytes on `device`, aligned to [`ALIGNMENT`].
    ///
    /// Only host memory can be allocated here (`NotImplementedError` otherwise). A size that
    /// cannot be laid out or an allocator failure is a `MemoryError`; it never aborts.
    pub fn zeroed(nbytes: usize, device: Device) -> Result<Storage> {
        Storage::allocate(nbytes, device, true)
    }

    /// Allocates `nbytes` bytes on `device`, aligned to [`ALIGNMENT`], without initialising
    /// them (for outputs a kernel overwrites in full: no zeroing pass over memory about to be
    /// written). Errors as [`Storage::zeroed`].
    ///
    /// # Safety
    ///
    /// The bytes are uninitialised: every one a reader can reach must be written (through
    /// [`as_ptr`](Self::as_ptr)) before it is read.
    #[inline]
    pub unsafe fn uninit(nbytes: usize, device: Device) -> Result<Storage> {
        Storage::allocate(nbytes, device, false)
    }

    #[inline]
    fn allocate(nbytes: usize, device: Device, zeroed: bool) -> Result<Storage> {
        if !device.is_cpu() {
            crate::bail!(NotImplementedError, "ferrule-core can only allocate cpu memory, not {device}");
        }
        if nbytes == 0 {
            let ptr = NonNull::<Aligned>::dangling().cast::<u8>();
            return Ok(Storage {
                ptr,
                nbytes,
                device,
                owner: Owner::Ferrule(None),
                read_only: false,
                inline: no_inline(),
                version: AtomicU64::new(0),
            });
        }
        crate::profiler::note_allocation(nbytes);
        if crate::large::enabled() && nbytes >= crate::large::LARGE_BYTES {
            let (ptr, len) = crate::large::allocate(nbytes, zeroed)
                .ok_or_else(|| Error::memory_error(format!("failed to allocate {nbytes} bytes")))?;
            return Ok(Storage {
                ptr,
                nbytes,
                device,
                owner: Owner::Mapped(len),
                read_only: false,
                inline: no_inline(),
                version: AtomicU64::new(0),
            });
        }
        // The allocator's natural alignment plus slack, aligned by hand: with an alignment the
        // allocator gives by itself, `alloc_zeroed` is `calloc`, which takes large blocks as
        // fresh zero pages from the OS (no memset, pages touched first by the kernel that fills
        // them, as numpy's outputs) and small ones from the fast free lists; asking for 64-byte
        // alignment would go through `posix_memalign` and a full memset.
        const BASE_ALIGN: usize = 16;
        let layout = nbytes
            .checked_add(ALIGNMENT - BASE_ALIGN)
            .and_then(|size| Layout::from_size_align(size, BASE_ALIGN).ok())
            .ok_or_else(|| Error::memory_error(format!("cannot allocate {nbytes} bytes: size too large")))?;
        // SAFETY: the layout has a non-zero size.
        let raw = unsafe {
            if zeroed {
                alloc::alloc_zeroed(layout)
            } else {
                alloc::alloc(layout)
            }
        };
        let base =
            NonNull::new(raw).ok_or_else(|| Error::memory_error(format!("failed to allocate {nbytes} bytes")))?;
        // SAFETY: `base` is BASE_ALIGN-aligned, so the aligned start is at most
        // `ALIGNMENT - BASE_ALIGN` bytes in, leaving `nbytes` bytes inside the block.
        let ptr = unsafe { base.add(raw.align_offset(ALIGNMENT)) };
        Ok(Storage {
            ptr,
            nbytes,
            device,
            owner: Owner::Ferrule(Some((base, layout))),
            read_only: false,
            inline: no_inline(),
            version: AtomicU64::new(0),
        })
    }

    /// [`Storage::zeroed`], shared (as tensors hold storage). A block of at most
    /// [`INLINE_BYTES`] on the CPU lives inside the storage, aligned to 16 (not [`ALIGNMENT`]),
    /// so it costs no allocation of its own. Errors as [`Storage::zeroed`].
    #[inline]
    pub fn shared_zeroed(nbytes: usize, device: Device) -> Result<Arc<Storage>> {
        Storage::shared(nbytes, device, true)
    }

    /// [`Storage::uninit`], shared, with small blocks inside the storage as
    /// [`Storage::shared_zeroed`] (those are in fact zeroed).
    ///
    /// # Safety
    ///
    /// As [`Storage::uninit`].
    #[inline]
    pub unsafe fn shared_uninit(nbytes: usize, device: Device) -> Result<Arc<Storage>> {
        Storage::shared(nbytes, device, false)
    }

    /// Shared storage of `nbytes` host bytes whose values are unspecified but initialised: a
    /// large block is a recently freed one from the allocation cache when it has one (its old
    /// contents, no zeroing pass and no page faults) or a fresh mapping (zeros); anything else
    /// is zeroed. What numpy's `empty` gives, without reading uninitialised memory.
    pub fn shared_recycled(nbytes: usize) -> Result<Arc<Storage>> {
        if crate::large::enabled() && nbytes >= crate::large::LARGE_BYTES {
            // SAFETY: this size takes the large-block path, whose every byte is initialised: a
            // fresh mapping reads as zeros, and a cached block holds bytes written through an
            // earlier storage or left zero from its mapping (`large` hands out nothing else).
            return unsafe { Storage::shared_uninit(nbytes, Device::CPU) };
        }
        Storage::shared_zeroed(nbytes, Device::CPU)
    }

    #[inline]
    fn shared(nbytes: usize, device: Device, zeroed: bool) -> Result<Arc<Storage>> {
        if nbytes == 0 || nbytes > INLINE_BYTES || !device.is_cpu() {
            return Storage::allocate(nbytes, device, zeroed).map(Arc::new);
        }
        crate::profiler::note_allocation(nbytes);
        Ok(Arc::new(Storage {
            ptr: NonNull::dangling(),
            nbytes,
            device,
            owner: Owner::Inline,
            read_only: false,
            inline: UnsafeCell::new([MaybeUninit::new(0); INLINE_BYTES / 16]),
            version: AtomicU64::new(0),
        }))
    }

    /// Wraps memory owned by someone else; `owner` is dropped when the storage is.
    ///
    /// A null `ptr` is accepted only with `nbytes == 0` and is replaced by a dangling one.
    ///
    /// # Safety
    ///
    /// `ptr` must point to `nbytes` bytes on `device` that stay valid, and that ferrule may
    /// read and write, until `owner` is dropped; dropping `owner` must release them.
    pub unsafe fn from_foreign(
        ptr: *mut u8,
        nbytes: usize,
        device: Device,
        owner: Box<dyn Any + Send + Sync>,
    ) -> Storage {
        let ptr = NonNull::new(ptr).unwrap_or_else(|| {
            assert!(nbytes == 0, "Storage::from_foreign: null pointer with {nbytes} bytes");
            NonNull::<Aligned>::dangling().cast()
        });
        Storage {
            ptr,
            nbytes,
            device,
            owner: Owner::Foreign(owner),
            read_only: false,
            inline: no_inline(),
            version: AtomicU64::new(0),
        }
    }

    /// The same storage, marked read-only: memory that must never be written (a foreign owner's
    /// immutable buffer, a read-only mapping). The mark belongs to the memory, so every tensor
    /// over this storage (every view: slices, reshapes, transposes, broadcasts) is read-only,
    /// and every write path checks it ([`Tensor::check_writable`](crate::Tensor::check_writable)).
    /// It cannot be taken off again.
    pub fn into_read_only(mut self) -> Storage {
        self.read_only = true;
        self
    }

    /// How many in-place writes ops have made into this memory (through any view); autograd
    /// compares it with the count it saw when it saved a tensor for backward.
    #[inline]
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::Acquire)
    }

    /// Records one in-place write (called by the op glue for `out=` and written arguments).
    #[inline]
    pub fn bump_version(&self) {
        self.version.fetch_add(1, Ordering::AcqRel);
    }

    /// Whether the memory must never be written (see [`into_read_only`](Self::into_read_only)).
    #[inline]
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// The first byte; never null, dangling (but aligned) when `nbytes() == 0`.
    #[inline]
    pub fn as_ptr(&self) -> *mut u8 {
        match self.owner {
            Owner::Inline => self.inline.get().cast(),
            _ => self.ptr.as_ptr(),
        }
    }

    /// Size of the block in bytes.
    pub fn nbytes(&self) -> usize {
        self.nbytes
    }

    /// The device the memory lives on.
    #[inline]
    pub fn device(&self) -> Device {
        self.device
    }

    /// True when the memory belongs to a foreign owner rather than to ferrule.
    pub fn is_foreign(&self) -> bool {
        matches!(self.owner, Owner::Foreign(_))
    }

    /// The foreign owner passed to [`from_foreign`](Self::from_foreign), for downcasting;
    /// `None` for memory ferrule allocated.
    pub fn foreign_owner(&self) -> Option<&(dyn Any + Send + Sync)> {
        match &self.owner {
            Owner::Foreign(owner) => Some(owner.as_ref()),
            Owner::Ferrule(_) | Owner::Mapped(_) | Owner::Inline => None,
        }
    }
}

impl Drop for Storage {
    fn drop(&mut self) {
        if let Owner::Ferrule(Some((base, layout))) = self.owner {
            // SAFETY: allocated in `zeroed` at `base` with exactly this layout, freed only here.
            unsafe { alloc::dealloc(base.as_ptr(), layout) };
        } else if let Owner::Mapped(len) = self.owner {
            // SAFETY: `ptr` and `len` came from one `large::allocate` call in `allocate`, and
            // this storage, the block's only owner, is going away.
            unsafe { crate::large::release(self.ptr, len) };
        }
        // A foreign owner is dropped with the field, after this.
    }
}

impl fmt::Debug for Storage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Storage")
            .field("ptr", &self.as_ptr())
            .field("nbytes", &self.nbytes)
            .field("device", &self.device)
            .field("foreign", &self.is_foreign())
            .field("read_only", &self.read_only)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    #[test]
    fn zeroed_is_aligned_and_zero() {
        let storage = Storage::zeroed(1000, Device::CPU).unwrap();
        assert_eq!(storage.as_ptr() as usize % ALIGNMENT, 0);
        assert_eq!(storage.nbytes(), 1000);
        assert!(!storage.is_foreign());
        assert!(storage.foreign_owner().is_none());
        // SAFETY: 1000 initialised bytes.
        let bytes = unsafe { std::slice::from_raw_parts(storage.as_ptr(), 1000) };
        assert!(bytes.iter().all(|&b| b == 0));
    }

    #[test]
    fn small_shared_blocks_live_inside_the_storage() {
        for nbytes in [1, 8, INLINE_BYTES] {
            let storage = Storage::shared_zeroed(nbytes, Device::CPU).unwrap();
            let inside = Arc::as_ptr(&storage) as usize..Arc::as_ptr(&storage) as usize + size_of::<Storage>();
            assert!(inside.contains(&(storage.as_ptr() as usize)), "{nbytes}");
            assert_eq!(storage.as_ptr() as usize % 16, 0);
            // SAFETY: `nbytes` zeroed bytes.
            assert!(unsafe { std::slice::from_raw_parts(storage.as_ptr(), nbytes) }.iter().all(|&b| b == 0));
            // SAFETY: writable, and the pointer stays put with the Arc.
            unsafe { storage.as_ptr().write_bytes(7, nbytes) };
            let clone = Arc::clone(&storage);
            // SAFETY: as above.
            assert_eq!(unsafe { *clone.as_ptr().add(nbytes - 1) }, 7);
        }
        let big = Storage::shared_zeroed(INLINE_BYTES + 1, Device::CPU).unwrap();
        assert_eq!(big.as_ptr() as usize % ALIGNMENT, 0);
    }

    #[test]
    fn zero_bytes_allocates_nothing() {
        let storage = Storage::zeroed(0, Device::CPU).unwrap();
        assert!(!storage.as_ptr().is_null());
        assert_eq!(storage.as_ptr() as usize % ALIGNMENT, 0);
    }

    #[test]
    fn huge_sizes_are_memory_errors() {
        for nbytes in [usize::MAX, isize::MAX as usize, 1 << 62] {
            let err = Storage::zeroed(nbytes, Device::CPU).unwrap_err();
            assert_eq!(err.kind, crate::ErrorKind::MemoryError, "{nbytes}");
        }
    }

    #[test]
    fn non_cpu_allocation_is_refused() {
        let err = Storage::zeroed(8, Device::new(Device::KDL_CUDA, 0)).unwrap_err();
        assert_eq!(err.kind, crate::ErrorKind::NotImplementedError);
    }

    #[test]
    fn foreign_owner_dropped_with_storage() {
        struct Counter(Arc<AtomicUsize>, #[allow(dead_code)] Vec<u8>);
        impl Drop for Counter {
            fn drop(&mut self) {
                self.0.fetch_add(1, Ordering::SeqCst);
            }
        }
        let drops = Arc::new(AtomicUsize::new(0));
        let mut buffer = vec![7u8; 16];
        let ptr = buffer.as_mut_ptr();
        let owner = Counter(drops.clone(), buffer);
        // SAFETY: the Vec's heap block does not move when the Vec is moved into the owner.
        let storage = unsafe { Storage::from_foreign(ptr, 16, Device::CPU, Box::new(owner)) };
        assert!(storage.is_foreign());
        assert!(storage.foreign_owner().unwrap().is::<Counter>());
        assert_eq!(storage.as_ptr(), ptr);
        // SAFETY: 16 bytes kept alive by the owner.
        assert_eq!(unsafe { *storage.as_ptr().add(15) }, 7);
        let shared = Arc::new(storage);
        let other = Arc::clone(&shared);
        drop(shared);
        assert_eq!(drops.load(Ordering::SeqCst), 0);
        drop(other);
        assert_eq!(drops.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn read_only_is_kept_by_the_storage() {
        let storage = Storage::zeroed(8, Device::CPU).unwrap();
        assert!(!storage.is_read_only());
        let frozen = storage.into_read_only();
        assert!(frozen.is_read_only());
        assert!(format!("{frozen:?}").contains("read_only: true"));
        let shared = Arc::new(frozen);
        assert!(Arc::clone(&shared).is_read_only());
        assert!(!Storage::shared_zeroed(8, Device::CPU).unwrap().is_read_only());
    }

    #[test]
    fn foreign_null_with_zero_bytes() {
        // SAFETY: zero bytes are never accessed.
        let storage = unsafe { Storage::from_foreign(std::ptr::null_mut(), 0, Device::CPU, Box::new(())) };
        assert!(!storage.as_ptr().is_null());
    }
}
