// Explore's answers by kind and by person: the line under the progress ("By kind: 2 pairs and 1
// line. Ada: 2 pairs · Ben: 1 line.") and the history, newest first, in the server's words (the
// round's `answersByKind` and each history entry's `text`, as the decision log says them).
// These are people's answers, not the model's comparisons (a pick among four is one answer here,
// three comparisons in the count).

/** "By kind: 2 pairs and 1 line. Ada: 2 pairs · Ben: 1 line." (empty before the first answer). */
export function byKindText(round) {
  const byKind = round.answersByKind;
  if (!byKind || !(round.history ?? []).length) return '';
  return `By kind: ${byKind.text}. ${byKind.people.map(p => `${p.person}: ${p.text}`).join(' · ')}.`;
}

/** One answer in words: who, what they answered, when. */
function entryText(entry) {
  const at = new Date(entry.at);
  const when = Number.isNaN(at.getTime()) ? '' : ` at ${at.toLocaleTimeString('en', { timeStyle: 'short' })}`;
  return `${entry.person} ${entry.text}${when}`;
}

/** The history's details element, its list newest first; hidden before the first answer. */
export function renderHistory(details, list, history) {
  details.hidden = history.length === 0;
  list.replaceChildren(...history.slice().reverse().map(entry => Object.assign(document.createElement('li'), { textContent: entryText(entry) })));
}
