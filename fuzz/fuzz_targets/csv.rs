#![no_main]
//! `cargo fuzz run csv` : voir fuzz/README.md et fuzz/cibles.rs.

#[path = "../cibles.rs"]
mod cibles;

libfuzzer_sys::fuzz_target!(|octets: &[u8]| cibles::csv(octets));
