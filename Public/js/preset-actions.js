// What is done to the open preset, here and by others: save (guarded by revision, with the
// conflict dialog), save as, duplicate, rename, delete (and restore from the toast), revert; and
// the rules for others' saves, renames and deletions of the preset open on this page. The open
// preset lives in the store: these ask it to change; the list and the menu are presets.js.

import { send, ApiError, getUserName, isOwnPage } from './api.js';
import { fillDiffTable } from './compare.js';
import { toast } from './toast.js';
import { confirmDialog } from './dialogs.js';
import { same } from './state.js';
import { whenText } from './time-text.js';

const $ = id => document.getElementById(id);
const path = name => '/api/presets/' + encodeURIComponent(name);

export class PresetActions {
  /**
   * @param {() => void} onMoved the open preset was renamed or closed (deleted) under the page:
   *   its address and presence say so at once
   */
  constructor(store, presets, drafts, { onMoved = () => {} } = {}) {
    this.store = store;
    this.presets = presets;
    this.drafts = drafts;
    this.onMoved = onMoved;
    this.savedBy = new Map();   // preset name → who saved it last, heard from the session
    $('preset-save').addEventListener('click', () => this.save());
    $('preset-save-as').addEventListener('click', () => this.saveAs());
    $('preset-revert').addEventListener('click', () => this.revert());
    $('preset-rename').addEventListener('click', () => this.rename());
    $('preset-duplicate').addEventListener('click', () => this.saveAs({ duplicate: true }));
    $('preset-delete').addEventListener('click', () => this.remove());
    for (const id of ['preset-revert', 'preset-rename', 'preset-duplicate', 'preset-delete']) {
      $(id).addEventListener('click', () => $(id).closest('details').removeAttribute('open'));
    }
  }

  get current() { return this.store.preset; }

  /** A `preset` event of the session: someone saved, renamed or deleted a preset (maybe the open one). */
  async heard(data) {
    if (data.action === 'saved') this.savedBy.set(data.name, data.user);
    // The undo history follows a rename, whoever made it; ours has been applied already.
    if (data.action === 'renamed') {
      const open = this.store.presetName === data.oldName;
      this.store.presetRenamed(data.oldName, data.name);
      if (open) {
        this.onMoved();
        await this.drafts.resync().catch(() => {});   // the renamed file's revision
      }
    }
    const current = this.current;
    if (!isOwnPage(data.client) && current) {
      if (data.action === 'deleted' && data.name === current.name) {
        this.store.closePreset();
        this.onMoved();
      } else if (data.action === 'saved' && data.name === current.name && data.revision !== current.revision) {
        // Nobody was editing it, or the draft event is on its way: read the draft as saved.
        await this.drafts.resync().catch(() => {});
      }
    }
    // The event may be the last thing a dying server sent: the list is read again when it is back.
    await this.presets.refresh().catch(() => {});
  }

