// One chart drawn by the engine: latest-wins rendering, press/scrub, and the transition driven
// one display frame at a time over the render socket (the engine computes the eased progress
// and every frame; the page never does chart maths itself).

import { renderChannel, motionClock } from './render-channel.js';
import { elementList, framePaths, applyDelta } from './frame-delta.js';
import { writeAttribute, writeText } from './elements.js';

/** The view's market scenario as a request field; none for the loaded data. */
const scenarioOf = view => (view.scenario ? { scenario: view.scenario } : {});

/** A request's identity, whatever the order its members were written in. */
const requestKey = request => JSON.stringify(Object.entries(request).sort(([a], [b]) => (a < b ? -1 : 1)));

export class ChartView {
  /**
   * @param {HTMLElement} element where the SVG goes
   * @param {() => {params: object, view: object}} source the parameters and view to draw
   */
  constructor(element, source, { idPrefix = 'cw', onPainted = () => {}, onPress = () => {}, ahead = () => [] } = {}) {
    this.element = element;
    this.source = source;
    // The parameter changes likely next (a keyboard step either side of a slider): their frames
    // are asked for once this chart is at rest, and one is shown the moment it is asked for.
    this.ahead = ahead;
    this.prepared = new Map();  // request key → {pending, answer?, arrived?}: frames from the frame shown
    this.idPrefix = idPrefix;
    this.onPainted = onPainted;
    // (pressed, {replay, shown}) when a press starts or ends; `shown` settles once its first
    // frame is in the page: anything else the press sends (presence) waits for it, as the frame counts.
    this.onPress = onPress;
    this.progress = 0;        // the engine's progress of the last frame drawn
    this.selection = null;    // 0…1 of the width while pressed
    this.pressed = false;
    this.pinned = false;      // "Show active state": stays pressed until unpinned
    this.held = null;         // progress held by the inspector's scrubber, or null
    this.inflight = false;
    this.dirty = false;
    this.moving = false;      // a transition runs: frames come from the motion loop
    this.framesInFlight = 0;
    this.loop = 0;
    this.settledWaiters = [];
    this.framesAsked = 0;     // motion frames asked for, in order (answers come in the same order)
    this.shownWaiters = [];   // { asked, resolve }: waiting for a frame asked for at or after `asked` to be painted
    this.shownFrame = null;   // the socket's number of the frame in the DOM: the next may patch it
    this.drawn = { list: [], paths: new WeakMap() };  // the drawn SVG's elements in order, and its paths' numbers
  }

  request(extra = {}, changed = {}) {
    const { params, view } = this.source();
    const request = { ...params, ...changed, width: view.width, height: view.height, period: view.period, tz: viewerTimeZone, id: this.idPrefix, ...scenarioOf(view), ...extra };
    if (motionPreference.reduced) request.reducedMotion = true;
    // Frame numbers are a socket's own: after a reconnection the shown frame is no base.
    if (this.shownFrame !== null && this.shownOn === renderChannel.opening) request.base = this.shownFrame;
    return request;
  }

  /**
   * Draws the current state; while a render is in flight only the newest wish is kept. A new
   * period at rest plays the engine's period change (morph, crossfade or none, as the preset says).
   */
  draw() {
    // The first picture: the engine's reveal from the preset's placeholder, once the socket is there.
    if (this.revealing === undefined) { this.reveal(); return; }
    if (this.revealing) { this.dirty = true; return; }
    const period = this.source().view.period;
    if (this.drawnPeriod !== undefined && period !== this.drawnPeriod && !this.pressed && this.held === null && renderChannel.open) {
      const from = this.drawnPeriod;
      this.drawnPeriod = period;
      this.startMotion('period', { from });
      return;
    }
    this.drawnPeriod = period;
    if (this.moving && this.held === null) { this.dirty = true; return; }  // the next motion frame shows it
    if (this.inflight) { this.dirty = true; return; }
    const started = performance.now();
    const request = this.request(this.stillExtra());
    // The request's key is made only when frames were drawn ahead (every drag step comes here).
    const prepared = this.prepared.size ? this.prepared.get(requestKey(request)) : undefined;
    if (prepared?.answer) { this.paint(prepared.answer, started, null, prepared.arrived); this.prepareAhead(); return; }
    this.inflight = true;
    (prepared?.pending ?? renderChannel.draw(request))
      .then(answer => { if (!this.moving || this.held !== null) this.paint(answer, started); })
      .catch(error => this.onPainted(null, error))
      .finally(() => {
        this.inflight = false;
        if (this.dirty) { this.dirty = false; this.draw(); } else this.prepareAhead();
      });
  }

