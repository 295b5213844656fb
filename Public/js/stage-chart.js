// The phone on the stage: the chart (drawn first on every change of values or view: its request
// leaves before the rest of the page catches up), the price header that follows the finger, the
// motion inspector's marks, and our presses told to the session once their first frame is shown.

import { ChartView, PriceHeader, attachPointer } from './chart-view.js';
import { MotionInspector } from './inspector.js';

const $ = id => document.getElementById(id);

export class StageChart {
  /**
   * @param {(pressing: boolean, selection: number|null) => void} onPress our own press, after its first frame
   * @param {(text: string, isError: boolean) => void} status
   * @param {() => object[]} stepsAhead the parameter changes likely next, drawn ahead
   */
  constructor(store, { onPress, onMove = () => {}, status, stepsAhead = () => [] }) {
    this.store = store;
    this.inspector = null;
    this.showingTheirPress = false;   // a press shown because we follow someone is theirs
    const header = new PriceHeader($('headline-price'), $('headline-change'));
    const chart = this.chart = new ChartView($('preview'), () => ({ params: store.params, view: store.view }), {
      ahead: stepsAhead,
      onPainted: (svg, error, started, motion) => {
        if (error) { status(`Cannot draw the chart: ${error.message}`, true); return; }
        this.inspector?.painted(svg, motion);
        header.update(svg, chart.pressed || chart.held !== null);
      },
      onPress: (pressing, { replay, shown } = {}) => {
        header.update(null, pressing);
        // A replayed animation is nobody's press.
        if (replay || this.showingTheirPress) return;
        const selection = chart.selection;
        shown.then(() => onPress(pressing, selection));
      },
    });
    attachPointer($('preview'), () => [chart]);
    // While pressing, the finger's place goes out too (throttled), so followers see it move.
    let moveTimer = 0;
    const moved = () => {
      if (!chart.pressed || this.showingTheirPress || moveTimer) return;
      moveTimer = setTimeout(() => { moveTimer = 0; if (chart.pressed && !this.showingTheirPress) onMove(chart.selection); }, 50);
    };
    $('preview').addEventListener('pointermove', moved);
    $('preview').addEventListener('keydown', moved);
    // The chart hears of a change before anything else does: its request is on its way while the
    // controls, the draft and the URL catch up.
    store.on(change => { if (change.kind === 'params' || change.kind === 'view') chart.draw(); });
  }

  /** The motion inspector, once the controls it sits beside are built. */
  inspect() { this.inspector = new MotionInspector(this.store, this.chart); }

  /** The followed person's finger moved while pressing. */
  showTheirMove(selection) {
    if (this.showingTheirPress) this.chart.move(selection);
  }

  /** The followed person's press (or release) on our chart. */
  showTheirPress(pressing, selection) {
    this.showingTheirPress = pressing;
    if (pressing) this.chart.press(selection ?? 0.5); else this.chart.release();
  }
}
