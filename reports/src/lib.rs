//! Rapports de correction.
