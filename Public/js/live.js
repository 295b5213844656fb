// The shared session: drafts, preset saves, data and presence arrive as Server-Sent Events.
// A preset's draft changes reach the pages that have it open (drafts.js); the others hear who
// is tuning what. Following a person shows their preset and view without writing anything;
// stopping returns to one's own preset and view.

import { clientId, isOwnPage, setPageAlias, send, getUserName, withToken } from './api.js';
import { announce } from './session-messages.js';
import { devices } from './state.js';
import { confirmDialog } from './dialogs.js';
import { watchStream } from './connection.js';

// The parts of the followed person's view that a follower's page takes.
const followedViewFields = ['period', 'width', 'height', 'theme'];

export class LiveSession {
  constructor(store, presets, drafts, { onPresetEvent, onDataEvent, onLiveEvent, onPresence = () => {}, notice = () => {},
                                        onFollowedPress = () => {}, onFollowedMove = () => {}, onNotice = () => {},
                                        onReconnected = async () => {} }) {
    this.store = store;
    this.presets = presets;
    this.drafts = drafts;
    this.handlers = { onPresetEvent, onDataEvent, onLiveEvent, onPresence, notice, onFollowedPress, onFollowedMove, onNotice, onReconnected };
    this.followedSelection = null;   // where the followed person's finger is now
    this.asking = false;             // the "stop following?" question is open
    drafts.onEditWhileFollowing = () => this.askToStopFollowing();
    this.followedPressing = false;   // the followed person's press, shown on our chart
    this.following = null;    // client id of the person followed, if any
    this.own = null;          // while following: { preset, params, view } to return to
    this.toldUnsaved = null;  // the followed person whose unsaved parameters we said we cannot show
    this.people = [];
    this.viewTimer = 0;
    this.serverStart = null;      // the server run of this stream's last hello
    this.connection = watchStream({ reopen: ({ restarted }) => {
      if (this.source.readyState === EventSource.OPEN) return;
      this.source.close();
      this.connect();
    } });
    // Leaving says so at once; a page that just vanishes drops out at the stream's next heartbeat.
    addEventListener('pagehide', () => {
      if (this.presenceKey) send('POST', '/api/session/presence', { leaving: true, key: this.presenceKey }, {}, { keepalive: true }).catch(() => {});
    });
    this.connect();
    // Others who follow us see our view: it goes out with presence, briefly throttled.
    store.on(change => {
      if (change.kind !== 'view') return;
      clearTimeout(this.viewTimer);
      this.viewTimer = setTimeout(() => this.sendPresence({}), 60);
    });
  }

  get canWrite() { return this.drafts.canWrite; }
  set canWrite(value) { this.drafts.canWrite = value; }

  connect() {
    const search = new URLSearchParams({ client: clientId, user: getUserName() });
    if (this.store.presetName !== null) search.set('preset', this.store.presetName);
    const source = new EventSource(withToken('/api/events?' + search));
    const { onPresetEvent, onDataEvent, onLiveEvent, onPresence } = this.handlers;
    const label = key => this.store.definition(key)?.label ?? key;
    source.addEventListener('draft', event => {
      const data = JSON.parse(event.data);
      const mine = data.preset === this.store.presetName;
      if (mine) this.drafts.take(data);
      if (!data.change || isOwnPage(data.client)) return;
      const labels = data.change.keys.map(label);
      const verb = data.change.undoOf ? 'undid' : 'changed';
      if (mine) announce(data, verb, labels);
      else announce(data, `is tuning “${data.preset}”:`, labels);
    });
    source.addEventListener('preset', event => {
      const data = JSON.parse(event.data);
      onPresetEvent(data);
      if (isOwnPage(data.client)) return;
      const what = data.action === 'renamed' ? `renamed “${data.oldName}” to “${data.name}”` : `${data.action} “${data.name}”`;
      announce(data, what);
    });
    source.addEventListener('data', event => onDataEvent(JSON.parse(event.data)));
    source.addEventListener('notice', event => this.handlers.onNotice(JSON.parse(event.data)));
    source.addEventListener('live', event => onLiveEvent(JSON.parse(event.data)));
    source.addEventListener('presence', event => {
      this.people = JSON.parse(event.data).people;
      onPresence(this.people);
      this.showFollowed();
    });
    // The stream's hello carries this page's presence key: only requests showing it may describe
    // this page. After a restart the server's drafts start again: the page's unsaved values go
    // back to it (onReconnected); otherwise the open draft is read again (events missed while away).
    source.addEventListener('hello', event => {
      const hello = JSON.parse(event.data);
      this.presenceKey = hello.presenceKey ?? null;
      setPageAlias(hello.page);
      // Restarted for this stream when its last hello came from another run. The page's poll may
      // have heard of the restart first (and said so), while this stream reconnected by itself.
      const heard = this.connection.hello(hello.serverStart);
      const restarted = heard || (this.serverStart !== null && hello.serverStart !== this.serverStart);
      this.serverStart = hello.serverStart ?? null;
      document.body.dataset.session = 'connected';
      this.sendPresence({});  // a reconnected stream starts from what the page has now
      this.handlers.onReconnected({ restarted }).catch(error => this.handlers.notice(`Could not catch up with the server: ${error.message}`));
    });
    source.addEventListener('error', () => {
      document.body.dataset.session = 'reconnecting';
      this.connection.lost();
    });
    this.source = source;
  }

