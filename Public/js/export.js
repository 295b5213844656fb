// The export dialog: pick a format, see the text (or the bundle's purpose), copy or download it.
// Exports what is on screen: the current parameters, saved or not, and the current view.

import { sendForBlob } from './api.js';
import { toast } from './toast.js';

const $ = id => document.getElementById(id);

/** One line per format: what it is for and what its receiver does next. */
const purposes = {
  swift: 'Swift file for iOS: its own types and the style value; drop it into the app target.',
  kotlin: 'Kotlin file for Android (Compose Color and Dp): paste it into the app module.',
  tokens: 'W3C design tokens (DTCG) for design tools and token pipelines; motion for every platform under $extensions.',
  json: 'The preset file: load it with workbench --preset or commit it to Presets/ for review.',
  svg: 'A self-playing SVG of the transition for docs and reviews (current period, size and background).',
  ios: 'iOS bundle (.zip): add the ChartEngine package, drop in the style file, check vectors.json in a unit test.',
  android: 'Android bundle (.zip): copy the Kotlin engine and Compose adapter into the app, run the conformance check on vectors.json.',
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
