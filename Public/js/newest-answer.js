// Requests whose answers can come back out of order, where only the newest one asked counts:
// a preset picked by arrow keys, a status read again on every event, a check after each change.

/** A source of tickets: each call asks anew and returns whether that ask is still the newest. */
export function newestAnswer() {
  let asked = 0;
  return () => {
    const ask = ++asked;
    return () => ask === asked;
  };
}
