// Kawu's computer players beside the page: a Web Worker that runs the search module
// (kawu_worker.js and kawu_worker_bg.wasm, the rules and the AI built without the game, see
// src/worker.rs) so that the page's frames never wait for a search.
//
// Each message is one request, a ThinkRequest as JSON text (src/ai/request.rs); the answer is
// posted back as JSON text: {"action": "…", "nodes": N} (action null when there is none) or
// {"error": "…"}. The
// page sends a worker one request at a time, keeps the one that answered last for its next
// request, and ends one whose answer is no longer wanted before it comes.

importScripts('kawu_worker.js');

const ready = wasm_bindgen({ module_or_path: 'kawu_worker_bg.wasm' });

self.onmessage = async (event) => {
  try {
    await ready;
    self.postMessage(wasm_bindgen.think(String(event.data)));
  } catch (error) {
    self.postMessage(JSON.stringify({ error: `the search module failed: ${error}` }));
  }
};
