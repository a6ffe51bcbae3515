#![no_main]
//! `cargo fuzz run archive` : voir fuzz/README.md et fuzz/cibles.rs.

#[path = "../cibles.rs"]
mod cibles;

libfuzzer_sys::fuzz_target!(|octets: &[u8]| cibles::archive(octets));
