//! One run per folder: a run holds an exclusive lock on `<folder>/.lock` from the moment it
//! checks the folder until it ends, so that two runs started on one folder (a requeued
//! cluster job beside the one still running, say) never write it together.
//!
//! The lock is the operating system's advisory file lock (`File::try_lock`), which the system
//! releases when the process ends however it ends, so a lock left by a killed run is never in
//! the way. The file itself stays; it names the run that holds it (process, host, start, command),
//! which is what a second run reports, and is emptied when the run ends normally, so that a run
//! finding it filled and unlocked knows that the previous one stopped without finishing.

use super::error::ArenaError;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// File name of the lock inside a run folder.
pub const LOCK_FILE: &str = ".lock";

/// The lock of a run folder, held until dropped.
#[derive(Debug)]
pub struct FolderLock {
    file: File,
    /// Who held the folder before without releasing it (a run that was killed), if anyone.
    pub taken_over: Option<String>,
}

impl FolderLock {
    /// Locks the run folder `dir` (creating it), or fails at once naming the run that holds
    /// it.
    pub fn acquire(dir: &Path) -> Result<FolderLock, ArenaError> {
        let io = |what: &str, p: &Path, e: std::io::Error| {
            ArenaError::Io(format!("cannot {what} {}: {e}", p.display()))
        };
        std::fs::create_dir_all(dir).map_err(|e| io("create folder", dir, e))?;
        let path = dir.join(LOCK_FILE);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| io("open", &path, e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let holder = holder(&mut file);
                return Err(ArenaError::Conflict(format!(
                    "{} is in use by another run ({}; lock file {}): wait for it to end, or \
                     give this run another --out",
                    dir.display(),
                    holder.as_deref().unwrap_or("it has not said who it is yet"),
                    path.display()
                )));
            }
            Err(TryLockError::Error(e)) => return Err(io("lock", &path, e)),
        }
        let taken_over = holder(&mut file);
        let me = format!(
            "process {} on {}, started at {} (Unix time), running: {}",
            std::process::id(),
            host_name(),
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            std::env::args().collect::<Vec<_>>().join(" ")
        );
        rewrite(&mut file, &me).map_err(|e| io("write", &path, e))?;
        Ok(FolderLock { file, taken_over })
    }
}

impl Drop for FolderLock {
    /// Empties the lock file (the run ended normally); the system releases the lock when the
    /// file closes. The file stays: removing it would let a run waiting on the old file and
    /// one creating a new file both think they hold the folder.
    fn drop(&mut self) {
        let _ = rewrite(&mut self.file, "");
    }
}

/// Who the lock file says holds it (`None` when it is empty).
fn holder(file: &mut File) -> Option<String> {
    let mut text = String::new();
    let _ = file
        .seek(SeekFrom::Start(0))
        .and_then(|_| file.read_to_string(&mut text));
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// Replaces the lock file's text.
fn rewrite(file: &mut File, text: &str) -> std::io::Result<()> {
    file.set_len(0)?;
    file.seek(SeekFrom::Start(0))?;
    file.write_all(text.as_bytes())?;
    file.flush()
}

/// This machine's name, as far as it can be told.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "an unknown host".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("meeplelab-lock-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// A second lock on a held folder fails at once naming the holder; once the first is
    /// dropped (its file emptied), the folder can be locked again with nothing to take over.
    #[test]
    fn one_holder_at_a_time() {
        let dir = folder("one");
        let first = FolderLock::acquire(&dir).unwrap();
        assert_eq!(first.taken_over, None);
        let err = FolderLock::acquire(&dir).unwrap_err().to_string();
        assert!(
            err.contains("in use by another run") && err.contains(&std::process::id().to_string()),
            "{err}"
        );
        drop(first);
        assert_eq!(std::fs::read_to_string(dir.join(LOCK_FILE)).unwrap(), "");
        let again = FolderLock::acquire(&dir).unwrap();
        assert_eq!(again.taken_over, None);
        drop(again);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A lock file left filled by a run that was killed (its lock released by the system) is
    /// taken over, and says who held it.
    #[test]
    fn a_killed_run_s_lock_is_taken_over() {
        let dir = folder("killed");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(LOCK_FILE), "process 1 on elsewhere, running: x\n").unwrap();
        let lock = FolderLock::acquire(&dir).unwrap();
        assert_eq!(
            lock.taken_over.as_deref(),
            Some("process 1 on elsewhere, running: x")
        );
        let text = std::fs::read_to_string(dir.join(LOCK_FILE)).unwrap();
        assert!(
            text.starts_with(&format!("process {} on ", std::process::id())),
            "{text}"
        );
        drop(lock);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
