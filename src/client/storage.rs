//! Where the settings, the autosave and the finished games are kept: native builds keep
//! files in `$XDG_CONFIG_HOME/kawu` (or `~/.config/kawu`, or `%APPDATA%\kawu`); the web build
//! keeps the same files in the browser's local storage.

use bevy::log::warn;

/// The directory for settings and the autosave, if the platform has one.
#[cfg(not(target_arch = "wasm32"))]
fn config_dir() -> Option<std::path::PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(std::path::PathBuf::from)
    };
    let base = var("XDG_CONFIG_HOME")
        .or_else(|| var("HOME").map(|home| home.join(".config")))
        .or_else(|| var("APPDATA"))?;
    Some(base.join("kawu"))
}

/// The contents of a file in the config directory, if it exists and is readable.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn read_file(name: &str) -> Option<String> {
    std::fs::read_to_string(config_dir()?.join(name)).ok()
}

/// Writes a file in the config directory (atomically: a temporary file, then a rename).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn write_file(name: &str, contents: &str) {
    let Some(dir) = config_dir() else {
        return;
    };
    let temporary = dir.join(format!("{name}.tmp"));
    let result = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&temporary, contents))
        .and_then(|()| std::fs::rename(&temporary, dir.join(name)));
    if let Err(error) = result {
        warn!("could not write {name}: {error}");
    }
}

/// Removes a file from the config directory, if it is there.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn remove_file(name: &str) {
    if let Some(dir) = config_dir() {
        let _ = std::fs::remove_file(dir.join(name));
    }
}

/// The browser's local storage, where the web build keeps settings and the autosave.
#[cfg(target_arch = "wasm32")]
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The key of a file in the browser's local storage.
#[cfg(target_arch = "wasm32")]
fn storage_key(name: &str) -> String {
    format!("kawu/{name}")
}

/// The contents of a file kept in the browser's local storage, if it is there.
#[cfg(target_arch = "wasm32")]
pub(super) fn read_file(name: &str) -> Option<String> {
    local_storage()?.get_item(&storage_key(name)).ok().flatten()
}

/// Keeps a file in the browser's local storage.
#[cfg(target_arch = "wasm32")]
pub(super) fn write_file(name: &str, contents: &str) {
    let stored = local_storage().map(|storage| storage.set_item(&storage_key(name), contents));
    if !matches!(stored, Some(Ok(()))) {
        warn!("could not keep {name} in the browser's storage");
    }
}

/// Removes a file from the browser's local storage, if it is there.
#[cfg(target_arch = "wasm32")]
pub(super) fn remove_file(name: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(&storage_key(name));
    }
}
