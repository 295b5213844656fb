// A preset's history: every saved revision (author, time, message, deleted), any one viewed,
// any two diffed (the parameter table and the two charts side by side, overlaid or strobing,
// at rest, pressed and mid-transition, changed pixels highlighted) and any one restored as a
// new revision. The charts are the engine's renders (`POST /api/render`).

import { getJSON, send, query } from './api.js';
import { fillDiffTable } from './compare.js';
import { onDecisionEvent } from './decision-events.js';
import { svgImage, changedPixels } from './pixel-diff.js';
import { toast } from './toast.js';
import { row, button } from './elements.js';
import { whenText } from './time-text.js';
import { PagedList } from './paged-list.js';
import { confirmDialog } from './dialogs.js';

const $ = id => document.getElementById(id);
const presetPath = name => `/api/presets/${encodeURIComponent(name)}`;

/** The chart states a diff shows: the progress (already eased) and where the finger is. */
export const diffStates = {
  rest: { progress: 0, label: 'at rest' },
  pressed: { progress: 1, selection: 0.62, label: 'pressed' },
  mid: { progress: 0.5, selection: 0.62, label: 'mid-transition' },
};

export class HistoryPanel {
  /**
   * @param {object} store the page's store: the saved preset open on this page, the view
   * @param {(name: string) => Promise<void>} onRestored shows the restored revision on this page
   */
  constructor(store, { onRestored }) {
    this.store = store;
    this.onRestored = onRestored;
    this.dialog = $('history-dialog');
    this.name = null;         // the preset `revisions` and `files` belong to (the open one, or the one just deleted)
    // Its revisions, newest first, a page at a time.
    this.pages = new PagedList({ list: $('revision-list'), order: 'newest-first', noun: 'revisions', id: r => r.revision, onOlder: () => this.renderList({ keepPicks: true }) });
    this.files = new Map();   // revision → preset file
    this.mode = 'side';
    this.state = 'rest';
    this.strobe = 0;
    this.drawing = 0;         // the newest chart drawing; older ones give up
    $('open-history').addEventListener('click', () => this.open());
    $('history-diff').addEventListener('click', () => this.diff());
    $('diff-highlight').addEventListener('change', () => this.drawCharts());
    for (const b of document.querySelectorAll('[data-diff-mode]')) b.addEventListener('click', () => { this.mode = b.dataset.diffMode; this.drawCharts(); });
    for (const b of document.querySelectorAll('[data-diff-state]')) b.addEventListener('click', () => { this.state = b.dataset.diffState; this.drawCharts(); });
    this.dialog.addEventListener('close', () => this.stopStrobe());
    onDecisionEvent('preset', data => {
      if (this.dialog.open && (data.name === this.name || data.oldName === this.name)) this.load(data.name);
    });
    // The open preset renamed, or another opened (following someone): the dialog shows its history.
    store.on(change => {
      const name = store.presetName;
      if (change.kind === 'preset' && this.dialog.open && name !== null && name !== this.name) this.load(name);
    });
  }

  async open() {
    const name = this.store.presetName;
    if (name === null) { toast('Save the preset first: history starts with its first save'); return; }
    $('history-view').hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
    await this.load(name);
  }

  async load(name) {
    // Until this preset's revisions are listed there is no A and B to compare: a click then would do nothing.
    if (name !== this.name) { this.files.clear(); $('history-diff').disabled = true; }
    this.name = name;
    $('history-title').textContent = `History of “${name}”`;
    try {
      await this.pages.load(`${presetPath(name)}/revisions`);
    } catch (error) {
      $('history-error').textContent = `Cannot read the history: ${error.message}`;
      this.renderList();
      return;
    }
    $('history-error').textContent = '';
    this.renderList();
  }

  /** The revisions read so far, newest first. */
  get revisions() { return this.pages.items; }

  /** The revisions as a list, A the previous and B the newest unless `keepPicks` keeps the ones picked. */
  renderList({ keepPicks = false } = {}) {
    const list = $('revision-list');
    const picked = group => (keepPicks ? list.querySelector(`input[name=${group}]:checked`)?.value : undefined);
    const picks = { 'diff-a': picked('diff-a'), 'diff-b': picked('diff-b') };
    list.replaceChildren();
    const [newest, previous] = this.revisions;
    this.revisions.forEach((revision, index) => {
      const item = document.createElement('li');
      item.dataset.revision = revision.revision;
      item.classList.toggle('deleted', Boolean(revision.deleted));
      const pick = (group, checked) => {
        const label = document.createElement('label');
        const radio = document.createElement('input');
        radio.type = 'radio';
        radio.name = group;
        radio.value = String(revision.revision);
        radio.checked = picks[group] === undefined ? checked : picks[group] === radio.value;
        label.append(radio, document.createTextNode(group === 'diff-a' ? ' A' : ' B'));
        label.title = group === 'diff-a' ? 'Compare from this revision' : 'Compare to this revision';
        radio.setAttribute('aria-label', `${group === 'diff-a' ? 'Compare from' : 'Compare to'} revision ${revision.revision}`);
        return label;
      };
      const what = document.createElement('span');
      what.className = 'what';
      what.textContent = describe(revision);
      item.append(pick('diff-a', revision === (previous ?? newest)), pick('diff-b', revision === newest), what);
      item.append(button('View', () => this.view(revision.revision)));
      if (index > 0 || revision.deleted) {
        const restore = button('Restore', () => this.restore(revision));
        restore.dataset.writes = '';   // a viewer sees it disabled (viewer.js)
        item.append(restore);
      }
      list.append(item);
    });
    if (!this.revisions.length) list.append(Object.assign(document.createElement('li'), { textContent: 'No revisions yet.' }));
    $('history-diff').disabled = this.revisions.length < 1;
  }

