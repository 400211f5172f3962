import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { inlineCode, loadedUrls } from '../helpers/pageMarkup';
import { ROOT } from './server';

/** The client's page as the build makes it (this project runs after the SPA's build). */
const BUILT_CLIENT_PAGE = join(ROOT, 'dist', 'client', 'index.html');

describe("the built client's page (issue 22)", () => {
  test('has no inline code and loads only its own assets', () => {
    expect(existsSync(BUILT_CLIENT_PAGE), 'dist/client/index.html: build the SPA first (npm test does)').toBe(true);
    const html = readFileSync(BUILT_CLIENT_PAGE, 'utf8');
    expect(inlineCode(html)).toEqual([]);
    const urls = loadedUrls(html);
    expect(urls.some((url) => /^\/assets\/client-[\w-]+\.js$/.test(url))).toBe(true);
    for (const url of urls) expect(url).toMatch(/^\/assets\/[\w.-]+\.(js|css)$/);
    expect(html).toMatch(/<meta name="referrer" content="no-referrer"/);
  });
});
