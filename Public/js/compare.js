// Side-by-side comparison: the chosen presets on the same data and view, press/scrub and the
// transition in sync across them, and a table of the parameters that differ.

import { ChartView, attachPointer } from './chart-view.js';
import { same } from './state.js';
import { toast } from './toast.js';

const $ = id => document.getElementById(id);

export class Compare {
  constructor(store, presets) {
    this.store = store;
    this.presets = presets;
    this.views = [];
    this.loaded = new Map();
    this.chosen = new Set();
    $('open-compare').addEventListener('click', () => this.open());
  }

  async open() {
    const list = await this.presets.refresh();
    if (this.chosen.size === 0) list.slice(0, 3).forEach(p => this.chosen.add(p.name));
    const box = $('compare-choices');
    box.querySelectorAll('label').forEach(l => l.remove());
    list.forEach((p, i) => {
      const label = document.createElement('label');
      const check = document.createElement('input');
      check.type = 'checkbox';
      check.id = 'compare-choice-' + i;
      check.checked = this.chosen.has(p.name);
      check.addEventListener('change', () => {
        if (check.checked) this.chosen.add(p.name); else this.chosen.delete(p.name);
        this.render();
      });
      label.append(check, document.createTextNode(' ' + p.name));
      box.append(label);
    });
    $('compare-dialog').showModal();
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
    table.replaceChildren();
    if (presets.length < 2) { table.append(row(['Choose two or more presets.'], 'td')); return; }
    table.append(row(['Parameter', ...presets.map(p => p.name)], 'th'));
    let differing = 0;
    for (const definition of this.store.schema.parameters) {
      const values = presets.map(p => p.parameters[definition.key]);
      if (values.every(v => same(v, values[0]))) continue;
      differing++;
      table.append(row([definition.label, ...values.map(v => Array.isArray(v) ? v.join(', ') : String(v))], 'td'));
    }
    if (!differing) table.append(row(['These presets are identical.'], 'td'));
  }
}

function row(cells, tag) {
  const tr = document.createElement('tr');
  for (const text of cells) {
    const cell = document.createElement(tag);
    cell.textContent = text;
    tr.append(cell);
  }
  return tr;
}
