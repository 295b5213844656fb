// What /device shows: by default whatever the team is tuning now (the preset an editor last
// opened or edited); pinned to one preset (`/device?preset=NAME`) or to one person's open preset
// (`/device?follow=NAME`) it stays there whoever opens another. The choice is a control on the
// screen too, and kept in the address so a reload or a bookmark keeps it.

export class DevicePin {
  /** `onChange()` runs when the person picks another pin. */
  constructor(select, { onChange }) {
    this.select = select;
    const search = new URLSearchParams(location.search);
    this.preset = search.get('preset');
    this.follow = search.get('follow');
    this.presets = [];
    this.people = [];
    select.addEventListener('change', () => {
      const [kind, ...rest] = select.value.split(':');
      const name = rest.join(':');
      this.preset = kind === 'preset' ? name : null;
      this.follow = kind === 'follow' ? name : null;
      this.remember();
      onChange();
    });
  }

  /** Whether the screen goes wherever the team is tuning. */
  get loose() { return this.preset === null && this.follow === null; }

  /** The preset the pin asks for among `people` (presence); undefined when it has no say. */
  wanted(people = this.people) {
    if (this.preset !== null) return this.preset;
    if (this.follow !== null) {
      const person = people.find(p => p.user === this.follow && p.preset) ?? people.find(p => p.user === this.follow);
      return person ? person.preset ?? null : undefined;
    }
    return undefined;
  }

  /** The choices: the team's current preset, each preset, each person here (by name). */
  render({ presets = this.presets, people = this.people } = {}) {
    this.presets = presets;
    this.people = people;
    const option = (value, text) => new Option(text, value);
    const names = [...new Set(people.map(p => p.user).filter(Boolean))];
    if (this.follow !== null && !names.includes(this.follow)) names.push(this.follow);
    const presetNames = [...new Set([...presets, ...(this.preset !== null ? [this.preset] : [])])];
    this.select.replaceChildren(option('team:', 'What the team is tuning'),
      ...presetNames.map(name => option('preset:' + name, `Preset “${name}”`)),
      ...names.map(name => option('follow:' + name, `Follow ${name}`)));
    this.select.value = this.preset !== null ? 'preset:' + this.preset : this.follow !== null ? 'follow:' + this.follow : 'team:';
  }

  remember() {
    const search = new URLSearchParams(location.search);
    search.delete('preset');
    search.delete('follow');
    if (this.preset !== null) search.set('preset', this.preset);
    if (this.follow !== null) search.set('follow', this.follow);
    const text = search.toString();
    history.replaceState(history.state, '', location.pathname + (text ? '?' + text : ''));
  }
}
