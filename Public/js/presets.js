// The preset bar: list, open (as the shared draft), save (guarded by revision), save as, rename,
// duplicate, delete, the "modified" marker and revert. The open preset lives in the store.

import { getJSON, send, ApiError, getUserName } from './api.js';
import { sameParams } from './state.js';
import { fillDiffTable } from './compare.js';
import { toast } from './toast.js';
import { writeAttribute, writeText } from './elements.js';

const $ = id => document.getElementById(id);
const path = name => '/api/presets/' + encodeURIComponent(name);

export class Presets {
  constructor(store, drafts, { onLoaded = () => {} } = {}) {
    this.store = store;
    this.drafts = drafts;
    this.onLoaded = onLoaded;
    this.list = [];
    this.savedBy = new Map();   // preset name → who saved it last, heard from the session
    this.select = $('preset-select');
    this.select.addEventListener('change', () => this.load(this.select.value, { chosen: true }));
    $('preset-save').addEventListener('click', () => this.save());
    $('preset-save-as').addEventListener('click', () => this.saveAs());
    $('preset-revert').addEventListener('click', () => this.revert());
    $('preset-rename').addEventListener('click', () => this.rename());
    $('preset-duplicate').addEventListener('click', () => this.saveAs({ duplicate: true }));
    $('preset-delete').addEventListener('click', () => this.remove());
    for (const id of ['preset-revert', 'preset-rename', 'preset-duplicate', 'preset-delete']) {
      $(id).addEventListener('click', () => $(id).closest('details').removeAttribute('open'));
    }
    store.on(change => { if (change.kind === 'params' || change.kind === 'preset') this.markModified(); });
  }

  /** The open preset: { name, revision, params (saved values), author, notes, updatedAt }, or null. */
  get current() { return this.store.preset; }

  get modified() { return this.current !== null && !sameParams(this.current.params, this.store.params); }

