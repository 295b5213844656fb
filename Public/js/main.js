// Starts the page: schema → controls, the preview, presets, comparison, export, live session.

import { getJSON, setUserName, getUserName, clientId, ApiError } from './api.js';
import { Store, defaultView } from './state.js';
import { buildControls } from './controls.js';
import { ChartView, PriceHeader, attachPointer } from './chart-view.js';
import { renderChannel } from './render-channel.js';
import { Presets } from './presets.js';
import { Compare } from './compare.js';
import { Exporter } from './export.js';
import { LiveSession } from './live.js';
import { DraftSync } from './drafts.js';
import { SessionPanel } from './session-panel.js';
import { announce } from './session-messages.js';
import { setUpDataImport } from './data-import.js';
import { toast } from './toast.js';
import { writeAttribute } from './elements.js';
import { shareableLink, copyText } from './share-link.js';
import { MotionInspector } from './inspector.js';
import { Comments } from './comments.js';
import { Rounds } from './rounds.js';
import { HistoryPanel } from './history.js';
import { Review } from './review.js';

const $ = id => document.getElementById(id);

async function start() {
  const schema = await getJSON('/api/schema');
  for (const p of schema.parameters) ApiError.fieldLabels[p.key] = p.label;
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

  const preview = $('preview');
  const header = new PriceHeader($('headline-price'), $('headline-change'));
  let inspector = null;
  const chart = new ChartView(preview, () => ({ params: store.params, view: store.view }), {
    onPainted: (svg, error, started, motion) => {
      if (error) { status(`Cannot draw the chart: ${error.message}`, true); return; }
      inspector?.painted(svg, motion);
      updateHeadline(svg);
    },
    onPress: (pressing, { replay, shown } = {}) => {
      header.update(null, pressing);
      // A replayed animation is nobody's press; a press shown because we follow someone is theirs.
      if (replay || showingTheirPress) return;
      const selection = chart.selection;
      shown.then(() => live.sendPresence({ pressing, selection }));
    },
  });
  attachPointer(preview, () => [chart]);
  // The chart hears of a change before anything else does: its request is on its way while the
  // controls, the draft and the URL catch up.
  store.on(change => { if (change.kind === 'params') chart.draw(); });
  buildControls($('controls'), store, { baseline });
  inspector = new MotionInspector(store, chart);

  let showingTheirPress = false;
  let summary = null;
  const updateHeadline = svg => header.update(svg, chart.pressed || chart.held !== null);
  const refreshSummary = async () => {
    try { summary = (await getJSON('/api/data?period=1D&maxPoints=2')).summary; } catch { summary = null; }
  };

  const notice = (text, error = false) => toast(text, { error });
  const drafts = new DraftSync(store, { notice });
  presets = new Presets(store, drafts, {
    onLoaded: (preset, { chosen }) => {
      if (chosen) live.stopFollowingHere();
      saveURL({ now: true });
      live.sendPresence({});
    },
  });
  const compare = new Compare(store, presets);
  new Exporter(presets);
  new Comments(store, () => presets.current?.name ?? null, () => Number($('progress-scrub').value));
  new Rounds(store, presets);
  const live = new LiveSession(store, presets, drafts, {
    notice,
    onPresetEvent: async data => {
      compare.presetChanged(data);
      if (data.action === 'saved') presets.savedBy.set(data.name, data.user);
      const current = presets.current;
      if (data.action === 'renamed') store.renameHistory(data.oldName, data.name);
      if (data.client !== clientId && current) {
        if (data.action === 'renamed' && data.oldName === current.name) {
          store.updatePreset({ name: data.name });
          saveURL({ now: true });
          live.sendPresence({});
          await drafts.resync().catch(() => {});   // the renamed file's revision
        } else if (data.action === 'deleted' && data.name === current.name) {
          presets.closeDeleted(data.name);
          saveURL({ now: true });
          live.sendPresence({});
        } else if (data.action === 'saved' && data.name === current.name && data.revision !== current.revision) {
          // Nobody was editing it, or the draft event is on its way: read the draft as saved.
          await drafts.resync().catch(() => {});
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
    onFollowedPress: (pressing, selection) => {
      showingTheirPress = pressing;
      if (pressing) chart.press(selection ?? 0.5); else { chart.release(); }
    },
  });
  const panel = new SessionPanel(live);
  // Deciding together: history, review and notes of the open preset.
  new HistoryPanel(store, {
    presetName: () => presets.current?.name ?? null,
    // The live document keeps everyone's unsaved changes on top of the restored revision.
    onRestored: () => drafts.resync().catch(() => {}),
  });
  const review = new Review({
    presetName: () => presets.current?.name ?? null,
    people: () => [...new Set(live.people.map(p => p.user).filter(Boolean))],
    onNotesSaved: () => drafts.resync().catch(() => {}),
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
    if (change.kind === 'preset') {
      store.emit({ kind: 'baseline' });
      saveURL();
    } else if (change.kind === 'notice') {
      toast(change.text);
    } else if (change.kind === 'params') {
      saveURL();
    } else if (change.kind === 'view') {
      applyView();
      chart.draw();
      saveURL();
    } else if (change.kind === 'history') {
      writeAttribute($('undo'), 'disabled', store.undoStack.length === 0);
      writeAttribute($('redo'), 'disabled', store.redoStack.length === 0);
    }
  });

  // View settings.
  const applyView = () => {
    const { width, height, zoom, theme, period, device } = store.view;
    // The phone keeps the device's aspect ratio but never overflows a narrow window.
    preview.style.aspectRatio = `${width} / ${height}`;
    // Zoom magnifies the whole phone (header, chart and buttons) as far as the dock's width
    // allows, and says so when that is less than asked: nothing scrolls inside a box.
    const room = $('phone-frame').parentElement.clientWidth;
    const shown = zoom === 1 ? 1 : Math.max(1, Math.min(zoom, Math.floor(room / width * 10) / 10));
    $('phone').style.zoom = String(shown);
    $('phone').style.width = shown === 1 ? `min(${width}px, 100%)` : `${width}px`;
    $('phone-frame').classList.toggle('zoomed', shown !== 1);
    $('phone-frame').dataset.shownZoom = String(shown);
    $('zoom-note').textContent = shown < zoom ? `${zoom}× is shown at ${shown}×: the window is not wide enough for more.` : '';
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
      const typed = Math.round(Number(el.value));
      const what = id === 'custom-width' ? 'Width' : 'Height';
      if (el.value.trim() === '' || !Number.isFinite(typed)) {
        el.value = store.view[what.toLowerCase()];
        toast(`${what} must be a number of pixels, ${el.min}–${el.max}; kept ${el.value} px.`, { key: 'limited-' + id });
        return;
      }
      // Out of range: the nearest size the preview draws, said out loud.
      const v = Math.min(Number(el.max), Math.max(Number(el.min), typed));
      if (v !== typed) toast(`${what} limited to ${v} px: ${typed} px is outside ${el.min}–${el.max} px.`, { key: 'limited-' + id });
      el.value = v;
      store.setView(id === 'custom-width' ? { width: v } : { height: v });
    });
  }
  for (const b of document.querySelectorAll('[data-zoom]')) b.addEventListener('click', () => store.setView({ zoom: Number(b.dataset.zoom) }));
  addEventListener('resize', () => { if (store.view.zoom !== 1) applyView(); });
  for (const b of document.querySelectorAll('[data-theme]')) b.addEventListener('click', () => store.setView({ theme: b.dataset.theme }));
  for (const b of document.querySelectorAll('[data-period]')) b.addEventListener('click', () => store.setView({ period: b.dataset.period }));

  // Actions.
  $('play-transition').addEventListener('click', () => chart.play());
  $('undo').addEventListener('click', () => store.undo());
  $('redo').addEventListener('click', () => store.redo());
  $('reset-all').addEventListener('click', () => store.replace(baseline()));
  $('reset-defaults').addEventListener('click', () => store.replace(store.defaults));
  $('copy-link').addEventListener('click', async () => {
    const link = shareableLink(panel.info, store.toURL());
    const who = panel.info.shared ? ` It lets the receiver in as ${panel.info.role === 'editor' ? 'an editor' : 'a viewer'}: share it only with the team.` : '';
    if (await copyText(link)) toast('Link copied.' + who);
    else toast(`Your browser did not allow copying. Share this link: ${link}`, { ms: 20000 });
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
  if (store.linkedPreset !== null && presets.list.some(p => p.name === store.linkedPreset)) {
    // A link's values over the preset's draft, as one edit of ours where they differ; a link
    // naming only the preset opens its draft as it is.
    await presets.load(store.linkedPreset, { linked: store.linkHasParams ? { ...store.params } : null });
  } else if (!fromLink && presets.list.some(p => p.name === 'Default')) {
    await presets.load('Default');
  }
  store.history.clear();
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
