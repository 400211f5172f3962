// The import check of `npm test`: no module of src/, server/ or client/ may import itself through
// others (type-only imports count too: a circle of types is a circle of design), the layers
// of docs/ARCHITECTURE.md import only downwards (LAYERS), and the server's engine imports no
// feature (SERVER_ENGINE: every other folder of server/ is a feature, which registers its hooks
// and routes with the engine).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ROOT } from './spaBuild.mjs';

const ROOTS = ['src', 'server', 'client'];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, if it is one of ours. */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.m?js$/, '.ts'));
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Every import of a file (static, dynamic, re-exports), resolved to our files. */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((entry) => resolveSpecifier(file, entry.fileName)).filter(Boolean);
}

/** Tarjan's strongly connected components: each one of more than a file is a circle. */
export function importCycles(files) {
  const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (file) => {
    indexOf.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)) {
      if (!indexOf.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), indexOf.get(target)));
    }
    if (low.get(file) !== indexOf.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file).includes(file)) cycles.push(component);
  };
  for (const file of files) if (!indexOf.has(file)) visit(file);
  return cycles;
}

/** What each layer may import (folders relative to the root); a file outside every layer is free. */
export const LAYERS = {
  'src/domain': ['src/domain'],
  'src/schema': ['src/schema', 'src/domain'],
  'src/providers': ['src/providers', 'src/schema', 'src/domain'],
  'src/admin': ['src/admin', 'src/providers', 'src/schema', 'src/domain'],
  // What the settings page and the resources share of the company: its profile, its mail settings.
  'src/company': ['src/company', 'src/admin', 'src/providers', 'src/schema', 'src/domain'],
  // A resource imports no page.
  'src/resources': ['src/resources', 'src/company', 'src/admin', 'src/providers', 'src/schema', 'src/domain'],
  client: ['client', 'src/domain'],
};

const within = (file, folder, root) => {
  const path = relative(root, file).split('\\').join('/');
  return path === folder || path.startsWith(`${folder}/`);
};

/** Each import of a checked file that leaves its layer's allowed folders: [importer, imported]. */
export function layerViolations(files, root = ROOT, layers = LAYERS) {
  return files.flatMap((file) => {
    const layer = Object.keys(layers).find((folder) => within(file, folder, root));
    if (!layer) return [];
    return importsOf(file)
      .filter((target) => files.includes(target))
      .filter((target) => !layers[layer].some((folder) => within(target, folder, root)))
      .map((target) => [file, target]);
  });
}

/** The folders of server/ that are the engine; any other folder of server/ is a feature. */
export const SERVER_ENGINE = ['actions', 'crud', 'db', 'documents', 'work', 'jobs', 'mail', 'openapi'];

/** The feature folder of server/ a file lies in (undefined for the engine and server/'s own files). */
function serverFeatureOf(file, root) {
  const [top, folder, ...rest] = relative(root, file).split('\\').join('/').split('/');
  if (top !== 'server' || rest.length === 0 || SERVER_ENGINE.includes(folder)) return undefined;
  return folder;
}

/** Each import of a feature by a file of the server's engine: [importer, imported]. */
export function engineViolations(files, root = ROOT, engine = SERVER_ENGINE) {
  return files
    .filter((file) => engine.some((folder) => within(file, `server/${folder}`, root)))
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => files.includes(target) && serverFeatureOf(target, root) !== undefined)
        .map((target) => [file, target]),
    );
}

/** Prints every import circle and layer violation; how many there are. */
export function reportImportCycles() {
  const files = ROOTS.filter((dir) => existsSync(join(ROOT, dir))).flatMap((dir) => sourceFiles(join(ROOT, dir)));
  const cycles = importCycles(files);
  for (const cycle of cycles) console.error(`import circle: ${cycle.map((file) => relative(ROOT, file)).join(' → ')}`);
  const violations = layerViolations(files);
  for (const [from, to] of violations) console.error(`import across layers: ${relative(ROOT, from)} → ${relative(ROOT, to)}`);
  const engineImports = engineViolations(files);
  for (const [from, to] of engineImports) {
    console.error(
      `engine imports a feature: ${relative(ROOT, from)} → ${relative(ROOT, to)} (server/${SERVER_ENGINE.join(', server/')} import no feature: let the feature register with the engine)`,
    );
  }
  console.log(
    `${files.length} modules of ${ROOTS.join(', ')}: ${cycles.length} import circle(s), ${violations.length} import(s) across layers, ${engineImports.length} feature import(s) by the server's engine`,
  );
  return cycles.length + violations.length + engineImports.length;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  process.exit(reportImportCycles() ? 1 : 0);
}
