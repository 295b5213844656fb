// Renders over one WebSocket (a message costs about a millisecond; a fetch several), falling
// back to fetch while the socket is not open. Reconnects by itself. The socket lives in a worker
// (render-socket-worker.js) that hands answers over through shared memory (socket-mailbox.js),
// which the page reads in its frame callbacks too: the answer to a key press that has arrived by
// the next frame is shown in it, not a frame later.

import { getText, query, ApiError, withToken } from './api.js';
import { same } from './state.js';
import { canShare, createMailbox, readMailbox } from './socket-mailbox.js';

class RenderChannel {
  constructor() {
    this.worker = new Worker('/js/render-socket-worker.js', { type: 'module' });
    this.worker.addEventListener('message', ({ data }) => this.heard(data));
    this.opened = false;
    this.opening = 0;              // counts the socket's openings: a frame's number is its opening's own
    this.waiting = new Map();
    this.nextId = 1;
    this.retry = 250;
    this.lastRequest = new Map();  // per chart id: {key, selection}: the request last sent on this socket, minus the frame's own fields, and its selection
    this.newest = new Map();       // per chart id: the requestId of the request last sent
    this.openWaiters = [];
    this.takeArrived = null;
    this.frameTaking = 0;
    if (canShare()) {
      const mailbox = createMailbox();
      this.worker.postMessage({ mailbox });
      this.takeArrived = readMailbox(mailbox, text => this.answer(text));
    }
    this.connect();
  }

  connect() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    this.worker.postMessage({ connect: withToken(`${scheme}://${location.host}/api/render/socket`) });
  }

  /** What the worker tells: the socket opened, a message came, or the socket closed. */
  heard(data) {
    if (data.open) {
      this.opened = true; this.opening++; this.retry = 250; this.lastRequest = new Map();
      this.openWaiters.splice(0).forEach(resolve => resolve(true));
    }
    else if (data.message !== undefined) this.answer(data.message);
    else if (data.closed) {
      this.opened = false;
      for (const [, pending] of this.waiting) pending.fallback();
      this.waiting.clear();
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 5000);
    }
  }

  answer(text) {
    const newline = text.indexOf('\n');
    const head = JSON.parse(text.slice(0, newline));
    const pending = this.waiting.get(head.requestId);
    if (!pending) return;
    this.waiting.delete(head.requestId);
    if (head.error) pending.reject(new ApiError(400, { error: head.error }));
    // An answer to a request that a later one of its chart has overtaken is not to be shown:
    // the later one's frame may be a delta from the frame shown when it was sent.
    else pending.resolve({ head, body: text.slice(newline + 1), base: pending.base, superseded: this.newest.get(pending.chart) !== head.requestId });
  }

  /**
   * Takes the answers that arrived by the next frame in that frame's callback, so that it shows
   * them: after a key press or a tap the mailbox's wake-up waits until that frame is drawn.
   */
  takeInNextFrame() {
    if (this.takeArrived === null || this.frameTaking) return;
    this.frameTaking = requestAnimationFrame(() => {
      this.frameTaking = 0;
      this.takeArrived();
      if (this.waiting.size) this.takeInNextFrame();
    });
  }

  get open() { return this.opened; }

  /** Resolves true once the socket is open, or false if it is not within `ms`. */
  whenOpen(ms) {
    if (this.opened) return Promise.resolve(true);
    return new Promise(resolve => {
      const waiter = opened => { clearTimeout(timer); resolve(opened); };
      const timer = setTimeout(() => { this.openWaiters = this.openWaiters.filter(w => w !== waiter); resolve(false); }, ms);
      this.openWaiters.push(waiter);
    });
  }

  /** Parameters equal to the engine's defaults (`defaults`, from the schema) need not travel. */
  compact(request) {
    if (!this.defaults) return request;
    const short = {};
    for (const [key, value] of Object.entries(request)) if (!(key in this.defaults) || !same(value, this.defaults[key])) short[key] = value;
    return short;
  }

  send(request, fallback) {
    request = this.compact(request);
    // A chart's request that repeats its previous one but for the frame's own fields travels as
    // `again` with just those (the server keeps each chart's last request for the socket's life).
    // A motion's own fields (`from`, `since`) are not kept by the server: they always travel.
    const { motion, time, base, selection, from, since, ...rest } = request;
    const chart = request.id ?? 'cw';
    const key = JSON.stringify(rest);
    let message = request;
    const last = this.lastRequest.get(chart);
    if (last?.key === key) {
      // The selection too stays as it was when it is not sent.
      message = { again: true, id: chart };
      if (last.selection !== (selection ?? null)) message.selection = selection ?? null;
      // The motion clock to a tenth of a millisecond: no frame can tell finer times apart.
      if (motion !== undefined) Object.assign(message, { motion, time: Math.round(time * 1e4) / 1e4 });
      if (from !== undefined) message.from = from;
      if (since !== undefined) message.since = since;
      if (base !== undefined) message.base = base;
    }
    this.lastRequest.set(chart, { key, selection: selection ?? null });
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.newest.set(chart, id);
      this.waiting.set(id, { resolve, reject, base, chart, fallback: () => fallback().then(resolve, reject) });
      this.worker.postMessage({ send: JSON.stringify({ ...message, requestId: id }) });
      this.takeInNextFrame();
    });
  }

  /** The SVG for a render request (the fields of POST /api/render). */
  render(request) {
    const { base, ...whole } = request;
    return this.draw(whole).then(answer => answer.body);
  }

  /**
   * A frame for a render request: `{head, body, base, superseded}`. With `base` (the `frame`
   * number the chart shows), the body may be a frame delta from it (`head.patch`) instead of the
   * whole SVG; `superseded` says a later request of the same chart went out before it came.
   */
  draw(request) {
    const viaFetch = () => {
      const { base, round, candidate, ...rest } = request;
      // A blind round's candidate is drawn by its token: the page never holds its parameters.
      const path = round ? `/api/rounds/${encodeURIComponent(round)}/candidates/${encodeURIComponent(candidate)}/render?` : '/api/render?';
      return getText(path + query(rest)).then(body => ({ head: {}, body }));
    };
    if (!this.open) return viaFetch();
    return this.send(request, viaFetch);
  }

  /**
   * One frame of the press transition: `motion` is press, release or follow, `time` the
   * motion clock's seconds. Resolves to `{head: {progress, velocity, target, finished, frame,
   * patch}, body}`. Needs the open socket (the engine keeps the motion's state there); rejects
   * without it.
   */
  frame(request) {
    if (!this.open) return Promise.reject(new Error('the render socket is not open'));
    return this.send(request, () => Promise.reject(new Error('the render socket closed')));
  }
}

/**
 * The motion clock: seconds that run at the inspector's playback speed (0.25× takes four
 * times as long), so slow motion needs no change on the engine's side.
 */
export const motionClock = {
  speed: 1,
  base: 0,
  realStart: performance.now(),
  now() { return this.base + (performance.now() - this.realStart) / 1000 * this.speed; },
  setSpeed(speed) { this.base = this.now(); this.realStart = performance.now(); this.speed = speed; },
};

export const renderChannel = new RenderChannel();
