/** The labels of a field's choices, as data a worker thread can receive (./valueFormats.ts reads them). */

/** A value outside a field's choices reads as not available. */
export const NOT_AVAILABLE = 'N/A';

/**
 * Value → label, from a domain list of `{ id, name }`. Keys are the values as JSON, so that the
 * number 1 and the text '1' stay apart (SPEC §7: any other value of a status shows as N/A).
 */
export type ChoiceLabels = Readonly<Record<string, string>>;

export function choiceLabelsOf(choices: readonly { id: string | number; name: string }[]): ChoiceLabels {
  return Object.fromEntries(choices.map((choice) => [JSON.stringify(choice.id), choice.name]));
}

export function choiceLabel(labels: ChoiceLabels, value: unknown): string {
  if (typeof value !== 'number' && typeof value !== 'string') return NOT_AVAILABLE;
  const key = JSON.stringify(value);
  return Object.hasOwn(labels, key) ? labels[key] : NOT_AVAILABLE;
}
