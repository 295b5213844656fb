// The export dialog: pick the revision (the approved one by default) and a format, see its
// status, approvers and the text (or the bundle's purpose), copy or download it. A preview is
// never logged; the file a person downloads or copies is, by the server that produces it.

import { sendForBlob, identity, ApiError, getJSON } from './api.js';

const $ = id => document.getElementById(id);

/** One line per format: what it is for and what its receiver does next. */
const purposes = {
  swift: 'For an iOS engineer without the engine: a Swift file with its own types and the style value; drop it into the app target.',
  kotlin: 'For an Android engineer without the engine: a Kotlin file (Compose Color and Dp); paste it into the app module.',
  tokens: 'For design tools and token pipelines: W3C design tokens (DTCG); the motion in every platform\'s terms under $extensions.',
  figma: 'For designers: the colours and widths as Figma Variables (one collection, Light and Dark modes); Import from Figma… reads it back.',
  json: 'For the team\'s repository: the preset file; load it with workbench --preset or commit it to Presets/ for review.',
  svg: 'For docs and reviews: a self-playing SVG of the transition (current period, size and background).',
  ios: 'Give the iOS bundle (.zip) to the iOS engineer: it contains the ChartEngine package, the SwiftUI ChartView, this preset\'s style and motion files (SwiftUI and UIKit), vectors.json to check in a unit test, and a README naming each file.',
  android: 'Give the Android bundle (.zip) to the Android engineer: it contains the Kotlin engine, the Compose adapter, this preset\'s style and motion files (Compose specs), vectors.json with a conformance check, and a README naming each file.',
};
const bundles = new Set(['ios', 'android']);
const stateWords = { draft: 'draft', 'in-review': 'in review', approved: 'approved' };

export class Exporter {
  constructor(presets) {
    this.presets = presets;
    this.store = presets.store;
    this.objectURL = null;
    this.request = 0;
    this.status = null;     // the open preset's status when the dialog opened
    this.revisionsFilled = Promise.resolve();   // the Revision choices, read when the dialog opens
    $('open-export').addEventListener('click', () => this.open());
    $('export-format').addEventListener('change', () => this.show());
    $('export-revision').addEventListener('change', () => this.show());
    $('export-copy').addEventListener('click', () => this.copy());
    $('export-download').addEventListener('click', event => { event.preventDefault(); this.download(); });
  }

  async open() {
    $('export-dialog').showModal();
    this.revisionsFilled = this.fillRevisions();
    await this.revisionsFilled;
    this.show();
  }

  /**
   * The revisions one may export: the approved one (chosen when there is one), the saved one,
   * and what is on screen when it differs from the saved one or nothing is saved.
   */
  async fillRevisions() {
    const current = this.presets.current;
    const select = $('export-revision');
    this.status = null;
    if (current) {
      try { this.status = (await getJSON(`/api/presets/${encodeURIComponent(current.name)}`)).status; } catch { this.status = null; }
    }
    const options = [];
    const approved = this.status?.approvedRevision ?? null;
    if (approved) options.push(new Option(`Approved revision ${approved}`, 'approved'));
    if (current && String(current.revision) !== String(approved)) {
      options.push(new Option(`Saved revision ${current.revision} (${stateWords[this.status?.state] ?? 'draft'})`, String(current.revision)));
    }
    if (!current || this.presets.modified) options.push(new Option(current ? 'On screen, with unsaved changes' : 'On screen (not saved)', 'screen'));
    select.replaceChildren(...options);
    select.value = approved ? 'approved' : current && !this.presets.modified ? String(current.revision) : 'screen';
  }

  /** The body of POST /api/export: parameters and view as on screen. */
  body(format, delivery) {
    const current = this.presets.current;
    const view = this.store.view;
    return {
      ...this.store.params,
      format,
      delivery,
      name: current ? current.name : 'Untitled',
      // The saved preset it came from: the export's provenance names its revision when the
      // parameters are that revision's (or the approved one's), else says "unsaved".
      ...(current ? { preset: current.name } : {}),
      author: current ? current.author || '' : '',
      notes: current ? current.notes || '' : '',
      // "Updated:" is when the preset was saved; unsaved edits are exported as of now.
      ...(current?.updatedAt && !this.presets.modified ? { updatedAt: current.updatedAt } : {}),
      width: view.width, height: view.height, period: view.period,
      background: view.theme === 'dark' ? 'dark' : 'light',
    };
  }

  /** The export as the server produces it; `delivery` preview is not logged, download and copy are. */
  async produce(delivery) {
    // A format chosen while the Revision choices are still being read waits for them.
    await this.revisionsFilled;
    const format = $('export-format').value;
    const revision = $('export-revision').value;
    const current = this.presets.current;
    if (revision === 'screen' || !current) return sendForBlob('/api/export', this.body(format, delivery));
    const search = new URLSearchParams({ format, revision, delivery });
    const response = await fetch(`/api/presets/${encodeURIComponent(current.name)}/export?${search}`, { headers: identity() });
    if (!response.ok) {
      const type = response.headers.get('Content-Type') || '';
      throw new ApiError(response.status, type.includes('json') ? await response.json() : null);
    }
    return { blob: await response.blob(), headers: response.headers };
  }

