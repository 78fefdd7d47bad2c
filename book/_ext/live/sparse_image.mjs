// The memory snapshot's file format: almost half of Pyodide's heap image is zeros, in a few long
// stretches, and the worker's buffer for it starts zeroed, so only the rest is stored (and
// decompressed, the worker's longest step before Python runs). Before zstd the file is a header, then
// the bytes of the runs of non-zero blocks it lists, one after another:
//   u32 image size, u32 run count, then per run: u32 offset, u32 length   (little-endian)
// Written by snapshot.mjs at build time (Node), read by the page's worker as it downloads.
const BLOCK = 4096;

function isZero(bytes, start, end) {
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

export function sparseImage(image) {
  const runs = [];
  for (let start = 0; start < image.length; start += BLOCK) {
    const end = Math.min(start + BLOCK, image.length);
    if (isZero(image, start, end)) continue;
    const last = runs.at(-1);
    if (last && last.offset + last.length === start) last.length += end - start;
    else runs.push({ offset: start, length: end - start });
  }
  const headerSize = 8 + 8 * runs.length;
  const file = new Uint8Array(headerSize + runs.reduce((sum, run) => sum + run.length, 0));
  const header = new DataView(file.buffer);
  header.setUint32(0, image.length, true);
  header.setUint32(4, runs.length, true);
  let at = headerSize;
  runs.forEach(({ offset, length }, i) => {
    header.setUint32(8 + 8 * i, offset, true);
    header.setUint32(12 + 8 * i, length, true);
    file.set(image.subarray(offset, offset + length), at);
    at += length;
  });
  return file;
}

// Read such a file (a stream of its decompressed bytes) into `image`, zeroed and of the image's size;
// throws unless the file is whole and fits it exactly.
export async function readSparseInto(stream, image) {
  const reader = stream.getReader();
  let header = new Uint8Array(0); // what has come of the header so far
  let runs = null;
  let run = 0;
  let written = 0; // of the current run
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    let data = chunk.value;
    if (!runs) {
      const joined = new Uint8Array(header.length + data.length);
      joined.set(header);
      joined.set(data, header.length);
      header = joined;
      runs = parseHeader(header, image.length);
      if (!runs) continue;
      data = header.subarray(runs.headerSize);
    }
    while (data.length) {
      if (run === runs.length) throw new Error("snapshot: more bytes than its runs");
      const { offset, length } = runs[run];
      const n = Math.min(length - written, data.length);
      image.set(data.subarray(0, n), offset + written); // a run past the image's end throws here
      written += n;
      data = data.subarray(n);
      if (written === length) [run, written] = [run + 1, 0];
    }
  }
  if (!runs || run !== runs.length) throw new Error("snapshot: file ends early");
}

// The runs (with the header's size), or null while the header is incomplete.
function parseHeader(header, imageSize) {
  if (header.length < 8) return null;
  const view = new DataView(header.buffer, header.byteOffset);
  if (view.getUint32(0, true) !== imageSize) throw new Error(`snapshot: image of ${view.getUint32(0, true)} bytes, expected ${imageSize}`);
  const headerSize = 8 + 8 * view.getUint32(4, true);
  if (header.length < headerSize) return null;
  const runs = Array.from({ length: (headerSize - 8) / 8 }, (_, i) => ({
    offset: view.getUint32(8 + 8 * i, true),
    length: view.getUint32(12 + 8 * i, true),
  }));
  runs.headerSize = headerSize;
  return runs;
}
