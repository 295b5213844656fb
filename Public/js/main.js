// Starts the page: schema → controls, the preview, presets, comparison, export, live session.

import { getJSON, setUserName, getUserName, clientId } from './api.js';
import { Store, defaultView } from './state.js';
import { buildControls } from './controls.js';
import { ChartView, PriceHeader, attachPointer } from './chart-view.js';
import { renderChannel } from './render-channel.js';
import { Presets } from './presets.js';
import { Compare } from './compare.js';
import { Exporter } from './export.js';
import { LiveSession } from './live.js';
import { SessionPanel } from './session-panel.js';
import { announce } from './session-messages.js';
import { setUpDataImport } from './data-import.js';
import { toast } from './toast.js';
import { MotionInspector } from './inspector.js';
import { Comments } from './comments.js';
import { Rounds } from './rounds.js';
import { HistoryPanel } from './history.js';
import { Review } from './review.js';

const $ = id => document.getElementById(id);

// Time from a parameter edit to the new chart on screen, read by the browser benchmark.
// Also pointerdown → first transition frame in the page.
const metrics = window.workbenchMetrics = { inputAt: 0, paints: [], inDocument: [], renders: 0, pressToFrame: [] };

async function start() {
  const schema = await getJSON('/api/schema');
  const store = new Store(schema);
  renderChannel.defaults = store.defaults;
  const ignored = store.fromURL(location.search);
  if (ignored.length) {
    $('link-ignored-list').textContent = ignored.join(', ');
    $('link-ignored').hidden = false;
  }
  $('link-ignored-close').addEventListener('click', () => { $('link-ignored').hidden = true; });

  // ↺ and Reset all return to the loaded preset's values; the engine defaults are one step further.
  let presets = null;
  const baseline = () => presets?.current?.params ?? store.defaults;
  buildControls($('controls'), store, { baseline });

  const preview = $('preview');
  const header = new PriceHeader($('headline-price'), $('headline-change'));
  let inspector = null;
  const chart = new ChartView(preview, () => ({ params: store.params, view: store.view }), {
    onPainted: (svg, error, started, motion) => {
      if (error) { status(`Cannot draw the chart: ${error.message}`, true); return; }
      metrics.renders++;
      if (motion && motion.action === 'press') metrics.pressToFrame.push(performance.now() - motion.pressedAt);
      inspector?.painted(svg, motion);
      if (metrics.inputAt) {
        const since = metrics.inputAt;
        metrics.inputAt = 0;
        metrics.inDocument.push(performance.now() - since);
        requestAnimationFrame(() => metrics.paints.push(performance.now() - since));
      }
      updateHeadline(svg);
    },
    onPress: pressing => { header.update(null, pressing); live.sendPresence({ pressing }); },
  });
  attachPointer(preview, () => [chart]);
  inspector = new MotionInspector(store, chart);

  let summary = null;
  const updateHeadline = svg => header.update(svg, chart.pressed || chart.held !== null);
  const refreshSummary = async () => {
    try { summary = (await getJSON('/api/data?period=1D&maxPoints=2')).summary; } catch { summary = null; }
  };

  presets = new Presets(store, { onLoaded: () => { store.emit({ kind: 'baseline' }); saveURL({ now: true }); live.sendPresence({}); } });
  const compare = new Compare(store, presets);
  new Exporter(presets);
  new Comments(store, () => presets.current?.name ?? null, () => Number($('progress-scrub').value));
  new Rounds(store, presets);
  const live = new LiveSession(store, presets, {
    onPresetEvent: async data => {
      compare.presetChanged(data);
      if (data.action === 'saved') presets.savedBy.set(data.name, data.user);
      const current = presets.current;
      if (data.client !== clientId && current) {
        if (data.action === 'renamed' && data.oldName === current.name) {
          presets.current = { ...current, name: data.name };
          store.presetName = data.name;
          saveURL({ now: true });
          live.sendPresence({});
        } else if (data.action === 'deleted' && data.name === current.name) {
          // Keep the values; Save becomes "Save as".
          presets.current = null;
          store.presetName = null;
          saveURL({ now: true });
          live.sendPresence({});
        } else if (data.action === 'saved' && data.name === current.name && data.revision !== current.revision) {
          // Never adopt a newer revision over unsaved changes: Save will show what differs.
          const adopted = await presets.adopt(data.name).catch(() => false);
          if (!adopted) announce(data, `saved “${data.name}” too: your Save will show what differs`);
        }
      }
      await presets.refresh();
    },
    onDataEvent: data => {
      summary = data.summary;
      chart.draw();
      showDataSource();
      if (data.client === clientId) return;
      if (data.action === 'loaded') announce(data, `loaded ${data.summary.source} for everyone`);
      if (data.action === 'builtin') announce(data, 'went back to the built-in series for everyone');
    },
    onLiveEvent: data => {
      $('live-toggle').checked = data.enabled;
      if (data.client !== clientId && data.user !== undefined) announce(data, `turned live prices ${data.enabled ? 'on' : 'off'} for everyone`);
    },
    onPresence: people => panel.renderPresence(people),
  });
  const panel = new SessionPanel(live);
  // Deciding together: history, review and notes of the open preset.
  new HistoryPanel(store, {
    presetName: () => presets.current?.name ?? null,
    onRestored: async name => {
      if (!(await presets.adopt(name).catch(() => false))) toast(`“${name}” was restored; your unsaved changes are kept (Revert shows the restored values)`);
    },
  });
  const review = new Review({
    presetName: () => presets.current?.name ?? null,
    people: () => [...new Set(live.people.map(p => p.user).filter(Boolean))],
    onNotesSaved: file => {
      if (presets.current?.name !== file.name) return;
      presets.current = { ...presets.current, revision: file.revision, notes: file.notes, updatedAt: file.updatedAt };
      presets.markModified();
    },
  });
  store.on(change => { if (change.kind === 'baseline') review.refresh(); });
  const showDataSource = () => {
    const builtIn = summary?.source?.startsWith('built-in');
    $('data-builtin').hidden = builtIn !== false;
  };
  setUpDataImport({ onLoaded: body => { summary = body.summary; chart.draw(); showDataSource(); }, status });

  // Store → picture and URL.
  let urlTimer = 0;
  const saveURL = ({ now = false } = {}) => {
    clearTimeout(urlTimer);
    const write = () => history.replaceState(null, '', store.toURL());
    if (now) write(); else urlTimer = setTimeout(write, 120);
  };
  store.on(change => {
    if (change.kind === 'params') {
      if (change.origin === 'local') metrics.inputAt = metrics.inputAt || performance.now();
      chart.draw();
      saveURL();
    } else if (change.kind === 'view') {
      applyView();
      chart.draw();
      saveURL();
    } else if (change.kind === 'history') {
      $('undo').disabled = store.undoStack.length === 0;
      $('redo').disabled = store.redoStack.length === 0;
    }
  });

  // View settings.
  const applyView = () => {
    const { width, height, zoom, theme, period, device } = store.view;
    // The phone keeps the device's aspect ratio but never overflows a narrow window.
    preview.style.aspectRatio = `${width} / ${height}`;
    // Zoom magnifies the whole phone (header, chart and buttons); past the window it scrolls.
    $('phone').style.zoom = String(zoom);
    $('phone').style.width = zoom === 1 ? `min(${width}px, 100%)` : `${width}px`;
    $('phone-frame').classList.toggle('zoomed', zoom !== 1);
    $('phone').className = `phone theme-${theme}`;
    $('device-select').value = device;
    $('custom-size').hidden = device !== 'custom';
    $('custom-width').value = width;
    $('custom-height').value = height;
    for (const b of document.querySelectorAll('[data-zoom]')) b.setAttribute('aria-pressed', String(Number(b.dataset.zoom) === zoom));
    for (const b of document.querySelectorAll('[data-theme]')) b.setAttribute('aria-pressed', String(b.dataset.theme === theme));
    for (const b of document.querySelectorAll('[data-period]')) b.setAttribute('aria-pressed', String(b.dataset.period === period));
  };
  $('device-select').addEventListener('change', event => {
    const value = event.target.value;
    // A device has its own width and the phone's standard chart height: no custom size sticks.
    store.setView(value === 'custom' ? { device: 'custom' } : { device: value, width: Number(value), height: defaultView.height });
  });
  // The custom size's bounds are the server's (schema), as every other rule.
  for (const [id, key] of [['custom-width', 'width'], ['custom-height', 'height']]) {
    $(id).min = String(schema[key].min);
    $(id).max = String(schema[key].max);
  }
  for (const id of ['custom-width', 'custom-height']) {
    $(id).addEventListener('change', event => {
      const el = event.target;
      const v = Math.round(Number(el.value));
      if (!Number.isFinite(v) || v < Number(el.min) || v > Number(el.max)) { el.value = store.view[id === 'custom-width' ? 'width' : 'height']; return; }
      store.setView(id === 'custom-width' ? { width: v } : { height: v });
    });
  }
  for (const b of document.querySelectorAll('[data-zoom]')) b.addEventListener('click', () => store.setView({ zoom: Number(b.dataset.zoom) }));
  for (const b of document.querySelectorAll('[data-theme]')) b.addEventListener('click', () => store.setView({ theme: b.dataset.theme }));
  for (const b of document.querySelectorAll('[data-period]')) b.addEventListener('click', () => store.setView({ period: b.dataset.period }));

  // Actions.
  $('play-transition').addEventListener('click', () => chart.play());
  $('undo').addEventListener('click', () => store.undo());
  $('redo').addEventListener('click', () => store.redo());
  $('reset-all').addEventListener('click', () => store.replace(baseline()));
  $('reset-defaults').addEventListener('click', () => store.replace(store.defaults));
  $('copy-link').addEventListener('click', async () => {
    const link = location.origin + store.toURL();
    try { await navigator.clipboard.writeText(link); toast('Link copied'); } catch { prompt('Copy this link', link); }
  });
  document.addEventListener('keydown', event => {
    if (!(event.ctrlKey || event.metaKey)) return;
    if (event.target.matches('input[type=text], textarea')) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) { event.preventDefault(); store.undo(); }
    else if ((key === 'z' && event.shiftKey) || key === 'y') { event.preventDefault(); store.redo(); }
  });
  // Menus (<details class="menu">) close on Escape, returning focus to their button, and on a click elsewhere.
  document.addEventListener('keydown', event => {
    if (event.key !== 'Escape') return;
    for (const menu of document.querySelectorAll('details.menu[open]')) {
      menu.removeAttribute('open');
      if (menu.contains(document.activeElement)) menu.querySelector('summary').focus();
    }
  });
  document.addEventListener('pointerdown', event => {
    for (const menu of document.querySelectorAll('details.menu[open]')) if (!menu.contains(event.target)) menu.removeAttribute('open');
  });
  $('user-name').value = getUserName();
  $('user-name').addEventListener('change', event => { setUserName(event.target.value.trim()); live.sendPresence({}); });

  // First picture: the URL's state, else the Default preset.
  applyView();
  await presets.refresh();
  const fromLink = location.search.length > 1;
  if (store.presetName !== null && presets.list.some(p => p.name === store.presetName)) {
    await presets.load(store.presetName, { keepParams: fromLink });
  } else if (!fromLink && presets.list.some(p => p.name === 'Default')) {
    await presets.load('Default');
  }
  store.undoStack = [];
  store.emit({ kind: 'history' });
  chart.draw();
  await refreshSummary();
  showDataSource();
  await panel.start();
  live.sendPresence({});
  try { $('live-toggle').checked = (await getJSON('/api/live')).enabled; } catch { /* shown on first use */ }
  document.body.dataset.ready = 'true';
}

function status(text, isError = false) {
  const box = $('data-status');
  box.textContent = text;
  box.classList.toggle('error', isError);
}

start().catch(error => {
  status(`The workbench could not start: ${error.message}`, true);
  console.error(error);
});
