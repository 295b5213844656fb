// The stage's view settings: device size (or a custom one, within the server's bounds), zoom,
// light or dark, and the period. The buttons ask the store; the page shows what the store holds.

import { defaultView } from './state.js';
import { toast } from './toast.js';

const $ = id => document.getElementById(id);

export function setUpViewSettings(store) {
  const { schema } = store;
  const apply = () => {
    const { width, height, zoom, theme, period, device } = store.view;
    // The phone keeps the device's aspect ratio but never overflows a narrow window.
    $('preview').style.aspectRatio = `${width} / ${height}`;
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
    // Every chart on the page (Compare, History, the blind round) draws on the chosen background.
    document.documentElement.dataset.chartTheme = theme;
    $('device-select').value = device;
    $('custom-size').hidden = device !== 'custom';
    $('custom-width').value = width;
    $('custom-height').value = height;
    for (const b of document.querySelectorAll('[data-zoom]')) b.setAttribute('aria-pressed', String(Number(b.dataset.zoom) === zoom));
    for (const b of document.querySelectorAll('[data-theme]')) b.setAttribute('aria-pressed', String(b.dataset.theme === theme));
    for (const b of document.querySelectorAll('[data-period]')) b.setAttribute('aria-pressed', String(b.dataset.period === period));
  };
  store.on(change => { if (change.kind === 'view') apply(); });

  $('device-select').addEventListener('change', event => {
    const value = event.target.value;
    // A device has its own width and the phone's standard chart height: no custom size sticks.
    store.setView(value === 'custom' ? { device: 'custom' } : { device: value, width: Number(value), height: defaultView.height });
  });
  // The custom size's bounds are the server's (schema), as every other rule.
  for (const [id, key] of [['custom-width', 'width'], ['custom-height', 'height']]) {
    $(id).min = String(schema[key].min);
    $(id).max = String(schema[key].max);
    $(id).addEventListener('change', event => {
      const el = event.target;
      const typed = Math.round(Number(el.value));
      const what = key === 'width' ? 'Width' : 'Height';
      if (el.value.trim() === '' || !Number.isFinite(typed)) {
        el.value = store.view[key];
        toast(`${what} must be a number of pixels, ${el.min}–${el.max}; kept ${el.value} px.`, { key: 'limited-' + id });
        return;
      }
      // Out of range: the nearest size the preview draws, said out loud.
      const v = Math.min(Number(el.max), Math.max(Number(el.min), typed));
      if (v !== typed) toast(`${what} limited to ${v} px: ${typed} px is outside ${el.min}–${el.max} px.`, { key: 'limited-' + id });
      el.value = v;
      store.setView({ [key]: v });
    });
  }
  for (const b of document.querySelectorAll('[data-zoom]')) b.addEventListener('click', () => store.setView({ zoom: Number(b.dataset.zoom) }));
  addEventListener('resize', () => { if (store.view.zoom !== 1) apply(); });
  for (const b of document.querySelectorAll('[data-theme]')) b.addEventListener('click', () => store.setView({ theme: b.dataset.theme }));
  for (const b of document.querySelectorAll('[data-period]')) b.addEventListener('click', () => store.setView({ period: b.dataset.period }));
  apply();
}
