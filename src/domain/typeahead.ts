/** SPEC §9 "Typeahead": every typeahead waits this long after the last keystroke. */
export const TYPEAHEAD_DEBOUNCE_MS = 200;
/** SPEC §5: the customer typeahead offers at most this many customers. */
export const CUSTOMER_TYPEAHEAD_LIMIT = 10;
/** SPEC §5: the work area name field suggests at most this many existing names. */
export const WORK_AREA_NAME_SUGGESTION_LIMIT = 10;
