// The preset bar: the list, opening a preset (as the shared draft), the "modified" marker and
// the open preset's card under the chart. What the buttons do to presets (save, rename, delete…)
// is preset-actions.js; the open preset itself lives in the store.

import { getJSON, send } from './api.js';
import { toast } from './toast.js';
import { writeAttribute, writeText } from './elements.js';
import { whenText } from './time-text.js';
import { newestAnswer } from './newest-answer.js';

const $ = id => document.getElementById(id);
const path = name => '/api/presets/' + encodeURIComponent(name);

export class Presets {
  constructor(store, drafts, { onLoaded = () => {} } = {}) {
    this.store = store;
    this.drafts = drafts;
    this.onLoaded = onLoaded;
    this.list = [];
    // Presets picked one after another (arrow keys on the menu) load at once: the last one asked
    // for is opened, whichever answer comes back last.
    this.newest = newestAnswer();
    this.select = $('preset-select');
    this.select.addEventListener('change', () => this.load(this.select.value, { chosen: true }));
    store.on(change => { if (change.kind === 'params' || change.kind === 'preset') this.markModified(); });
  }

  /** The open preset (the store's): { name, revision, params (saved values), author, notes, updatedAt }, or null. */
  get current() { return this.store.preset; }

  get modified() { return this.store.modified; }

  /** Who made the loaded preset and why, under the chart. */
  showInfo() {
    const box = $('preset-info');
    writeAttribute(box, 'hidden', this.current === null);
    if (!this.current) return;
    writeText($('preset-info-name'), this.current.name);
    const when = this.current.updatedAt ? whenText(this.current.updatedAt) : '';
    writeText($('preset-info-meta'), [this.current.author && `by ${this.current.author}`, when && `saved ${when}`].filter(Boolean).join(' · '));
    writeText($('preset-info-notes'), this.current.notes || '');
  }

  markModified() {
    this.showInfo();
    const modified = this.modified;
    writeAttribute($('modified-marker'), 'hidden', !modified);
    writeAttribute($('preset-save'), 'disabled', this.current === null);
    writeAttribute($('preset-revert'), 'disabled', !modified);
    for (const id of ['preset-rename', 'preset-delete', 'preset-duplicate']) writeAttribute($(id), 'disabled', this.current === null);
  }

  async refresh() {
    // The list comes a page at a time (summaries, no notes): read every page.
    const data = await getJSON('/api/presets?limit=1000');
    for (let next = data.next; next !== null && next !== undefined;) {
      const more = await getJSON(`/api/presets?limit=1000&offset=${next}`);
      data.presets.push(...more.presets);
      next = more.next;
    }
    this.list = data.presets;
    const selected = this.current?.name ?? null;
    this.select.replaceChildren(new Option('Unsaved parameters', ''));
    this.select.options[0].disabled = true;
    for (const p of this.list) {
      const option = new Option(p.name.replace(/\s+/g, ' ') + (p.author ? ` — ${p.author.replace(/\s+/g, ' ')}` : ''), p.name);
      this.select.append(option);
    }
    this.select.value = selected ?? '';
    for (const problem of data.problems) toast(`Preset file ${problem.file}: ${problem.message}`, { error: true, ms: 8000 });
    this.markModified();
    return this.list;
  }

  /** The first preset: the one a link names (its values on top, as one edit of ours), else Default unless the link has values. */
  async openFirst() {
    await this.refresh();
    const { store } = this;
    const fromLink = location.search.length > 1;
    if (store.linkedPreset !== null && this.list.some(p => p.name === store.linkedPreset)) {
      // A link naming only the preset opens its draft as it is.
      await this.load(store.linkedPreset, { linked: store.linkHasParams ? { ...store.params } : null });
    } else if (!fromLink && this.list.some(p => p.name === 'Default')) {
      await this.load('Default');
    }
  }

  async fetch(name) {
    const { body } = await send('GET', path(name));
    return body;
  }

  /**
   * Opens a preset's draft, as everyone on it sees it. `linked`: values from a link, applied on
   * top as one edit of ours when they differ. `chosen`: picked from the menu by the person.
   */
  async load(name, { linked = null, chosen = false } = {}) {
    const wanted = this.newest();
    try {
      const preset = await this.drafts.open(name, wanted);
      if (!preset) return;
      if (linked) this.store.replace(linked);
      this.select.value = preset.name;
      for (const warning of preset.warnings) toast(`${preset.name}: ${warning}`);
      this.markModified();
      this.onLoaded(preset, { chosen });
    } catch (error) {
      if (!wanted()) return;
      toast(`Cannot load “${name}”: ${error.message}`, { error: true });
      this.select.value = this.current?.name ?? '';
    }
  }
}
