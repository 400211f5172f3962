import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's light theme in the greens of a landscaping business. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#2e7d32', dark: '#1b5e20', contrastText: '#ffffff' },
    secondary: { main: '#6d4c41' },
  },
};
