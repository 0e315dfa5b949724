//! Byte counts as every message of the workspace writes them.

use std::fmt;

/// A byte count as every message of the workspace writes it: in the
/// largest binary unit that keeps it at or above 1, to a tenth.
///
/// # Example
///
/// ```
/// use search_core::error::HumanBytes;
///
/// assert_eq!(HumanBytes(512).to_string(), "512 B");
/// assert_eq!(HumanBytes(1_398_101).to_string(), "1.3 MiB");
/// assert_eq!(HumanBytes(4 << 30).to_string(), "4.0 GiB");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HumanBytes(pub u64);

impl fmt::Display for HumanBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 6] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
        #[expect(
            clippy::cast_precision_loss,
            reason = "an approximate size is all a message needs"
        )]
        let mut value = self.0 as f64;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        if unit == 0 { write!(f, "{} B", self.0) } else { write!(f, "{value:.1} {}", UNITS[unit]) }
    }
}
