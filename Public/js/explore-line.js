// Explore's line (Sequential Line Search): one chart moved along a line the model chose through
// the round's parameters, from the team's best (the first stop; in the round's first far-apart
// questions, a point spread over the space, as the server says) to the model's challenger (the
// last). A range input picks the stop (arrow keys, Home, End, a drag); the chart is drawn by the
// engine with that stop's parameters and its values are said in words. "This is best here", or
// Enter on the slider, answers with the stop. The stops are the server's; nothing is computed here.

import { ChartView, attachPointer } from './chart-view.js';
import { valueText, valuesText } from './value-text.js';

const $ = id => document.getElementById(id);

/**
 * What a line changes from its first stop to its last, read from the server's stops: a value
 * that takes many values along it moves, one that takes two switches at the stop where it
 * changes (a curve, a switch). "Along this line: Inactive line width 3 px → 9 px; Inactive
 * curve Natural → Monotone at stop 10." A line that only switches (late in a round, the model
 * asking about a curve on its own) says that the slider shows two charts.
 */
function lineMovesText(schema, stops) {
  const key = value => JSON.stringify(value);
  const first = stops[0]?.values ?? {}, last = stops.at(-1)?.values ?? {};
  const moves = [], switches = [];
  for (const [name, value] of Object.entries(first)) {
    if (key(value) === key(last[name])) continue;
    const definition = schema.parameters.find(p => p.key === name) ?? { standaloneLabel: name };
    const change = `${definition.standaloneLabel} ${valueText(definition, value)} → ${valueText(definition, last[name])}`;
    if (new Set(stops.map(stop => key(stop.values?.[name]))).size > 2) moves.push(change);
    else switches.push(`${change} at stop ${stops.findIndex(stop => key(stop.values?.[name]) !== key(value))}`);
  }
  if (!moves.length && !switches.length) return '';
  if (!moves.length) {
    return switches.length === 1 ? `This line only switches ${switches[0]}: the slider shows one chart before that stop and the other from it.`
      : `This line only switches ${switches.join(', ')}: the chart changes at those stops only.`;
  }
  return `Along this line: ${[...moves, ...switches].join('; ')}.`;
}

export class ExploreLine {
  /** `answer(choice)`: the coordinator's answer with the stop's id ("0" … "20"). */
  constructor(store, answer) {
    this.store = store;
    this.stops = [];
    this.view = null;
    this.slider = $('explore-line-stop');
    this.button = $('explore-line-answer');
    attachPointer($('explore-line-chart'), () => this.views);
    this.slider.addEventListener('input', () => { this.view?.draw(); this.say(); });
    this.slider.addEventListener('keydown', event => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      if (!this.slider.disabled) answer(this.stop().id);
    });
    this.button.addEventListener('click', () => answer(this.stop().id));
  }

  get views() { return this.view ? [this.view] : []; }

  /** A new line: the slider back at its start, the chart drawn there. `fromBest`: the start is the team's best. */
  show(stops, fromBest) {
    this.stops = stops;
    // The best as it was when the line was asked: it may move while the line is open (a walk read a stale value here).
    this.start = fromBest ? "The team's best when asked" : 'The start';
    $('explore-line-start').textContent = fromBest ? "the start is the team's best" : 'the start is a point spread over the space, as the first questions are';
    $('explore-line-moves').textContent = lineMovesText(this.store.schema, stops);
    this.slider.max = String(stops.length - 1);
    this.slider.value = '0';
    this.view = new ChartView($('explore-line-chart'), () => ({ params: this.stop().parameters, view: this.store.view }), { idPrefix: 'explore-line' });
    this.view.draw();
    this.say();
  }

  stop() { return this.stops[Number(this.slider.value)]; }

  /** Where the slider is and that stop's values, for everyone (the slider's value text too). */
  say() {
    const n = Number(this.slider.value), last = this.stops.length - 1;
    const where = n === 0 ? this.start : n === last ? "The model's challenger" : `Stop ${n} of ${last}`;
    this.slider.setAttribute('aria-valuetext', where);
    $('explore-line-words').textContent = `${where}: ${valuesText(this.store.schema, this.stop().values)}.`;
  }

  /** Answering is possible only while a line from the server is on screen. */
  setEnabled(enabled) {
    this.slider.disabled = !enabled;
    this.button.disabled = !enabled;
  }
}
