/**
 * A form's `resetOptions` when its record is reloaded under it (after a save, or after a save
 * refused as stale, 409): the fields the user has edited and not saved keep what was typed,
 * the others take the stored values (the new version among them).
 */
export const KEEP_EDITS_ON_RELOAD = { keepDirtyValues: true } as const;