  async file(revision) {
    if (!this.files.has(revision)) this.files.set(revision, await getJSON(`${presetPath(this.name)}/revisions/${encodeURIComponent(revision)}`));
    return this.files.get(revision);
  }

  /** One revision alone: its chart and every parameter. */
  async view(revision) {
    try {
      const file = await this.file(revision);
      this.shown = [{ revision, file }];
    } catch (error) { toast(`Cannot read revision ${revision}: ${error.message}`, { error: true }); return; }
    const { file } = this.shown[0];
    $('history-view-title').textContent = `Revision ${revision}`;
    const table = $('history-table');
    table.replaceChildren(row(['Parameter', `Revision ${revision}`], 'th'));
    for (const definition of this.store.schema.parameters) table.append(row([definition.label, text(file.parameters[definition.key])], 'td'));
    table.append(row(['Notes', file.notes || '–'], 'td'));
    $('diff-mode-group').hidden = true;
    $('diff-highlight-label').hidden = true;
    $('history-view').hidden = false;
    await this.drawCharts();
  }

  async diff() {
    const a = document.querySelector('input[name=diff-a]:checked')?.value;
    const b = document.querySelector('input[name=diff-b]:checked')?.value;
    if (a === undefined || b === undefined) return;
    const revisionOf = value => this.revisions.find(r => String(r.revision) === value)?.revision ?? value;
    try {
      this.shown = [];
      for (const revision of [revisionOf(a), revisionOf(b)]) this.shown.push({ revision, file: await this.file(revision) });
    } catch (error) { toast(`Cannot read a revision: ${error.message}`, { error: true }); return; }
    const [first, second] = this.shown;
    $('history-view-title').textContent = `Revision ${first.revision} (A) → revision ${second.revision} (B)`;
    fillDiffTable($('history-table'), this.store.schema, this.shown.map(({ revision, file }) => ({
      title: `Revision ${revision}`, parameters: file.parameters, notes: file.notes ?? '',
    })), 'These revisions have the same parameters and notes.');
    $('diff-mode-group').hidden = false;
    $('diff-highlight-label').hidden = false;
    $('history-view').hidden = false;
    await this.drawCharts();
  }

  async render(parameters) {
    const { width, height, period } = this.store.view;
    const { progress, selection } = diffStates[this.state];
    const body = { ...parameters, width, height, period, progress, id: 'rev' };
    if (selection !== undefined) body.selection = selection;
    const svg = (await send('POST', '/api/render', body)).body;
    // Drawn as an image, the chart has no page around it: its text (currentColor) takes the
    // chosen background's text colour, as on the phone.
    return svg.replace(/<svg\b/, `<svg color="${this.ground().text}"`);
  }

  /** The chosen background and its text colour, as the engine defines them (/api/schema). */
  ground() {
    const theme = this.store.view.theme;
    return this.store.schema.backgrounds?.find(b => b.name === theme)
      ?? (theme === 'dark' ? { color: '#0F1115', text: '#F2F3F5' } : { color: '#FFFFFF', text: '#15171C' });
  }

  /** The colour parameters that differ between A and B, each with the engine's ΔE00. */
  async colourChanges(first, second) {
    const changes = [];
    for (const definition of this.store.schema.parameters.filter(p => p.type === 'color')) {
      const a = first.parameters[definition.key], b = second.parameters[definition.key];
      if (!a || !b || a.toUpperCase() === b.toUpperCase()) continue;
      try {
        const { deltaE } = await getJSON('/api/check/difference?' + query({ first: a, second: b }));
        changes.push(`${definition.label} ${a} → ${b}: ΔE00 ${deltaE.toFixed(1)}`);
      } catch { changes.push(`${definition.label} ${a} → ${b}`); }
    }
    return changes;
  }

