// The open preset as one live document shared by everyone on it: the server's draft (saved
// revision + everyone's unsaved changes, in order). Our edits go out as changes, throttled; the
// server answers, and tells every page, with the whole draft at its new version. A page takes
// the newest version it hears, except keys it has edited and not yet heard back, so every page
// ends on the server's values. Undo asks the server to revert one of our own steps.

import { send, getJSON, ApiError } from './api.js';
import { same } from './state.js';

const path = name => '/api/drafts/' + encodeURIComponent(name);
const RECLAIM_TRIES = 4;   // about 4 s in all before the person is told

export class DraftSync {
  constructor(store, { notice = () => {} } = {}) {
    this.store = store;
    this.notice = notice;
    this.canWrite = true;       // viewers watch: their edits stay on their page
    this.following = false;     // while following someone nothing is sent (live.js asks to stop)
    this.onEditWhileFollowing = () => {};
    this.dirty = new Map();     // key → number of our newest local edit of it, until the server has it
    this.edits = 0;
    this.pending = null;        // { preset, step, parameters, marks }
    this.timer = 0;
    this.sending = Promise.resolve();
    this.me = null;             // this page's person's name (main.js): whose unsaved values a restart gives back
    this.setters = new Map();   // key → who made the open draft's newest change of it
    store.reverter = (step, id) => this.revert(step, id);
    store.on(change => {
      if (change.kind !== 'params' || change.origin !== 'local' || !change.keys.length) return;
      const preset = store.presetName;
      if (preset === null || !this.canWrite) return;   // unsaved parameters are this page's alone
      // Following someone is read-only: an edit never reaches the followed preset; the page asks.
      if (this.following) { this.onEditWhileFollowing(); return; }
      if (this.pending && (this.pending.preset !== preset || this.pending.step !== change.step)) this.flush();
      this.pending ??= { preset, step: change.step, parameters: {}, marks: {} };
      for (const key of change.keys) {
        this.edits += 1;
        this.dirty.set(key, this.edits);
        this.pending.parameters[key] = store.params[key];
        this.pending.marks[key] = this.edits;
      }
      this.schedule();
    });
  }

  /**
   * Opens a preset as its draft: the saved revision with everyone's unsaved edits. Nothing is
   * opened (null) when `stillWanted()` says another preset was asked for meanwhile.
   */
  async open(name, stillWanted = () => true) {
    const [draft, preset] = await Promise.all([getJSON(path(name)), getJSON('/api/presets/' + encodeURIComponent(name))]);
    if (!stillWanted()) return null;
    this.flush();
    this.dirty.clear();
    this.store.openPreset(preset, draft);
    this.setters.clear();
    this.noteSetters(draft);
    return preset;
  }

  /** Reads the open preset's draft again (someone saved it while nobody was editing it). */
  async resync() {
    const name = this.store.presetName;
    if (name === null) return;
    const [draft] = await Promise.all([getJSON(path(name)), this.readDetails(name)]);
    this.take(draft, { orEqual: true });
  }

