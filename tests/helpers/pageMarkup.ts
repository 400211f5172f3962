/** What a served HTML page holds and loads: the client page's tests read it (issue 22). */

/** Scripts written into the page itself, style elements and event-handler attributes: none allowed. */
export function inlineCode(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc=/.test(match[1]) || match[2].trim()) found.push(match[0]);
  }
  for (const match of html.matchAll(/<style\b[^>]*>/gi)) found.push(match[0]);
  for (const match of html.matchAll(/\son[a-z]+\s*=/gi)) found.push(match[0]);
  return found;
}

/** Every script, module and style sheet the page loads, by URL (the icon is an inline data: URL). */
export function loadedUrls(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((match) => match[1]);
  const links = [...html.matchAll(/<link\b[^>]*>/gi)]
    .map((match) => match[0])
    .filter((tag) => !/\brel="icon"/.test(tag))
    .map((tag) => /\bhref="([^"]+)"/.exec(tag)?.[1] ?? tag);
  return [...scripts, ...links];
}
