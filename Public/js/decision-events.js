// The decision events (comments, rounds, reviews, the log, preset saves) from one event
// stream of their own, so the comment, round, history and log views update live without
// reaching into the session code. This stream does not join presence (no client id).

import { withToken } from './api.js';

const handlers = new Map();   // event name → Set of functions
let source = null;

/** Calls `handler(data)` for every `name` event; returns a function that stops it. */
export function onDecisionEvent(name, handler) {
  if (!handlers.has(name)) {
    handlers.set(name, new Set());
    connect().addEventListener(name, event => {
      let data;
      try { data = JSON.parse(event.data); } catch { return; }
      for (const h of handlers.get(name)) h(data);
    });
  }
  handlers.get(name).add(handler);
  return () => handlers.get(name).delete(handler);
}

function connect() {
  source ??= new EventSource(withToken('/api/events'));
  return source;
}
