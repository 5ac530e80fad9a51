//! libferrule.so's SONAME: `libferrule.so.<ABI version>`, the ABI version of
//! include/ferrule/ferrule.h. A program linked with `-lferrule` records that name, so it keeps
//! loading any libferrule of the same ABI and refuses (at load time, by name) one of another ABI;
//! `make install` installs the file as `libferrule.so.<release>` with the SONAME and the
//! development name (`libferrule.so`) as symlinks to it.

use std::path::Path;

fn main() {
    let header = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../include/ferrule/ferrule.h");
    println!("cargo:rerun-if-changed={}", header.display());
    let text = std::fs::read_to_string(&header).unwrap_or_else(|e| panic!("reading {}: {e}", header.display()));
    let abi = text
        .lines()
        .find_map(|line| line.strip_prefix("#define FERRULE_ABI_VERSION "))
        .map(str::trim)
        .unwrap_or_else(|| panic!("{} has no `#define FERRULE_ABI_VERSION N`", header.display()));
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libferrule.so.{abi}");
    }
}
