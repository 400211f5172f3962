import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

/** A page of the build, by its path from the repository root (whatever the working directory). */
const page = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** `npm run dev`: /p/<token> opens the client's proposal page, as server/clientPage.ts does when built. */
const clientPageInDev: Plugin = {
  name: 'yardstick-client-page-dev',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (/^\/p\/[^/?]+(\?.*)?$/.test(request.url ?? '')) request.url = '/client/index.html';
      next();
    });
  },
};

const apiPort = Number(process.env.API_PORT ?? 3000);

export default defineConfig({
  plugins: [react(), precompress(), clientPageInDev],
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/assets/states.json': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // Two pages: the office SPA, and the client's proposal page (client/, served at /p/:token by
    // server/clientPage.ts), which shares only src/domain with the office and loads none of it.
    rollupOptions: { input: { index: page('index.html'), client: page('client/index.html') } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/ui/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