  async drawCharts() {
    if (!this.shown) return;
    const drawing = ++this.drawing;
    this.stopStrobe();
    for (const b of document.querySelectorAll('[data-diff-mode]')) b.setAttribute('aria-pressed', String(b.dataset.diffMode === this.mode));
    for (const b of document.querySelectorAll('[data-diff-state]')) b.setAttribute('aria-pressed', String(b.dataset.diffState === this.state));
    const { width, height } = this.store.view;
    let images, colours = [];
    try {
      const svgs = await Promise.all(this.shown.map(s => this.render(s.file.parameters)));
      if (this.shown.length === 2) colours = await this.colourChanges(this.shown[0].file, this.shown[1].file);
      images = await Promise.all(svgs.map(svg => svgImage(svg, width, height)));
    } catch (error) {
      toast(`Cannot draw the revisions: ${error.message}`, { error: true });
      return;
    }
    if (drawing !== this.drawing) return;
    const stateLabel = diffStates[this.state].label;
    const box = $('revision-charts');
    box.replaceChildren();
    images.forEach((image, i) => { image.alt = `Revision ${this.shown[i].revision} ${stateLabel}`; });
    if (images.length === 1) {
      box.append(figure(`Revision ${this.shown[0].revision}`, stack([images[0]])));
      $('diff-summary').textContent = '';
      return;
    }
    const highlight = changedPixels(images[0], images[1], width, height, { background: this.ground().color });
    highlight.canvas.className = 'changed-pixels';
    highlight.canvas.setAttribute('aria-hidden', 'true');
    const overlay = $('diff-highlight').checked ? [highlight.canvas] : [];
    const share = (100 * highlight.changed / highlight.total).toFixed(1);
    const rule = `a colour difference above ΔE00 ${highlight.threshold} (CIEDE2000)`;
    const pixelsText = highlight.changed
      ? `${highlight.changed} pixels differ ${stateLabel} by ${rule} (${share}% of the chart, largest ΔE00 ${highlight.largest.toFixed(1)})${overlay.length ? ', marked in magenta' : ''}.`
      : highlight.largest === 0 ? `The two charts are identical ${stateLabel}.`
      : `No pixel differs ${stateLabel} by ${rule} (largest ΔE00 ${highlight.largest.toFixed(1)}).`;
    $('diff-summary').textContent = [pixelsText, ...colours.map(c => c + '.')].join(' ');
    const [a, b] = this.shown.map(s => `Revision ${s.revision}`);
    if (this.mode === 'side') {
      box.append(figure(`${a} (A)`, stack([images[0]])), figure(`${b} (B)`, stack([images[1], ...overlay])));
    } else if (this.mode === 'overlay') {
      images[1].className = 'over';
      box.append(figure(`${a} (A) under ${b} (B) at half opacity`, stack([images[0], images[1], ...overlay])));
    } else {
      const caption = document.createElement('figcaption');
      caption.setAttribute('aria-live', 'off');
      const shownFigure = figure('', stack([images[0], images[1], ...overlay]));
      shownFigure.replaceChild(caption, shownFigure.querySelector('figcaption'));
      box.append(shownFigure);
      let showing = 0;
      const flip = () => {
        images[0].hidden = showing !== 0;
        images[1].hidden = showing !== 1;
        caption.textContent = `Strobing: ${showing === 0 ? `${a} (A)` : `${b} (B)`}`;
        shownFigure.dataset.showing = showing === 0 ? 'a' : 'b';
        showing = 1 - showing;
      };
      flip();
      this.strobe = setInterval(flip, 700);
    }
  }

  stopStrobe() {
    clearInterval(this.strobe);
    this.strobe = 0;
  }

  async restore(revision) {
    const when = revision.deleted ? 'deleted' : 'saved';
    if (!await confirmDialog('Restore revision?', `Restore revision ${revision.revision} (${when} by ${revision.author || 'someone'}) as a new revision of “${this.name}”?`, 'Restore')) return;
    try {
      const { body } = await send('POST', `${presetPath(this.name)}/restore`, { revision: revision.revision });
      toast(`Restored revision ${revision.revision} as revision ${body.revision ?? 'new'}`);
      await this.onRestored(this.name);
      await this.load(this.name);
    } catch (error) {
      toast(`Cannot restore: ${error.message}`, { error: true });
    }
  }
}

export function describe(revision) {
  const when = revision.savedAt ? whenText(revision.savedAt) : '';
  return [`Revision ${revision.revision}`, revision.author || 'someone', when, revision.message, revision.deleted ? 'deleted' : '']
    .filter(Boolean).join(' · ');
}

function text(v) { return v === undefined ? '–' : Array.isArray(v) ? v.join(', ') : String(v); }

function stack(children) {
  const box = document.createElement('div');
  box.className = 'diff-stack';
  box.append(...children);
  return box;
}

function figure(caption, content) {
  const f = document.createElement('figure');
  f.append(Object.assign(document.createElement('figcaption'), { textContent: caption }), content);
  return f;
}
