//! Examples (work in progress).
