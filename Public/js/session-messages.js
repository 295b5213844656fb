// What others do, said once per person: one line each ("Mika changed Line width, Easing"),
// updated in place while they keep going, fading after a quiet spell. The lines live in their
// own strip under the chart, so they never cover a control.

const quietMs = 4000;
const lines = new Map();   // person key → { element, changes: Set, timer }

/** `person`: { client, user }; `change`: short text ("changed Line width"). Parameter labels
 *  of a run of edits are merged: `what` is the verb, `items` the things. */
export function announce(person, verb, items = []) {
  const box = document.getElementById('session-messages');
  if (!box) return;
  const key = person.client || person.user || 'someone';
  let line = lines.get(key);
  if (!line || line.verb !== verb) {
    line?.element.remove();
    const element = document.createElement('li');
    element.className = 'session-message';
    box.append(element);
    line = { element, verb, items: new Set(), timer: 0 };
    lines.set(key, line);
  }
  for (const item of items) line.items.add(item);
  const list = [...line.items];
  const shown = list.length > 4 ? `${list.slice(0, 4).join(', ')} and ${list.length - 4} more` : list.join(', ');
  line.element.textContent = `${person.user || 'Someone'} ${verb}${shown ? ' ' + shown : ''}`;
  line.element.title = line.element.textContent;   // the whole line when the strip cuts it
  clearTimeout(line.timer);
  line.timer = setTimeout(() => { line.element.remove(); if (lines.get(key) === line) lines.delete(key); }, quietMs);
}
