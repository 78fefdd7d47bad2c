// The live widgets' two big files (Pyodide's wasm and the memory snapshot) are stored zstd-compressed:
// a quarter smaller than gzip, which is most of what a phone waits for on its first visit. Browsers
// decompress only gzip and deflate themselves, so this small decoder (fzstd, pure JS) reads them as
// they download. Bundled into the page's worker, and as `liveZstd` (a classic script) for the service
// worker, which keeps them decompressed.
import { Decompress } from "fzstd";

// A stream of the decompressed bytes of a stream of zstd bytes; it fails if they end early.
export function unzstd(stream) {
  let decoder;
  return stream.pipeThrough(new TransformStream({
    start(controller) {
      decoder = new Decompress((chunk) => chunk.length && controller.enqueue(chunk));
    },
    transform(chunk) {
      decoder.push(chunk);
    },
    flush() {
      decoder.push(new Uint8Array(0), true);
    },
  }));
}
