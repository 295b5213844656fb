// Explore's answers by kind and by person: the line under the progress ("By kind: 2 pairs and 1
// line. Ada: 2 pairs · Ben: 1 line.") from the round's `answersByKind` (the server's words) and
// its `history`, and the history in words, newest first. These are people's answers, not the
// model's comparisons (a pick among four is one answer here, three comparisons in the count).

const KIND_WORDS = {
  pair: ['pair', 'pairs'], line: ['line', 'lines'], gallery: ['gallery pick', 'gallery picks'], edit: ['edit', 'edits'],
};

const counted = (n, kind) => `${n} ${KIND_WORDS[kind]?.[n === 1 ? 0 : 1] ?? kind}`;

/** "By kind: 2 pairs and 1 line. Ada: 2 pairs · Ben: 1 line." (empty before the first answer). */
export function byKindText(round) {
  const history = round.history ?? [];
  if (!round.answersByKind || history.length === 0) return '';
  const people = new Map();
  for (const entry of history) {
    const counts = people.get(entry.person) ?? new Map();
    counts.set(entry.kind, (counts.get(entry.kind) ?? 0) + 1);
    people.set(entry.person, counts);
  }
  const each = [...people].map(([person, counts]) => `${person}: ${[...counts].map(([kind, n]) => counted(n, kind)).join(', ')}`);
  return `By kind: ${round.answersByKind.text}. ${each.join(' · ')}.`;
}

/** One answer in words: who, what kind, what they chose. */
function entryText(entry) {
  const at = new Date(entry.at);
  const when = Number.isNaN(at.getTime()) ? '' : ` at ${at.toLocaleTimeString('en', { timeStyle: 'short' })}`;
  switch (entry.kind) {
    case 'line': return `${entry.person} stopped a line at stop ${entry.choice} of ${entry.candidates - 1}${when}`;
    case 'gallery': return `${entry.person} picked chart ${'abcdefghi'.indexOf(entry.choice) + 1} in a gallery of ${entry.candidates}${when}`;
    case 'edit': return `${entry.person} edited the best by hand${when}: ${entry.edited}`;
    default: return entry.choice === 'none'
      ? `${entry.person} had no preference among ${entry.candidates}${when}`
      : `${entry.person} picked ${entry.choice.toUpperCase()} of ${entry.candidates}${when}`;
  }
}

/** The history's details element, its list newest first; hidden before the first answer. */
export function renderHistory(details, list, history) {
  details.hidden = history.length === 0;
  list.replaceChildren(...history.slice().reverse().map(entry => Object.assign(document.createElement('li'), { textContent: entryText(entry) })));
}

/** Who agreed with a saved best, from the save's answer: whose own predicted liking of it is above or below an average chart. */
export function agreementText(saved) {
  const agreed = saved.agreed ?? [], disagreed = saved.disagreed ?? [];
  if (!agreed.length && !disagreed.length) return '';
  const names = list => (list.length ? list.join(', ') : 'nobody');
  return `Agreed (each one's own liking of it above an average chart): ${names(agreed)}; disagreed: ${names(disagreed)}.`;
}
