import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { engineViolations, importCycles, layerViolations } from '../../scripts/importCycles.mjs';

/** A folder of its own for a test's small tree, removed after it; `write` adds a file and answers its path. */
function scratchTree(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  return { dir, write };
}

/** The cycle check of `npm test` on a small tree of its own: it finds circles, and only circles. */
describe('import cycle check', () => {
  const { write } = scratchTree('yardstick-cycles-');

  test('a chain is no circle; a loop through a type import, an index file or a dynamic import is', () => {
    const a = write('a.ts', "import { b } from './b';\nexport const a = b;");
    const b = write('b.ts', 'export const b = 1;');
    expect(importCycles([a, b])).toEqual([]);

    const c = write('c.ts', "import type { D } from './d';\nexport type C = D;");
    const d = write('d/index.ts', "import type { C } from '../c';\nexport type D = C | 1;");
    expect(importCycles([c, d]).map((cycle) => cycle.sort())).toEqual([[c, d].sort()]);

    const e = write('e.tsx', "export const load = () => import('./f');");
    const f = write('f.ts', "export { load } from './e';");
    expect(importCycles([e, f]).map((cycle) => cycle.sort())).toEqual([[e, f].sort()]);
  });

  test('packages and files outside the checked set draw no arrow', () => {
    const g = write('g.ts', "import React from 'react';\nimport { x } from './outside';\nexport const g = [React, x];");
    expect(importCycles([g])).toEqual([]);
  });
});

/** The layers of docs/ARCHITECTURE.md: the toolkit imports no feature, the domain nothing but itself. */
describe('layer check', () => {
  const { dir, write } = scratchTree('yardstick-layers-');

  test('an import down the layers passes; the toolkit importing a feature, or the domain a provider, does not', () => {
    const money = write('src/domain/money.ts', 'export const cents = 1;');
    const list = write('src/admin/lists/List.tsx', "import { cents } from '../../domain/money';\nexport const List = cents;");
    const edit = write(
      'src/resources/customers/CustomerEdit.tsx',
      "import { List } from '../../admin/lists/List';\nexport const Edit = List;",
    );
    expect(layerViolations([money, list, edit], dir)).toEqual([]);

    const leaky = write(
      'src/admin/lists/Leaky.tsx',
      "import { Edit } from '../../resources/customers/CustomerEdit';\nexport const Leaky = Edit;",
    );
    const http = write('src/providers/http.ts', 'export const get = 1;');
    const impure = write('src/domain/impure.ts', "import { get } from '../providers/http';\nexport const x = get;");
    expect(layerViolations([money, list, edit, leaky, http, impure], dir)).toEqual([
      [leaky, edit],
      [impure, http],
    ]);
  });
});

/** The server's engine imports no feature: a feature registers with it instead. */
describe('engine check', () => {
  const { dir, write } = scratchTree('yardstick-engine-');

  test("a feature importing the engine passes, as does the engine importing server/'s own files; the engine importing a feature does not", () => {
    const errors = write('server/errors.ts', 'export const oops = 1;');
    const records = write('server/crud/records.ts', "import { oops } from '../errors';\nexport const write = oops;");
    const hooks = write('server/estimates/hooks.ts', "import { write } from '../crud/records';\nexport const hooks = write;");
    expect(engineViolations([errors, records, hooks], dir)).toEqual([]);

    const leaky = write('server/mail/leaky.ts', "import type { hooks } from '../estimates/hooks';\nexport type Leaky = typeof hooks;");
    expect(engineViolations([errors, records, hooks, leaky], dir)).toEqual([[leaky, hooks]]);
    // A folder that is not named as the engine is a feature, and may import another.
    expect(engineViolations([errors, records, hooks, leaky], dir, ['crud'])).toEqual([]);
  });
});