  /**
   * After a server restart: the server's drafts started again from the saved revisions, so the
   * unsaved values this page's person set go back to it as one change; every page on the preset
   * does the same, so each edit survives while its author's page is open, credited to them.
   * Following and viewing pages only read the draft.
   */
  async reclaim() {
    const name = this.store.presetName;
    // What this page holds now: another page's reclaim can reach us (and be shown) while we ask.
    const held = { ...this.store.params }, setters = new Map(this.setters), dirty = new Set(this.dirty.keys());
    this.store.forgetDraft();
    if (name === null) return;
    // A server just started may still refuse or drop a request: tried again a few times (giving
    // the same values twice is harmless), and if it never takes them the person is told.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.giveBack(name, held, setters, dirty);
      } catch (error) {
        const lasting = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
        if (lasting || attempt === RECLAIM_TRIES) {
          throw new Error(`your unsaved values of “${name}” did not reach the restarted server (${error.message}); they are still on this page`);
        }
        await new Promise(resolve => setTimeout(resolve, 300 * 2 ** attempt));
      }
    }
  }

  /** The restarted server's draft, with the unsaved values this person held put back on top. */
  async giveBack(name, held, setters, dirty) {
    const draft = await getJSON(path(name));
    // Only the values this person set (or has not yet heard back): another person's unsaved edit
    // is given back by their own page, so the new draft credits each edit to whoever made it.
    const ours = k => dirty.has(k) || setters.get(k) === this.me;
    const unsaved = Object.fromEntries(Object.entries(held).filter(([k, v]) => k in draft.parameters && !same(v, draft.parameters[k]) && ours(k)));
    this.setters.clear();
    this.noteSetters(draft);
    if (!Object.keys(unsaved).length || !this.canWrite || this.following) return this.take(draft, { orEqual: true });
    // The saved revision first (a save the restart interrupted may have been kept), then ours on top.
    if (draft.baseRevision !== this.store.preset.revision && draft.saved) this.store.presetSaved({ revision: draft.baseRevision, saved: draft.saved });
    this.store.takeDraft(draft, { orEqual: true });
    const { body } = await send('POST', path(name) + '/changes', { parameters: unsaved });
    this.take(body);
  }

  /** The open preset's author, notes and save time, as saved. */
  async readDetails(name) {
    const preset = await getJSON('/api/presets/' + encodeURIComponent(name));
    this.store.presetDetails(name, preset);
  }

  /** Who made each key's newest change, from a draft's `changes` or an event's `change`. */
  noteSetters(snapshot) {
    if (snapshot.preset !== this.store.presetName) return;
    if (snapshot.saved && !snapshot.change) this.setters.clear();   // a save: nothing is unsaved any more
    for (const change of snapshot.changes ?? (snapshot.change ? [snapshot.change] : [])) {
      for (const key of change.keys ?? []) this.setters.set(key, change.author);
    }
  }

  /** A `draft` event or answer: the whole draft at a version. Older versions than ours are ignored. */
  take(snapshot, { orEqual = false } = {}) {
    if (!this.store.takeDraft(snapshot, { orEqual })) return;
    this.noteSetters(snapshot);
    if (snapshot.baseRevision !== this.store.preset.revision) {
      // A save: the new revision's values come with the event; who saved it and the notes are read.
      if (snapshot.saved) {
        this.store.presetSaved({ revision: snapshot.baseRevision, saved: snapshot.saved });
        this.readDetails(snapshot.preset).catch(() => {});
      } else {
        this.resync().catch(() => {});
      }
    }
    const theirs = Object.fromEntries(Object.entries(snapshot.parameters).filter(([k]) => !this.dirty.has(k)));
    this.store.applyRemote(theirs);
  }

  /** The first edit goes at once; edits during the next 40 ms go together at its end. */
  schedule() {
    if (this.timer) return;
    this.flush();
    this.timer = setTimeout(() => { this.timer = 0; if (this.pending) this.schedule(); }, 40);
  }

  flush() {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return this.sending;
    this.sending = this.sending.then(() => this.post(pending));
    return this.sending;
  }

  async post({ preset, step, parameters, marks }) {
    let answer = null;
    try {
      answer = (await send('POST', path(preset) + '/changes', { parameters, step })).body;
    } catch (error) {
      this.notice(`Your change to “${preset}” was not shared: ${error.message}`, true);
    }
    if (answer) this.take(answer);
    // Keys the server now has take its newest value (someone may have changed them after us).
    for (const [key, mark] of Object.entries(marks)) {
      if (this.dirty.get(key) !== mark) continue;
      this.dirty.delete(key);
      const latest = this.store.draft.parameters;
      if (preset === this.store.presetName && key in latest && !same(latest[key], this.store.params[key])) {
        this.store.applyRemote({ [key]: latest[key] });
      }
    }
  }

  /** Undo (or redo) of our step `step` on the open preset, as the new step `id`; null when nothing changed. */
  async revert(step, id) {
    const preset = this.store.presetName;
    await this.flush();
    const reverse = { id, before: step.after, after: step.before };
    try {
      const { body } = await send('POST', path(preset) + '/changes', { undoOf: step.id, step: id });
      this.take(body);
      if (body.message) this.notice(body.message);
      return reverse;
    } catch (error) {
      // A server started again since the step forgot it: the page still knows its values.
      if (error.code === 'nothing_to_undo' && step.before) return this.revertValues(preset, step, reverse);
      this.notice(error.message, true);
      return null;
    }
  }

  /**
   * Undo by values: the step's keys that still show its values go back to what they were before
   * it, as a change of ours; keys someone changed since are left alone, as the server's undo does.
   */
  async revertValues(preset, step, reverse) {
    const back = {}, changed = [];
    for (const [key, value] of Object.entries(step.after ?? {})) {
      if (same(this.store.params[key], value)) back[key] = step.before[key]; else changed.push(this.store.definition(key)?.standaloneLabel ?? key);
    }
    if (changed.length) this.notice(`Left alone, changed by someone since: ${changed.join(', ')}`);
    if (!Object.keys(back).length) return null;
    try {
      const { body } = await send('POST', path(preset) + '/changes', { parameters: back, step: reverse.id });
      this.take(body);
      return reverse;
    } catch (error) {
      this.notice(error.message, true);
      return null;
    }
  }
}
