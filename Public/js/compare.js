// Side-by-side comparison: the chosen presets on the same data and view, press/scrub and the
// transition in sync across them, and a table of the parameters that differ.

import { ChartView, attachPointer } from './chart-view.js';
import { setUpPlayMotions } from './play-motions.js';
import { same } from './state.js';
import { toast } from './toast.js';
import { row, checkBoxes } from './elements.js';
import { valueText } from './value-text.js';

const $ = id => document.getElementById(id);

export class Compare {
  constructor(store, presets) {
    this.store = store;
    this.presets = presets;
    this.views = [];
    this.loaded = new Map();
    this.chosen = new Set();
    $('open-compare').addEventListener('click', () => this.open());
    setUpPlayMotions($('compare-play'), () => this.views, store);
  }

  async open() {
    const list = await this.presets.refresh();
    if (this.chosen.size === 0) list.slice(0, 3).forEach(p => this.chosen.add(p.name));
    checkBoxes($('compare-choices'), list.map(p => p.name), 'compare-choice-').forEach((check, i) => {
      const name = list[i].name;
      check.checked = this.chosen.has(name);
      check.addEventListener('change', () => {
        if (check.checked) this.chosen.add(name); else this.chosen.delete(name);
        this.render();
      });
    });
    if (!$('compare-dialog').open) $('compare-dialog').showModal();
    await this.render();
  }

  async render() {
    const names = [...this.chosen];
    try {
      for (const name of names) if (!this.loaded.has(name)) this.loaded.set(name, await this.presets.fetch(name));
    } catch (error) {
      toast(`Cannot load a preset: ${error.message}`, { error: true });
      return;
    }
    const charts = $('compare-charts');
    charts.replaceChildren();
    this.views = names.map((name, i) => {
      const preset = this.loaded.get(name);
      const figure = document.createElement('figure');
      const caption = document.createElement('figcaption');
      caption.textContent = name;
      const element = document.createElement('div');
      element.className = 'preview';
      element.tabIndex = 0;
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', `Chart with ${name}`);
      figure.append(caption, element);
      charts.append(figure);
      const view = new ChartView(element, () => ({ params: preset.parameters, view: this.store.view }), { idPrefix: 'cmp' + i });
      attachPointer(element, () => this.views);
      view.draw();
      return view;
    });
    this.table(names.map(n => this.loaded.get(n)));
  }

  table(presets) {
    const table = $('compare-table');
    if (presets.length < 2) { table.replaceChildren(row(['Choose two or more presets.'], 'td')); return; }
    fillDiffTable(table, this.store.schema, presets.map(p => ({ title: p.name, parameters: p.parameters })));
  }

  /** A live price arrived: every candidate plays the engine's step to it together. */
  priceArrived() {
    if ($('compare-dialog').open) this.views.forEach(view => view.priceArrived());
  }

  /** A preset was saved, renamed or deleted: the next look shows what is stored now. */
  presetChanged({ action, name, oldName }) {
    this.loaded.delete(name);
    if (oldName) this.loaded.delete(oldName);
    if (action === 'renamed' && this.chosen.delete(oldName)) this.chosen.add(name);
    if (action === 'deleted') this.chosen.delete(name);
    if ($('compare-dialog').open && (this.chosen.has(name) || action !== 'saved')) this.open();
  }
}

/**
 * The rows of `columns` ({title, parameters, notes?}) whose values differ, one column each:
 * the Compare table and the save-conflict dialog.
 */
export function fillDiffTable(table, schema, columns, identical = 'These presets are identical.') {
  table.replaceChildren(row(['Parameter', ...columns.map(c => c.title)], 'th'));
  let differing = 0;
  for (const definition of schema.parameters) {
    const values = columns.map(c => c.parameters[definition.key]);
    if (values.every(v => same(v, values[0]))) continue;
    differing++;
    table.append(row([definition.standaloneLabel, ...values.map(v => valueText(definition, v))], 'td'));
  }
  if (columns.every(c => c.notes !== undefined) && columns.some(c => c.notes !== columns[0].notes)) {
    differing++;
    table.append(row(['Notes', ...columns.map(c => c.notes || '–')], 'td'));
  }
  if (!differing) table.append(row([identical], 'td'));
}

