// The decision events (comments, rounds, reviews, the log, preset saves) from one event
// stream of their own, so the comment, round, history and log views update live without
// reaching into the session code. This stream does not join presence (no client id).

import { withToken } from './api.js';
import { watchStream } from './connection.js';

const handlers = new Map();   // event name → Set of functions
let source = null;
let away = false;   // the stream broke and has not said hello since
// Back after a lost connection: the stream opens again and every `reconnected` handler runs
// (what was missed is read again).
const connection = watchStream({ reopen: () => {
  if (source?.readyState === EventSource.OPEN) return;
  source?.close();
  source = null;
  connect();
} });

/** Calls `handler(data)` for every `name` event; returns a function that stops it. */
export function onDecisionEvent(name, handler) {
  if (!handlers.has(name)) {
    handlers.set(name, new Set());
    if (source) listen(source, name);
  }
  handlers.get(name).add(handler);
  connect();
  return () => handlers.get(name).delete(handler);
}

function listen(stream, name) {
  stream.addEventListener(name, event => {
    let data;
    try { data = JSON.parse(event.data); } catch { return; }
    for (const h of handlers.get(name)) h(data);
  });
}

function connect() {
  if (source) return source;
  source = new EventSource(withToken('/api/events'));
  for (const name of handlers.keys()) listen(source, name);
  source.addEventListener('hello', event => {
    let hello = {};
    try { hello = JSON.parse(event.data); } catch { /* an empty hello */ }
    connection.hello(hello.serverStart);
    if (!away) return;
    away = false;
    for (const h of handlers.get('reconnected') ?? []) h({});
  });
  source.addEventListener('error', () => { away = true; connection.lost(); });
  return source;
}
