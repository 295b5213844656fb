// Small element builders the page's tables and dialogs share. Text goes in as textContent:
// names and notes from people are never parsed as markup.

/** A table row of `cells` as `tag` (`th` or `td`) elements. */
export function row(cells, tag) {
  const tr = document.createElement('tr');
  for (const text of cells) {
    const cell = document.createElement(tag);
    cell.textContent = text;
    tr.append(cell);
  }
  return tr;
}

/** A plain button that calls `onClick`. */
export function button(text, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}
