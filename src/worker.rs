//! The browser's computer players beside the page: the wasm module a Web Worker runs
//! (`web/think-worker.js`), with the rules and the AI and nothing else. It answers one
//! [`ThinkRequest`](crate::ai::request::ThinkRequest) at a time, thinking to the end.

use wasm_bindgen::prelude::wasm_bindgen;

/// Answers a JSON `ThinkRequest` with a JSON `ThinkAnswer`, or `{"error": …}`.
#[wasm_bindgen]
pub fn think(request: &str) -> String {
    crate::ai::request::think_json(request)
}
