// Updates a drawn chart SVG in place from the render socket's frame delta (FrameDelta on the
// server): elements removed and inserted, attributes and texts set, and each path as the change
// of each of its numbers. The page does no chart maths and never reads a path's text: it keeps
// every path's numbers as the server sent them and writes the path from them as the engine does.

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The SVG's elements in document order (pre-order): the places the server names them by. */
export function elementList(svg) {
  const list = [];
  const visit = element => { list.push(element); for (const child of element.children) visit(child); };
  if (svg) visit(svg);
  return list;
}

/** The whole numbers `Varints.text` wrote: zigzag, five bits a character, sixth bit "more"; null if not so written. */
export function readVarints(text, from = 0) {
  const values = [];
  let value = 0, scale = 1;
  for (let i = from; i < text.length; i++) {
    const digit = DIGITS.indexOf(text[i]);
    if (digit < 0) return null;
    value += (digit & 31) * scale;
    if (digit & 32) { scale *= 32; continue; }
    values.push(value % 2 === 0 ? value / 2 : -(value + 1) / 2);
    value = 0; scale = 1;
  }
  return scale === 1 ? values : null;
}

/** A path sent whole: its command letters (`ML699Z`: a count after a letter repeats it) and numbers. */
export function wholePath(commandText, valueText) {
  const commands = [];
  for (const [, letter, count] of commandText.matchAll(/([MLCZ])(\d*)/g)) {
    for (let n = count ? Number(count) : 1; n > 0; n--) commands.push(letter);
  }
  // Each number after the first two is sent as its difference from the number two before it.
  const values = readVarints(valueText);
  if (!values) return null;
  for (let i = 2; i < values.length; i++) values[i] += values[i - 2];
  const needed = commands.reduce((sum, c) => sum + (c === 'C' ? 6 : c === 'Z' ? 0 : 2), 0);
  return needed === values.length ? { commands, values } : null;
}

/**
 * A path's changes: `count` numbers; or after `.` pairs of (zeros before, change), the rest zero;
 * or after `:` the changes of the numbers at odd places, the others zero.
 */
export function readChanges(text, count) {
  if (text.startsWith(':')) {
    const odd = readVarints(text, 1);
    if (!odd || odd.length !== Math.floor(count / 2)) return null;
    const changes = new Array(count).fill(0);
    odd.forEach((change, i) => { changes[2 * i + 1] = change; });
    return changes;
  }
  if (!text.startsWith('.')) {
    const changes = readVarints(text);
    return changes && changes.length === count ? changes : null;
  }
  const pairs = readVarints(text, 1);
  if (!pairs || pairs.length % 2) return null;
  const changes = new Array(count).fill(0);
  let at = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    at += pairs[i];
    if (at >= count) return null;
    changes[at++] = pairs[i + 1];
  }
  return changes;
}

/** `units` of 10^-precision as the engine writes it: trailing zeros trimmed, no exponent, no -0. */
function number(units, scale, precision) {
  const sign = units < 0 ? '-' : '';
  const size = Math.abs(units);
  let whole = Math.trunc(size / scale), fraction = size - whole * scale;
  if (fraction < 0) { whole -= 1; fraction += scale; } else if (fraction >= scale) { whole += 1; fraction -= scale; }
  if (fraction === 0) return sign + whole;
  return sign + whole + '.' + String(fraction).padStart(precision, '0').replace(/0+$/, '');
}

/** Path data from its numbers, as the engine's PathWriter writes them: `M1,2L3,4C…Z`. */
export function writePath({ commands, values }, precision) {
  const scale = 10 ** precision;
  let text = '', i = 0;
  for (const command of commands) {
    text += command;
    const count = command === 'C' ? 6 : command === 'Z' ? 0 : 2;
    for (let k = 0; k < count; k++) text += (k ? ',' : '') + number(values[i++], scale, precision);
  }
  return text;
}

/** The numbers of a whole frame's paths (its head's `paths`), by element. */
export function framePaths(list, entries = []) {
  const paths = new WeakMap();
  for (const [index, commands, values] of entries) {
    const path = list[index] && wholePath(commands, values);
    if (path) paths.set(list[index], path);
  }
  return paths;
}

/**
 * Applies `delta` to the drawn frame `{list, paths, attributesSet}` (its elements in order, their
 * paths' numbers, and the places and names of the attributes the delta it came by set), changing
 * them. Returns false when the delta does not fit the drawn document (the caller asks for a whole
 * one).
 */
export function applyDelta(frame, delta) {
  const shown = frame.list;
  if (delta.r || delta.i) {
    for (const index of delta.r ?? []) {
      if (!frame.list[index] || index === 0) return false;
      frame.list[index].remove();
    }
    const list = elementList(frame.list[0]);
    for (const [index, parent, name, attributes, text] of delta.i ?? []) {
      const into = list[parent];
      if (!into || index <= parent) return false;
      const element = document.createElementNS(SVG_NAMESPACE, name);
      for (let k = 0; k + 1 < attributes.length; k += 2) element.setAttribute(attributes[k], attributes[k + 1]);
      if (text !== undefined) element.textContent = text;
      const next = list[index];
      into.insertBefore(element, next?.parentNode === into ? next : null);
      list.splice(index, 0, element);
    }
    frame.list = list;
  }
  const { list, paths } = frame;
  // `A`: the same attributes as the delta to the frame shown set, in order: only their values.
  let changes = delta.a ?? [];
  if (delta.A) {
    const places = frame.attributesSet;
    if (!places || places.length !== delta.A.length) return false;
    changes = places.map(([which, name], k) => [which, name, delta.A[k]]);
  }
  frame.attributesSet = changes.map(([which, name]) => [which, name]);
  for (const [which, name, value] of changes) {
    for (const index of Array.isArray(which) ? which : [which]) {
      const element = list[index];
      if (!element) return false;
      if (value === null) element.removeAttribute(name); else element.setAttribute(name, value);
      if (name === 'd') paths.delete(element);
    }
  }
  for (const [index, text] of delta.t ?? []) {
    if (!list[index]) return false;
    list[index].textContent = text;
  }
  // Paths from the shown frame's numbers first: the changes below move those in place.
  const derived = [];
  for (const [index, from, text] of delta.D ?? []) {
    const source = shown[from] && paths.get(shown[from]);
    const changes = source && readChanges(text, source.values.length);
    if (!list[index] || !changes) return false;
    derived.push([list[index], { commands: source.commands, values: source.values.map((v, i) => v + changes[i]) }]);
  }
  for (const [index, commands, values] of delta.P ?? []) {
    const path = wholePath(commands, values);
    if (!list[index] || !path) return false;
    derived.push([list[index], path]);
  }
  for (const [element, path] of derived) {
    paths.set(element, path);
    element.setAttribute('d', writePath(path, delta.p));
  }
  const sent = new Map();
  for (const entry of delta.d ?? []) {
    const element = list[entry[0]];
    const path = element && paths.get(element);
    const before = entry.length === 3 ? sent.get(entry[1]) : [];
    if (!path || !before) return false;
    const own = readChanges(entry[entry.length - 1], path.values.length - before.length);
    if (!own) return false;
    const changes = before.length ? before.concat(own) : own;
    sent.set(entry[0], changes);
    for (let i = 0; i < changes.length; i++) path.values[i] += changes[i];
    element.setAttribute('d', writePath(path, delta.p));
  }
  return true;
}
