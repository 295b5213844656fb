// Updates a drawn chart SVG in place from the render socket's patch (FramePatch on the server):
// attributes set or removed, texts replaced, and path data carried as the change of each number
// in hundredths. The page does no chart maths: it adds the engine's changes to the engine's
// numbers and writes them as the engine writes them.

/** Elements by the key the server uses: `#id`, or the parent's key, `/` and the child's index. */
export function elementKeys(svg) {
  const keys = new Map();
  const visit = (element, key) => {
    keys.set(key, element);
    let index = 0;
    for (const child of element.children) {
      visit(child, child.id ? '#' + child.id : `${key}/${index}`);
      index++;
    }
  };
  visit(svg, '');
  return keys;
}

/** `d` as its command letters (0 where a number stands) and numbers in hundredths; null if not so writable. */
export function pathNumbers(d) {
  const commands = [], values = [];
  const re = /([MLCZ,])|(-?\d+(?:\.(\d{1,2}))?)/y;
  let match;
  while (re.lastIndex < d.length && (match = re.exec(d))) {
    if (match[1]) { commands.push(match[1]); continue; }
    const [whole, fraction = ''] = match[2].replace('-', '').split('.');
    const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    values.push(match[2].startsWith('-') ? -value : value);
    commands.push(0);
  }
  return re.lastIndex === d.length || d.length === 0 ? { commands, values } : null;
}

const number = n => {
  const sign = n < 0 ? '-' : '';
  const a = Math.abs(n), whole = Math.floor(a / 100), fraction = a % 100;
  if (fraction === 0) return sign + whole;
  return sign + whole + '.' + (fraction % 10 === 0 ? String(fraction / 10) : String(fraction).padStart(2, '0'));
};

function writePath({ commands, values }) {
  let text = '', i = 0;
  for (const c of commands) text += c === 0 ? number(values[i++]) : c;
  return text;
}

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The whole numbers `FramePatch.varints` wrote: zigzag, five bits a character, sixth bit "more". */
export function readVarints(text) {
  const values = [];
  let value = 0, scale = 1;
  for (const ch of text) {
    const digit = DIGITS.indexOf(ch);
    if (digit < 0) return null;
    value += (digit & 31) * scale;
    if (digit & 32) { scale *= 32; continue; }
    values.push(value % 2 === 0 ? value / 2 : -(value + 1) / 2);
    value = 0; scale = 1;
  }
  return values;
}

/**
 * Applies `patch` to the SVG whose elements are `keys`; `paths` caches parsed path data by key.
 * Returns false when the patch does not fit the drawn document (the caller asks for a whole one).
 */
export function applyPatch(keys, paths, patch) {
  for (const [key, name, value] of patch.a) {
    const element = keys.get(key);
    if (!element) return false;
    if (value === null) element.removeAttribute(name); else element.setAttribute(name, value);
    if (name === 'd') paths.delete(key);
  }
  for (const [key, text] of patch.t) {
    const element = keys.get(key);
    if (!element) return false;
    element.textContent = text;
  }
  const sent = new Map();
  for (const entry of patch.d) {
    const key = entry[0];
    const own = readVarints(entry[entry.length - 1]);
    if (!own) return false;
    const deltas = entry.length === 3 ? (sent.get(entry[1]) ?? []).concat(own) : own;
    sent.set(key, deltas);
    const element = keys.get(key);
    if (!element) return false;
    let path = paths.get(key);
    if (!path) { path = pathNumbers(element.getAttribute('d') ?? ''); if (!path) return false; paths.set(key, path); }
    if (path.values.length !== deltas.length) return false;
    for (let i = 0; i < deltas.length; i++) path.values[i] += deltas[i];
    element.setAttribute('d', writePath(path));
  }
  return true;
}
