// Explore's "why": what the pair on screen tests, and what matters to the model at the team's
// best (its sentence and each parameter's importance as a bar). The words and numbers are the
// server's (labels, units and values from the parameter definitions); this only lays them out.

/** "This pair tests …" under the candidates (empty while none are shown). */
export function renderTesting(element, testing) {
  element.textContent = testing?.text ?? '';
}

/**
 * "Why: …" and the importances, most first: each item its text, then a bar whose length is its
 * spread over the largest (the bar is decoration: the text says the same).
 */
export function renderImportance(why, list, best) {
  const items = best?.importance ?? [];
  why.hidden = !best?.why;
  why.textContent = best?.why ? `Why: ${best.why}` : '';
  list.hidden = items.length === 0;
  const top = Math.max(...items.map(item => item.spread), 1e-9);
  list.replaceChildren(...items.map(item => {
    const li = document.createElement('li');
    const text = document.createElement('span');
    text.textContent = item.text;
    const bar = document.createElement('span');
    bar.className = 'bar';
    bar.setAttribute('aria-hidden', 'true');
    bar.style.width = `${Math.round(100 * Math.max(0, item.spread) / top)}%`;
    li.append(text, bar);
    return li;
  }));
}
