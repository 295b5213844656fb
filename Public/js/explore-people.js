// Explore's "each person and the team": each person's predicted liking of the team's best, and
// where people agree and disagree, parameter by parameter, in the server's words; for a number
// they disagree on, a small plot of where each one's liked value lies in the round's range, its
// ends labelled (decoration: the text beside it says the same, so it is hidden from readers and
// from copied text).

const SVG = 'http://www.w3.org/2000/svg';

function svgElement(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

/** Half a label's width in the plot's units (320 across): per character of a person's label
 * (two initials took 7), and the team's "team". */
const HALF_PER_CHARACTER = 3.5, HALF_TEAM = 12;
/** Room kept between two labels of a row. */
const SPACE = 2;
/** A row of labels: a 10-unit font's line. */
const ROW = 12;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Each name's label, as its characters: the first two (whole graphemes, so a name that begins
 * with an emoji or a letter and its accent is never cut inside one), more until no other name on
 * the plot begins the same (Dana and Dave: "Dan", "Dav"), the whole name when it begins another
 * (Ann and Anna).
 */
function labels(names) {
  const split = names.map(name => [...graphemes.segment(name)].map(part => part.segment));
  return split.map((own, i) => {
    const begins = (other, k) => other.length >= k && own.slice(0, k).every((character, c) => other[c] === character);
    let k = Math.min(2, own.length);
    while (k < own.length && split.some((other, j) => j !== i && begins(other, k))) k += 1;
    return own.slice(0, k);
  });
}

/**
 * A track across the range, a dot and a short label (`labels`) for each person, a ring for the
 * team named "team" above it, as the people are (a key apart from it read as a second team).
 * Each label takes the lowest row where it clears the one before it, so people who like nearly
 * the same value, or the team's, stay readable.
 */
function plot(agreement) {
  const x = position => 8 + 304 * position;
  const rowEnds = [];   // each row's right edge so far
  const names = labels(agreement.people.map(liked => liked.person));
  const marks = [...agreement.people.map((liked, i) => ({ kind: 'person', position: liked.position, text: names[i].join(''),
                                                          half: HALF_PER_CHARACTER * Math.max(2, names[i].length) })),
    { kind: 'team', position: agreement.team.position, text: 'team', half: HALF_TEAM }];
  const placed = marks.sort((a, b) => a.position - b.position).map(mark => {
    const at = x(mark.position), half = mark.half;
    let row = rowEnds.findIndex(end => at - half - end >= SPACE);
    if (row < 0) row = rowEnds.push(at + half) - 1; else rowEnds[row] = at + half;
    return { ...mark, at, row };
  });
  const track = 18 + ROW * (Math.max(1, rowEnds.length) - 1);
  const ends = agreement.ends ?? [];
  const svg = svgElement('svg', { viewBox: `0 0 320 ${track + 22}`, 'aria-hidden': 'true', focusable: 'false' });
  svg.append(svgElement('line', { class: 'track', x1: 8, x2: 312, y1: track, y2: track }));
  // Which end is which: the round's range, low at the left.
  ends.slice(0, 2).forEach((text, i) => {
    const end = svgElement('text', { class: i === 0 ? 'end low' : 'end high', x: i === 0 ? 0 : 320, y: track + 19 });
    end.textContent = text;
    svg.append(end);
  });
  for (const { kind, at, row, text } of placed) {
    svg.append(kind === 'team' ? svgElement('circle', { class: 'team', cx: at, cy: track, r: 6 })
      : svgElement('circle', { class: 'person', cx: at, cy: track, r: 3.5 }));
    const label = svgElement('text', { ...(kind === 'team' ? { class: 'key' } : {}), x: at, y: track - 9 - ROW * row });
    label.textContent = text;
    svg.append(label);
  }
  return svg;
}

/** Fills the section from the best's `people`, `agreement` and `agreementSummary`; hidden without them. */
export function renderPeople(section, summary, likings, list, best) {
  const people = best?.people ?? [];
  section.hidden = people.length === 0;
  summary.textContent = best?.agreementSummary ?? '';
  likings.replaceChildren(...people.map(person => Object.assign(document.createElement('li'), { textContent: person.text })));
  // With one taste for everyone there is nothing per parameter to tell.
  const differ = people.length > 1 ? (best?.agreement ?? []) : [];
  list.hidden = differ.length === 0;
  list.replaceChildren(...differ.map(agreement => {
    const li = document.createElement('li');
    const line = document.createElement('span');
    line.append(Object.assign(document.createElement('strong'), { textContent: agreement.label }), `: ${agreement.text}`);
    li.append(line);
    if (!agreement.agree && agreement.team.position != null) li.append(plot(agreement));
    return li;
  }));
}
