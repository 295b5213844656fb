// The motion inspector: how the transition is watched, not part of the preset. Playback speed,
// a scrubber that holds any frame (overshoot included), a pinned active state, an onion skin of
// the start and end lines, replay when an animation parameter changes, and the eased progress
// over time drawn from the engine's own samples.

import { getJSON, getText, query, send } from './api.js';
import { motionClock } from './render-channel.js';
import { motionPreference, neighbourPeriod } from './chart-view.js';
import { writeAttribute, writeText } from './elements.js';

const $ = id => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

export class MotionInspector {
  constructor(store, chart) {
    this.store = store;
    this.chart = chart;
    this.onion = null;           // {key, start, end}: the line paths at progress 0 and 1
    this.animationKeys = new Set(store.schema.parameters.filter(p => p.group === 'Animation' || p.group === 'Accessibility').map(p => p.key));
    // A parameter of another motion replays that motion.
    const motionOfGroup = { 'Period change': 'period', 'Live price': 'live', 'First load': 'reveal' };
    this.motionOfKey = new Map(store.schema.parameters.filter(p => motionOfGroup[p.group]).map(p => [p.key, motionOfGroup[p.group]]));
    this.progressRange = store.schema.progress ?? { min: 0, max: 1 };

    for (const button of document.querySelectorAll('[data-speed]')) {
      button.addEventListener('click', () => {
        motionClock.setSpeed(Number(button.dataset.speed));
        for (const b of document.querySelectorAll('[data-speed]')) b.setAttribute('aria-pressed', String(b === button));
      });
    }

    // Which motion Play plays (and the scrubber holds): the press, a period change, a live price, the reveal.
    this.motion = 'press';
    for (const button of document.querySelectorAll('[data-motion]')) {
      button.addEventListener('click', () => {
        this.motion = button.dataset.motion;
        for (const b of document.querySelectorAll('[data-motion]')) b.setAttribute('aria-pressed', String(b === button));
        writeText($('play-motion'), `Play ${button.textContent.toLowerCase()}`);
        if ($('hold-frame').checked) this.hold(Number($('progress-scrub').value));
      });
    }
    $('play-motion').addEventListener('click', () => this.playChosen());

    const scrub = $('progress-scrub');
    scrub.addEventListener('input', () => {
      $('hold-frame').checked = true;
      this.hold(Number(scrub.value));
      this.showProgress(Number(scrub.value));
    });
    $('hold-frame').addEventListener('change', event => {
      this.hold(event.target.checked ? Number(scrub.value) : null);
    });
    $('show-active').addEventListener('change', event => this.chart.setPinned(event.target.checked));
    $('onion-skin').addEventListener('change', () => this.decorate(this.chart.element.firstElementChild));
    // Reduced motion: previews the preset's reduced variant (on by itself when the system asks for it).
    const reduced = $('reduced-motion');
    reduced.checked = motionPreference.reduced;
    reduced.addEventListener('change', () => { motionPreference.set(reduced.checked); this.chart.playMotion(this.motion, { from: this.fromPeriod() }); });
    motionPreference.listeners.push(on => { reduced.checked = on; });

    this.graph = this.buildGraph();
    let replayTimer = 0;
    let graphTimer = 0;
    store.on(change => {
      if (change.kind !== 'params' && change.kind !== 'view') return;
      this.onion = null;
      if (change.kind === 'view') { this.decorate(this.chart.element.firstElementChild); return; }
      const motion = change.keys.map(k => this.motionOfKey.get(k)).find(Boolean);
      if (motion && $('auto-replay').checked && change.origin === 'local') {
        clearTimeout(replayTimer);
        replayTimer = setTimeout(() => this.chart.playMotion(motion, { from: this.fromPeriod() }), 250);
        return;
      }
      if (!change.keys.some(k => this.animationKeys.has(k))) { this.decorate(this.chart.element.firstElementChild); return; }
      clearTimeout(graphTimer);
      graphTimer = setTimeout(() => this.refreshGraph(), 60);
      if ($('auto-replay').checked && change.origin === 'local') {
        clearTimeout(replayTimer);
        replayTimer = setTimeout(() => { if (!this.chart.pinned) this.chart.play(); }, 250);
      }
    });
    this.refreshGraph();
  }

  /** The period a played (or held) period change starts from: the one beside the period shown. */
  fromPeriod() { return neighbourPeriod(this.store.schema.periods, this.store.view.period); }

  /**
   * Plays the chosen motion on the chart, and through the session's `play` event on every
   * phone on /device (each on its own chart).
   */
  playChosen() {
    this.chart.playMotion(this.motion, { from: this.fromPeriod() });
    send('POST', '/api/session/play', { motion: this.motion }).catch(() => {});
  }

  /** Holds the chosen motion's frame at `progress` (null lets go). */
  hold(progress) {
    this.chart.hold(progress, this.motion === 'press' ? null : { motion: this.motion, from: this.fromPeriod() });
  }

  /** Called after every paint of the main chart. */
  painted(svg, motion) {
    if (!svg) return;
    const progress = Number(svg.getAttribute('data-progress'));
    // A period change's, live price's or reveal's progress while it plays; once over, the press's again.
    const shown = motion && !(motion.motion && motion.finished) ? motion.progress : progress;
    if (!$('hold-frame').checked && Number.isFinite(shown)) {
      $('progress-scrub').value = String(shown);
      this.showProgress(shown);
    }
    this.decorate(svg);
  }

