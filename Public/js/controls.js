// Builds one labelled control per schema parameter, grouped, and keeps them in step with the store.

import { same, clampNumber, acceptBezier } from './state.js';
import { toast } from './toast.js';
import { stepPlaces } from './value-text.js';
import { writeAttribute, svgWithPath } from './elements.js';


/**
 * `baseline()` gives the values ↺ returns to: the loaded preset's, else the engine defaults.
 * Every range, step and rule comes from the schema's definitions.
 */
export function buildControls(form, store, { baseline = () => store.defaults, onKeyboardFocus = () => {} } = {}) {
  const updaters = new Map();
  const rows = new Map();
  const sliders = new Map();   // each number's range input → its parameter and how its value is read
  for (const group of store.schema.groups) {
    const fieldset = document.createElement('fieldset');
    fieldset.dataset.group = group;
    const legend = document.createElement('legend');
    legend.textContent = group;
    fieldset.append(legend);
    for (const definition of store.schema.parameters.filter(p => p.group === group)) {
      const { row, update, stepper } = control(definition, store, baseline);
      if (stepper) sliders.set(stepper.slider, { key: definition.key, read: stepper.read });
      rows.set(definition.key, row);
      updaters.set(definition.key, update);
      fieldset.append(row);
    }
    form.append(fieldset);
  }

  // A box being typed in keeps the person's text for their own edits; any other change (a
  // colleague's, an undo, a load) is written into every control, so each shows what the chart uses.
  const refresh = (keys = [...updaters.keys()], origin = 'load') => {
    for (const key of keys) updaters.get(key)?.(store.params[key], origin === 'local');
    const baselineValues = baseline();
    for (const definition of store.schema.parameters) {
      const row = rows.get(definition.key);
      writeAttribute(row, 'hidden', !store.isVisible(definition));
      const value = store.params[definition.key];
      const atBaseline = same(value, baselineValues[definition.key] ?? definition.default);
      const atDefault = same(value, definition.default);
      row.classList.toggle('changed', !atBaseline);   // a forced toggle to the state it has writes nothing
      const reset = row.querySelector('.reset');
      const toDefault = atBaseline && !atDefault;
      const title = toDefault ? 'Reset to the engine default' : 'Reset to the loaded preset\'s value';
      writeAttribute(reset, 'data-target', toDefault ? 'default' : 'baseline');
      writeAttribute(reset, 'title', title);
      writeAttribute(reset, 'aria-label', `${title}: ${definition.label}`);
      writeAttribute(reset, 'disabled', atBaseline && atDefault);
    }
  };
  store.on(change => { if (change.kind === 'params' || change.kind === 'baseline') refresh(change.keys, change.origin); });
  refresh();

  // A slider moved by its keys, or focused other than by a pointer (Tab), is likely to move one
  // step next, either way: `stepsAhead` gives those two values, for the chart to draw ahead. A
  // pointer drag jumps: it gives none.
  let keyed = null;
  let pointing = false;
  form.addEventListener('keydown', event => { if (sliders.has(event.target)) keyed = event.target; });
  form.addEventListener('pointerdown', () => { keyed = null; pointing = true; });
  document.addEventListener('pointerup', () => { pointing = false; });
  document.addEventListener('pointercancel', () => { pointing = false; });
  form.addEventListener('focusin', event => {
    if (!sliders.has(event.target) || pointing) return;
    keyed = event.target;
    onKeyboardFocus();
  });
  const stepsAhead = () => {
    const slider = document.activeElement;
    if (slider !== keyed || !sliders.has(slider)) return [];
    const { key, read } = sliders.get(slider);
    const ahead = [];
    for (const direction of [-1, 1]) {
      // The slider's own stepping on a copy: the value its next key gives, as that key would read it.
      const probe = slider.cloneNode();
      probe.value = slider.value;
      if (direction < 0) probe.stepDown(); else probe.stepUp();
      const value = read(probe);
      if (value !== null && !same(value, store.params[key])) ahead.push({ [key]: value });
    }
    return ahead;
  };
  return { refresh, stepsAhead };
}

