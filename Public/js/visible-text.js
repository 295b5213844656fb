// Text from people shown on the page with every invisible character made visible: controls,
// format characters (bidi overrides and isolates, zero-width spaces, the byte-order mark) and
// line or paragraph separators appear as their code, "[U+202E]", never raw, so that a note
// cannot read differently from what it holds (Trojan Source). Line breaks and tabs stay.

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** `text` with each invisible character but a line break or tab written as "[U+XXXX]". */
export function visibleText(text) {
  const s = String(text ?? '');
  return s.replace(INVISIBLE, c => (c === '\n' || c === '\t' ? c
    : `[U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}]`));
}
