//! Complex number objects (`FERRULE_TYPE_COMPLEX`): how a complex scalar argument (Python's
//! `1j`, Go's `complex128`) crosses the ABI, since its two doubles do not fit a value's payload.

use ferrule_sys::type_index as ti;

use crate::object::ObjectType;

/// An immutable complex number: the parts of a `FerruleComplexObject` (the object header, then
/// `re` and `im`, so C reads them straight from the object).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Complex {
    /// The real part.
    pub re: f64,
    /// The imaginary part.
    pub im: f64,
}

impl ObjectType for Complex {
    const TYPE_INDEX: i32 = ti::COMPLEX;
}

// The object is the header followed by the value (`ObjectBox` is `#[repr(C)]`), so its size
// pins the parts' offsets to those of `FerruleComplexObject`.
const _: () = assert!(
    std::mem::size_of::<crate::object::ObjectBox<Complex>>()
        == std::mem::size_of::<ferrule_sys::FerruleComplexObject>()
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::ObjRef;

    #[test]
    fn the_layout_is_the_headers() {
        let z = ObjRef::new(Complex { re: 1.5, im: -0.25 });
        let raw = z.as_raw();
        // SAFETY: a live complex object; the layout is FerruleComplexObject's (asserted above).
        let parts = unsafe { &*raw.cast::<ferrule_sys::FerruleComplexObject>() };
        assert_eq!((parts.header.type_index, parts.real, parts.imag), (ti::COMPLEX, 1.5, -0.25));
    }
}