  /**
   * Saves over the revision this page loaded (`If-Match`), so a save never silently replaces
   * a newer one: a 409 opens the conflict dialog. `overwrite` is the revision the person chose
   * to replace, knowingly.
   */
  async save({ overwrite = null } = {}) {
    if (!this.current) return this.saveAs();
    const headers = { 'If-Match': overwrite ?? this.current.revision };
    const attempt = { name: this.current.name, revision: this.current.revision, parameters: { ...this.store.params } };
    try {
      await this.drafts.flush();
      const { body } = await send('PUT', path(this.current.name),
        { author: this.current.author || getUserName(), notes: this.current.notes, parameters: this.store.params }, headers);
      this.store.presetSaved({ revision: body.revision, saved: body.parameters, updatedAt: body.updatedAt });
      toast(`Saved “${body.name}”`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return this.resolveConflict();
      if (error instanceof ApiError) return toast(`Cannot save: ${error.message}`, { error: true });
      // No answer (the server went away mid-save): the revision may have been kept; once the
      // server is back the page looks (settleInterruptedSave).
      this.interruptedSave = attempt;
      toast(`The connection was lost while saving “${attempt.name}”; the page checks whether it was kept once the server is back`,
            { error: true, key: 'interrupted-save', ms: 15000 });
    }
  }

  /** After reconnecting: the interrupted save was kept (the marker settles) or not (say so; the values stay). */
  async settleInterruptedSave() {
    const tried = this.interruptedSave;
    if (!tried) return;
    this.interruptedSave = null;
    const stored = await this.presets.fetch(tried.name).catch(() => null);
    const values = stored && { ...this.store.defaults, ...stored.parameters };
    const kept = stored && stored.revision !== tried.revision && Object.keys(this.store.defaults).every(k => same(values[k], tried.parameters[k]));
    if (kept) {
      if (this.store.presetName === tried.name) this.store.presetSaved({ revision: stored.revision, saved: stored.parameters, updatedAt: stored.updatedAt });
      toast(`Your save of “${tried.name}” was kept as revision ${stored.revision}`, { key: 'interrupted-save' });
    } else {
      toast(`Your save of “${tried.name}” did not reach the server; your changes are still here: save again`, { error: true, key: 'interrupted-save', ms: 15000 });
    }
  }

  /** Their saved version against ours, then reload theirs, save ours as a new preset, or overwrite theirs. */
  async resolveConflict() {
    const name = this.current.name;
    let theirs;
    try { theirs = await this.presets.fetch(name); } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        toast(`“${name}” was deleted in the meantime; save yours under a name`, { error: true });
        return this.saveAs();
      }
      toast(`Cannot save: ${error.message}`, { error: true });
      return;
    }
    const when = theirs.updatedAt ? whenText(theirs.updatedAt) : '';
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
    if (choice === 'reload') return this.presets.load(name);
    if (choice === 'saveas') return this.saveAs();
    if (choice === 'overwrite') return this.save({ overwrite: theirs.revision });
  }

  async saveAs({ duplicate = false } = {}) {
    const base = this.current?.name ?? 'My preset';
    const sourceName = this.current?.name ?? null;
    const sourceRevision = this.current?.revision ?? null;
    const modified = this.presets.modified;
    const result = await presetDialog({
      title: duplicate ? 'Duplicate preset' : 'Save preset as',
      name: duplicate || this.current ? `${base} copy` : '',
      // A duplicate keeps the notes; a new preset saved from edits starts with its own.
      notes: duplicate ? this.current?.notes ?? '' : '', withMeta: true,
      submit: async ({ name, notes }) => {
        const params = duplicate ? this.current.params : this.store.params;
        // The log names the source; a save-as of the shared draft takes its changes along, so
        // the source's draft returns to its saved revision for everyone.
        const source = this.current ? { from: this.current.name, ...(duplicate ? {} : { resetSourceDraft: modified }) } : {};
        if (!duplicate && this.current) await this.drafts.flush();
        await send('PUT', path(name), { notes, parameters: params, ...source }, { 'If-None-Match': '*' });
      },
    });
    if (!result) return;
    await this.presets.refresh();
    await this.presets.load(result.name, { chosen: true });
    toast(!duplicate && sourceName && modified
      ? `Saved “${result.name}”. “${sourceName}” is back to its saved revision ${sourceRevision}; your changes are in “${result.name}”.`
      : `Saved “${result.name}”`, { ms: 6000 });
  }

  async rename() {
    if (!this.current) return;
    const oldName = this.current.name;
    const result = await presetDialog({
      title: 'Rename preset', name: oldName, withMeta: false, confirm: 'Rename',
      submit: async ({ name }) => { await send('POST', path(oldName) + '/rename', { newName: name }, { 'If-Match': this.current.revision }); },
    });
    if (!result) return;
    this.store.presetRenamed(oldName, result.name);
    this.onMoved();   // presence and the address name the new name at once
    await this.presets.refresh();
    await this.presets.load(result.name);
  }

  async remove() {
    if (!this.current) return;
    const name = this.current.name;
    if (!await confirmDialog('Delete preset?', `“${name}” will be deleted for everyone. Its history is kept: it can be restored (here, or from the decision log).`, 'Delete')) return;
    try {
      const { body } = await send('DELETE', path(name), undefined, { 'If-Match': this.current.revision });
      this.store.closePreset();
      this.onMoved();   // presence no longer shows us on a preset that is gone
      await this.presets.refresh();
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
      await this.presets.refresh();
      await this.presets.load(name);
      toast(`Restored “${name}”`);
    } catch (error) {
      toast(`Cannot restore “${name}”: ${error.message}`, { error: true });
    }
  }

  revert() {
    if (this.current) this.store.replace(this.current.params);
  }
}

/** The name/notes dialog (the author is the person who saves); resolves with the values once `submit` succeeded, or null. */
function presetDialog({ title, name, notes = '', withMeta, confirm = 'Save', submit }) {
  const dialog = $('preset-dialog');
  $('preset-dialog-title').textContent = title;
  $('preset-name').value = name;
  $('preset-notes').value = notes;
  $('preset-meta').hidden = !withMeta;
  $('preset-confirm').textContent = confirm;
  $('preset-error').textContent = '';
  dialog.showModal();
  // The name offered is selected, so typing a new one replaces it ("Default copy" is a suggestion).
  $('preset-name').focus();
  $('preset-name').select();
  return new Promise(resolve => {
    const form = $('preset-form');
    const onSubmit = async event => {
      if (event.submitter?.value !== 'ok') return;
      event.preventDefault();
      // A second click while saving saves nothing twice (a walk double-clicked a save).
      const ok = event.submitter;
      if (ok.disabled) return;
      ok.disabled = true;
      const values = { name: $('preset-name').value, notes: $('preset-notes').value };
      try {
        await submit(values);
        cleanup();
        dialog.close();
        resolve(values);
      } catch (error) {
        $('preset-error').textContent = error.message;
      } finally {
        ok.disabled = false;
      }
    };
    const onClose = () => { cleanup(); resolve(null); };
    const onCancel = () => dialog.close('cancel');
    const cleanup = () => {
      form.removeEventListener('submit', onSubmit);
      dialog.removeEventListener('close', onClose);
      $('preset-cancel').removeEventListener('click', onCancel);
    };
    form.addEventListener('submit', onSubmit);
    dialog.addEventListener('close', onClose);
    $('preset-cancel').addEventListener('click', onCancel);
  });
}
