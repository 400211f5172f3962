// Builds the SPA into dist/ with Vite; shared by `npm start` and `npm test`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const DIST_INDEX = join(ROOT, 'dist', 'index.html');

/** What the built SPA is made from: a change to any of these makes dist/ stale. */
const SOURCES = ['src', 'client', 'public', 'index.html', 'vite.config.ts'];

export function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

/** Why `output` must be (re)built from `sources` (paths under ROOT), or null when it is newer than all. */
export function outputStaleReason(output, sources) {
  if (!existsSync(output)) return `${output.slice(ROOT.length + 1)} is missing`;
  const built = statSync(output).mtimeMs;
  const changed = sources.find((source) => newestModification(join(ROOT, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** Why dist/ must be (re)built, or null when it is newer than every source. */
export function staleReason() {
  return outputStaleReason(DIST_INDEX, SOURCES);
}

/** Runs a command from node_modules/.bin in the repository root; resolves with its exit code. */
export function runBin(bin, args, options = {}) {
  const command = join(ROOT, 'node_modules', '.bin', bin);
  if (!existsSync(command)) {
    console.error(`${command} not found: run \`npm install\` first.`);
    return Promise.resolve(1);
  }
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`Could not run ${bin}: ${error.message}`);
      resolvePromise(1);
    });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

/** `vite build`; resolves true when it succeeded. */
export async function buildSpa() {
  const code = await runBin('vite', ['build']);
  if (code !== 0) console.error(`The SPA build (vite build) failed with exit code ${code}.`);
  return code === 0;
}
