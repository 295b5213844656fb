// The export dialog: pick a format, see the text, copy or download it.

import { getText } from './api.js';
import { toast } from './toast.js';

const $ = id => document.getElementById(id);

export class Exporter {
  constructor(presets) {
    this.presets = presets;
    $('open-export').addEventListener('click', () => this.open());
    $('export-format').addEventListener('change', () => this.show());
    $('export-copy').addEventListener('click', async () => {
      try { await navigator.clipboard.writeText($('export-text').textContent); toast('Copied'); }
      catch { toast('The browser refused the clipboard; select the text and copy it.', { error: true }); }
    });
  }

  open() {
    if (!this.presets.current) { toast('Save the parameters as a preset first, then export it.'); return; }
    $('export-dialog').showModal();
    this.show();
  }

  url(format) {
    return `/api/presets/${encodeURIComponent(this.presets.current.name)}/export?format=${format}`;
  }

  async show() {
    const format = $('export-format').value;
    const name = this.presets.current.name;
    $('export-title').textContent = `Export “${name}”`;
    $('export-note').textContent = this.presets.modified
      ? 'You have unsaved changes: the export is of the saved preset. Save first to include them.' : '';
    const link = $('export-download');
    link.href = this.url(format);
    link.setAttribute('download', '');
    try {
      $('export-text').textContent = await getText(this.url(format));
    } catch (error) {
      $('export-text').textContent = '';
      toast(`Cannot export: ${error.message}`, { error: true });
    }
  }
}
