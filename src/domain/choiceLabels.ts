/** The labels of a field's choices, as data a worker thread can receive (./valueFormats.ts reads them). */

/** A value outside a field's choices reads as not available. */
export const NOT_AVAILABLE = 'N/A';

/** Value → label, from a domain list of `{ id, name }` (keys are the values as text). */
export type ChoiceLabels = Readonly<Record<string, string>>;

export function choiceLabelsOf(choices: readonly { id: string | number; name: string }[]): ChoiceLabels {
  return Object.fromEntries(choices.map((choice) => [String(choice.id), choice.name]));
}

export function choiceLabel(labels: ChoiceLabels, value: unknown): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  return Object.hasOwn(labels, String(value)) ? labels[String(value)] : NOT_AVAILABLE;
}
