// The import-cycle check of `npm test`: no module of src/ or server/ may import itself through
// others (type-only imports count too: a circle of types is a circle of design).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ROOT } from './spaBuild.mjs';

const ROOTS = ['src', 'client', 'server'];
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

/** Prints every import circle of src/ and server/; the number of circles. */
export function reportImportCycles() {
  const files = ROOTS.flatMap((dir) => sourceFiles(join(ROOT, dir)));
  const cycles = importCycles(files);
  for (const cycle of cycles) console.error(`import circle: ${cycle.map((file) => relative(ROOT, file)).join(' → ')}`);
  console.log(`${files.length} modules of ${ROOTS.join(' and ')}: ${cycles.length} import circle(s)`);
  return cycles.length;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  process.exit(reportImportCycles() ? 1 : 0);
}
