import { fileURLToPath } from 'node:url';

/**
 * The server's source folder, where its data files live (migrations, seed data): this file's
 * folder when run from source (tsx), `server/` beside `build/` when run from the bundle that
 * `npm start` builds (scripts/serverBuild.mjs replaces the variable at build time).
 */
export const SERVER_DIR = fileURLToPath(new URL(process.env.YARDSTICK_SERVER_DIR_FROM_BUNDLE ?? './', import.meta.url));
