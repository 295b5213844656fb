// /device: the app's top screen on a phone: the price header that follows the finger, the chart at
// the app's size for the device width, the period buttons and light/dark, following the session's
// current parameters live (the preset an editor last opened or edited, with the team's unsaved
// edits, unless pinned to a preset or a person: device-pin.js), pressed and scrubbed by touch like the app, with a light haptic tick on each newly
// selected point where the browser can vibrate.

import { getJSON, send, clientId, setPageAlias, getUserName, withToken } from './api.js';
import { Store } from './state.js';
import { ChartView, PriceHeader, attachPointer, neighbourPeriod } from './chart-view.js';
import { fillPhoneParts } from './phone-parts.js';
import { installVisionFilters, applyVision } from './vision.js';
import { ensurePerson } from './person.js';
import { watchStream } from './connection.js';
import { DevicePin } from './device-pin.js';

const element = document.getElementById('preview');
/** Chart height over width in the app's top screen. */
const APP_CHART_RATIO = 0.7;

async function start() {
  // Presence is a write, by a person: the phone has a name too.
  await ensurePerson();
  fillPhoneParts();
  const [schema, session] = await Promise.all([getJSON('/api/schema'), getJSON('/api/session')]);
  const store = new Store(schema);
  // "See it as others see it" on the phone too: /device?vision=deuteranopia (a view setting, as on the workbench).
  installVisionFilters(schema);
  applyVision(new URLSearchParams(location.search).get('vision'));
  let source = null;   // the session's event stream, once open
  let presenceKey = null;   // the stream's proof that a presence update is this page's

  // The chart as tall as the app draws it for this width (390 → 273), never stretched to the
  // screen, and never taller than the room the header and the period buttons leave: on a phone
  // on its side (844 × 390) the period buttons stay on screen.
  const fit = () => {
    const clamp = (v, range) => Math.round(Math.min(range.max, Math.max(range.min, v)));
    const width = clamp(innerWidth, schema.width);
    const others = document.querySelector('.app-screen').offsetHeight - element.offsetHeight;
    const room = innerHeight - others - 8;
    store.setView({ width, height: clamp(Math.min(width * APP_CHART_RATIO, innerHeight * 0.6, room), schema.height) });
  };
  fit();
  const header = new PriceHeader(document.getElementById('headline-price'), document.getElementById('headline-change'));

  let lastSelected = null;   // time of the selected point in the last frame while pressing
  let lastTick = -Infinity;  // when the last haptic tick played (ms)
  const chart = new ChartView(element, () => ({ params: store.params, view: store.view }), {
    onPainted: (svg, error) => {
      status(error ? `Cannot draw the chart: ${error.message}` : '');
      if (!chart.pressed) fit();   // the header's height is known once it shows a price (and never changes the chart under a finger)
      if (!svg) return;
      header.update(svg, chart.pressed);
      // A new selected point under the finger: one short tick, as the app does with the preset's
      // haptics (onPointCrossed, at most one per hapticsMinInterval; the engine's HapticTicker),
      // through the Vibration API where the browser has it.
      // (the engine names the selected point on the frame, whether or not the price label is drawn)
      const selected = chart.pressed ? (svg.closest('[data-selected-time]') ?? svg.querySelector('[data-selected-time]'))?.dataset.selectedTime ?? null : null;
      if (selected !== null && lastSelected !== null && selected !== lastSelected && store.params.haptics === 'onPointCrossed') {
        const now = performance.now();
        if (now - lastTick >= Number(store.params.hapticsMinInterval ?? 50)) { lastTick = now; navigator.vibrate?.(5); }
      }
      lastSelected = selected;
    },
    onPress: (pressing, { replay, shown }) => {
      header.update(null, pressing);
      // A press played from the inspector is nobody's: it is not told to the others.
      if (replay) return;
      // After the press's first frame: that frame is what the finger waits for.
      shown.then(() => { if (presenceKey) send('POST', '/api/session/presence', { key: presenceKey, pressing, preset: store.presetName }).catch(() => {}); });
    },
  });
  attachPointer(element, () => [chart]);
  setUpPeriods(store);
  setUpTheme();
  // Some mobile browsers still scroll or zoom on a touch unless its default is refused.
  for (const type of ['touchstart', 'touchmove', 'gesturestart']) element.addEventListener(type, e => e.preventDefault(), { passive: false });

  // Events are applied one after another: switching preset fetches it first.
  let queue = Promise.resolve();
  const inOrder = task => { queue = queue.then(task).catch(error => status(error.message)); };
  // A preset as the session has it: its draft (the saved values and the team's unsaved edits).
  const take = draft => { if (store.takeDraft(draft, { orEqual: true })) store.applyRemote({ ...store.defaults, ...draft.parameters }); };
  const open = async name => {
    const draft = name === null ? null : await getJSON('/api/drafts/' + encodeURIComponent(name)).catch(() => null);
    const switched = (draft ? name : null) !== store.presetName;
    if (draft) store.openPreset({ name }, draft); else store.openUnsaved(store.defaults);
    document.body.dataset.preset = store.presetName ?? '';
    if (switched && presenceKey) send('POST', '/api/session/presence', { key: presenceKey, preset: store.presetName }).catch(() => {});
  };

  const current = session.current ?? { preset: null };
  const names = (await getJSON('/api/presets?limit=1000')).presets.map(p => p.name);
  // What the team is tuning now; shown unless the screen is pinned to a preset or a person.
  let teamPreset = current.preset ?? (names.includes('Default') ? 'Default' : null);
  const shown = () => { const wanted = pin.wanted(); return wanted === undefined ? teamPreset : wanted; };
  const pin = new DevicePin(document.getElementById('device-pin'), { onChange: () => inOrder(() => open(shown())) });
  pin.render({ presets: names, people: session.people ?? [] });
  await open(shown());
  // Values or view (the period, the size after a turn of the phone): the chart again.
  store.on(change => { if (change.kind === 'params' || change.kind === 'view') chart.draw(); });
  chart.draw();

  // The session's stream; opened again once the server is back after a lost connection, when the
  // shown preset is read again (its draft may have moved, or started again after a restart).
  const connection = watchStream({ reopen: () => { if (source.readyState !== EventSource.OPEN) { source.close(); listen(); } } });
  let away = false;
  const listen = () => {
    const search = new URLSearchParams({ client: clientId, user: getUserName() || 'Phone' });
    if (store.presetName !== null) search.set('preset', store.presetName);
    source = new EventSource(withToken('/api/events?' + search));
    // Only requests that show this stream's key may describe this page to the others.
    source.addEventListener('hello', event => {
      const hello = JSON.parse(event.data);
      presenceKey = hello.presenceKey ?? null;
      setPageAlias(hello.page);
      const restarted = connection.hello(hello.serverStart);
      if (away || restarted) inOrder(() => { store.forgetDraft(); return open(store.presetName); });
      away = false;
    });
    // An edit anywhere is what is being tuned now: the phone goes there.
    source.addEventListener('draft', event => inOrder(async () => {
      const data = JSON.parse(event.data);
      if (data.preset === store.presetName) return take(data);
      teamPreset = data.preset;
      if (pin.loose) await open(data.preset);
    }));
    // An editor opened another preset: the phone shows what is being tuned now.
    source.addEventListener('session', event => inOrder(async () => {
      const data = JSON.parse(event.data);
      teamPreset = data.preset ?? null;
      if (pin.loose && teamPreset !== store.presetName) await open(teamPreset);
    }));
    source.addEventListener('preset', event => inOrder(async () => {
      const data = JSON.parse(event.data);
      const shown = store.presetName;
      if ((data.action === 'saved' || data.action === 'deleted') && data.name === shown) await open(shown);
      if (data.action === 'renamed') store.presetRenamed(data.oldName, data.name);
    }));
    // Who is here, for the pin's choices; a followed person's preset when they open another.
    source.addEventListener('presence', event => inOrder(async () => {
      const people = JSON.parse(event.data).people;
      pin.render({ people });
      const wanted = pin.wanted(people);
      if (wanted !== undefined && wanted !== store.presetName) await open(wanted);
    }));
    // A live price plays the engine's step to it; another series is drawn anew.
    source.addEventListener('data', event => {
      if (JSON.parse(event.data).action === 'appended') chart.priceArrived(); else chart.draw();
    });
    // The motion inspector's Play: the phone plays the same motion on its own chart.
    source.addEventListener('play', event => {
      const { motion } = JSON.parse(event.data);
      chart.playMotion(motion, { from: neighbourPeriod(schema.periods, store.view.period) });
    });
    // Live prices on or off: the server decides again whether the chart is stale.
    source.addEventListener('live', () => chart.draw());
    source.addEventListener('open', () => { document.body.dataset.session = 'connected'; });
    source.addEventListener('error', () => { document.body.dataset.session = 'reconnecting'; away = true; connection.lost(); });
  };
  listen();
  addEventListener('resize', fit);
  document.body.dataset.ready = 'true';
}

/** The period buttons ask the store; they show the store's period, however it changed. */
function setUpPeriods(store) {
  const buttons = [...document.querySelectorAll('[data-period]')];
  const show = () => buttons.forEach(b => b.setAttribute('aria-pressed', String(b.dataset.period === store.view.period)));
  for (const button of buttons) button.addEventListener('click', () => store.setView({ period: button.dataset.period }));
  store.on(change => { if (change.kind === 'view') show(); });
  show();
}

/** Light or dark as the phone is set, until the toggle chooses. */
function setUpTheme() {
  const toggle = document.getElementById('theme-toggle');
  const apply = dark => {
    document.body.classList.toggle('theme-dark', dark);
    document.body.classList.toggle('theme-light', !dark);
    toggle.setAttribute('aria-pressed', String(dark));
    document.querySelector('meta[name=theme-color]').content = dark ? '#0f1115' : '#ffffff';
  };
  apply(matchMedia('(prefers-color-scheme: dark)').matches);
  toggle.addEventListener('click', () => apply(!document.body.classList.contains('theme-dark')));
}

function status(text) { document.getElementById('device-status').textContent = text; }

start().catch(error => status(`The chart could not start: ${error.message}`));