  /** What a still frame's request adds to the parameters and view: the progress, and what is held. */
  stillExtra() {
    const progress = this.held ?? this.progress;
    if (this.heldMotion && this.held !== null && renderChannel.open) {
      // The engine draws that motion's frame at the held progress.
      const { motion, from } = this.heldMotion;
      return { motion, at: this.held, time: motionClock.now(), selection: undefined, ...(motion === 'period' ? { from } : {}) };
    }
    return this.selection !== null && (progress !== 0 || this.held !== null) ? { progress, selection: this.selection } : { progress };
  }

  /**
   * Asks for the frames of the likely next changes (`ahead`), each a delta from the frame shown,
   * while the chart is at rest: a keyboard step on a slider then shows its chart without waiting
   * for the server. Only at rest (a request sent now would overtake a motion's or a draw's), and
   * not while a motion's frame is held: its request carries the motion clock's time.
   */
  prepareAhead() {
    if (!renderChannel.open || this.shownFrame === null || this.inflight || this.dirty || this.moving || this.framesInFlight
        || this.pressed || (this.held !== null && this.heldMotion) || this.revealing !== false) return;
    for (const changed of this.ahead()) {
      const request = this.request(this.stillExtra(), changed);
      const key = requestKey(request);
      if (this.prepared.has(key)) continue;
      const entry = { pending: renderChannel.draw(request) };
      entry.pending.then(answer => { entry.answer = answer; entry.arrived = performance.now(); }, () => this.prepared.delete(key));
      this.prepared.set(key, entry);
    }
  }

  /** The first load: the placeholder, then the reveal the preset chooses (a plain draw without the socket). */
  async reveal() {
    this.revealing = true;
    writeAttribute(this.element, 'aria-busy', 'true');
    const open = await renderChannel.whenOpen(1500);
    this.revealing = false;
    this.dirty = false;
    this.drawnPeriod = this.source().view.period;
    if (open && this.held === null && !this.pressed) this.startMotion('reveal');
    else { writeAttribute(this.element, 'aria-busy', 'false'); this.draw(); }
  }

  /**
   * A new live price arrived (the session's `data` event): the engine's step from the chart
   * shown (its last price's time) to the chart now. A plain redraw without the socket, for a
   * market scenario (not the live series), or while a press or another motion moves.
   */
  priceArrived() {
    const since = Number(this.element.firstElementChild?.dataset?.lastTime);
    const { view } = this.source();
    if (this.revealing !== false || !renderChannel.open || view.scenario || !Number.isFinite(since) || this.held !== null
        || (this.moving && this.playing !== 'live')) {
      this.draw();
      return;
    }
    // The press as it stands (a finger down keeps its time); at rest no selection.
    this.startMotion('live', { since, progress: this.progress, selection: this.pressed ? this.selection : undefined });
  }

  /**
   * Shows a frame: a delta updates the drawn SVG in place, a whole SVG replaces it. `arrived`:
   * when a frame drawn ahead came, so that its live prices turn stale as they would have.
   */
  paint({ head, body, base }, started, motion = null, arrived = performance.now()) {
    if (head.patch) {
      if (base !== this.shownFrame || !applyDelta(this.drawn, JSON.parse(body))) {
        // The drawn document is not the one the delta was made from: ask for a whole frame.
        this.shownFrame = null;
        this.draw();
        return false;
      }
    } else {
      this.element.innerHTML = body;
      const list = elementList(this.element.firstElementChild);
      this.drawn = { list, paths: framePaths(list, head.paths) };
    }
    this.shownFrame = head.frame ?? null;
    this.shownOn = renderChannel.opening;
    // Frames prepared from the frame that was shown fit no longer.
    this.prepared.clear();
    // The server says when this chart's live prices would turn stale: it is drawn again then,
    // and the server decides whether it shows the outage.
    clearTimeout(this.staleTimer);
    if (Number.isFinite(head.staleIn)) this.staleTimer = setTimeout(() => this.draw(), head.staleIn * 1000 + 50 - (performance.now() - arrived));
    this.speak(this.element.firstElementChild);
    this.onPainted(this.element.firstElementChild, null, started, motion);
    return true;
  }

