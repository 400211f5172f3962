/** What a structured value's parser answers: the value in its stored form, or what is wrong with it. */
export type Parsed<T> = { value: T } | { error: string };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
