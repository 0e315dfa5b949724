//! What this machine can give a table sized up front: its memory, less
//! where the process is held to less (its address-space limit, its
//! control group's memory limit). Engines that size a table before they
//! start choose by it ([`Limits::usable_memory`](crate::Limits::usable_memory)),
//! so that a memory limit stated larger than the machine does not send
//! a run to a table it cannot allocate.

use std::sync::OnceLock;

/// The bytes this machine and this process's limits leave a table, read
/// once a process; `u64::MAX` where the platform does not say.
pub(crate) fn machine_memory() -> u64 {
    static MEMORY: OnceLock<u64> = OnceLock::new();
    *MEMORY.get_or_init(read_machine_memory)
}

#[cfg(target_os = "linux")]
fn read_machine_memory() -> u64 {
    use crate::error::shortage::{kilobytes, read_into, soft_limit};
    let mut buffer = [0u8; 4096];
    let total = read_into("/proc/meminfo", &mut buffer)
        .and_then(|meminfo| kilobytes(meminfo, "MemTotal:"))
        .unwrap_or(u64::MAX);
    let address_space = read_into("/proc/self/limits", &mut buffer)
        .and_then(|limits| soft_limit(limits, "Max address space"))
        .unwrap_or(u64::MAX);
    // Version 2's file, then version 1's: "max" (or a huge number) when
    // the group is not limited.
    let group = ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]
        .iter()
        .find_map(|path| read_into(path, &mut buffer).and_then(|text| text.trim().parse().ok()))
        .unwrap_or(u64::MAX);
    total.min(address_space).min(group)
}

#[cfg(not(target_os = "linux"))]
fn read_machine_memory() -> u64 {
    u64::MAX
}

#[cfg(test)]
mod tests {
    use crate::run::machine::machine_memory;

    #[test]
    fn a_machine_has_some_memory_and_says_the_same_twice() {
        let memory = machine_memory();
        assert!(memory > 1 << 20, "{memory}");
        assert_eq!(machine_memory(), memory);
    }
}