  /**
   * The engine's words for screen readers: the chart is one image labelled with the scene's
   * label; while pressed, a polite live region says the selected point, at most every 400 ms
   * (the last words always arrive).
   */
  speak(svg) {
    const label = svg?.getAttribute('data-a11y-label');
    if (!label) return;
    writeAttribute(this.element, 'role', 'img');
    writeAttribute(this.element, 'aria-label', label);
    // One image for screen readers: the box, with the engine's words; the SVG inside is its picture.
    writeAttribute(svg, 'aria-hidden', 'true');
    if (!this.live) {
      // A box drawn again by a new view (Explore's next pair) keeps its one live region.
      const next = this.element.nextElementSibling;
      if (next?.classList.contains('chart-live')) {
        this.live = next;
      } else {
        this.live = document.createElement('p');
        this.live.className = 'visually-hidden chart-live';
        this.live.setAttribute('aria-live', 'polite');
        this.element.after(this.live);
      }
    }
    const value = this.pressed ? svg.getAttribute('data-a11y-value') ?? '' : '';
    if (value === this.spoken) return;
    clearTimeout(this.speakTimer);
    const wait = Math.max(0, 400 - (performance.now() - (this.spokenAt ?? -1e9)));
    this.speakTimer = setTimeout(() => {
      this.spoken = value;
      this.spokenAt = performance.now();
      writeText(this.live, value);
    }, wait);
  }

  // Pointer: fractions of the drawn width.
  // `replay`: the page presses by itself (Play), which is no person pressing.
  press(fraction, { replay = false } = {}) {
    const wasPressed = this.pressed;
    this.pressed = true;
    this.selection = clamp(fraction);
    const shown = this.startMotion('press');  // the frame request goes out first: the first frame is what counts
    if (!wasPressed) this.onPress(true, { replay, shown });
  }

  move(fraction) {
    if (!this.pressed && this.held === null) return;
    this.selection = clamp(fraction);
    if (!this.moving || this.held !== null) this.draw();
  }

  release({ replay = false } = {}) {
    if (!this.pressed || this.pinned) return;
    this.pressed = false;
    const shown = this.startMotion('release');
    this.onPress(false, { replay, shown });
  }

  /** "Show active state": pressed at the current (or a default) selection until unpinned. */
  setPinned(pinned) {
    if (pinned === this.pinned) return;
    if (pinned) { this.pinned = true; if (!this.pressed) this.press(this.selection ?? 0.7); }
    else { this.pinned = false; this.release(); }
  }

  /**
   * Holds the frame at `progress` (the inspector's scrubber); null lets go. `motion`
   * ({motion, from}) holds a frame of a period change, live price or reveal instead of the press.
   */
  hold(progress, motion = null) {
    this.held = progress;
    this.heldMotion = progress === null ? null : motion;
    if (progress !== null && this.selection === null) this.selection = 0.7;
    if (progress === null && !this.pressed && !this.moving && this.progress === 0) this.selection = null;
    this.draw();
  }

  /**
   * Press and release retarget the engine's motion from wherever it is; the frame for the
   * event goes out at once, then one per display frame until the motion settles. Resolves when
   * the event's frame is shown (or could not be).
   */
  startMotion(action, extra = {}) {
    if (!renderChannel.open) {
      // Without the socket there is no motion state: show where the transition ends.
      if (action === 'press' || action === 'release') this.progress = action === 'press' ? 1 : 0;
      if (action === 'release') this.selection = null;
      this.draw();
      return Promise.resolve();
    }
    this.moving = true;
    // Assistive technology (and a test) waits for the motion to settle before reading the chart.
    writeAttribute(this.element, 'aria-busy', 'true');
    this.pressedAt = performance.now();
    // Shown when this frame, or a later one of the motion, is painted: an answer overtaken, or a
    // delta whose base is no longer drawn, is not, and the frame after it shows the event.
    const shown = new Promise(resolve => this.shownWaiters.push({ asked: this.framesAsked + 1, resolve }));
    this.sendFrame(action, extra);
    if (!this.loop) this.loop = requestAnimationFrame(() => this.tick());
    return shown;
  }

  /** Resolves the waiters for frames asked for up to `asked`: one of them was painted, or the motion ended or failed there. */
  framesShown(asked) {
    const waiting = this.shownWaiters;
    this.shownWaiters = waiting.filter(waiter => waiter.asked > asked);
    for (const waiter of waiting) if (waiter.asked <= asked) waiter.resolve();
  }

  tick() {
    this.loop = 0;
    if (!this.moving) return;
    if (this.framesInFlight === 0) this.sendFrame('follow');
    this.loop = requestAnimationFrame(() => this.tick());
  }

