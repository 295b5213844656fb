// Does the chart tell the truth about prices: the engine's honesty check (GET /api/check/honesty,
// docs/honesty.md) on every period of the market the view shows (View → Market: the data or a
// scenario), or on every built-in scenario when asked ("Check every scenario"), shown above the
// controls; each control that causes a failure is marked and says why in words. Asked a while
// after the last change: the check draws every period.

import { getJSON, query } from './api.js';
import { DebouncedCheck } from './debounced-check.js';
import { writeAttribute, writeChildren, writeText } from './elements.js';

const DEBOUNCE_MS = 600;
const SHOWN = 6;

/** The market the view shows, as the check names it: a scenario, or `data` (the loaded series). */
export const viewMarket = view => view.scenario || 'data';

/** The honesty report of a set of parameter values on a market (`every`: all built-in scenarios). */
export function checkHonesty(parameters, market) {
  return getJSON('/api/check/honesty?' + query(market === 'every' ? parameters : { ...parameters, scenario: market }));
}

/** "on flash-crash", "on flash-crash, spike, outage", "on the data", "on every scenario". */
export const marketWords = market => (market === 'every' ? 'on every scenario' : market === 'data' ? 'on the data' : `on ${market.split(',').join(', ')}`);

/** The failures as list items, the first few and how many more. */
export function honestyItems(report, shown = SHOWN) {
  const items = report.failures.slice(0, shown).map(text => Object.assign(document.createElement('li'), { textContent: text }));
  if (report.failures.length > shown) items.push(Object.assign(document.createElement('li'), { textContent: `and ${report.failures.length - shown} more` }));
  return items;
}

export class HonestyHints {
  constructor(store) {
    this.store = store;
    this.every = false;
    this.check = new DebouncedCheck(() => {
      const market = this.every ? 'every' : viewMarket(this.store.view);
      this.every = false;
      return checkHonesty(this.store.changedParams(), market).then(report => ({ report, market }));
    }, ({ report, market }) => this.show(report, market));
    store.on(change => {
      if (change.kind === 'params' || (change.kind === 'view' && change.keys.includes('scenario'))) this.check.schedule(DEBOUNCE_MS);
    });
    document.getElementById('honesty-every').addEventListener('click', () => { this.every = true; this.check.schedule(0); });
  }

  /** Asks at once: the page has opened what it shows (never the defaults before it). */
  start() { this.check.schedule(0); }

  show(report, market) {
    // Only what changed: most reports asked after a slider step read as the one shown.
    writeAttribute(document.getElementById('honesty'), 'data-pass', String(report.pass));
    writeText(document.getElementById('honesty-title'), report.pass
      ? `Honest chart: passes on every period ${marketWords(market)}`
      : `Honest chart: ${report.failures.length} failure${report.failures.length === 1 ? '' : 's'} ${marketWords(market)}`);
    writeChildren(document.getElementById('honesty-failures'), honestyItems(report));
    for (const row of document.querySelectorAll('.control[data-key]')) {
      const key = row.dataset.key;
      const causes = report.measures.filter(m => m.controls.includes(key)).flatMap(m => m.failures);
      let note = row.querySelector('.honesty-note');
      if (!causes.length) { writeAttribute(row, 'data-honesty', null); note?.remove(); continue; }
      writeAttribute(row, 'data-honesty', 'fail');
      if (!note) {
        note = document.createElement('p');
        note.className = 'honesty-note';
        row.append(note);
      }
      writeText(note, causes[0] + (causes.length > 1 ? ` (and ${causes.length - 1} more)` : ''));
    }
  }
}