  /** Who made the loaded preset and why, under the chart. */
  showInfo() {
    const box = $('preset-info');
    writeAttribute(box, 'hidden', this.current === null);
    if (!this.current) return;
    writeText($('preset-info-name'), this.current.name);
    const when = this.current.updatedAt ? new Date(this.current.updatedAt).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }) : '';
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

  async fetch(name) {
    const { body } = await send('GET', path(name));
    return body;
  }

  /**
   * Opens a preset's draft, as everyone on it sees it. `linked`: values from a link, applied on
   * top as one edit of ours when they differ. `chosen`: picked from the menu by the person.
   */
  async load(name, { linked = null, chosen = false } = {}) {
    try {
      const preset = await this.drafts.open(name);
      if (linked) this.store.replace(linked);
      this.select.value = preset.name;
      for (const warning of preset.warnings) toast(`${preset.name}: ${warning}`);
      this.markModified();
      this.onLoaded(preset, { chosen });
    } catch (error) {
      toast(`Cannot load “${name}”: ${error.message}`, { error: true });
      this.select.value = this.current?.name ?? '';
    }
  }

  /**
   * Saves over the revision this page loaded (`If-Match`), so a save never silently replaces
   * a newer one: a 409 opens the conflict dialog. `overwrite` is the revision the person chose
   * to replace, knowingly.
   */
  async save({ overwrite = null } = {}) {
    if (!this.current) return this.saveAs();
    const headers = { 'If-Match': overwrite ?? this.current.revision };
    try {
      await this.drafts.flush();
      const { body } = await send('PUT', path(this.current.name),
        { author: this.current.author || getUserName(), notes: this.current.notes, parameters: this.store.params }, headers);
      this.store.updatePreset({ revision: body.revision, params: this.drafts.known(body.parameters), updatedAt: body.updatedAt });
      toast(`Saved “${body.name}”`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return this.resolveConflict();
      toast(`Cannot save: ${error.message}`, { error: true });
    }
  }

  /** Their saved version against ours, then reload theirs, save ours as a new preset, or overwrite theirs. */
  async resolveConflict() {
    const name = this.current.name;
    let theirs;
    try { theirs = await this.fetch(name); } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        toast(`“${name}” was deleted in the meantime; save yours under a name`, { error: true });
        return this.saveAs();
      }
      toast(`Cannot save: ${error.message}`, { error: true });
      return;
    }
    const when = theirs.updatedAt ? new Date(theirs.updatedAt).toLocaleString('en', { timeStyle: 'short', dateStyle: 'medium' }) : '';
    $('conflict-title').textContent = `“${name}” was saved by someone else`;
    const who = this.savedBy.get(name) || 'Someone';
    $('conflict-text').textContent = `${who} saved it${when ? ' at ' + when : ''} after you loaded it. `
      + 'Nothing is overwritten unless you choose to.';
    fillDiffTable($('conflict-table'), this.store.schema, [
      { title: 'Their saved version', parameters: theirs.parameters, notes: theirs.notes },
      { title: 'Yours', parameters: this.store.params, notes: this.current.notes },
    ], 'The parameters are the same; only the revision differs.');
    const dialog = $('conflict-dialog');
    dialog.returnValue = '';
    dialog.showModal();
    const choice = await new Promise(resolve => dialog.addEventListener('close', () => resolve(dialog.returnValue), { once: true }));
    if (choice === 'reload') return this.load(name);
    if (choice === 'saveas') return this.saveAs();
    if (choice === 'overwrite') return this.save({ overwrite: theirs.revision });
  }

  async saveAs({ duplicate = false } = {}) {
    const base = this.current?.name ?? 'My preset';
    const result = await presetDialog({
      title: duplicate ? 'Duplicate preset' : 'Save preset as',
      name: duplicate || this.current ? `${base} copy` : '',
      // A duplicate keeps the notes; a new preset saved from edits starts with its own.
      author: getUserName(), notes: duplicate ? this.current?.notes ?? '' : '', withMeta: true,
      submit: async ({ name, author, notes }) => {
        const params = duplicate ? this.current.params : this.store.params;
        await send('PUT', path(name), { author, notes, parameters: params }, { 'If-None-Match': '*' });
      },
    });
    if (!result) return;
    await this.refresh();
    await this.load(result.name, { chosen: true });
    toast(`Saved “${result.name}”`);
  }

  async rename() {
    if (!this.current) return;
    const oldName = this.current.name;
    const result = await presetDialog({
      title: 'Rename preset', name: oldName, withMeta: false, confirm: 'Rename',
      submit: async ({ name }) => { await send('POST', path(oldName) + '/rename', { newName: name }, { 'If-Match': this.current.revision }); },
    });
    if (!result) return;
    this.store.renameHistory(oldName, result.name);
    this.store.updatePreset({ name: result.name });
    await this.refresh();
    await this.load(result.name);
  }

  async remove() {
    if (!this.current) return;
    const name = this.current.name;
    if (!await confirmDialog('Delete preset?', `“${name}” will be deleted for everyone. Its history is kept: it can be restored (here, or from the decision log).`, 'Delete')) return;
    try {
      const { body } = await send('DELETE', path(name), undefined, { 'If-Match': this.current.revision });
      this.closeDeleted(name);
      await this.refresh();
      // The deletion is a revision: the one before it is the preset as it was.
      const before = String(Number(body.revision) - 1);
      toast(`Deleted “${name}”`, { ms: 12000, action: { label: 'Restore', run: () => this.restoreDeleted(name, before) } });
    } catch (error) {
      toast(`Cannot delete: ${error.message}`, { error: true });
    }
  }

  /** Brings a deleted preset back at the revision it had, and opens it. */
  async restoreDeleted(name, revision) {
    try {
      await send('POST', path(name) + '/restore', { revision });
      await this.refresh();
      await this.load(name);
      toast(`Restored “${name}”`);
    } catch (error) {
      toast(`Cannot restore “${name}”: ${error.message}`, { error: true });
    }
  }

  /** The open preset was deleted: its values stay on screen as unsaved parameters; Save becomes "Save as". */
  closeDeleted(name) {
    this.store.history.delete(name);
    this.store.load(null, this.store.params);
  }

  revert() {
    if (this.current) this.store.replace(this.current.params);
  }
}

/** The name/author/notes dialog; resolves with the values once `submit` succeeded, or null. */
function presetDialog({ title, name, author = '', notes = '', withMeta, confirm = 'Save', submit }) {
  const dialog = $('preset-dialog');
  $('preset-dialog-title').textContent = title;
  $('preset-name').value = name;
  $('preset-author').value = author;
  $('preset-notes').value = notes;
  $('preset-meta').hidden = !withMeta;
  $('preset-confirm').textContent = confirm;
  $('preset-error').textContent = '';
  dialog.showModal();
  return new Promise(resolve => {
    const form = $('preset-form');
    const onSubmit = async event => {
      if (event.submitter?.value !== 'ok') return;
      event.preventDefault();
      const values = { name: $('preset-name').value, author: $('preset-author').value, notes: $('preset-notes').value };
      try {
        await submit(values);
        cleanup();
        dialog.close();
        resolve(values);
      } catch (error) {
        $('preset-error').textContent = error.message;
      }
    };
    const onClose = () => { cleanup(); resolve(null); };
    const cleanup = () => { form.removeEventListener('submit', onSubmit); dialog.removeEventListener('close', onClose); };
    form.addEventListener('submit', onSubmit);
    dialog.addEventListener('close', onClose);
  });
}

export function confirmDialog(title, text, action) {
  const dialog = $('confirm-dialog');
  $('confirm-title').textContent = title;
  $('confirm-text').textContent = text;
  dialog.querySelector('button[value=ok]').textContent = action;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise(resolve => dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true }));
}
