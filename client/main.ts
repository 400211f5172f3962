/** The client's proposal page: its own entry point (vite.config.ts), served at /p/:token. */
import { startClientPage } from './page';

const root = document.getElementById('app');
if (root) void startClientPage(root, window.location.pathname);
