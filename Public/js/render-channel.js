// Renders over one WebSocket (a message costs about a millisecond; a fetch several), falling
// back to fetch while the socket is not open. Reconnects by itself.

import { getText, query, ApiError } from './api.js';

class RenderChannel {
  constructor() {
    this.socket = null;
    this.waiting = new Map();
    this.nextId = 1;
    this.retry = 250;
    this.connect();
  }

  connect() {
    const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/render/socket`);
    socket.addEventListener('open', () => { this.socket = socket; this.retry = 250; });
    socket.addEventListener('message', event => this.answer(event.data));
    socket.addEventListener('close', () => {
      if (this.socket === socket) this.socket = null;
      for (const [, pending] of this.waiting) pending.fallback();
      this.waiting.clear();
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 5000);
    });
  }

  answer(text) {
    const newline = text.indexOf('\n');
    const head = JSON.parse(text.slice(0, newline));
    const pending = this.waiting.get(head.requestId);
    if (!pending) return;
    this.waiting.delete(head.requestId);
    if (head.error) pending.reject(new ApiError(400, { error: head.error }));
    else pending.resolve(text.slice(newline + 1));
  }

  /** The SVG for a render request (the fields of POST /api/render). */
  render(request) {
    const viaFetch = () => getText('/api/render?' + query(request));
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return viaFetch();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, fallback: () => viaFetch().then(resolve, reject) });
      this.socket.send(JSON.stringify({ ...request, requestId: id }));
    });
  }
}

export const renderChannel = new RenderChannel();
