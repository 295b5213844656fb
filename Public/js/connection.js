// Whether the server is there, on every page: "Connection lost — reconnecting…" as soon as an
// event stream breaks, then polling with backoff until the server answers; "Server restarted"
// when it answers with another run's id (the `serverStart` of the stream's hello and of
// GET /api/session). Each stream of the page registers here and is opened again once the server
// is back. The banner is a popover (the top layer): never hidden behind a dialog's backdrop.

import { identity } from './api.js';

const streams = new Set();   // { reopen({ restarted }) }
let known = null;            // the server run this page last heard from
let state = 'connected';     // 'connected' | 'lost'
let delay = 0;               // the next poll's wait (ms)
let timer = 0;
let hideTimer = 0;
let backAt = -Infinity;      // when the server last came back

const FIRST_POLL_MS = 200, LONGEST_POLL_MS = 2000, RESTARTED_SHOWN_MS = 5_000;

function banner() {
  let box = document.getElementById('connection-status');
  if (box) return box;
  box = Object.assign(document.createElement('div'), { id: 'connection-status', className: 'connection-status' });
  box.setAttribute('role', 'status');
  box.setAttribute('popover', 'manual');
  document.body.append(box);
  return box;
}

function show(text, kind) {
  clearTimeout(hideTimer);
  const box = banner();
  box.textContent = text;
  box.dataset.kind = kind;
  document.body.dataset.connection = kind;
  // Shown again on top of anything opened since (a dialog opened later covers an older popover).
  if (box.matches(':popover-open')) box.hidePopover();
  box.showPopover?.();
}

function hide() {
  const box = document.getElementById('connection-status');
  if (box?.matches(':popover-open')) box.hidePopover();
  document.body.dataset.connection = 'connected';
}

/** A stream broke: say so now, and look for the server until it answers. */
function lost() {
  if (state === 'lost') return;
  state = 'lost';
  show('Connection lost — reconnecting…', 'lost');
  // Lost again right after coming back (a stream the server refuses): each try waits longer.
  delay = performance.now() - backAt < 5000 ? Math.min(Math.max(delay, FIRST_POLL_MS) * 2, LONGEST_POLL_MS) : FIRST_POLL_MS;
  clearTimeout(timer);
  timer = setTimeout(poll, delay);
}

async function poll() {
  if (state !== 'lost') return;
  let id = null;
  const again = () => { delay = Math.min(delay * 2, LONGEST_POLL_MS); timer = setTimeout(poll, delay); };
  try {
    const response = await fetch('/api/session', { headers: identity(), cache: 'no-store' });
    // Back, but refusing this page (a join link no longer valid): said, and asked again more slowly.
    if (response.status === 401 || response.status === 403) {
      show('The server is back but does not let this page in: open your join link again', 'refused');
      return again();
    }
    if (response.ok) id = (await response.json()).serverStart ?? null;
  } catch {
    return again();
  }
  back(id);
}

/** The server answers again (a poll, or a stream's own reconnection): streams reopen. */
function back(id) {
  const restarted = id !== null && known !== null && id !== known;
  if (id !== null) known = id;
  const wasLost = state === 'lost';
  state = 'connected';
  if (wasLost) backAt = performance.now();
  clearTimeout(timer);
  if (restarted) {
    show('Server restarted', 'restarted');
    hideTimer = setTimeout(hide, RESTARTED_SHOWN_MS);
  } else if (wasLost) {
    hide();
  }
  if (wasLost || restarted) for (const stream of streams) stream.reopen({ restarted });
  return restarted;
}

/**
 * Registers one event stream of the page. `reopen({ restarted })` opens it again (it is called
 * for every registered stream once the server is back; a stream already open may ignore it).
 * Returns what the stream reports: `lost()` on its error event, `hello(serverStart)` on its
 * hello, which answers whether the server restarted since this page last heard from it.
 */
export function watchStream({ reopen }) {
  const entry = { reopen };
  streams.add(entry);
  return {
    lost,
    hello(id) {
      if (known === null && state === 'connected') { known = id ?? null; return false; }
      return back(id ?? null);
    },
  };
}
