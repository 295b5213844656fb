// Small element builders the page's tables and dialogs share. Text goes in as textContent:
// names and notes from people are never parsed as markup, and their invisible characters show.

import { visibleText } from './visible-text.js';

/** A table row of `cells` as `tag` (`th` or `td`) elements. */
export function row(cells, tag) {
  const tr = document.createElement('tr');
  for (const text of cells) {
    const cell = document.createElement(tag);
    cell.textContent = visibleText(text);
    tr.append(cell);
  }
  return tr;
}

/**
 * Names each cell by its column's heading (`data-label`), so that a `stacked` table read on a
 * phone, one row a card, still says what each value is.
 */
export function labelCells(table) {
  const headings = [...(table.querySelector('tr')?.children ?? [])].map(th => th.textContent);
  for (const tr of [...table.querySelectorAll('tr')].slice(1)) {
    [...tr.children].forEach((cell, i) => { if (headings[i]) cell.dataset.label = headings[i]; });
  }
}

/**
 * Fills `list` anew with one item a round (Explore's or a vote's): an `li` whose data-round is
 * the round's id, filled by `fill(item, round)`; or one saying `empty` when there are none.
 */
export function roundList(list, rounds, empty, fill) {
  list.replaceChildren();
  if (!rounds.length) list.append(Object.assign(document.createElement('li'), { textContent: empty }));
  for (const round of rounds) {
    const item = document.createElement('li');
    item.dataset.round = round.id;
    fill(item, round);
    list.append(item);
  }
}

/** A plain button that calls `onClick`. */
export function button(text, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

/** Check boxes in `box`, one a name (labelled with it, ids `idPrefix` + index), in place of its old ones; returned in order. */
export function checkBoxes(box, names, idPrefix) {
  box.querySelectorAll('label').forEach(l => l.remove());
  return names.map((name, i) => {
    const label = document.createElement('label');
    const check = document.createElement('input');
    check.type = 'checkbox';
    check.id = idPrefix + i;
    label.append(check, document.createTextNode(' ' + name));
    box.append(label);
    return check;
  });
}

/**
 * A decorative SVG (hidden from screen readers) holding one path with `pathAttributes`, in that
 * order; the path is returned too, for what draws it later.
 */
export function svgWithPath(viewBox, pathAttributes) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', viewBox);
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(svg.namespaceURI, 'path');
  for (const [name, value] of Object.entries(pathAttributes)) path.setAttribute(name, value);
  svg.append(path);
  return { svg, path };
}

// Writing a value an element already has still invalidates its style (and a text, its layout):
// the page redraws on every slider step, so these write only what changed.

/** Sets `element`'s text (invisible characters shown) unless it is already so. */
export function writeText(element, text) {
  const shown = visibleText(text);
  if (element.textContent !== shown) element.textContent = shown;
}

/** Sets (a string), or removes (null or false; true sets it empty), an attribute unless it already is so. */
export function writeAttribute(element, name, value) {
  if (value === null || value === false) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else {
    const text = value === true ? '' : String(value);
    if (element.getAttribute(name) !== text) element.setAttribute(name, text);
  }
}

/** Replaces `element`'s children with `nodes` unless they already read the same (markup and text). */
export function writeChildren(element, nodes) {
  const markup = nodes.map(node => node.nodeType === Node.ELEMENT_NODE ? node.outerHTML : escapeText(node.textContent)).join('');
  if (element.innerHTML !== markup) element.replaceChildren(...nodes);
}

const escapeText = text => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
