// Text handed from a worker to the page through shared memory, one chunk at a time, in order.
//
// Why: after a key press or a tap, Chromium holds back the page's tasks — a WebSocket message, a
// worker's postMessage, an `Atomics.waitAsync` wake-up — until its next frame is drawn
// (DeferRendererTasksAfterInput). The answer to the key's render request was then applied a frame
// after it arrived. A frame callback is not held back, and shared memory can be read there: the
// render socket's worker writes each answer here, and the page takes it in its next frame
// callback (`take`) or on the wake-up, whichever comes first. Needs a cross-origin isolated page
// (the server sends COOP and COEP); elsewhere the worker posts its messages as usual.
//
// Layout of the Int32 header: [written, read, length, more]. `written` counts chunks the worker
// wrote, `read` the chunks the page took; the slot is free when they are equal. `more` says the
// text goes on in the next chunk (an answer larger than the slot).

const HEADER = 4 * Int32Array.BYTES_PER_ELEMENT;
const WRITTEN = 0, READ = 1, LENGTH = 2, MORE = 3;

/** True where a page can share memory with its workers and wait on it without blocking. */
export const canShare = () => self.crossOriginIsolated === true && typeof Atomics.waitAsync === 'function';

/** A mailbox of `slotBytes` bytes a chunk: pass `buffer` to the worker. */
export function createMailbox(slotBytes = 1 << 20) {
  return new SharedArrayBuffer(HEADER + slotBytes);
}

/**
 * The page's end: calls `deliver(text)` for each whole text, in order, for as long as the page
 * lives. Returns `take()`, which delivers at once what has arrived: the page calls it in a frame
 * callback, since the wake-up too waits until the frame after a key press is drawn, while a frame
 * callback runs before it is drawn (an answer taken there is shown in that very frame).
 */
export function readMailbox(buffer, deliver) {
  const header = new Int32Array(buffer, 0, 4);
  const slot = new Uint8Array(buffer, HEADER);
  const decoder = new TextDecoder();
  let parts = [];
  // Takes every chunk written and not yet read; returns the count of chunks written, to wait on.
  const take = () => {
    for (;;) {
      const written = Atomics.load(header, WRITTEN);
      if (written === Atomics.load(header, READ)) return written;
      // TextDecoder refuses shared memory: the chunk is copied out first.
      parts.push(slot.slice(0, Atomics.load(header, LENGTH)));
      const more = Atomics.load(header, MORE) === 1;
      Atomics.store(header, READ, written);
      Atomics.notify(header, READ);
      if (more) continue;
      const text = parts.length === 1 ? decoder.decode(parts[0]) : decoder.decode(joined(parts));
      parts = [];
      try { deliver(text); } catch (error) { reportError(error); }
    }
  };
  (async () => {
    for (;;) {
      const wait = Atomics.waitAsync(header, WRITTEN, take());
      if (wait.async) await wait.value;
    }
  })();
  return take;
}

function joined(parts) {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) { whole.set(part, at); at += part.length; }
  return whole;
}

/** The worker's end: `send(text)` queues a text; chunks are written as the page frees the slot. */
export function mailboxWriter(buffer) {
  const header = new Int32Array(buffer, 0, 4);
  const slot = new Uint8Array(buffer, HEADER);
  const encoder = new TextEncoder();
  const queue = [];   // encoded texts not yet wholly written, and how far each got
  let waiting = false;

  const pump = () => {
    while (queue.length) {
      const written = Atomics.load(header, WRITTEN);
      const read = Atomics.load(header, READ);
      if (written !== read) {
        if (waiting) return;
        waiting = true;
        // Waits on the value seen busy: had the page read the slot since, this returns at once
        // (waiting on a fresh load could wait for a read that has already happened, forever).
        const wait = Atomics.waitAsync(header, READ, read);
        const again = () => { waiting = false; pump(); };
        if (wait.async) wait.value.then(again); else queueMicrotask(again);
        return;
      }
      const entry = queue[0];
      const chunk = entry.bytes.subarray(entry.at, entry.at + slot.length);
      slot.set(chunk);
      entry.at += chunk.length;
      const more = entry.at < entry.bytes.length;
      if (!more) queue.shift();
      Atomics.store(header, LENGTH, chunk.length);
      Atomics.store(header, MORE, more ? 1 : 0);
      Atomics.store(header, WRITTEN, written + 1);
      Atomics.notify(header, WRITTEN);
    }
  };
  return text => { queue.push({ bytes: encoder.encode(text), at: 0 }); pump(); };
}
