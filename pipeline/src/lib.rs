//! Des bulletins scannés aux lectures.