  showProgress(value) {
    writeText($('progress-value'), value.toFixed(2));
    if (!this.graph) return;
    const y = this.graph.y(value);
    writeAttribute(this.graph.level, 'y1', y);
    writeAttribute(this.graph.level, 'y2', y);
  }

  /** The onion skin: the start (inactive) and end (active) lines, faint, behind the frame. */
  async decorate(svg) {
    if (!svg || svg.namespaceURI !== SVG) return;
    svg.querySelector('.cw-onion')?.remove();
    if (!$('onion-skin').checked) return;
    const { params, view } = this.chart.source();
    const key = JSON.stringify([params, view.width, view.height, view.period]);
    if (!this.onion || this.onion.key !== key) {
      const base = { ...params, width: view.width, height: view.height, period: view.period, id: 'onion' };
      const line = async progress => {
        const text = await getText('/api/render?' + query({ ...base, progress }));
        const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
        return doc.querySelector('.cw-line')?.getAttribute('d') ?? '';
      };
      const [start, end] = await Promise.all([line(0), line(1)]);
      this.onion = { key, start, end };
      svg = this.chart.element.firstElementChild;
      if (!svg || !$('onion-skin').checked) return;
      svg.querySelector('.cw-onion')?.remove();
    }
    const group = document.createElementNS(SVG, 'g');
    group.setAttribute('class', 'cw-onion');
    group.setAttribute('pointer-events', 'none');
    group.setAttribute('aria-hidden', 'true');
    for (const [d, dash, name] of [[this.onion.start, '5 4', 'start'], [this.onion.end, '1.5 3', 'end']]) {
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', d);
      path.setAttribute('class', `cw-onion-${name}`);
      path.setAttribute('fill', 'none');
      path.setAttribute('stroke', 'currentColor');
      path.setAttribute('stroke-opacity', '0.45');
      path.setAttribute('stroke-width', '1.25');
      path.setAttribute('stroke-dasharray', dash);
      group.append(path);
    }
    svg.append(group);
  }

  buildGraph() {
    const fieldset = document.querySelector('#controls fieldset[data-group="Animation"]');
    if (!fieldset) return null;
    const figure = document.createElement('figure');
    figure.className = 'easing-graph';
    const svg = document.createElementNS(SVG, 'svg');
    const width = 300, height = 150, pad = 18;
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-labelledby', 'easing-graph-caption');
    const line = (cls) => { const l = document.createElementNS(SVG, 'line'); l.setAttribute('class', cls); svg.append(l); return l; };
    const zero = line('axis'), one = line('axis');
    const level = line('level');
    const text = (cls, anchor) => {
      const t = document.createElementNS(SVG, 'text');
      t.setAttribute('class', cls);
      t.setAttribute('text-anchor', anchor);
      svg.append(t);
      return t;
    };
    const labels = { zero: text('tick', 'end'), one: text('tick', 'end'), start: text('tick', 'start'), end: text('tick', 'end') };
    const curve = document.createElementNS(SVG, 'polyline');
    curve.setAttribute('class', 'curve');
    svg.append(curve);
    const caption = document.createElement('figcaption');
    caption.id = 'easing-graph-caption';
    figure.append(svg, caption);
    fieldset.append(figure);
    return { svg, curve, zero, one, level, labels, caption, width, height, pad, y: () => 0, lo: 0, hi: 1 };
  }

  async refreshGraph() {
    let answer;
    try { answer = await getJSON('/api/easing?' + query({ ...this.store.params, samples: 121 })); } catch { return; }
    const samples = answer.samples;
    const lo = Math.min(0, ...samples), hi = Math.max(1, ...samples);
    // The scrubber reaches every frame the easing draws, overshoot included.
    const scrub = $('progress-scrub');
    scrub.min = String(Math.max(this.progressRange.min, Math.floor(lo * 20) / 20));
    scrub.max = String(Math.min(this.progressRange.max, Math.ceil(hi * 20) / 20));
    const g = this.graph;
    if (!g) return;
    const x = i => g.pad + (g.width - 2 * g.pad) * i / (samples.length - 1);
    g.y = v => g.height - g.pad - (g.height - 2 * g.pad) * (v - lo) / (hi - lo || 1);
    g.curve.setAttribute('points', samples.map((v, i) => `${x(i).toFixed(1)},${g.y(v).toFixed(1)}`).join(' '));
    for (const [el, v] of [[g.zero, 0], [g.one, 1]]) {
      el.setAttribute('x1', g.pad); el.setAttribute('x2', g.width - g.pad);
      el.setAttribute('y1', g.y(v)); el.setAttribute('y2', g.y(v));
    }
    g.level.setAttribute('x1', g.pad); g.level.setAttribute('x2', g.width - g.pad);
    const place = (label, x, y, content) => { label.setAttribute('x', x); label.setAttribute('y', y); label.textContent = content; };
    place(g.labels.zero, g.pad - 4, g.y(0) + 4, '0');
    place(g.labels.one, g.pad - 4, g.y(1) + 4, '1');
    place(g.labels.start, g.pad, g.height - 3, '0 s');
    // A spring tuned by duration and bounce lasts until it settles: a computed, unrounded time.
    const seconds = Number(answer.duration.toFixed(3));
    place(g.labels.end, g.width - g.pad, g.height - 3, `${seconds} s`);
    const label = this.store.definition('easing')?.optionLabels?.[answer.easing] ?? answer.easing;
    const peak = Math.max(...samples);
    g.caption.textContent = `${label}: eased progress over ${seconds} s` + (peak > 1.0005 ? `, overshoots to ${peak.toFixed(2)}` : '');
    g.svg.dataset.samples = samples.length;
  }
}
