import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * A keyboard user must see where focus is (WCAG 2.4.7): every button, link, tab, checkbox,
 * sort header, navigation entry and focusable table row shows this ring when focused from the
 * keyboard. Dark blue: 8.6:1 on the white page, distinct from the greens.
 */
export const FOCUS_RING = { outline: '2px solid #0d47a1', outlineOffset: 2 } as const;

/**
 * react-admin's light theme in the greens of a landscaping business. The primary green is dark
 * enough for a focused field's label on the filled input's grey (4.5:1, WCAG 1.4.3).
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#2a752e', dark: '#1b5e20', contrastText: '#ffffff' },
    secondary: { main: '#6d4c41' },
    // Dark enough for white text on a filled chip ("Sent", "Expires soon") and for an outlined
    // button's text on a ticked list's bar (action.selected, #ebebeb): 4.5:1 at least (WCAG
    // 1.4.3). MUI's own error, info and warning reach 4.2, 3.9 and 3.1 on white.
    error: { main: '#b71c1c' },
    info: { main: '#01579b' },
    warning: { main: '#a84300' },
    success: { main: '#2a752e' },
  },
  components: {
    ...defaultTheme.components,
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    // A disabled field's hint ("Choose a customer first.") stays readable: 5.7:1, not MUI's 2.7:1.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': FOCUS_RING } } },
    MuiTableRow: {
      styleOverrides: {
        root: {
          '&:focus-visible': { ...FOCUS_RING, outlineOffset: -2 },
          // A row whose link is focused shows the ring round the whole row.
          '&:has(a[data-row-link]:focus-visible)': { ...FOCUS_RING, outlineOffset: -2 },
        },
      },
    },
  },
};
