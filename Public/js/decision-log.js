// The decision log page: every entry of `GET /api/log` (newest first) with who and when, a
// filter by kind and preset, new entries live, and a link to the Markdown for a team wiki.

import { send, getText } from './api.js';
import { readPages } from './paged-list.js';
import { onDecisionEvent } from './decision-events.js';
import { button, labelCells, row } from './elements.js';
import { confirmDialog } from './dialogs.js';

// The Markdown link carries no token (a link is copied and pasted into wikis): the page reads it
// with its headers and hands over the file.
const markdown = document.getElementById('log-markdown');
markdown?.addEventListener('click', async event => {
  event.preventDefault();
  try {
    const text = await getText('api/log?format=markdown');
    const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(new Blob([text], { type: 'text/markdown' })), download: 'decision-log.md' });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  } catch (error) {
    $('log-status').textContent = `Cannot read the log as Markdown: ${error.message}`;
  }
});

const $ = id => document.getElementById(id);
let entries = [];
// The `before` of the next, older page of the log (X-Next-Before), null when all are read.
let older = null;
let total = 0;

/** The log's fields, whatever spelling an entry uses for them. */
const field = {
  time: e => e.time ?? e.at ?? '',
  author: e => e.author ?? e.user ?? '',
  kind: e => e.kind ?? e.action ?? '',
  preset: e => e.preset ?? e.name ?? '',
  summary: e => e.summary ?? e.message ?? '',
};

/** A kind as words: "explore-answer" reads "Explore answer". */
const kindWords = kind => kind ? kind[0].toUpperCase() + kind.slice(1).replaceAll('-', ' ') : '';

// Reads run one after another: a live re-read never interleaves with "Older entries".
let reads = Promise.resolve();
const inTurn = read => (reads = reads.then(read));
let readOnce = false;

/**
 * Reads the log's newest page, and then older pages until it holds as many entries as were shown
 * (all of them, when all were shown): a live re-read keeps the older pages a person opened.
 */
const load = () => inTurn(async () => {
  const depth = readOnce && older === null ? Infinity : entries.length;
  try {
    ({ items: entries, next: older, total } = await readPages('/api/log', null, depth));
    readOnce = true;
    $('log-status').textContent = '';
  } catch (error) {
    $('log-status').textContent = `Cannot read the log: ${error.message}`;
    entries = [];
    older = null;
  }
  render();
});

/** Reads the next, older page of the log and adds it below. */
const loadOlder = () => inTurn(async () => {
  if (!older) return;
  try {
    const page = await readPages('/api/log', older, 1);
    entries = entries.concat(page.items);
    older = page.next;
  } catch (error) {
    $('log-status').textContent = `Cannot read older entries: ${error.message}`;
    return;
  }
  render();
});

function render() {
  const filter = $('log-filter');
  const kinds = [...new Set(entries.map(field.kind))].filter(Boolean).sort();
  const chosen = filter.value;
  filter.replaceChildren(new Option('Everything', ''), ...kinds.map(k => new Option(kindWords(k), k)));
  filter.value = kinds.includes(chosen) ? chosen : '';
  const preset = $('log-preset').value.trim().toLowerCase();
  const shown = entries.filter(e => (!filter.value || field.kind(e) === filter.value)
    && (!preset || String(field.preset(e)).toLowerCase().includes(preset)));
  const table = $('log-table');
  table.replaceChildren(row(['When', 'Who', 'What', 'Preset', 'Details'], 'th'));
  for (const entry of shown) {
    const time = field.time(entry);
    const when = time ? new Date(time).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'medium' }) : '';
    const line = row([when, field.author(entry) || 'someone', kindWords(field.kind(entry)), field.preset(entry) || '–', field.summary(entry)], 'td');
    // A deletion is a revision: the revision before it is the preset as it was.
    if (field.kind(entry) === 'delete' && Number(entry.revision) > 1) {
      line.lastElementChild.append(' ', button('Restore', () => restore(entry.preset, String(Number(entry.revision) - 1))));
    }
    table.append(line);
  }
  labelCells(table);
  if (!shown.length) table.append(row(['Nothing recorded yet.', '', '', '', ''], 'td'));
  if (older) {
    const more = row(['', '', '', '', ''], 'td');
    more.firstElementChild.append(button('Older entries', loadOlder));
    table.append(more);
  }
  $('log-status').textContent = `${shown.length} of ${Math.max(total, entries.length)} entries`;
}


async function restore(name, revision) {
  if (!await confirmDialog('Restore preset?', `Restore “${name}” as it was at revision ${revision}? It becomes its newest revision.`, 'Restore')) return;
  try {
    await send('POST', `/api/presets/${encodeURIComponent(name)}/restore`, { revision });
    $('log-status').textContent = `Restored “${name}” (revision ${revision}).`;
  } catch (error) {
    $('log-status').textContent = `Cannot restore “${name}”: ${error.message}`;
  }
}

$('log-filter').addEventListener('change', render);
$('log-preset').addEventListener('input', render);
// Anything that writes to the log is announced: re-read it (newest first, as the server orders it).
let pending = 0;
const reload = () => { clearTimeout(pending); pending = setTimeout(load, 150); };
for (const name of ['log', 'preset', 'comment', 'round', 'review', 'data', 'reconnected']) onDecisionEvent(name, reload);
load().then(() => { document.body.dataset.ready = 'true'; });
