// One chart drawn by the engine: latest-wins rendering, press/scrub, and the transition played
// from frames the engine computed (the page never does chart maths itself).

import { send } from './api.js';
import { renderChannel } from './render-channel.js';

export class ChartView {
  /**
   * @param {HTMLElement} element where the SVG goes
   * @param {() => {params: object, view: object}} source the parameters and view to draw
   */
  constructor(element, source, { idPrefix = 'cw', onPainted = () => {}, onPress = () => {} } = {}) {
    this.element = element;
    this.source = source;
    this.idPrefix = idPrefix;
    this.onPainted = onPainted;
    this.onPress = onPress;   // (pressed) when a press starts or ends
    this.progress = 0;        // 0 inactive, 1 active (between only while animating)
    this.selection = null;    // 0…1 of the width while pressed
    this.pressed = false;
    this.inflight = false;
    this.dirty = false;
    this.animation = 0;       // token of the running animation; 0 when none
  }

  request(extra = {}) {
    const { params, view } = this.source();
    return { ...params, width: view.width, height: view.height, period: view.period, id: this.idPrefix, ...extra };
  }

  /** Draws the current state; while a render is in flight only the newest wish is kept. */
  draw() {
    if (this.animation) return;
    if (this.inflight) { this.dirty = true; return; }
    this.inflight = true;
    const extra = { progress: this.progress };
    if (this.selection !== null && this.progress > 0) extra.selection = this.selection;
    const started = performance.now();
    renderChannel.render(this.request(extra))
      .then(svg => { if (!this.animation) this.paint(svg, started); })
      .catch(error => this.onPainted(null, error))
      .finally(() => {
        this.inflight = false;
        if (this.dirty) { this.dirty = false; this.draw(); }
      });
  }

  paint(svg, started) {
    this.element.innerHTML = svg;
    this.onPainted(this.element.firstElementChild, null, started);
  }

  // Pointer: fractions of the drawn width.
  press(fraction) {
    if (!this.pressed) this.onPress(true);
    this.pressed = true;
    this.selection = clamp(fraction);
    this.animate('in');
  }

  move(fraction) {
    if (!this.pressed) return;
    this.selection = clamp(fraction);
    if (!this.animation) this.draw();
  }

  release() {
    if (!this.pressed) return;
    this.pressed = false;
    this.onPress(false);
    this.animate('out');
  }

  /** Plays the engine's frames for the transition at their times. */
  async animate(direction) {
    const token = ++ChartView.animations;
    this.animation = token;
    let frames;
    try {
      const response = await send('POST', '/api/frames', this.request({ direction, selection: this.selection ?? 0.5 }));
      frames = response.body.frames;
    } catch (error) {
      if (this.animation === token) this.animation = 0;
      this.onPainted(null, error);
      return;
    }
    if (this.animation !== token) return;
    const duration = frames[frames.length - 1].time * 1000;
    const start = performance.now();
    await new Promise(resolve => {
      const step = now => {
        if (this.animation !== token) return resolve();
        const elapsed = now - start;
        let index = frames.findIndex(f => f.time * 1000 >= elapsed);
        if (index < 0) index = frames.length - 1;
        const frame = frames[index];
        this.progress = frame.progress;
        this.paint(frame.svg, now);
        if (elapsed >= duration) return resolve();
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    if (this.animation !== token) return;
    this.animation = 0;
    this.progress = direction === 'in' ? 1 : 0;
    if (direction === 'out') this.selection = null;
    this.draw();
  }

  /** For presenting: press in the middle-right, hold, release. */
  async play() {
    if (!this.pressed) this.onPress(true);
    this.pressed = true;
    this.selection = 0.7;
    await this.animate('in');
    await new Promise(r => setTimeout(r, 700));
    this.release();
  }
}
ChartView.animations = 0;

const clamp = v => Math.min(1, Math.max(0, v));

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
