// A moment as the page says it everywhere (a revision saved, a comment, a round, an invitation):
// "Nov 30, 2026, 6:46 PM". One formatter, made once: toLocaleString with options makes one per call.

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** `time` (an ISO 8601 string or milliseconds since 1970) in words; a time no date can be made
 * of (a row written by hand into the history) as it is, rather than failing what shows it. */
export const whenText = time => {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? String(time) : dateTime.format(date);
};
