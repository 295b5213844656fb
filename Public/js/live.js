// The shared session: other pages' parameter changes, preset saves and new data arrive as
// Server-Sent Events; our own changes go out, throttled. Events from this page are ignored, and
// applying a remote change never sends it back out, so there are no echo loops.

import { clientId, send } from './api.js';
import { toast } from './toast.js';

export class LiveSession {
  constructor(store, { onPresetEvent, onDataEvent, onLiveEvent }) {
    this.store = store;
    this.pending = null;
    this.timer = 0;
    this.connect({ onPresetEvent, onDataEvent, onLiveEvent });
    store.on(change => {
      if (change.kind !== 'params' || change.origin === 'remote' || change.keys.length === 0) return;
      this.pending = { ...(this.pending || {}), ...Object.fromEntries(change.keys.map(k => [k, store.params[k]])) };
      if (!this.timer) this.timer = setTimeout(() => this.flush(), 40);
    });
  }

  connect({ onPresetEvent, onDataEvent, onLiveEvent }) {
    const source = new EventSource('/api/events');
    const who = data => data.user || 'Someone';
    source.addEventListener('parameters', event => {
      const data = JSON.parse(event.data);
      if (data.client === clientId) return;
      this.store.replace(data.parameters, 'remote');
      const labels = Object.keys(data.parameters).map(k => this.store.definition(k)?.label ?? k);
      toast(`${who(data)} changed ${labels.slice(0, 3).join(', ')}${labels.length > 3 ? '…' : ''}`, { ms: 2000, key: `changed:${data.client}` });
    });
    source.addEventListener('preset', event => {
      const data = JSON.parse(event.data);
      onPresetEvent(data);
      if (data.client !== clientId) toast(`${who(data)} ${data.action} preset “${data.name}”`);
    });
    source.addEventListener('data', event => onDataEvent(JSON.parse(event.data)));
    source.addEventListener('live', event => onLiveEvent(JSON.parse(event.data)));
    source.addEventListener('open', () => document.body.dataset.session = 'connected');
    source.addEventListener('error', () => document.body.dataset.session = 'reconnecting');
    this.source = source;
  }

  async flush() {
    this.timer = 0;
    const parameters = this.pending;
    this.pending = null;
    if (!parameters) return;
    try {
      await send('POST', '/api/session/parameters', { parameters, preset: this.store.presetName });
    } catch {
      // The server may be restarting; the next change is sent again.
    }
  }
}
