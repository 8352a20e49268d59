//! The browser's computer players beside the page: the wasm module a Web Worker runs
//! (`web/think-worker.js`), with the rules and the AI and nothing else. It answers one
//! [`ThinkRequest`](crate::ai::request::ThinkRequest) at a time, thinking to the end.

use crate::ai::request::Session;
use std::cell::RefCell;
use wasm_bindgen::prelude::wasm_bindgen;

thread_local! {
    /// The worker's requests, one after another: what a search keeps for the next.
    static SESSION: RefCell<Session> = RefCell::new(Session::default());
}

/// Answers a JSON `ThinkRequest` with a JSON `ThinkAnswer`, or `{"error": …}`.
#[wasm_bindgen]
pub fn think(request: &str) -> String {
    SESSION.with(|session| session.borrow_mut().think_json(request))
}
