// "Play on every chart": one of the engine's motions (press, period change, live price, reveal)
// on every candidate at once — Compare's presets, a blind round's pair, Explore's candidates —
// each drawn by the engine with its own parameters.

import { neighbourPeriod } from './chart-view.js';

/** Fills `group` with the page's buttons (`#play-motion-buttons`); `views()` the charts now. */
export function setUpPlayMotions(group, views, store) {
  group.append(document.getElementById('play-motion-buttons').content.cloneNode(true));
  for (const button of group.querySelectorAll('[data-play-motion]')) {
    button.addEventListener('click', () => {
      const from = neighbourPeriod(store.schema.periods, store.view.period);
      views().forEach(view => view.playMotion(button.dataset.playMotion, { from }));
    });
  }
}
