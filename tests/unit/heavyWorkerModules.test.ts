import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The heavy-work thread (server/heavyWorker.ts) lays out documents and writes files from
 * what it is sent: it reads no database. Each module it loads costs memory on that thread for as
 * long as it lives, and drizzle, zod and the server's records would cost about 40 MB there.
 */
describe('the heavy-work thread', () => {
  it('loads no database, route or validation-library code', async () => {
    const result = await build({
      entryPoints: ['server/heavyWorker.ts'],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const modules = Object.keys(result.metafile.inputs);
    const packages = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((imported) => imported.path));
    expect(modules.filter((path) => /^server\/(db|crud|routes|auth|estimates|catalogue|openapi)\//.test(path))).toEqual([]);
    expect(packages.filter((path) => /^(drizzle-orm|zod|pg|@electric-sql|fastify|sanitize-html)(\/|$)/.test(path))).toEqual([]);
    // It does load what it is for.
    expect(modules).toContain('server/documents/materialsDocument.ts');
  });
});