  sendFrame(motion, more = {}) {
    const started = performance.now();
    const asked = ++this.framesAsked;
    const extra = { motion, time: motionClock.now(), selection: this.selection ?? 0.5, ...more };
    this.framesInFlight++;
    renderChannel.frame(this.request(extra))
      .then(answer => {
        const { head } = answer;
        // Answers arrive in the order they were asked: the newest one says whether it still moves.
        // A period change's, live price's or reveal's progress is its own, not the press's.
        this.playing = head.motion ?? null;
        if (!head.motion) this.progress = head.progress;
        // A live price under a finger: the finger's time sits elsewhere on the new time axis.
        if (head.motion === 'live' && head.selection !== undefined && this.pressed) this.selection = head.selection;
        this.moving = !head.finished;
        // A frame that a later one of the motion has overtaken is not shown: the later one may be
        // a delta from the frame shown when it was asked for (a press during a reveal).
        const painted = this.held === null && !answer.superseded && this.paint(answer, started, { action: motion, ...head, pressedAt: this.pressedAt });
        if (this.moving && !this.loop) this.loop = requestAnimationFrame(() => this.tick());
        if (!this.moving) this.settle();
        if (painted || !this.moving) this.framesShown(asked);
      })
      .catch(error => {
        this.moving = false;
        this.progress = this.pressed ? 1 : 0;
        this.onPainted(null, error);
        this.settle();
        this.framesShown(asked);
      })
      .finally(() => { this.framesInFlight--; });
  }

  settle() {
    writeAttribute(this.element, 'aria-busy', 'false');
    // A held frame keeps its selection: the scrubber may have caught a reveal or live price.
    if (this.progress === 0 && !this.pressed && this.held === null) { this.selection = null; this.draw(); }
    else if (this.dirty) { this.dirty = false; this.draw(); }
    const waiters = this.settledWaiters;
    this.settledWaiters = [];
    waiters.forEach(resolve => resolve());
  }

  /** Resolves when the running transition has settled. */
  settled() {
    return this.moving ? new Promise(resolve => this.settledWaiters.push(resolve)) : Promise.resolve();
  }

  /**
   * Plays one of the engine's motions on this chart (the inspector's Play, Compare's, the
   * phone's): the press and release, a period change into the period shown from `from`, the
   * newest live price again, or the first load's reveal. Not while a finger holds the chart.
   */
  playMotion(motion, { from } = {}) {
    if (motion === 'press') return this.play();
    if (this.pressed || this.pinned || this.held !== null) return Promise.resolve();
    this.selection = null;
    if (motion === 'period') return from ? this.startMotion('period', { from }) : Promise.resolve();
    return this.startMotion(motion, { selection: undefined });
  }

  /** For presenting: press in the middle-right, hold, release. */
  async play() {
    if (this.pinned) return;
    this.pressed = false;
    this.press(0.7, { replay: true });
    await this.settled();
    await new Promise(r => setTimeout(r, 700 / motionClock.speed));
    this.release({ replay: true });
  }
}

const clamp = v => Math.min(1, Math.max(0, v));

/** The period a played period change starts from: the next one in `periods`, or the one before the last. */
export function neighbourPeriod(periods, period) {
  const i = periods.indexOf(period);
  return periods[i + 1] ?? periods[i - 1] ?? null;
}

/**
 * Whether the page plays the preset's reduced-motion variant: the browser's
 * prefers-reduced-motion, until the motion inspector's toggle previews one or the other.
 */
export const motionPreference = (() => {
  const query = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  const preference = { reduced: Boolean(query?.matches), forced: false, listeners: [] };
  preference.set = reduced => { preference.reduced = reduced; preference.forced = true; preference.listeners.forEach(f => f(reduced)); };
  query?.addEventListener?.('change', event => {
    if (preference.forced) return;
    preference.reduced = event.matches;
    preference.listeners.forEach(f => f(event.matches));
  });
  return preference;
})();

