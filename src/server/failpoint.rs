//! Faults the cluster tests inject on purpose, compiled into debug builds only (the tests'
//! builds; a release build has none). `KAWU_FAILPOINTS` names a folder; a file there named
//! after a failpoint arms it for the room whose code the file holds, once.

use std::path::PathBuf;

/// The armed failpoint `name`'s file, when the folder is set.
fn armed(name: &str) -> Option<PathBuf> {
    Some(PathBuf::from(std::env::var_os("KAWU_FAILPOINTS")?).join(name))
}

/// `exit-after-commit`: the process ends at once, as if killed, after it stored an event of
/// the room the file names and before it told anyone (its clients, the other nodes).
pub fn exit_after_commit(code: &str) {
    let Some(file) = armed("exit-after-commit") else {
        return;
    };
    let Ok(armed_for) = std::fs::read_to_string(&file) else {
        return;
    };
    if armed_for.trim() == code && std::fs::remove_file(&file).is_ok() {
        tracing::warn!(code, "failpoint exit-after-commit: the process ends");
        std::process::exit(137);
    }
}