function control(definition, store, baseline) {
  const id = 'param-' + definition.key;
  const row = document.createElement('div');
  row.className = 'control';
  row.dataset.key = definition.key;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = definition.label;
  const value = document.createElement('div');
  value.className = 'value';
  const reset = document.createElement('button');
  reset.type = 'button';
  reset.className = 'reset';
  reset.textContent = '↺';
  // First back to the loaded preset's value, then (pressed again) to the engine default.
  reset.addEventListener('click', () => {
    const target = reset.dataset.target === 'default' ? definition.default : (baseline()[definition.key] ?? definition.default);
    store.edit(definition.key, target);
    store.commit();
  });
  row.append(label, value, reset);
  if (definition.help) {
    const help = document.createElement('p');
    help.className = 'help';
    help.id = id + '-help';
    help.textContent = definition.help;
    row.append(help);
  }

  const set = v => store.edit(definition.key, v);
  const done = () => store.commit();
  let update;
  let stepper = null;   // a number's slider and its reading, for the steps ahead

  switch (definition.type) {
    case 'number': case 'integer': {
      const slider = input('range', id, definition);
      const number = input('number', id + '-number', definition);
      number.setAttribute('aria-label', definition.label + ' value');
      const places = stepPlaces(definition.step);
      const read = el => {
        const v = Number(el.value);
        if (el.value.trim() === '' || !Number.isFinite(v)) return null;
        return Number(clampNumber(definition, v).toFixed(Math.max(places, 2)));
      };
      slider.addEventListener('input', () => { const v = read(slider); if (v !== null) set(v); });
      slider.addEventListener('change', done);
      number.addEventListener('input', () => { const v = read(number); if (v !== null && number.value !== '') set(v); });
      number.addEventListener('change', () => {
        const v = read(number);
        if (v !== null) { set(v); tellIfLimited(definition, Number(number.value), v); }
        number.value = format(store.params[definition.key], places);
        done();
      });
      for (const el of [slider, number]) el.addEventListener('keydown', event => shiftStep(event, el, definition, set, done));
      const wrap = document.createElement('div');
      wrap.className = 'input';
      wrap.append(slider);
      value.append(number);
      if (definition.unit) value.append(Object.assign(document.createElement('span'), { textContent: definition.unit, className: 'unit' }));
      row.append(wrap);
      number.addEventListener('blur', () => { number.value = format(store.params[definition.key], places); });
      update = (v, typing) => { slider.value = v; if (!typing || document.activeElement !== number) number.value = format(v, places); };
      stepper = { slider, read };
      break;
    }
    case 'color': {
      const picker = document.createElement('input');
      picker.type = 'color';
      picker.id = id;
      const text = document.createElement('input');
      text.type = 'text';
      text.setAttribute('aria-label', definition.label + ' hex');
      text.maxLength = 7;
      picker.addEventListener('input', () => set(picker.value.toUpperCase()));
      picker.addEventListener('change', done);
      text.addEventListener('change', () => {
        const v = text.value.trim().replace(/^([^#])/, '#$1');
        if (/^#[0-9a-f]{6}$/i.test(v)) { set(v.toUpperCase()); done(); } else { text.value = store.params[definition.key]; }
      });
      value.append(text, picker);
      text.addEventListener('blur', () => { text.value = store.params[definition.key]; });
      update = (v, typing) => { picker.value = v.toLowerCase(); if (!typing || document.activeElement !== text) text.value = v; };
      break;
    }
    case 'choice': {
      const select = document.createElement('select');
      select.id = id;
      const labels = definition.optionLabels ?? {};
      for (const option of definition.options) select.append(new Option(labels[option] ?? option, option));
      select.addEventListener('change', () => { set(select.value); done(); });
      const wrap = document.createElement('div');
      wrap.className = 'input';
      wrap.append(select);
      row.append(wrap);
      if (definition.presets?.length) row.append(shortcuts(definition, store));
      update = v => { select.value = v; };
      break;
    }
    case 'boolean': {
      row.classList.add('toggle');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.id = id;
      box.addEventListener('change', () => { set(box.checked); done(); });
      value.append(box);
      update = v => { box.checked = v; };
      break;
    }
    case 'cubicBezier': {
      const wrap = document.createElement('div');
      wrap.className = 'input bezier';
      const names = ['x1', 'y1', 'x2', 'y2'];
      const fields = names.map((name, i) => {
        const el = document.createElement('input');
        el.type = 'number';
        el.step = '0.01';
        el.id = i === 0 ? id : `${id}-${name}`;
        if (i !== 0) el.setAttribute('aria-label', `${definition.label} ${name}`);
        const range = i % 2 === 0 ? definition.x : definition.y;
        el.min = String(range.min);
        el.max = String(range.max);
        el.title = name;
        el.addEventListener('input', () => {
          const list = fields.map(f => f.value.trim() === '' ? NaN : Number(f.value));
          if (acceptBezier(definition, list)) set(list);
        });
        el.addEventListener('change', done);
        return el;
      });
      const { svg, path } = svgWithPath('-0.1 -0.6 1.2 2.2', { fill: 'none', stroke: '#15171c', 'stroke-width': '0.05' });
      wrap.append(...fields, svg);
      row.append(wrap);
      // The preview only draws the control polygon's curve; timing maths stays in the engine.
      update = (v, typing) => {
        fields.forEach((f, i) => { if (!typing || document.activeElement !== f) f.value = v[i]; });
        path.setAttribute('d', `M0,1 C${v[0]},${1 - v[1]} ${v[2]},${1 - v[3]} 1,0`);
      };
      break;
    }
  }
  if (definition.help) row.querySelector(`#${id}`)?.setAttribute('aria-describedby', id + '-help');
  return { row, update, stepper };
}

/** Named value sets from the schema (e.g. Smooth, Snappy, Bouncy springs): one click, one undo step. */
function shortcuts(definition, store) {
  const bar = document.createElement('div');
  bar.className = 'shortcuts';
  bar.setAttribute('role', 'group');
  bar.setAttribute('aria-label', `${definition.label} presets`);
  for (const preset of definition.presets) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = preset.label;
    button.dataset.preset = preset.name;
    button.title = Object.entries(preset.values).map(([key, value]) => `${key} ${value}`).join(', ');
    button.addEventListener('click', () => {
      for (const [key, value] of Object.entries(preset.values)) store.edit(key, value);
      store.commit();
    });
    bar.append(button);
  }
  return bar;
}

/** A typed value outside the range is limited, and the person is told so rather than left to notice. */
function tellIfLimited(definition, typed, used) {
  if (!Number.isFinite(typed) || (typed >= definition.min && typed <= definition.max)) return;
  const unit = definition.unit ? ' ' + definition.unit : '';
  const bound = typed > definition.max ? 'most' : 'least';
  toast(`${definition.standaloneLabel} limited to ${used}${unit}: ${typed}${unit} is outside ${definition.min}–${definition.max}${unit}, the ${bound} it allows.`,
        { key: 'limited-' + definition.key });
}

function input(type, id, definition) {
  const el = document.createElement('input');
  el.type = type;
  el.id = id;
  el.min = definition.min;
  el.max = definition.max;
  el.step = definition.step;
  return el;
}

function format(v, places) { return Number(v).toFixed(places); }

/** Shift+arrow moves ten steps, as design tools do. */
function shiftStep(event, el, definition, set, done) {
  if (!event.shiftKey || !['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key)) return;
  event.preventDefault();
  const direction = event.key === 'ArrowUp' || event.key === 'ArrowRight' ? 1 : -1;
  const current = Number(el.value);
  const next = clampNumber(definition, current + direction * definition.step * 10);
  set(Number(next.toFixed(6)));
  done();
}
