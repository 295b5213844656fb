// Import from Figma: a Figma Variables file into the open preset's colours and widths. The
// server reads the file and answers what would change (nothing is written); Apply saves those
// changes as the preset's next revision, refused if someone saved in between.

import { send } from './api.js';
import { toast } from './toast.js';

const $ = id => document.getElementById(id);

export class FigmaImport {
  constructor(presets) {
    this.presets = presets;
    this.variables = null;   // the chosen file, parsed
    this.revision = null;    // the revision the preview was of
    $('open-figma').addEventListener('click', () => this.open());
    $('figma-file').addEventListener('change', () => this.read());
    $('figma-apply').addEventListener('click', () => this.apply());
  }

  open() {
    this.reset();
    const name = this.presets.current?.name;
    $('figma-summary').textContent = name ? `Into “${name}”.` : 'Open a saved preset first.';
    $('figma-file').disabled = !name;
    $('figma-dialog').showModal();
  }

  reset() {
    this.variables = null;
    this.revision = null;
    $('figma-file').value = '';
    $('figma-apply').disabled = true;
    $('figma-changes-wrap').hidden = true;
    $('figma-changes').tBodies[0].replaceChildren();
    $('figma-notes').replaceChildren();
    this.error('');
  }

  error(message) {
    $('figma-error').textContent = message;
    $('figma-error').hidden = !message;
  }

  async read() {
    const file = $('figma-file').files[0];
    if (!file) return;
    const name = this.presets.current?.name;
    this.reset();
    try {
      this.variables = JSON.parse(await file.text());
    } catch {
      return this.error(`${file.name} is not JSON.`);
    }
    await this.preview(name, file.name);
  }

  async preview(name, fileName) {
    try {
      const { body } = await send('POST', `/api/presets/${encodeURIComponent(name)}/figma`, { variables: this.variables });
      this.revision = body.revision;
      this.show(body, name, fileName);
    } catch (error) {
      this.variables = null;
      this.error(`${fileName}: ${FigmaImport.words(error)}`);
    }
  }

  show(answer, name, fileName) {
    const rows = answer.changes.map(change => {
      const row = document.createElement('tr');
      for (const text of [change.label, change.variable, String(change.from), String(change.to)]) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    });
    $('figma-changes').tBodies[0].replaceChildren(...rows);
    $('figma-changes-wrap').hidden = rows.length === 0;
    const count = answer.changes.length;
    $('figma-summary').textContent = count === 0
      ? `${fileName} changes nothing in “${name}” (revision ${answer.revision}).`
      : `${fileName} changes ${count} parameter${count === 1 ? '' : 's'} of “${name}” (revision ${answer.revision}); ${answer.unchanged.length} stay as they are.`;
    const notes = [...answer.notes];
    if (answer.ignored.length) notes.push(`Not the workbench's, left out: ${answer.ignored.join(', ')}.`);
    $('figma-notes').replaceChildren(...notes.map(text => Object.assign(document.createElement('li'), { textContent: text })));
    $('figma-apply').disabled = count === 0;
    $('figma-apply').textContent = `Apply to “${name}”`;
  }

  /** The error with the variable it names (a Figma variable is no parameter label the page knows). */
  static words(error) {
    return error.field && !error.message.includes(error.field) ? `${error.field}: ${error.message}` : error.message;
  }

  async apply() {
    const name = this.presets.current?.name;
    if (!name || !this.variables) return;
    $('figma-apply').disabled = true;
    try {
      const { body } = await send('POST', `/api/presets/${encodeURIComponent(name)}/figma`,
        { variables: this.variables, apply: true, revision: this.revision });
      $('figma-dialog').close();
      await this.presets.load(name);
      toast(`Saved revision ${body.saved} of “${name}” from Figma.`);
    } catch (error) {
      this.error(FigmaImport.words(error));
      $('figma-apply').disabled = false;
    }
  }
}
