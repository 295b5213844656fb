// The page's state, held once: parameter values (what the chart uses), view settings, the open
// preset's identity and the position of its shared draft, and undo/redo per preset. Only this
// file writes them: everyone else reads them here and asks for a change through a method, which
// tells every listener (with the change's origin). The identity is written in one place,
// `#setPreset`, and handed out frozen.
// Undo on a preset goes through `reverter` (the shared draft on the server, which only ever
// reverts your own step and never a key someone else changed since); on unsaved parameters,
// which are this page's alone, it happens here.

export const defaultView = Object.freeze({ period: '1Y', width: 393, height: 240, theme: 'light', zoom: 1, device: '393', vision: 'none', themes: 'one', scenario: '' });
/** The view a page opens with: light or dark as the system is set (still switchable); links name a dark theme. */
const openingView = () => Object.freeze({ ...defaultView, theme: globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light' });

/** "See it as others see it": typical vision or a simulated dichromacy (the engine's Machado 2009 matrices). */
export const visions = ['none', 'protanopia', 'deuteranopia', 'tritanopia'];

let stepCounter = 0;
const newStepId = () => `s${Date.now().toString(36)}-${++stepCounter}`;
const noDraft = Object.freeze({ draft: 0, version: 0, parameters: {} });

export class Store {
  #params;
  #view = openingView();
  #preset = null;
  #draft = noDraft;

  constructor(schema) {
    this.schema = schema;
    this.defaults = Object.fromEntries(schema.parameters.map(p => [p.key, p.default]));
    this.#params = { ...this.defaults };
    /** The preset a link names, until it is open, and whether the link carries parameter values too. */
    this.linkedPreset = null;
    this.linkHasParams = false;
    this.history = new Map();   // preset name ('' for unsaved parameters) → { undo: [step], redo: [step] }
    this.step = null;           // the edit in progress: { id, before, after }
    /** async step → the step that reverts it, or null when nothing was reverted (it says why). */
    this.reverter = null;
    this.listeners = new Set();
  }

  /** The values the chart shows (read only: change them with edit, replace, applyRemote). */
  get params() { return this.#params; }

  /** The view settings, frozen (change them with setView). */
  get view() { return this.#view; }

  /**
   * The open preset, frozen: { name, revision, params (its saved values), author, notes,
   * updatedAt }; null for unsaved parameters. Changed by openPreset, openUnsaved, closePreset,
   * presetSaved, presetRenamed and presetDetails.
   */
  get preset() { return this.#preset; }

  get presetName() { return this.#preset?.name ?? null; }

  /** What ↺ and Reset all return to: the open preset's saved values, else the engine defaults. */
  get baseline() { return this.#preset?.params ?? this.defaults; }

  /** Whether the values differ from the open preset's saved ones. */
  get modified() { return this.#preset !== null && !sameParams(this.#preset.params, this.#params); }

  /** The newest version of the open preset's shared draft taken: { draft, version, parameters }. */
  get draft() { return this.#draft; }

  on(listener) { this.listeners.add(listener); return () => this.listeners.delete(listener); }

  emit(change) { for (const listener of this.listeners) listener(change); }

  definition(key) { return this.schema.parameters.find(p => p.key === key); }

  /** The undo and redo stacks of a preset (of the open one by default). */
  historyOf(name = this.presetName) {
    const key = name ?? '';
    if (!this.history.has(key)) this.history.set(key, { undo: [], redo: [] });
    return this.history.get(key);
  }

  /** Forgets every undo step (the page's first picture is nobody's edit). */
  clearHistory() {
    this.history.clear();
    this.emit({ kind: 'history' });
  }

  get undoStack() { return this.historyOf().undo; }
  get redoStack() { return this.historyOf().redo; }

  /** A live edit (slider input): shown at once, one undo step when `commit` follows. */
  edit(key, value, origin = 'local') {
    if (same(this.params[key], value)) return;
    this.record(origin, { [key]: value });
    this.#params = { ...this.#params, [key]: value };
    this.emit({ kind: 'params', keys: [key], origin, step: this.step?.id });
  }

  record(origin, values) {
    if (origin !== 'local') return;
    this.step ??= { id: newStepId(), before: {}, after: {} };
    for (const [key, value] of Object.entries(values)) {
      if (!(key in this.step.before)) this.step.before[key] = this.params[key];
      this.step.after[key] = value;
    }
  }

  /** Ends an edit: it becomes one undo step on the open preset. */
  commit() {
    const step = this.step;
    this.step = null;
    if (step && !sameParams(step.before, Object.fromEntries(Object.keys(step.before).map(k => [k, this.params[k]])))) {
      const stacks = this.historyOf();
      stacks.undo.push(step);
      if (stacks.undo.length > 200) stacks.undo.shift();
      stacks.redo = [];
    }
    this.emit({ kind: 'history' });
  }

  /** Many values as one edit and one undo step (reset all, a link's values). */
  replace(params, origin = 'local') {
    const known = Object.fromEntries(Object.entries(params).filter(([k, v]) => k in this.defaults && !same(v, this.params[k])));
    const keys = Object.keys(known);
    if (!keys.length) return;
    this.record(origin, known);
    this.#params = { ...this.#params, ...known };
    this.emit({ kind: 'params', keys, origin, step: this.step?.id });
    if (origin === 'local') this.commit();
  }

  /**
   * Opens a preset's shared draft: `file` the stored preset (name, author, notes, updatedAt),
   * `draft` the server's draft of it (its saved revision and values, everyone's unsaved edits).
   * Not an edit.
   */
  openPreset(file, draft) {
    this.#draft = Object.freeze({ draft: draft.draft, version: draft.version, parameters: draft.parameters });
    this.#open({ name: file.name, revision: draft.baseRevision, params: this.known(draft.saved ?? {}), author: file.author,
                 notes: file.notes, updatedAt: file.updatedAt }, draft.parameters);
  }

  /** Unsaved parameters with these values, this page's alone: not an edit. */
  openUnsaved(params) {
    this.#draft = noDraft;
    this.#open(null, params);
  }

  /** The open preset was deleted: its values stay on screen as unsaved parameters, its undo history goes. */
  closePreset() {
    if (this.#preset) this.history.delete(this.#preset.name);
    this.openUnsaved(this.#params);
  }

  #open(identity, params) {
    this.step = null;
    this.linkedPreset = null;
    const next = { ...this.defaults, ...pick(params, this.defaults) };
    const keys = Object.keys(next).filter(k => !same(next[k], this.#params[k]));
    this.#params = next;
    this.#setPreset(identity);
    this.emit({ kind: 'params', keys, origin: 'load' });
    this.emit({ kind: 'history' });
  }

  /** A new saved revision of the open preset (ours or someone's): its values and, when known, its time. */
  presetSaved({ revision, saved, updatedAt }) {
    if (!this.#preset) return;
    this.#setPreset({ ...this.#preset, revision, params: this.known(saved), ...(updatedAt === undefined ? {} : { updatedAt }) });
  }

  /** The open preset's author, notes and save time, as read from the server. */
  presetDetails(name, { author, notes, updatedAt }) {
    if (this.presetName !== name) return;
    this.#setPreset({ ...this.#preset, author, notes, updatedAt });
  }

  /** A preset was renamed (here or elsewhere): its undo history follows it, and so does the page when it is open. */
  presetRenamed(oldName, newName) {
    if (oldName !== newName && this.history.has(oldName)) {
      this.history.set(newName, this.history.get(oldName));
      this.history.delete(oldName);
    }
    if (this.presetName === oldName && oldName !== newName) this.#setPreset({ ...this.#preset, name: newName });
  }

  /** The one place the identity is written. Its values are the baseline too, so both are told. */
  #setPreset(identity) {
    this.#preset = identity === null ? null : Object.freeze({ ...identity, params: Object.freeze({ ...identity.params }) });
    this.emit({ kind: 'preset' });
    this.emit({ kind: 'baseline' });
  }

  /**
   * A version of the open preset's shared draft (an event or an answer); false, and nothing
   * taken, when it is not the open preset's or not newer (`orEqual`: the same version is taken).
   */
  takeDraft(snapshot, { orEqual = false } = {}) {
    if (snapshot.preset !== this.presetName) return false;
    const { draft, version } = snapshot;
    const at = this.#draft;
    const newer = draft > at.draft || (draft === at.draft && (version > at.version || (orEqual && version === at.version)));
    if (!newer) return false;
    this.#draft = Object.freeze({ draft, version, parameters: snapshot.parameters });
    return true;
  }

  /** The server restarted: its drafts count their versions from the start again. */
  forgetDraft() { this.#draft = noDraft; }

  /** The entries of `values` that are parameters. */
  known(values) { return pick(values, this.defaults); }

  /** Someone else's change to the open preset: shown, never an undo step of ours. */
  applyRemote(params) {
    const known = pick(params, this.defaults);
    const keys = Object.keys(known).filter(k => !same(known[k], this.params[k]));
    if (!keys.length) return;
    this.#params = { ...this.#params, ...known };
    this.emit({ kind: 'params', keys, origin: 'remote' });
  }

  undo() { return this.#inTurn('undo', 'redo'); }
  redo() { return this.#inTurn('redo', 'undo'); }

  // Undo and redo run one after another: a redo pressed before the undo's answer came back from
  // the shared draft would find the redo stack still empty.
  #travels = Promise.resolve();
  #inTurn(fromName, toName) {
    const done = this.#travels.then(() => this.travel(fromName, toName));
    this.#travels = done.catch(() => {});
    return done;
  }

  /** Reverts the newest step of yours on the open preset; says so when there is none. */
  async travel(fromName, toName) {
    if (this.step) this.commit();
    const name = this.presetName;
    const step = this.historyOf(name)[fromName].pop();
    if (!step) {
      const what = fromName === 'undo' ? 'undo' : 'redo';
      this.emit({ kind: 'notice', text: `Nothing more of yours to ${what} on “${name ?? 'unsaved parameters'}”` });
      this.emit({ kind: 'history' });
      return;
    }
    let reverse = null;
    if (name === null) {
      reverse = { id: newStepId(), before: step.after, after: step.before };
      const keys = Object.keys(step.before).filter(k => !same(step.before[k], this.params[k]));
      this.#params = { ...this.#params, ...step.before };
      this.emit({ kind: 'params', keys, origin: 'history' });
    } else if (this.reverter) {
      reverse = await this.reverter(step, newStepId());
    }
    if (reverse) this.historyOf(name)[toName].push(reverse);
    this.emit({ kind: 'history' });
  }

  /** Changes view settings (period, size, theme, zoom, device, vision, themes, scenario); tells the listeners which changed. */
  setView(changes) {
    const keys = Object.keys(changes).filter(k => k in defaultView && this.#view[k] !== changes[k]);
    if (!keys.length) return;
    this.#view = Object.freeze({ ...this.#view, ...changes });
    this.emit({ kind: 'view', keys });
  }

  isVisible(definition) {
    const holds = condition => !condition || (condition.keys.some(k => condition.values.includes(String(this.params[k])))
      && (condition.also || []).every(holds));
    return holds(definition.visibleWhen);
  }

  /** Parameters that differ from the defaults (for short URLs and requests). */
  changedParams() {
    return Object.fromEntries(Object.entries(this.params).filter(([k, v]) => !same(v, this.defaults[k])));
  }

  toURL() {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(this.changedParams())) search.set(k, Array.isArray(v) ? v.join(',') : String(v));
    // The theme is written whenever it is not what this page would open with (the system's).
    const opening = openingView();
    for (const [k, v] of Object.entries(this.view)) if (v !== defaultView[k] || (k === 'theme' && v !== opening.theme)) search.set(k, String(v));
    if (this.presetName !== null) search.set('preset', this.presetName);
    const text = search.toString();
    return location.pathname + (text ? '?' + text : '');
  }

  /**
   * Reads parameters and view from a URL with the schema's rules; returns what it could not
   * use as `key (why)` texts, so the link still draws and the page can list them.
   */
  fromURL(search) {
    const ignored = [];
    const params = { ...this.defaults };
    const view = { ...openingView() };
    for (const [key, text] of new URLSearchParams(search)) {
      const definition = this.definition(key);
      if (definition) {
        const value = parseValue(definition, text);
        if (value === undefined) ignored.push(`${key}=${text} (${expected(definition)})`); else params[key] = value;
        this.linkHasParams = true;
      } else if (key in defaultView) {
        const value = parseView(this.schema, key, text);
        if (value === undefined) ignored.push(`${key}=${text} (${expectedView(this.schema, key)})`); else view[key] = value;
      } else if (key === 'preset') {
        this.linkedPreset = text;
      } else {
        ignored.push(key);
      }
    }
    // Old links set a point count or window without a sizing: the schema says what they meant.
    const given = new Set(new URLSearchParams(search).keys());
    for (const key of given) {
      const implies = this.definition(key)?.implies;
      if (implies && !given.has(implies.key)) params[implies.key] = implies.value;
    }
    // A width that is no device's is a custom size.
    if (!devices.includes(String(view.width)) && !new URLSearchParams(search).has('device')) view.device = 'custom';
    if (view.device !== 'custom' && devices.includes(view.device)) view.width = Number(view.device);
    this.#params = params;
    this.#view = Object.freeze(view);
    return ignored;
  }
}

/** Device widths the page offers (its device menu); any other width is "custom". */
export const devices = ['320', '375', '393', '430', '360', '412'];
export const zooms = [1, 2, 3];

function parseView(schema, key, text) {
  switch (key) {
    case 'period': return schema.periods.includes(text.toUpperCase()) ? text.toUpperCase() : undefined;
    case 'width': case 'height': {
      const v = Number(text);
      const range = schema[key];
      return Number.isInteger(v) && v >= range.min && v <= range.max ? v : undefined;
    }
    case 'zoom': return zooms.includes(Number(text)) ? Number(text) : undefined;
    case 'theme': return text === 'light' || text === 'dark' ? text : undefined;
    case 'device': return text === 'custom' || devices.includes(text) ? text : undefined;
    case 'vision': return visions.includes(text) ? text : undefined;
    case 'themes': return text === 'one' || text === 'both' ? text : undefined;
    case 'scenario': return /^[a-z0-9-]{0,40}$/.test(text) ? text : undefined;
    default: return undefined;
  }
}

/** What a parameter accepts, in words, from its definition (for the list of ignored link values). */
export function expected(definition) {
  switch (definition.type) {
    case 'number': return `${definition.min}–${definition.max}${definition.unit ? ' ' + definition.unit : ''}`;
    case 'integer': return `${definition.odd ? 'an odd' : 'a'} whole number ${definition.min}–${definition.max}`;
    case 'boolean': return 'true or false';
    case 'color': return '#RRGGBB';
    case 'choice': return 'one of ' + definition.options.join(', ');
    case 'cubicBezier': return `x1,y1,x2,y2 with x ${definition.x.min}–${definition.x.max}, y ${definition.y.min}–${definition.y.max}`;
    default: return 'unknown type';
  }
}

function expectedView(schema, key) {
  switch (key) {
    case 'period': return 'one of ' + schema.periods.join(', ');
    case 'width': case 'height': return `a whole number ${schema[key].min}–${schema[key].max}`;
    case 'zoom': return zooms.join(', ');
    case 'theme': return 'light or dark';
    case 'vision': return visions.join(', ');
    case 'themes': return 'one or both';
    case 'scenario': return 'a scenario name (lowercase letters, digits, -)';
    default: return 'a device or custom';
  }
}

/** A parameter's value from link text, or undefined when the schema's rules refuse it. */
export function parseValue(definition, text) {
  switch (definition.type) {
    case 'number': case 'integer': {
      if (text.trim() === '') return undefined;
      return acceptNumber(definition, Number(text));
    }
    case 'boolean': return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'color': return /^#[0-9a-f]{6}$/i.test(text) ? text.toUpperCase() : undefined;
    case 'choice': return definition.options.includes(text) ? text : undefined;
    case 'cubicBezier': {
      const list = text.split(',').map(part => part.trim() === '' ? NaN : Number(part));
      return acceptBezier(definition, list);
    }
    default: return undefined;
  }
}

/** The number if the definition allows it exactly (range, whole, odd), else undefined. */
export function acceptNumber(definition, v) {
  if (!Number.isFinite(v) || v < definition.min || v > definition.max) return undefined;
  if (definition.type === 'integer' && !Number.isInteger(v)) return undefined;
  if (definition.odd && v % 2 === 0) return undefined;
  return v;
}

/** Four control points if they are within the definition's x and y bounds, else undefined. */
export function acceptBezier(definition, list) {
  if (list.length !== 4 || !list.every(Number.isFinite)) return undefined;
  const within = (v, range) => v >= range.min && v <= range.max;
  return within(list[0], definition.x) && within(list[2], definition.x) && within(list[1], definition.y) && within(list[3], definition.y)
    ? list : undefined;
}

/** The nearest value the definition allows: clamped to the range, whole, odd when it must be. */
export function clampNumber(definition, v) {
  v = Math.min(definition.max, Math.max(definition.min, v));
  if (definition.type === 'integer') v = Math.round(v);
  if (definition.odd && v % 2 === 0) v = v + 1 <= definition.max ? v + 1 : v - 1;
  return v;
}

export function same(a, b) {
  return Array.isArray(a) ? Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i]) : a === b;
}

/** The entries of `values` whose keys `known` has. */
function pick(values, known) {
  return Object.fromEntries(Object.entries(values).filter(([k]) => k in known));
}

export function sameParams(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!same(a[k], b[k])) return false;
  return true;
}
