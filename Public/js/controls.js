// Builds one labelled control per schema parameter, grouped, and keeps them in step with the store.

import { same } from './state.js';

const decimals = step => (String(step).split('.')[1] || '').length;

export function buildControls(form, store) {
  const updaters = new Map();
  const rows = new Map();
  for (const group of store.schema.groups) {
    const fieldset = document.createElement('fieldset');
    fieldset.dataset.group = group;
    const legend = document.createElement('legend');
    legend.textContent = group;
    fieldset.append(legend);
    for (const definition of store.schema.parameters.filter(p => p.group === group)) {
      const { row, update } = control(definition, store);
      rows.set(definition.key, row);
      updaters.set(definition.key, update);
      fieldset.append(row);
    }
    form.append(fieldset);
  }

  const refresh = (keys = [...updaters.keys()]) => {
    for (const key of keys) updaters.get(key)?.(store.params[key]);
    for (const definition of store.schema.parameters) {
      const row = rows.get(definition.key);
      row.hidden = !store.isVisible(definition);
      row.classList.toggle('changed', !same(store.params[definition.key], definition.default));
    }
  };
  store.on(change => { if (change.kind === 'params') refresh(change.keys); });
  refresh();
  return { refresh };
}

function control(definition, store) {
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
  reset.title = 'Reset to default';
  reset.setAttribute('aria-label', 'Reset ' + definition.label);
  reset.addEventListener('click', () => { store.edit(definition.key, definition.default); store.commit(); });
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

  switch (definition.type) {
    case 'number': case 'integer': {
      const slider = input('range', id, definition);
      const number = input('number', id + '-number', definition);
      number.setAttribute('aria-label', definition.label + ' value');
      if (definition.help) slider.setAttribute('aria-describedby', id + '-help');
      const places = decimals(definition.step);
      const read = el => {
        let v = Number(el.value);
        if (!Number.isFinite(v)) return null;
        v = Math.min(definition.max, Math.max(definition.min, v));
        if (definition.odd && v % 2 === 0) v = v + 1 <= definition.max ? v + 1 : v - 1;
        return Number(v.toFixed(Math.max(places, 2)));
      };
      slider.addEventListener('input', () => { const v = read(slider); if (v !== null) set(v); });
      slider.addEventListener('change', done);
      number.addEventListener('input', () => { const v = read(number); if (v !== null && number.value !== '') set(v); });
      number.addEventListener('change', () => { const v = read(number); if (v !== null) set(v); number.value = format(store.params[definition.key], places); done(); });
      for (const el of [slider, number]) el.addEventListener('keydown', event => shiftStep(event, el, definition, set, done));
      const wrap = document.createElement('div');
      wrap.className = 'input';
      wrap.append(slider);
      value.append(number);
      if (definition.unit) value.append(Object.assign(document.createElement('span'), { textContent: definition.unit, className: 'unit' }));
      row.append(wrap);
      update = v => { slider.value = v; if (document.activeElement !== number) number.value = format(v, places); };
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
      update = v => { picker.value = v.toLowerCase(); if (document.activeElement !== text) text.value = v; };
      break;
    }
    case 'choice': {
      const select = document.createElement('select');
      select.id = id;
      for (const option of definition.options) select.append(new Option(option, option));
      select.addEventListener('change', () => { set(select.value); done(); });
      const wrap = document.createElement('div');
      wrap.className = 'input';
      wrap.append(select);
      row.append(wrap);
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
        if (i % 2 === 0) { el.min = '0'; el.max = '1'; } else { el.min = '-5'; el.max = '5'; }
        el.title = name;
        el.addEventListener('input', () => {
          const list = fields.map(f => Number(f.value));
          if (list.every(Number.isFinite) && list[0] >= 0 && list[0] <= 1 && list[2] >= 0 && list[2] <= 1) set(list);
        });
        el.addEventListener('change', done);
        return el;
      });
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('viewBox', '-0.1 -0.6 1.2 2.2');
      svg.setAttribute('aria-hidden', 'true');
      const path = document.createElementNS(svg.namespaceURI, 'path');
      path.setAttribute('fill', 'none');
      path.setAttribute('stroke', '#15171c');
      path.setAttribute('stroke-width', '0.05');
      svg.append(path);
      wrap.append(...fields, svg);
      row.append(wrap);
      // The preview only draws the control polygon's curve; timing maths stays in the engine.
      update = v => {
        fields.forEach((f, i) => { if (document.activeElement !== f) f.value = v[i]; });
        path.setAttribute('d', `M0,1 C${v[0]},${1 - v[1]} ${v[2]},${1 - v[3]} 1,0`);
      };
      break;
    }
  }
  return { row, update };
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
  const next = Math.min(definition.max, Math.max(definition.min, current + direction * definition.step * 10));
  set(Number(next.toFixed(6)));
  done();
}
