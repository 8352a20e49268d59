//! The system clipboard: copying invite links and game records, and pasting records back. The
//! desktop uses `arboard`; the browser its asynchronous `navigator.clipboard`, whose answer
//! arrives a few frames later.

use bevy::prelude::*;
use std::sync::{Arc, Mutex, PoisonError};

/// The clipboard, and text read from it that waits for whoever asked.
#[derive(Resource, Default, Clone)]
pub struct Clipboard {
    /// The text of the last paste, once it has arrived.
    pasted: Arc<Mutex<Option<Result<String, String>>>>,
    /// The desktop's clipboard, opened on first use and kept open: on X11 the copied text lives
    /// only as long as its owner.
    #[cfg(not(target_arch = "wasm32"))]
    desktop: Arc<Mutex<Option<arboard::Clipboard>>>,
}

impl Clipboard {
    /// Puts `text` on the clipboard; an error says why it could not (the text stays on screen
    /// for the player to copy by hand).
    pub fn copy(&self, text: &str) -> Result<(), String> {
        #[cfg(target_arch = "wasm32")]
        {
            let window = web_sys::window().ok_or("no browser window")?;
            // The browser answers with a promise; a refusal leaves the text on screen.
            let _ = window.navigator().clipboard().write_text(text);
            Ok(())
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.with_desktop(|clipboard| clipboard.set_text(text))
    }

    /// Asks for the clipboard's text; [`Clipboard::take_pasted`] hands it over once it is there.
    pub fn request_paste(&self) {
        #[cfg(target_arch = "wasm32")]
        {
            use wasm_bindgen_futures::JsFuture;
            let Some(window) = web_sys::window() else {
                self.deliver(Err("no browser window".into()));
                return;
            };
            let promise = window.navigator().clipboard().read_text();
            let clipboard = self.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let text = JsFuture::from(promise)
                    .await
                    .map(|value| value.as_string().unwrap_or_default())
                    .map_err(|_| "the browser did not allow reading the clipboard".to_string());
                clipboard.deliver(text);
            });
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.deliver(self.with_desktop(|clipboard| clipboard.get_text()));
    }

    /// The pasted text (or why there is none), once, when it has arrived.
    pub fn take_pasted(&self) -> Option<Result<String, String>> {
        self.pasted
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    fn deliver(&self, text: Result<String, String>) {
        *self.pasted.lock().unwrap_or_else(PoisonError::into_inner) = Some(text);
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn with_desktop<T>(
        &self,
        act: impl FnOnce(&mut arboard::Clipboard) -> Result<T, arboard::Error>,
    ) -> Result<T, String> {
        let mut desktop = self.desktop.lock().unwrap_or_else(PoisonError::into_inner);
        if desktop.is_none() {
            *desktop = Some(arboard::Clipboard::new().map_err(|error| error.to_string())?);
        }
        let clipboard = desktop.as_mut().expect("opened just above");
        act(clipboard).map_err(|error| error.to_string())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Clipboard>();
}
