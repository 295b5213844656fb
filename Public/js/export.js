// The export dialog: pick a format, see the text (or the bundle's purpose), copy or download it.
// Exports what is on screen: the current parameters, saved or not, and the current view.

import { sendForBlob } from './api.js';
import { toast } from './toast.js';

const $ = id => document.getElementById(id);

/** One line per format: what it is for and what its receiver does next. */
const purposes = {
  swift: 'For an iOS engineer without the engine: a Swift file with its own types and the style value; drop it into the app target.',
  kotlin: 'For an Android engineer without the engine: a Kotlin file (Compose Color and Dp); paste it into the app module.',
  tokens: 'For design tools and token pipelines: W3C design tokens (DTCG); the motion in every platform\'s terms under $extensions.',
  json: 'For the team\'s repository: the preset file; load it with workbench --preset or commit it to Presets/ for review.',
  svg: 'For docs and reviews: a self-playing SVG of the transition (current period, size and background).',
  ios: 'Give the iOS bundle (.zip) to the iOS engineer: it contains the ChartEngine package, the SwiftUI ChartView, this preset\'s style and motion files (SwiftUI and UIKit), vectors.json to check in a unit test, and a README naming each file.',
  android: 'Give the Android bundle (.zip) to the Android engineer: it contains the Kotlin engine, the Compose adapter, this preset\'s style and motion files (Compose specs), vectors.json with a conformance check, and a README naming each file.',
};
const bundles = new Set(['ios', 'android']);

export class Exporter {
  constructor(presets) {
    this.presets = presets;
    this.store = presets.store;
    this.objectURL = null;
    this.request = 0;
    $('open-export').addEventListener('click', () => this.open());
    $('export-format').addEventListener('change', () => this.show());
    $('export-copy').addEventListener('click', async () => {
      try { await navigator.clipboard.writeText($('export-text').textContent); toast('Copied'); }
      catch { toast('The browser refused the clipboard; select the text and copy it.', { error: true }); }
    });
  }

  open() {
    $('export-dialog').showModal();
    this.show();
  }

  /** The body of POST /api/export: parameters and view as on screen. */
  body(format) {
    const current = this.presets.current;
    const view = this.store.view;
    return {
      ...this.store.params,
      format,
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

  async show() {
    const format = $('export-format').value;
    const current = this.presets.current;
    const name = current ? current.name : 'Untitled';
    const ticket = ++this.request;
    $('export-title').textContent = `Export “${name}”`;
    const unsaved = !current ? ' Not saved as a preset yet: exported as “Untitled”.'
      : this.presets.modified ? ' Includes your unsaved changes.' : '';
    $('export-note').textContent = purposes[format] + unsaved;
    $('export-copy').disabled = bundles.has(format);
    const link = $('export-download');
    link.removeAttribute('href');
    try {
      const { blob, headers } = await sendForBlob('/api/export', this.body(format));
      if (ticket !== this.request) return;  // a newer choice is on its way
      if (this.objectURL) URL.revokeObjectURL(this.objectURL);
      this.objectURL = URL.createObjectURL(blob);
      link.href = this.objectURL;
      const disposition = headers.get('Content-Disposition') || '';
      const match = /filename\*=UTF-8''([^;]+)/.exec(disposition);
      link.setAttribute('download', match ? decodeURIComponent(match[1]) : `export.${format}`);
      $('export-text').textContent = bundles.has(format)
        ? `${(blob.size / 1024).toFixed(0)} KB .zip — use Download. See README.md inside.` : await blob.text();
    } catch (error) {
      if (ticket !== this.request) return;
      $('export-text').textContent = '';
      toast(`Cannot export: ${error.message}`, { error: true });
    }
  }
}
