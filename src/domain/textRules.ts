/**
 * What a text typed into the product may hold, and the messages when it does not: one place for
 * the zod bodies of actions (src/schema/actions/fields.ts), the custom fields' checks and the
 * heavy-work thread, which loads no validation library. Pure.
 */

/** Control characters a one-line value (a name, a subject, an address) may not hold. */
// eslint-disable-next-line no-control-regex
export const ONE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
/** Control characters a text (a message) may not hold: tabs and line breaks are allowed. */
// eslint-disable-next-line no-control-regex
export const TEXT_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const notAllowedMessage = (label: string) => `${label} contains characters that are not allowed.`;
export const tooLongMessage = (label: string, max: number) => `${label} cannot exceed ${max.toLocaleString('en-US')} characters.`;
