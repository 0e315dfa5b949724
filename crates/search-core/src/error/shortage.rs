//! Why the allocator refused a table: the process's own limit (its
//! address space or data size, `ulimit -v` and `ulimit -d`) or the
//! machine's memory, told apart where the platform says which.
//!
//! On Linux the limits are read from `/proc/self/limits` and what the
//! process holds from `/proc/self/status`, into buffers on the stack: the
//! allocator has just refused, so the diagnosis asks it for nothing. A
//! control group's memory limit never makes an allocation fail (the
//! kernel ends the process instead), so it is not among the causes; the
//! memory budget ([`Limits::max_memory`](crate::Limits::max_memory)) is
//! what keeps a search below one.

use std::fmt;

/// What ran out when an allocation of some bytes was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shortage {
    /// The process's address-space limit (`RLIMIT_AS`), of `limit` bytes,
    /// `used` of them taken.
    AddressSpace { limit: u64, used: u64 },
    /// The process's data-size limit (`RLIMIT_DATA`), likewise.
    DataSize { limit: u64, used: u64 },
    /// No limit of the process's own explains it: the machine's memory.
    Machine,
}

impl Shortage {
    /// What ran out when `bytes` more were refused.
    #[cold]
    pub(crate) fn of(bytes: u64) -> Shortage {
        process_limit(bytes).unwrap_or(Shortage::Machine)
    }
}

impl fmt::Display for Shortage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let human = crate::error::human_bytes::HumanBytes;
        match *self {
            Shortage::AddressSpace { limit, used } => write!(
                f,
                "the process's address-space limit of {} (ulimit -v) leaves too little room, {} of \
                 it in use",
                human(limit),
                human(used)
            ),
            Shortage::DataSize { limit, used } => write!(
                f,
                "the process's data-size limit of {} (ulimit -d) leaves too little room, {} of it \
                 in use",
                human(limit),
                human(used)
            ),
            Shortage::Machine => f.write_str("the machine has less than the limits allow"),
        }
    }
}

/// The address space an allocator may map beyond what it was asked for.
#[cfg(target_os = "linux")]
const ALLOCATOR_SLACK: u64 = 128 << 20;

/// The process limit that `bytes` more would pass, if one does.
#[cfg(target_os = "linux")]
fn process_limit(bytes: u64) -> Option<Shortage> {
    let mut buffer = [0u8; 4096];
    let limits = read_into("/proc/self/limits", &mut buffer)?;
    let address_space = soft_limit(limits, "Max address space");
    let data_size = soft_limit(limits, "Max data size");
    if address_space.is_none() && data_size.is_none() {
        return None;
    }
    let status = read_into("/proc/self/status", &mut buffer)?;
    // What the allocator needed may be more than what was asked: a
    // vector grown by copying holds both blocks for a moment, and glibc
    // maps 128 MiB of address space to start a thread's arena.
    let needed = bytes.saturating_mul(2).saturating_add(ALLOCATOR_SLACK);
    let passes = |limit: Option<u64>, field: &str| {
        let limit = limit?;
        let used = kilobytes(status, field)?;
        (used.saturating_add(needed) > limit).then_some((limit, used))
    };
    if let Some((limit, used)) = passes(address_space, "VmSize:") {
        return Some(Shortage::AddressSpace { limit, used });
    }
    passes(data_size, "VmData:").map(|(limit, used)| Shortage::DataSize { limit, used })
}

#[cfg(not(target_os = "linux"))]
fn process_limit(_bytes: u64) -> Option<Shortage> {
    None
}

/// The start of the file at `path`, read into `buffer`, as text.
#[cfg(target_os = "linux")]
pub(crate) fn read_into<'b>(path: &str, buffer: &'b mut [u8]) -> Option<&'b str> {
    use std::io::Read;
    let mut file = std::fs::File::open(path).ok()?;
    let mut filled = 0;
    while filled < buffer.len() {
        match file.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    std::str::from_utf8(&buffer[..filled]).ok()
}

/// The soft limit on the line of `/proc/self/limits` named `name`, in
/// bytes; `None` when it is unlimited or the line is missing.
pub(crate) fn soft_limit(limits: &str, name: &str) -> Option<u64> {
    let line = limits.lines().find_map(|line| line.strip_prefix(name))?;
    line.split_whitespace().next()?.parse().ok()
}

/// The field `name` of `/proc/self/status`, given in kB, in bytes.
pub(crate) fn kilobytes(status: &str, name: &str) -> Option<u64> {
    let line = status.lines().find_map(|line| line.strip_prefix(name))?;
    let kilobytes: u64 = line.split_whitespace().next()?.parse().ok()?;
    Some(kilobytes.saturating_mul(1024))
}

#[cfg(test)]
mod tests {
    use crate::error::shortage::*;

    const LIMITS: &str = "\
Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max data size             unlimited            unlimited            bytes
Max address space         2048000000           unlimited            bytes
";

    #[test]
    fn limits_are_read_by_their_soft_value_and_unlimited_is_none() {
        assert_eq!(soft_limit(LIMITS, "Max address space"), Some(2_048_000_000));
        assert_eq!(soft_limit(LIMITS, "Max data size"), None);
        assert_eq!(soft_limit(LIMITS, "Max open files"), None);
        let status = "Name:\tpython3\nVmPeak:\t 2000 kB\nVmSize:\t   1536 kB\n";
        assert_eq!(kilobytes(status, "VmSize:"), Some(1536 * 1024));
        assert_eq!(kilobytes(status, "VmData:"), None);
    }

    #[test]
    fn a_shortage_says_which_limit_ran_out() {
        let shortage = Shortage::AddressSpace { limit: 2 << 30, used: 1 << 30 };
        assert_eq!(
            shortage.to_string(),
            "the process's address-space limit of 2.0 GiB (ulimit -v) leaves too little room, \
             1.0 GiB of it in use"
        );
        assert_eq!(Shortage::Machine.to_string(), "the machine has less than the limits allow");
    }
}