/** The viewer's time zone: the engine writes the label's and header's times in it. */
export const viewerTimeZone = (() => {
  try { return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'; } catch { return 'UTC'; }
})();

/**
 * The price header above the chart, as in the app being tuned: the current price and the
 * period's change at rest; while pressing, the selected price, its time and the change from
 * the period's start. Every number comes from the frame the engine drew (its data-* attributes).
 */
export class PriceHeader {
  constructor(priceElement, changeElement) {
    this.price = priceElement;
    this.change = changeElement;
    this.svg = null;
  }

  /** `pressing`: a finger (or the keyboard, or the scrubber) holds the chart. */
  update(svg, pressing) {
    if (svg) this.svg = svg;
    const data = this.svg?.dataset ?? {};
    const first = Number(data.firstPrice), last = Number(data.lastPrice);
    const selecting = pressing && data.selectedPrice !== undefined;
    const shown = selecting ? Number(data.selectedPrice) : last;
    if (!Number.isFinite(shown)) {
      writeText(this.price, '–');
      this.flash(null);
      writeText(this.change, '\u00a0');
      writeAttribute(this.change, 'class', 'headline-change');
      return;
    }
    writeText(this.price, money(shown));
    this.flash(selecting ? null : data);
    const delta = shown - first;
    const percent = first !== 0 ? delta / Math.abs(first) * 100 : 0;
    const sign = delta > 0 ? '+' : delta < 0 ? '−' : '';
    const changeText = `${sign}${money(Math.abs(delta))} (${sign}${Math.abs(percent).toFixed(2)}%)`;
    writeText(this.change, selecting ? `${data.selectedLabel} · ${changeText}` : changeText);
    this.noteDrawnLine(selecting ? Number(data.selectedDrawnPrice) : NaN, shown);
    writeAttribute(this.change, 'class', 'headline-change ' + (delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat'));
    const state = this.price.closest('[data-state]');
    if (state) writeAttribute(state, 'data-state', selecting ? 'selecting' : 'rest');
  }

  /**
   * A live price's flash, as the engine's frame says (`data-flash-*`): the price's colour mixed
   * toward the up or down colour by the flash's opacity; nothing while a point is selected.
   */
  flash(data) {
    const color = data?.flashColor, opacity = Number(data?.flashOpacity);
    const tint = color && Number.isFinite(opacity) ? `color-mix(in srgb, ${color} ${(opacity * 100).toFixed(1)}%, currentColor)` : '';
    if ((this.tint ?? '') !== tint) { this.tint = tint; this.price.style.color = tint; }
    const direction = tint ? data.flashDirection : '';
    if ((this.price.dataset.flash ?? '') !== direction) {
      if (direction) this.price.dataset.flash = direction; else delete this.price.dataset.flash;
    }
  }

  /**
   * Under the header while pressing, where the marker (on the drawn line) is away from the real
   * trade the header shows: smoothing, or the transition not yet finished, holds the line there.
   */
  noteDrawnLine(drawn, price) {
    const note = this.price.parentElement?.querySelector('.headline-note');
    if (!note) return;
    const differs = Number.isFinite(drawn) && Math.abs(drawn - price) > Math.abs(price) * 0.0005;
    if (note.hidden === differs) note.hidden = !differs;   // touched only when it changes (frame patches count writes)
    if (differs) writeText(note, `The price is the real trade; the line here is drawn at ${money(drawn)}.`);
  }
}

// Formatters made once: toLocaleString with options builds one per call (a quarter of a
// millisecond of every key press).
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const millionths = new Intl.NumberFormat('en-US', { minimumFractionDigits: 6, maximumFractionDigits: 6 });
const money = v => '$' + (Math.abs(v) >= 1 || v === 0 ? cents : millionths).format(v);

/** Wires pointer and keyboard input on `element` to every view in `views` (compare keeps them in sync). */
export function attachPointer(element, views) {
  const fraction = event => {
    const rect = element.getBoundingClientRect();
    return rect.width ? (event.clientX - rect.left) / rect.width : 0.5;
  };
  element.addEventListener('pointerdown', event => {
    if (event.button !== 0) return;
    element.setPointerCapture(event.pointerId);
    const f = fraction(event);
    views().forEach(v => v.press(f));
  });
  element.addEventListener('pointermove', event => {
    if (!element.hasPointerCapture(event.pointerId)) return;
    const f = fraction(event);
    views().forEach(v => v.move(f));
  });
  const end = event => {
    if (element.hasPointerCapture(event.pointerId)) element.releasePointerCapture(event.pointerId);
    views().forEach(v => v.release());
  };
  element.addEventListener('pointerup', end);
  element.addEventListener('pointercancel', end);
  element.addEventListener('keydown', event => {
    const first = views()[0];
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (first.pressed) views().forEach(v => v.release()); else views().forEach(v => v.press(0.5));
    } else if (first.pressed && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      const step = (event.shiftKey ? 0.1 : 0.01) * (event.key === 'ArrowLeft' ? -1 : 1);
      views().forEach(v => v.move((v.selection ?? 0.5) + step));
    } else if (event.key === 'Escape' && first.pressed) {
      views().forEach(v => v.release());
    }
  });
}
