// Explore's gallery (Sequential Gallery): nine charts on a plane the model chose, three by three,
// row by row, the team's best in the middle. Each is a button-like figure lettered A to I (the
// candidate's id, as the round's history says it) with its key 1 to 9: a click or tap, Enter or
// Space on it, or its number key picks it. Pressing and dragging on any
// one presses all nine, as the pair does (a drag is a press, not a pick).

import { ChartView, attachPointer } from './chart-view.js';

const $ = id => document.getElementById(id);
const DRAG = 8;   // px a pointer moves before its gesture is a drag rather than a tap

export class ExploreGallery {
  /** `pick(choice)`: the coordinator's answer with the candidate's id ("a" … "i"). */
  constructor(store, pick) {
    this.store = store;
    this.pick = pick;
    this.grid = $('explore-gallery');
    this.candidates = [];
    this.views = [];
    this.enabled = false;
  }

  /** Nine new candidates, each in its figure (the figures are made once, kept for the next). */
  show(candidates) {
    this.candidates = candidates;
    while (this.grid.children.length < candidates.length) this.grid.append(this.figure(this.grid.children.length));
    while (this.grid.children.length > candidates.length) this.grid.lastElementChild.remove();
    this.views = candidates.map((candidate, i) => {
      const view = new ChartView(this.grid.children[i].querySelector('.preview'), () => ({ params: candidate.parameters, view: this.store.view }), { idPrefix: 'explore-g' + i });
      view.draw();
      return view;
    });
  }

  figure(i) {
    const number = String(i + 1), letter = 'ABCDEFGHI'[i];
    const figure = document.createElement('figure');
    Object.assign(figure, { tabIndex: 0 });
    figure.setAttribute('role', 'button');
    figure.setAttribute('aria-label', `Chart ${letter}: pick it (key ${number})`);
    figure.setAttribute('aria-keyshortcuts', number);
    const caption = document.createElement('figcaption');
    caption.setAttribute('aria-hidden', 'true');
    caption.append(letter + ' ', Object.assign(document.createElement('kbd'), { textContent: number }));
    const chart = document.createElement('div');
    chart.className = 'preview';
    attachPointer(chart, () => this.views);
    figure.append(caption, chart);
    let start = null;
    figure.addEventListener('pointerdown', event => { start = { x: event.clientX, y: event.clientY, dragged: false }; });
    figure.addEventListener('pointermove', event => {
      if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > DRAG) start.dragged = true;
    });
    figure.addEventListener('click', () => { if (!start?.dragged) this.choose(i); start = null; });
    figure.addEventListener('keydown', event => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      this.choose(i);
    });
    return figure;
  }

  /** The candidate a number key names ("1" … "9"), if it is on screen. */
  choiceForKey(key) {
    const i = Number(key) - 1;
    return Number.isInteger(i) && i >= 0 && i < this.candidates.length ? this.candidates[i].id : null;
  }

  choose(i) {
    if (this.enabled && this.candidates[i]) this.pick(this.candidates[i].id);
  }

  setEnabled(enabled) {
    this.enabled = enabled;
    for (const figure of this.grid.children) figure.setAttribute('aria-disabled', String(!enabled));
  }
}
