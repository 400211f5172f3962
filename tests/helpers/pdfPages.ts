import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PDFTOPPM = '/usr/bin/pdftoppm';

/** Every page of a PDF rendered to a PNG by poppler (at 40 dpi unless told), in order. */
export function renderedPages(pdf: Uint8Array, dpi = 40): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'yardstick-pages-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    execFileSync(PDFTOPPM, ['-r', String(dpi), '-png', join(dir, 'doc.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => readFileSync(join(dir, name)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
