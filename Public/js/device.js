// /device: only the chart, full screen on a phone, following the session's current parameters
// live (the preset an editor last opened or edited, with the team's unsaved edits), pressed and scrubbed by touch like the app, with a
// light haptic tick on each newly selected point where the browser can vibrate.

import { getJSON, send, clientId, getUserName } from './api.js';
import { Store } from './state.js';
import { ChartView, attachPointer } from './chart-view.js';

const element = document.getElementById('preview');

async function start() {
  const [schema, session] = await Promise.all([getJSON('/api/schema'), getJSON('/api/session')]);
  const store = new Store(schema);
  let preset = null;
  let source = null;   // the session's event stream, once open

  const fit = () => {
    const clamp = (v, range) => Math.round(Math.min(range.max, Math.max(range.min, v)));
    store.view = { ...store.view, width: clamp(innerWidth, schema.width), height: clamp(innerHeight, schema.height) };
  };
  fit();

  let lastSelected = null;   // time of the selected point in the last frame while pressing
  const chart = new ChartView(element, () => ({ params: store.params, view: store.view }), {
    onPainted: (svg, error) => {
      status(error ? `Cannot draw the chart: ${error.message}` : '');
      if (!svg) return;
      // A new selected point under the finger: one short tick, as the app does.
      // (the engine names the selected point on the frame, whether or not the price label is drawn)
      const selected = chart.pressed ? (svg.closest('[data-selected-time]') ?? svg.querySelector('[data-selected-time]'))?.dataset.selectedTime ?? null : null;
      if (selected !== null && lastSelected !== null && selected !== lastSelected) navigator.vibrate?.(8);
      lastSelected = selected;
    },
    onPress: pressing => send('POST', '/api/session/presence', { pressing, preset }).catch(() => {}),
  });
  attachPointer(element, () => [chart]);
  // Some mobile browsers still scroll or zoom on a touch unless its default is refused.
  for (const type of ['touchstart', 'touchmove', 'gesturestart']) element.addEventListener(type, e => e.preventDefault(), { passive: false });

  // Events are applied one after another: switching preset fetches it first.
  let queue = Promise.resolve();
  const inOrder = task => { queue = queue.then(task).catch(error => status(error.message)); };
  // A preset as the session has it: its saved values and the team's unsaved edits on top.
  const open = async name => {
    const [saved, now] = await Promise.all([
      name === null ? null : getJSON('/api/presets/' + encodeURIComponent(name)).catch(() => null),
      getJSON('/api/session'),
    ]);
    const switched = (saved ? name : null) !== preset;
    preset = saved ? name : null;
    store.applyRemote({ ...store.defaults, ...(saved?.parameters ?? {}), ...(now.current?.edits?.[preset ?? ''] ?? {}) });
    if (switched && source) send('POST', '/api/session/presence', { preset }).catch(() => {});
  };

  const current = session.current ?? { preset: null, parameters: {} };
  const names = (await getJSON('/api/presets')).presets.map(p => p.name);
  await open(current.preset ?? (names.includes('Default') ? 'Default' : null));
  store.on(change => { if (change.kind === 'params') chart.draw(); });
  chart.draw();

  const search = new URLSearchParams({ client: clientId, user: getUserName() || 'Phone' });
  if (preset !== null) search.set('preset', preset);
  source = new EventSource('/api/events?' + search);
  source.addEventListener('parameters', event => inOrder(async () => {
    const data = JSON.parse(event.data);
    if ((data.preset ?? null) !== preset) await open(data.preset ?? null);
    store.applyRemote(data.parameters);
  }));
  // An editor opened another preset: the phone shows what is being tuned now.
  source.addEventListener('session', event => inOrder(async () => {
    const data = JSON.parse(event.data);
    if ((data.preset ?? null) !== preset) await open(data.preset ?? null);
  }));
  source.addEventListener('preset', event => inOrder(async () => {
    const data = JSON.parse(event.data);
    if (data.action === 'saved' && data.name === preset) await open(preset);
    if (data.action === 'renamed' && data.oldName === preset) preset = data.name;
  }));
  source.addEventListener('data', () => chart.draw());
  source.addEventListener('open', () => { document.body.dataset.session = 'connected'; status(''); });
  source.addEventListener('error', () => { document.body.dataset.session = 'reconnecting'; status('Reconnecting…'); });
  addEventListener('resize', () => { fit(); chart.draw(); });
  document.body.dataset.ready = 'true';
}

function status(text) { document.getElementById('device-status').textContent = text; }

start().catch(error => status(`The chart could not start: ${error.message}`));
