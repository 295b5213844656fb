// The app's top screen as both pages show it: the workbench's phone (index.html) and the phone
// itself (/device). Each page keeps its own containers and landmarks and marks them with
// `data-phone-part`; the parts inside are made here once: the asset line, the price header's
// two lines (price, change) and the period buttons. Their look is css/phone.css.

import { defaultView } from './state.js';

/** The app's periods, as its buttons name them. */
export const appPeriods = ['1D', '1W', '1M', '1Y', 'ALL'];

const make = (tag, props, ...children) => {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
};

const parts = {
  asset: () => ['Bitcoin ', make('span', { className: 'ticker' }, 'BTC')],
  headline: () => [
    make('p', { id: 'headline-price', className: 'headline-price' }, '–'),
    make('p', { id: 'headline-change', className: 'headline-change' }, '\u00a0'),
    make('p', { className: 'headline-note', hidden: true }),
  ],
  periods: () => appPeriods.map(period => {
    const button = make('button', { type: 'button' }, period);
    button.dataset.period = period;
    button.setAttribute('aria-pressed', String(period === defaultView.period));
    return button;
  }),
};

/** Fills every `[data-phone-part]` container under `root`, once, first thing (the headline goes after what it holds). */
export function fillPhoneParts(root = document) {
  for (const container of root.querySelectorAll('[data-phone-part]')) container.append(...parts[container.dataset.phonePart]());
}