  /**
   * Status, approvers and revision of what is exported; a draft or unsaved export says so. Below
   * it, the statement the file is signed with, in the server's words: approvers with their ids
   * and any failing check they approved despite.
   */
  describe(headers) {
    const revision = headers.get('X-Workbench-Revision');
    const state = headers.get('X-Workbench-Status') || 'unsaved';
    const statement = $('export-statement');
    const signed = signedStatement(headers);
    statement.hidden = !signed;
    statement.textContent = signed ? `Signed: ${signed}.` : '';
    statement.classList.toggle('draft', signed.includes(' despite: '));
    const line = $('export-status');
    const draft = state !== 'approved';
    line.classList.toggle('draft', draft);
    if (revision === 'unsaved' || !revision) {
      line.textContent = 'Unsaved parameters: this export is a draft, no saved revision and no approval.';
    } else if (state === 'approved') {
      const approvers = this.status?.approvedRevision === revision && this.status.approvers.length ? ` by ${this.status.approvers.join(', ')}` : '';
      line.textContent = `Revision ${revision} · approved${approvers}.`;
    } else {
      line.textContent = `Revision ${revision} · ${stateWords[state] ?? state}: this export is a draft, not an approved revision.`;
    }
  }

  showError(message) {
    const error = $('export-error');
    error.hidden = !message;
    error.textContent = message || '';
    const link = $('export-download');
    if (message) { link.setAttribute('aria-disabled', 'true'); link.removeAttribute('href'); } else link.removeAttribute('aria-disabled');
    $('export-copy').disabled = Boolean(message) || bundles.has($('export-format').value);
  }

  async show() {
    const format = $('export-format').value;
    const current = this.presets.current;
    const name = current ? current.name : 'Untitled';
    const ticket = ++this.request;
    $('export-title').textContent = `Export “${name}”`;
    const screen = $('export-revision').value === 'screen';
    const unsaved = !current ? ' Not saved as a preset yet: exported as “Untitled”.'
      : screen && this.presets.modified ? ' Includes your unsaved changes.' : '';
    $('export-note').textContent = purposes[format] + unsaved;
    $('export-copy').disabled = bundles.has(format);
    const link = $('export-download');
    link.removeAttribute('href');
    link.setAttribute('aria-disabled', 'true');
    // A bundle takes a moment: the last format's text is not left showing as if it were this one.
    if (bundles.has(format) || bundles.has(this.shownFormat)) $('export-text').textContent = bundles.has(format) ? 'Preparing the bundle…' : '';
    try {
      const { blob, headers } = await this.produce('preview');
      if (ticket !== this.request) return;  // a newer choice is on its way
      this.showError('');
      this.describe(headers);
      if (this.objectURL) URL.revokeObjectURL(this.objectURL);
      this.objectURL = URL.createObjectURL(blob);
      link.href = this.objectURL;
      link.setAttribute('download', fileName(headers, format));
      $('export-text').textContent = bundles.has(format)
        ? `${(blob.size / 1024).toFixed(0)} KB .zip — use Download. See README.md inside.` : await blob.text();
      this.shownFormat = format;
    } catch (error) {
      if (ticket !== this.request) return;
      $('export-text').textContent = '';
      $('export-status').textContent = '';
      $('export-statement').hidden = true;
      this.showError(`Cannot export: ${error.message}`);
    }
  }

  /** The file itself, produced (and logged) by the server, then saved by the browser. */
  async download() {
    if ($('export-download').getAttribute('aria-disabled') === 'true') return;
    try {
      const { blob, headers } = await this.produce('download');
      const url = URL.createObjectURL(blob);
      const save = Object.assign(document.createElement('a'), { href: url, download: fileName(headers, $('export-format').value) });
      document.body.append(save);
      save.click();
      save.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      this.showError(`Cannot export: ${error.message}`);
    }
  }

  async copy() {
    try {
      const { blob } = await this.produce('copy');
      await navigator.clipboard.writeText(await blob.text());
      $('export-status').textContent += ' Copied.';
    } catch (error) {
      this.showError(error instanceof ApiError ? `Cannot export: ${error.message}` : 'The browser refused the clipboard; select the text and copy it.');
    }
  }
}

/** The signed statement the server sends with an export (percent-encoded UTF-8), or ''. */
function signedStatement(headers) {
  try { return decodeURIComponent(headers.get('X-Workbench-Statement') || ''); } catch { return ''; }
}

function fileName(headers, format) {
  const disposition = headers.get('Content-Disposition') || '';
  const match = /filename\*=UTF-8''([^;]+)/.exec(disposition);
  return match ? decodeURIComponent(match[1]) : `export.${format}`;
}
