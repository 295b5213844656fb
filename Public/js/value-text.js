// A parameter's value in words, as the controls show it: a choice's label ("Spring", not
// "spring"), a switch On/Off, a number to its step's places with its unit. The labels, units
// and steps are the schema's definitions.

/** Decimal places of a step (0.25 → 2, 1 → 0). */
export const stepPlaces = step => (String(step ?? '').split('.')[1] || '').length;

export function valueText(definition, value) {
  if (value === undefined) return '–';
  if (Array.isArray(value)) return value.join(', ');
  if (definition.type === 'choice') return definition.optionLabels?.[value] ?? String(value);
  if (definition.type === 'boolean') return value ? 'On' : 'Off';
  const text = typeof value === 'number' && definition.step ? String(Number(value.toFixed(stepPlaces(definition.step)))) : String(value);
  return definition.unit ? `${text} ${definition.unit}` : text;
}

/** "Line width 3 px, Curve Monotone": each key of `values` with its definition's label. */
export function valuesText(schema, values) {
  return Object.entries(values ?? {}).map(([key, value]) => {
    const definition = schema.parameters.find(p => p.key === key) ?? { label: key };
    return `${definition.label} ${valueText(definition, value)}`;
  }).join(', ');
}
