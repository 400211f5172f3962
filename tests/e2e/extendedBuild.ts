import { join, resolve } from 'node:path';
import { build as viteBuild, type Plugin } from 'vite';
import { buildServer } from '../../scripts/serverBuild.mjs';
import { ROOT } from './server';

/** The registry's extension module and what the test builds put in its place. */
const EXTRA_ENTITIES = join(ROOT, 'src', 'schema', 'extraEntities.ts');
const TEST_ENTITIES = join(ROOT, 'tests', 'fixtures', 'extraEntities.ts');

/** Where the builds go (two folders below the root, as the server bundle expects). */
export const EXTENDED_BUILD = {
  spa: join(ROOT, 'build', 'e2e-extended', 'dist'),
  server: join(ROOT, 'build', 'e2e-extended', 'main.mjs'),
};

const swapForVite: Plugin = {
  name: 'test-entities',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved?.id === EXTRA_ENTITIES ? TEST_ENTITIES : null;
  },
};

const swapForEsbuild = {
  name: 'test-entities',
  setup(build: {
    onResolve(options: { filter: RegExp }, callback: (args: { path: string; resolveDir: string }) => { path: string } | undefined): void;
  }) {
    build.onResolve({ filter: /extraEntities$/ }, ({ path, resolveDir }) =>
      `${resolve(resolveDir, path)}.ts` === EXTRA_ENTITIES ? { path: TEST_ENTITIES } : undefined,
    );
  },
};

/**
 * The SPA and the server built as the product is, with the test-only entities of
 * tests/fixtures/extraEntities.ts in the registry: what a developer's new entity would give.
 */
export async function buildWithTestEntities(): Promise<void> {
  await viteBuild({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [swapForVite],
    build: { outDir: EXTENDED_BUILD.spa, emptyOutDir: true },
  });
  if (!(await buildServer({ outfile: EXTENDED_BUILD.server, plugins: [swapForEsbuild] })))
    throw new Error('The extended server build failed.');
}
