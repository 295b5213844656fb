// Does the chart tell the truth about prices: the engine's honesty check (GET /api/check/honesty,
// docs/honesty.md) on every period and market scenario, shown above the controls; each control
// that causes a failure is marked and says why in words. Asked a while after the last change:
// the check draws every period of every scenario.

import { getJSON, query } from './api.js';

const DEBOUNCE_MS = 600;
const SHOWN = 6;

/** The honesty report of a set of parameter values (a preset file's, or the page's). */
export function checkHonesty(parameters) {
  return getJSON('/api/check/honesty?' + query(parameters));
}

/** The failures as list items, the first few and how many more. */
export function honestyItems(report, shown = SHOWN) {
  const items = report.failures.slice(0, shown).map(text => Object.assign(document.createElement('li'), { textContent: text }));
  if (report.failures.length > shown) items.push(Object.assign(document.createElement('li'), { textContent: `and ${report.failures.length - shown} more` }));
  return items;
}

export class HonestyHints {
  constructor(store) {
    this.store = store;
    this.timer = 0;
    this.asked = 0;
    store.on(change => { if (change.kind === 'params') this.schedule(); });
    this.schedule(0);
  }

  schedule(ms = DEBOUNCE_MS) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), ms);
  }

  async check() {
    const asked = ++this.asked;
    let report;
    try { report = await checkHonesty(this.store.changedParams()); } catch { return; }
    if (asked !== this.asked) return;   // a newer change is being checked
    this.show(report);
  }

  show(report) {
    const box = document.getElementById('honesty');
    box.dataset.pass = String(report.pass);
    document.getElementById('honesty-title').textContent = report.pass
      ? 'Honest chart: passes on every period and scenario'
      : `Honest chart: ${report.failures.length} failure${report.failures.length === 1 ? '' : 's'}`;
    document.getElementById('honesty-failures').replaceChildren(...honestyItems(report));
    for (const row of document.querySelectorAll('.control[data-key]')) {
      const key = row.dataset.key;
      const causes = report.measures.filter(m => m.controls.includes(key)).flatMap(m => m.failures);
      let note = row.querySelector('.honesty-note');
      if (!causes.length) { delete row.dataset.honesty; note?.remove(); continue; }
      row.dataset.honesty = 'fail';
      if (!note) {
        note = document.createElement('p');
        note.className = 'honesty-note';
        row.append(note);
      }
      note.textContent = causes[0] + (causes.length > 1 ? ` (and ${causes.length - 1} more)` : '');
    }
  }
}
