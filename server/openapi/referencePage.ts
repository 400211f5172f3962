/**
 * The API reference for integrators: the OpenAPI document rendered as one HTML page on the
 * server, with no script (the page's CSP allows scripts from the app only, and this page
 * needs none) and nothing fetched from elsewhere, so it works offline like the app.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is walked as plain JSON of any shape
type Json = Record<string, any>;

const escapeHtml = (text: unknown) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The document's prose: `code`, **bold**, and "- " list lines; everything else escaped. */
function prose(text: string | undefined): string {
  if (!text) return '';
  const inline = (line: string) =>
    escapeHtml(line)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  const blocks = text.split(/\n{2,}/).map((block) => {
    const lines = block.split('\n');
    if (lines.every((line) => line.startsWith('- '))) return `<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`;
    return `<p>${lines.map(inline).join('<br>')}</p>`;
  });
  return blocks.join('');
}

const anchor = (name: string) => `schema-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
const refName = (ref: string) => ref.replace('#/components/schemas/', '');

/** A schema in one line: `Customer`, `array of Site`, `string ≤ 150`, `0 | 1`… */
function typeOf(schema: Json | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return `<a href="#${anchor(refName(schema.$ref))}">${escapeHtml(refName(schema.$ref))}</a>`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' | ');
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (schema.enum) return schema.enum.map((v: unknown) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(' | ');
  const types: string[] = [schema.type ?? 'any'].flat();
  return types
    .map((type) => {
      if (type === 'array') return `array of ${typeOf(schema.items)}`;
      if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        return `object of ${typeOf(schema.additionalProperties)}`;
      }
      const bounds = [
        schema.format,
        schema.pattern && `matching <code>${escapeHtml(schema.pattern)}</code>`,
        schema.minimum !== undefined && `≥ ${schema.minimum}`,
        schema.maximum !== undefined && `≤ ${schema.maximum}`,
        schema.maxLength !== undefined && `≤ ${schema.maxLength} characters`,
      ].filter(Boolean);
      return [escapeHtml(type), ...bounds].join(' ');
    })
    .join(' | ');
}

function propertiesTable(schema: Json): string {
  const properties: Json = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  if (!Object.keys(properties).length) return `<p>${typeOf(schema)}</p>`;
  const rows = Object.entries(properties)
    .map(
      ([name, property]) =>
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${typeOf(property)}</td><td>${escapeHtml(property.description ?? '')}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function parametersTable(parameters: Json[]): string {
  if (!parameters.length) return '';
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${escapeHtml(p.in)}</td><td>${typeOf(p.schema)}</td><td>${escapeHtml(p.description ?? p.schema?.description ?? '')}</td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function content(entry: Json | undefined): string {
  const media = Object.entries<Json>(entry?.content ?? {});
  return media.map(([type, { schema }]) => `<code>${escapeHtml(type)}</code> ${typeOf(schema)}`).join('<br>');
}

function operation(path: string, method: string, op: Json): string {
  const id = escapeHtml(op.operationId ?? `${method}-${path}`);
  const responses = Object.entries<Json>(op.responses ?? {})
    .map(
      ([status, response]) =>
        `<tr><td>${escapeHtml(status)}</td><td>${escapeHtml(response.description ?? '')}</td><td>${content(response)}</td></tr>`,
    )
    .join('');
  return `<section class="op" id="${id}">
<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${escapeHtml(op.summary ?? '')}${op.security?.length === 0 ? ' <span class="req">no sign-in</span>' : ''}</p>
${prose(op.description)}
${parametersTable(op.parameters ?? [])}
${op.requestBody ? `<h4>Body</h4><p>${content(op.requestBody)}</p>` : ''}
<h4>Responses</h4><table><thead><tr><th>Status</th><th>Meaning</th><th>Body</th></tr></thead><tbody>${responses}</tbody></table>
</section>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2a1d}
main{max-width:1100px;margin:0 auto;padding:24px}
nav ul{columns:3}
h1{color:#2e5e2e}h2{border-bottom:2px solid #2e5e2e;padding-top:16px}
.op{border:1px solid #ccd6cc;border-radius:6px;padding:8px 16px;margin:16px 0}
.method{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:2px 6px;background:#555}
.get{background:#2f6fb0}.post{background:#2e8b57}.put{background:#b8860b}.delete{background:#b03a2e}
table{border-collapse:collapse;width:100%;margin:4px 0 12px}td,th{border:1px solid #dde5dd;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f1f5f1}.req{color:#b03a2e;font-size:12px}.summary{font-weight:600}code{background:#f4f4f4;padding:0 3px}`;

export function renderReferencePage(document: Json): string {
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, operations] of Object.entries<Json>(document.paths ?? {})) {
    for (const [method, op] of Object.entries<Json>(operations)) {
      const tag = op.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) {
        byTag.set(tag, []);
        toc.set(tag, []);
      }
      byTag.get(tag)!.push(operation(path, method, op));
      toc.get(tag)!.push(`<a href="#${escapeHtml(op.operationId)}">${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</a>`);
    }
  }
  const tags = [...byTag.keys()].sort((a, b) => a.localeCompare(b));
  const schemas = Object.entries<Json>(document.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<section id="${anchor(name)}"><h3>${escapeHtml(name)}</h3>${prose(schema.description)}${propertiesTable(schema)}</section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="data:,"><title>${escapeHtml(document.info?.title)} reference</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(document.info?.title)} <small>${escapeHtml(document.info?.version)}</small></h1>
${prose(document.info?.description)}
<p>The same as a machine-readable OpenAPI ${escapeHtml(document.openapi)} document: <a href="openapi.json">openapi.json</a>.</p>
<nav><h2>Contents</h2>${tags
    .map(
      (tag) =>
        `<h4>${escapeHtml(tag)}</h4><ul>${toc
          .get(tag)!
          .map((l) => `<li>${l}</li>`)
          .join('')}</ul>`,
    )
    .join('')}</nav>
${tags.map((tag) => `<h2>${escapeHtml(tag)}</h2>${byTag.get(tag)!.join('')}`).join('')}
<h2>Schemas</h2>${schemas}
</main></body></html>`;
}
