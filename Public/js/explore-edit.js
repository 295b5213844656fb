// Explore's "Adjust the best by hand" (learning from edits, as in "BO as Assistant"): one
// control per parameter the round moves, built from the schema's definition and the round's
// range, prefilled with the team's best; a preview of the edited best drawn by the engine;
// "Keep my edit" posts the chart kept (every moving value as the controls show it) to /edits,
// where it counts as the person's answer (it beats the team's best; the same values as the best
// are refused as nothing changed, so the button waits for a change). Whether a value is
// acceptable is the server's to say.

import { send } from './api.js';
import { ChartView, attachPointer } from './chart-view.js';
import { same } from './state.js';

const $ = id => document.getElementById(id);
const BEZIER = ['x1', 'y1', 'x2', 'y2'];

export class ExploreEdit {
  /** `kept(answer, changes)`: the coordinator's follow-up once an edit is recorded (`changes`: the values set by hand). */
  constructor(store, kept) {
    this.store = store;
    this.kept = kept;
    this.round = null;
    this.best = null;     // the team's best the controls started from: its `values` and `parameters`
    this.refill = true;   // the next best fills the controls (none shown yet, or an edit was just kept)
    this.controls = [];   // { key, read(), write(value), inputs }
    this.preview = null;
    attachPointer($('explore-edit-preview'), () => (this.preview ? [this.preview] : []));
    $('explore-edit-form').addEventListener('input', () => { this.preview?.draw(); this.showChanged(); });
    $('explore-edit-form').addEventListener('submit', event => { event.preventDefault(); this.keep(); });
  }

  /**
   * The section for the round on screen: hidden when this person cannot answer. The controls
   * start from the team's best (before any answer, the starting preset: `round.start`) and
   * follow a new best, but for the values the person changed: what they keep is their change to
   * the team's best as it is then, never the values of an older best they did not touch.
   */
  show(round, canAnswer) {
    const section = $('explore-edit');
    const best = round.best ?? round.start;
    section.hidden = !canAnswer || !best;
    if (section.hidden) return;
    const keys = round.parameters.map(p => p.key).join();
    if (this.round?.id !== round.id || this.keys !== keys) this.build(round);
    this.round = round;
    this.keys = keys;
    const changes = this.refill ? {} : this.changed();
    this.refill = false;
    this.best = best;
    for (const control of this.controls) if (!(control.key in changes)) control.write(best.values[control.key]);
    this.draw();
    this.showChanged();
  }

  /** "Keep my edit" waits until a value differs from the best the controls show. */
  showChanged() {
    const unchanged = Object.keys(this.changed()).length === 0;
    $('explore-edit-form').querySelector('button[type=submit]').disabled = unchanged;
    $('explore-edit-unchanged').hidden = !unchanged;
  }

  build(round) {
    this.controls = round.parameters.map(parameter => this.control(parameter, this.store.definition(parameter.key)));
    $('explore-edit-controls').replaceChildren(...this.controls.map(c => c.row));
    this.refill = true;
  }

  /** One labelled control: a number field (the round's range, the schema's step), a menu, a check box, a colour or four numbers. */
  control(parameter, definition) {
    const id = 'explore-edit-' + parameter.key;
    const row = document.createElement('p');
    const label = Object.assign(document.createElement('label'), { htmlFor: id, textContent: parameter.label });
    row.append(label, ' ');
    const make = (tag, props) => Object.assign(document.createElement(tag), props);
    switch (definition.type) {
      case 'number': case 'integer': {
        const input = make('input', { type: 'number', id, min: parameter.min ?? definition.min, max: parameter.max ?? definition.max, step: definition.step || 'any' });
        row.append(input);
        if (definition.unit) row.append(' ', make('span', { className: 'unit', textContent: definition.unit }));
        return { key: parameter.key, row, inputs: [input], read: () => (input.value.trim() === '' ? null : Number(input.value)), write: v => { input.value = v; } };
      }
      case 'choice': {
        const select = make('select', { id });
        for (const option of parameter.options ?? definition.options) select.append(new Option(definition.optionLabels?.[option] ?? option, option));
        row.append(select);
        return { key: parameter.key, row, inputs: [select], read: () => select.value, write: v => { select.value = v; } };
      }
      case 'boolean': {
        const box = make('input', { type: 'checkbox', id });
        row.prepend(box, ' ');
        return { key: parameter.key, row, inputs: [box], read: () => box.checked, write: v => { box.checked = v; } };
      }
      case 'color': {
        const picker = make('input', { type: 'color', id });
        row.append(picker);
        return { key: parameter.key, row, inputs: [picker], read: () => picker.value.toUpperCase(), write: v => { picker.value = String(v).toLowerCase(); } };
      }
      case 'cubicBezier': {
        const fields = BEZIER.map((name, i) => {
          const range = i % 2 === 0 ? definition.x : definition.y;
          const field = make('input', { type: 'number', id: i === 0 ? id : `${id}-${name}`, min: range.min, max: range.max, step: 0.01 });
          if (i !== 0) field.setAttribute('aria-label', `${parameter.label} ${name}`);
          return field;
        });
        row.append(...fields);
        return { key: parameter.key, row, inputs: fields,
                 read: () => (fields.some(f => f.value.trim() === '') ? null : fields.map(f => Number(f.value))),
                 write: v => fields.forEach((f, i) => { f.value = v[i]; }) };
      }
      default: throw new Error(`no control for a ${definition.type} parameter`);
    }
  }

  /** The values set by hand that differ from the best the controls started from. */
  changed() {
    const out = {};
    for (const control of this.controls) {
      const value = control.read();
      if (value !== null && !same(value, this.best?.values[control.key])) out[control.key] = value;
    }
    return out;
  }

  /** Every moving parameter's value as the controls show it: the chart the person keeps. */
  shown() {
    const out = {};
    for (const control of this.controls) {
      const value = control.read();
      out[control.key] = value !== null ? value : this.best?.values[control.key];
    }
    return out;
  }

  draw() {
    if (!this.preview) this.preview = new ChartView($('explore-edit-preview'), () => ({ params: { ...this.best.parameters, ...this.changed() }, view: this.store.view }), { idPrefix: 'explore-edited' });
    this.preview.draw();
  }

  async keep() {
    const error = $('explore-edit-error');
    error.textContent = '';
    for (const control of this.controls) control.inputs.forEach(input => input.removeAttribute('aria-invalid'));
    try {
      // The whole chart kept, as the preview shows it: the server says when it is the team's best
      // already (nothing_changed), and the best may have moved since the controls were filled.
      const changes = this.changed();
      const { body } = await send('POST', `/api/explore/${encodeURIComponent(this.round.id)}/edits`, { values: this.shown() });
      this.refill = true;
      this.kept(body, changes);
    } catch (failure) {
      error.textContent = failure.message;
      const key = failure.field?.startsWith('values.') ? failure.field.slice('values.'.length) : null;
      this.controls.find(c => c.key === key)?.inputs[0].setAttribute('aria-invalid', 'true');
    }
  }
}