  /** Tells the others what this page is doing: preset open, view, pressing (and where), name. */
  async sendPresence({ pressing, selection }) {
    const { period, width, height, theme } = this.store.view;
    if (!this.presenceKey) return;  // the stream's hello has not come yet; it sends presence itself
    const body = { key: this.presenceKey, preset: this.store.presetName, user: getUserName(), view: { period, width, height, theme } };
    if (pressing !== undefined) body.pressing = pressing;
    if (pressing && selection !== undefined && selection !== null) body.selection = selection;
    // One after another: two at once may reach the server in either order, and the older state
    // would stay on everyone's screen (a preset opened just after the stream's hello).
    this.presenceSent = (this.presenceSent ?? Promise.resolve())
      .then(() => send('POST', '/api/session/presence', body))
      .catch(() => { /* shown again on the next change */ });
    return this.presenceSent;
  }

  /** Follows a person (their preset and view), or stops (`null`): back to one's own preset and view. */
  async follow(client) {
    if (client === this.following) return;
    if (client === null) {
      const own = this.own;
      this.stopFollowingHere();
      if (!own) return;
      if (own.preset !== null) await this.presets.load(own.preset);
      else this.store.openUnsaved(own.params);
      this.store.setView(own.view);
      return;
    }
    this.own ??= { preset: this.store.presetName, params: { ...this.store.params }, view: { ...this.store.view } };
    await this.drafts.flush();
    this.following = client;
    this.drafts.following = true;
    this.showFollowing();
    this.handlers.onPresence(this.people);
    await this.showFollowed();
  }

  /** Opening a preset oneself ends following; that preset is one's own from then on. */
  stopFollowingHere() {
    if (this.following === null) return;
    this.following = null;
    this.drafts.following = false;
    this.showFollowing();
    this.showPress(false);
    this.own = null;
    this.handlers.onPresence(this.people);
  }

  /**
   * Following is read-only: an edit asks whether to stop following. Stopping returns to one's
   * own preset and view; staying puts the followed draft back on screen. Either way the edit
   * never reaches the followed preset.
   */
  async askToStopFollowing() {
    if (this.asking || this.following === null) return;
    this.asking = true;
    const person = this.people.find(p => p.client === this.following);
    const who = person?.user || 'this person';
    try {
      const stop = await confirmDialog('Stop following?', `You are following ${who}: their preset is shown read-only and your edit was not applied to it. Stop following to edit your own preset?`, 'Stop following');
      if (stop) await this.follow(null);
      else await this.drafts.resync().catch(() => {});
    } finally {
      this.asking = false;
    }
  }

  /**
   * Following is read-only, and looks it before anyone types: the parameter controls are
   * disabled (one fieldset) and labelled with whom the page follows.
   */
  showFollowing() {
    const lock = document.getElementById('parameters-lock'), note = document.getElementById('following-note');
    if (!lock || !note) return;
    const person = this.people.find(p => p.client === this.following);
    lock.disabled = this.following !== null;
    note.hidden = this.following === null;
    note.textContent = `Following ${person?.user || 'someone'}: read-only`;
    note.title = 'Their preset and view, shown read-only: stop following (or open a preset) to edit your own';
  }

  /** Their press on our chart while we follow them, with their finger where it is now. */
  showPress(pressing, selection = null) {
    if (pressing === this.followedPressing) {
      if (pressing && selection !== null && selection !== this.followedSelection) {
        this.followedSelection = selection;
        this.handlers.onFollowedMove(selection);
      }
      return;
    }
    this.followedPressing = pressing;
    this.followedSelection = pressing ? selection : null;
    this.handlers.onFollowedPress(pressing, selection);
  }

  /** While following: their preset (its shared draft) and their view. */
  async showFollowed() {
    if (this.following === null) return;
    const person = this.people.find(p => p.client === this.following);
    if (!person) {
      this.handlers.notice('The person you followed has left; back to your own preset');
      return this.follow(null);
    }
    this.showPress(person.pressing, person.selection);
    if (person.view) {
      const view = Object.fromEntries(Object.entries(person.view).filter(([k, v]) => followedViewFields.includes(k) && this.store.view[k] !== v));
      if ('width' in view) view.device = devices.includes(String(view.width)) ? String(view.width) : 'custom';
      if (Object.keys(view).length) this.store.setView(view);
    }
    if (person.preset !== null) this.toldUnsaved = null;
    if (person.preset === null) {
      if (this.toldUnsaved !== person.client) this.handlers.notice(`${person.user || 'They'} have unsaved parameters open, which stay on their page`);
      this.toldUnsaved = person.client;
    } else if (person.preset !== this.store.presetName) {
      await this.presets.load(person.preset);
    }
  }
}
