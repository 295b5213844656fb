// "Play on every chart": one of the engine's motions (press, period change, live price, reveal)
// on every candidate at once — Compare's presets, a blind round's pair, Explore's candidates —
// each drawn by the engine with its own parameters; and what the round and Explore dialogs
// share besides: a live price played on every candidate, opening on the list.

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

/** A blind round's or Explore's modal dialog (`this.dialog`) of candidate charts (`this.views`); `fillStartForm()` and `show(view)` are the subclass's. */
export class CandidateDialog {
  constructor(store, presets, dialog) {
    this.store = store;
    this.presets = presets;
    this.dialog = dialog;
    this.views = [];   // the candidates' charts on screen (Explore: 2, or 4 to pick the best of)
  }

  /** A live price arrived: every candidate on screen plays the engine's step to it together. */
  priceArrived() {
    if (this.dialog.open) this.views.forEach(view => view.priceArrived());
  }

  async open() {
    await this.fillStartForm();
    if (!this.dialog.open) this.dialog.showModal();
    this.show('list');
  }
}
