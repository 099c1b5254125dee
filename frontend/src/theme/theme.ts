import { createTheme } from '@mui/material/styles';

/**
 * The one MUI theme of the app: indigo ink on unbleached cotton. No CSS variables and no colour
 * schemes: the build leaves MUI's CSS-variables machinery out (webpack.config.js).
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#3b4a6b' },
    secondary: { main: '#b5543c' },
    background: { default: '#f6f3ee', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", "Roboto", "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 600 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  },
});
