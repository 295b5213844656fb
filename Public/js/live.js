// The shared session: other pages' parameter changes, preset saves, data and presence arrive
// as Server-Sent Events; our own edits go out, throttled, with the preset (name and revision)
// they belong to. A page follows others' edits only on the same preset (or when it follows that
// person). Events from this page are ignored, and applying a remote change never sends it back
// out, so there are no echo loops.

import { clientId, send, getUserName } from './api.js';
import { announce } from './session-messages.js';

export class LiveSession {
  constructor(store, presets, { onPresetEvent, onDataEvent, onLiveEvent, onPresence = () => {} }) {
    this.store = store;
    this.presets = presets;
    this.handlers = { onPresetEvent, onDataEvent, onLiveEvent, onPresence };
    this.pending = null;      // { preset, revision, parameters }
    this.timer = 0;
    this.canWrite = true;     // viewers watch: their edits stay on their page
    this.following = null;    // client id of the person followed, if any
    this.people = [];
    this.connect();
    store.on(change => {
      // Only edits travel: loading a preset or taking someone's change is not one.
      if (change.kind !== 'params' || !['local', 'history'].includes(change.origin) || change.keys.length === 0) return;
      if (!this.canWrite) return;
      const { preset, revision } = this.openPreset();
      if (this.pending && this.pending.preset !== preset) this.flush();
      const parameters = { ...(this.pending?.parameters || {}), ...Object.fromEntries(change.keys.map(k => [k, store.params[k]])) };
      this.pending = { preset, revision, parameters };
      this.schedule();
    });
  }

  openPreset() {
    const current = this.presets.current;
    return { preset: current?.name ?? null, revision: current?.revision ?? null };
  }

  /** Whether someone's edit applies here: same preset open, or we follow them. */
  follows(data) {
    return data.client === this.following || (data.preset ?? null) === this.openPreset().preset;
  }

  connect() {
    const search = new URLSearchParams({ client: clientId, user: getUserName() });
    const { preset } = this.openPreset();
    if (preset !== null) search.set('preset', preset);
    const source = new EventSource('/api/events?' + search);
    const { onPresetEvent, onDataEvent, onLiveEvent, onPresence } = this.handlers;
    const label = key => this.store.definition(key)?.label ?? key;
    source.addEventListener('parameters', event => {
      const data = JSON.parse(event.data);
      if (data.client === clientId) return;
      const labels = Object.keys(data.parameters).map(label);
      if (this.follows(data)) {
        this.store.applyRemote(data.parameters);
        announce(data, 'changed', labels);
      } else {
        announce(data, `is tuning “${data.preset ?? 'unsaved parameters'}”:`, labels);
      }
    });
    source.addEventListener('preset', event => {
      const data = JSON.parse(event.data);
      onPresetEvent(data);
      if (data.client === clientId) return;
      const what = data.action === 'renamed' ? `renamed “${data.oldName}” to “${data.name}”` : `${data.action} “${data.name}”`;
      announce(data, what);
    });
    source.addEventListener('data', event => onDataEvent(JSON.parse(event.data)));
    source.addEventListener('live', event => onLiveEvent(JSON.parse(event.data)));
    source.addEventListener('presence', event => {
      this.people = JSON.parse(event.data).people;
      onPresence(this.people);
    });
    source.addEventListener('open', () => {
      document.body.dataset.session = 'connected';
      this.sendPresence({});  // a reconnected stream starts from what the page has now
    });
    source.addEventListener('error', () => document.body.dataset.session = 'reconnecting');
    // Leaving says so at once; a page that just vanishes drops out at the stream's next heartbeat.
    addEventListener('pagehide', () => send('POST', '/api/session/presence', { leaving: true }, {}, { keepalive: true }).catch(() => {}));
    this.source = source;
  }

  /** Tells the others what this page is doing: preset open, pressing, name. */
  async sendPresence({ pressing }) {
    const body = { preset: this.openPreset().preset, user: getUserName() };
    if (pressing !== undefined) body.pressing = pressing;
    try { await send('POST', '/api/session/presence', body); } catch { /* shown again on the next change */ }
  }

  follow(client) {
    this.following = client;
    this.handlers.onPresence(this.people);
  }

  /** The first edit goes at once; edits during the next 40 ms go together at its end. */
  schedule() {
    if (this.timer) return;
    this.flush();
    this.timer = setTimeout(() => { this.timer = 0; if (this.pending) this.schedule(); }, 40);
  }

  async flush() {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    try {
      await send('POST', '/api/session/parameters', pending);
    } catch {
      // The server may be restarting; the next change is sent again.
    }
  }
}
