/** Product constants of SPEC §9 that are not tied to one entity. */

/** The version shown in the Settings header. */
export const APP_VERSION = '2.2.0';

/** An alert starts fading out this long after it is shown… */
export const ALERT_FADE_AFTER_MS = 5000;
/** …and is cleared this long after the fade starts. */
export const ALERT_CLEAR_AFTER_FADE_MS = 500;

/** Widths of the desktop side navigation: icons only, and icons with labels. */
export const NAV_WIDTH_COLLAPSED = 70;
export const NAV_WIDTH_EXPANDED = 210;
