// "See it as others see it": every chart on the page (the phone, Compare, History, the blind
// round; /device by its address) through an SVG feColorMatrix of the engine's Machado 2009
// severity-1 matrix for protanopia, deuteranopia or tritanopia, applied in linear RGB as the
// engine applies it (the matrices come from /api/schema: written once, in the engine). And the
// chart on both backgrounds side by side. View settings: never part of a preset.

import { ChartView, attachPointer } from './chart-view.js';
import { visions } from './state.js';

const SVG = 'http://www.w3.org/2000/svg';

/** One `<filter id="cvd-…">` per simulated vision, in a hidden SVG of the page. */
export function installVisionFilters(schema) {
  if (document.getElementById('cvd-filters')) return;
  const svg = document.createElementNS(SVG, 'svg');
  svg.id = 'cvd-filters';
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('width', '0');
  svg.setAttribute('height', '0');
  svg.style.position = 'absolute';
  const defs = document.createElementNS(SVG, 'defs');
  for (const { name, matrix } of schema.colorVision ?? []) {
    const filter = document.createElementNS(SVG, 'filter');
    filter.id = 'cvd-' + name;
    filter.setAttribute('color-interpolation-filters', 'linearRGB');
    const fe = document.createElementNS(SVG, 'feColorMatrix');
    fe.setAttribute('type', 'matrix');
    // 3×3 on R, G, B; alpha kept: the 4×5 matrix of feColorMatrix.
    const [a, b, c, d, e, f, g, h, i] = matrix;
    fe.setAttribute('values', [a, b, c, 0, 0, d, e, f, 0, 0, g, h, i, 0, 0, 0, 0, 0, 1, 0].join(' '));
    filter.append(fe);
    defs.append(filter);
  }
  svg.append(defs);
  document.body.prepend(svg);
}

/** Every chart of the page is seen through the vision's filter (css: [data-vision]). */
export function applyVision(vision) {
  if (visions.includes(vision) && vision !== 'none') document.documentElement.dataset.vision = vision;
  else delete document.documentElement.dataset.vision;
}

/** The stage's vision menu and the second phone of "both themes". */
export function setUpVision(store) {
  installVisionFilters(store.schema);
  const select = document.getElementById('vision-select');
  select.addEventListener('change', () => store.setView({ vision: select.value }));
  document.getElementById('both-themes').addEventListener('click', () => store.setView({ themes: store.view.themes === 'both' ? 'one' : 'both' }));

  const other = document.getElementById('phone-other');
  const element = document.getElementById('preview-other');
  const chart = new ChartView(element, () => ({ params: store.params, view: store.view }), { idPrefix: 'cwo' });
  attachPointer(element, () => [chart]);
  const apply = () => {
    const { vision, themes, theme } = store.view;
    select.value = vision;
    applyVision(vision);
    document.getElementById('both-themes').setAttribute('aria-pressed', String(themes === 'both'));
    const otherTheme = theme === 'dark' ? 'light' : 'dark';
    other.hidden = themes !== 'both';
    other.className = `phone phone-other theme-${otherTheme}`;
    other.style.width = `min(${store.view.width}px, 100%)`;
    element.style.aspectRatio = `${store.view.width} / ${store.view.height}`;
    document.getElementById('phone-other-caption').textContent = `On ${otherTheme}`;
    document.getElementById('phone-frame').classList.toggle('both', themes === 'both');
  };
  store.on(change => {
    if (change.kind === 'view') apply();
    if ((change.kind === 'params' || change.kind === 'view') && store.view.themes === 'both') chart.draw();
  });
  apply();
  if (store.view.themes === 'both') chart.draw();
}
