//! Saving a shared picture of a game: on the desktop a file in the user's pictures folder, in
//! the browser a download.

/// Saves `bytes` as `name` (a file name with its extension, of type `mime`); says where.
pub fn save_picture(name: &str, bytes: &[u8], mime: &str) -> Result<String, String> {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        let window = web_sys::window().ok_or("no browser window")?;
        let document = window.document().ok_or("no document")?;
        let parts = web_sys::js_sys::Array::of1(&web_sys::js_sys::Uint8Array::from(bytes));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
            .map_err(|_| "the browser refused the picture")?;
        let url = web_sys::Url::create_object_url_with_blob(&blob)
            .map_err(|_| "the browser refused the picture")?;
        let link: web_sys::HtmlAnchorElement = document
            .create_element("a")
            .map_err(|_| "no link")?
            .dyn_into()
            .map_err(|_| "no link")?;
        link.set_href(&url);
        link.set_download(name);
        link.click();
        let _ = web_sys::Url::revoke_object_url(&url);
        Ok(name.to_string())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = mime;
        let folder = dirs::picture_dir()
            .or_else(dirs::home_dir)
            .ok_or("no pictures folder")?;
        std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let path = folder.join(name);
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path.display().to_string())
    }
}

/// A file name for a picture of a game of `game` (`xiangqi`), unique to the second.
pub fn picture_name(game: &str, extension: &str) -> String {
    let seconds = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    format!("kawu-{game}-{seconds}.{extension}")
}
