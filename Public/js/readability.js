// Can everyone read the chart: the engine's readability report (GET /api/check) shown beside the
// colour controls as the values change: contrast on light and dark (WCAG: 3:1 for graphics), and
// how far the line stays from the trailing line and the fill for every kind of colour vision
// (Machado 2009, ΔE00). The page only shows the engine's numbers; it never computes contrast.
// Asked a moment after the last change, off the slider→chart path.

import { getJSON, query } from './api.js';
import { DebouncedCheck } from './debounced-check.js';
import { writeAttribute, writeChildren } from './elements.js';

const DEBOUNCE_MS = 250;

/** The report of a set of parameter values (a preset file's, or the page's). */
export function checkReadability(parameters) {
  return getJSON('/api/check?' + query(parameters));
}

/** What each colour control shows: its element's contrast, and the pairs it belongs to. */
const besides = {
  lineColor: { element: 'line', pairs: [] },
  trailingColor: { element: 'trailing', pairs: ['line-trailing'] },
  indicatorColor: { element: 'indicator', pairs: [] },
  fillColor: { element: null, pairs: ['line-fill'] },
};

export class ReadabilityHints {
  constructor(store) {
    this.store = store;
    this.report = null;
    this.check = new DebouncedCheck(() => checkReadability(this.store.changedParams()), report => { this.report = report; this.show(report); });
    store.on(change => { if (change.kind === 'params') this.check.schedule(DEBOUNCE_MS); });
  }

  /** Asks at once: the page has opened what it shows (never the defaults before it). */
  start() { this.check.schedule(0); }

  show(report) {
    for (const [key, { element, pairs }] of Object.entries(besides)) {
      const row = document.querySelector(`.control[data-key="${key}"]`);
      if (!row) continue;
      let box = row.querySelector('.readability');
      if (!box) {
        box = document.createElement('p');
        box.className = 'readability';
        box.id = `readability-${key}`;
        row.append(box);
        row.querySelector('input[type=text]')?.setAttribute('aria-describedby', box.id);
      }
      const parts = [];
      if (element) parts.push(...contrastParts(report, element));
      for (const pair of pairs) parts.push(...distinctnessParts(report, pair));
      // Only what changed: a report asked after a width step reads as before, and the page stays still.
      writeChildren(box, parts.flatMap((part, i) => i ? [document.createTextNode(' · '), part] : [part]));
      writeAttribute(box, 'hidden', parts.length === 0);
      writeAttribute(box, 'data-pass', String(parts.every(p => p.dataset.pass === 'true')));
    }
  }
}

/** "2.29:1 on light ✗ needs 3:1" per background: the lowest ratio of the element's states. */
function contrastParts(report, element) {
  return report.backgrounds.map(({ name }) => {
    const rows = report.contrast.filter(c => c.element === element && c.background === name);
    if (!rows.length) return null;
    const worst = rows.reduce((a, b) => (b.ratio < a.ratio ? b : a));
    return part(worst.pass, `${ratio(worst.ratio)}:1 on ${name}`, `needs ${number(worst.threshold)}:1`);
  }).filter(Boolean);
}

/** "from the line ΔE00 8.89 over light ✗ needs 10 (deuteranopia 6.94)": the worst vision per background. */
function distinctnessParts(report, pair) {
  const rows = report.distinctness.filter(d => d.pair === pair);
  const grounds = [...new Set(rows.map(d => d.background))];
  return grounds.map(ground => {
    const some = rows.filter(d => d.background === ground);
    const worst = some.reduce((a, b) => (b.deltaE < a.deltaE ? b : a));
    const typical = some.find(d => d.vision === 'none') ?? worst;
    const over = ground ? ` over ${ground}` : '';
    const who = worst.vision === 'none' ? '' : ` (${worst.vision} ${ratio(worst.deltaE)})`;
    return part(worst.pass, `ΔE00 from the line ${ratio(typical.deltaE)}${over}${who}`, `needs ${number(worst.threshold)}`);
  });
}

function part(pass, text, needs) {
  const span = document.createElement('span');
  span.className = pass ? 'check pass' : 'check fail';
  span.dataset.pass = String(pass);
  const mark = document.createElement('span');
  mark.className = 'mark';
  mark.textContent = pass ? '✓' : '✗';
  mark.setAttribute('role', 'img');
  mark.setAttribute('aria-label', pass ? 'passes' : 'fails');
  span.append(document.createTextNode(text + ' '), mark);
  if (!pass) span.append(document.createTextNode(' ' + needs));
  return span;
}

/** Two decimals rounded down, as the engine writes them: a value shown never reaches a threshold it misses. */
const ratio = v => (Math.floor(v * 100) / 100).toFixed(2);
const number = v => String(Math.round(v * 100) / 100);

/** The report's failures as list items (the review panel). */
export function failureItems(report) {
  return report.failures.map(text => Object.assign(document.createElement('li'), { textContent: text }));
}
