#!/usr/bin/env node
// The web client's import graph (docs/architecture.md "Web client"): every module of
// frontend/src parsed with TypeScript's own parser, every relative specifier resolved (static
// imports and re-exports, `import type`, `import('…')`, `typeof import('…')`, `vi.mock('…')` and
// the like), then checked:
// - the layers: src/app is the composition root and nothing below it imports it (features,
//   components, lib, types, test); lib imports no feature and no component; shared code imports
//   no feature; a feature imports no other feature; types imports only types;
// - no cycle between folders (app, lib, components, types, test, main, each feature), counted
//   on the modules that ship (a test file imports what it tests and the test helpers: it is no
//   part of a loop);
// - no cycle between modules (what import/no-cycle would refuse), type-only imports aside.
// Fails listing each forbidden arrow and each cycle. `--graph` prints the folders' arrows.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'frontend', 'src');
const ts = createRequire(join(ROOT, 'package.json'))('typescript');

const SOURCE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const TEST = /\.test\.[cm]?[jt]sx?$/;
const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.json'];

const toPosix = (path) => path.split(sep).join('/');
const name = (file) => toPosix(relative(SRC, file));
const isFile = (path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

function walk(directory, found = []) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else if (SOURCE.test(entry.name)) found.push(path);
  }
  return found;
}

function resolveSpecifier(directory, specifier) {
  const base = resolve(directory, specifier);
  if (isFile(base)) return base;
  for (const extension of RESOLVE_EXTENSIONS) if (isFile(base + extension)) return base + extension;
  const js = /\.[cm]?jsx?$/.exec(base);
  if (js)
    for (const extension of ['.ts', '.tsx', '.mts', '.cts'])
      if (isFile(base.slice(0, -js[0].length) + extension))
        return base.slice(0, -js[0].length) + extension;
  for (const extension of RESOLVE_EXTENSIONS)
    if (isFile(join(base, 'index' + extension))) return join(base, 'index' + extension);
  return null;
}

const MOCKS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);

/** The module specifiers a file names, each with whether it is for types only. */
function specifiersOf(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const add = (literal, typeOnly) => {
    if (literal && ts.isStringLiteralLike(literal))
      found.push({
        specifier: literal.text,
        typeOnly,
        line: source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1,
      });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(argument.literal, true);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], false);
      else if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'vi' &&
        MOCKS.has(callee.name.text)
      )
        add(node.arguments[0], false);
    } else if (ts.isImportEqualsDeclaration(node)) {
      const reference = node.moduleReference;
      if (ts.isExternalModuleReference(reference)) add(reference.expression, node.isTypeOnly);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The folder a module belongs to: app, lib, components, types, test, main, features/<name>. */
function folderOf(file) {
  const [first, second] = name(file).split('/');
  if (second === undefined) return 'main';
  return first === 'features' ? `features/${second}` : first;
}

const SHARED = ['components', 'lib', 'types', 'test'];
const isFeature = (folder) => folder.startsWith('features/');

/** Why an arrow from one folder to another is refused, or null. */
function forbidden(from, to) {
  if (from === to) return null;
  if (to === 'app' && from !== 'main')
    return 'src/app is the composition root: nothing below it imports it (move what is shared to src/lib)';
  if (to === 'main') return 'nothing imports the entry (src/main.tsx)';
  if (from === 'types')
    return 'src/types holds shapes only: it imports no other folder of the client';
  if (from === 'lib' && to === 'components') return 'src/lib never imports a component';
  if (SHARED.includes(from) && isFeature(to))
    return 'shared code (components, lib, types, test) never imports a feature';
  if (isFeature(from) && isFeature(to)) return 'a feature never imports another feature';
  return null;
}

const files = walk(SRC).sort();
const problems = [];
/** Module graph: file → [{ target, typeOnly, line }]. */
const graph = new Map();
for (const file of files) {
  const edges = [];
  for (const { specifier, typeOnly, line } of specifiersOf(file)) {
    if (!specifier.startsWith('.')) continue;
    const target = resolveSpecifier(dirname(file), specifier);
    if (!target) {
      problems.push(`${name(file)}:${line}: '${specifier}' resolves to no file`);
      continue;
    }
    if (!target.startsWith(SRC + sep)) continue;
    edges.push({ target, typeOnly, line, specifier });
  }
  graph.set(file, edges);
}

// 1. The layers.
const arrows = [];
for (const [file, edges] of graph) {
  for (const { target, line, specifier } of edges) {
    const reason = forbidden(folderOf(file), folderOf(target));
    if (reason) arrows.push(`${name(file)}:${line} → ${name(target)} ('${specifier}'): ${reason}`);
  }
}

// 2. Cycles between folders, on the modules that ship.
/** folder → folder → an example arrow. */
const folders = new Map();
for (const [file, edges] of graph) {
  if (TEST.test(file) || folderOf(file) === 'test') continue;
  const from = folderOf(file);
  for (const { target } of edges) {
    const to = folderOf(target);
    if (from === to || TEST.test(target)) continue;
    if (!folders.has(from)) folders.set(from, new Map());
    if (!folders.get(from).has(to)) folders.get(from).set(to, `${name(file)} → ${name(target)}`);
  }
}

/** Tarjan's strongly connected components of a graph given as node → iterable of nodes. */
function components(nodes, next) {
  let index = 0;
  const indexes = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (node) => {
    indexes.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const other of next(node)) {
      if (!indexes.has(other)) {
        connect(other);
        low.set(node, Math.min(low.get(node), low.get(other)));
      } else if (onStack.has(other)) {
        low.set(node, Math.min(low.get(node), indexes.get(other)));
      }
    }
    if (low.get(node) === indexes.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!indexes.has(node)) connect(node);
  return found;
}

/** The shortest loop within a strongly connected component: [a, b, …, a]. */
function shortestLoop(members, next) {
  const inside = new Set(members);
  let best = null;
  for (const start of members) {
    const previous = new Map([[start, null]]);
    const queue = [start];
    let found = null;
    while (queue.length > 0 && !found) {
      const node = queue.shift();
      for (const other of next(node)) {
        if (!inside.has(other)) continue;
        if (other === start) {
          found = node;
          break;
        }
        if (!previous.has(other)) {
          previous.set(other, node);
          queue.push(other);
        }
      }
    }
    if (!found) continue;
    const loop = [start];
    for (let node = found; node !== start; node = previous.get(node)) loop.splice(1, 0, node);
    loop.push(start);
    if (!best || loop.length < best.length) best = loop;
  }
  return best;
}

const folderNext = (folder) => [...(folders.get(folder)?.keys() ?? [])].sort();
const folderCycles = components([...folders.keys()].sort(), folderNext).map((members) => {
  const loop = shortestLoop(members, folderNext);
  const steps = loop
    .slice(0, -1)
    .map(
      (from, at) => `    ${from} → ${loop[at + 1]}, e.g. ${folders.get(from).get(loop[at + 1])}`,
    );
  return `  ${loop.join(' → ')} (${members.length} folders in the loop: ${members.join(', ')})\n${steps.join('\n')}`;
});

// 3. Cycles between modules (type-only imports aside: they leave no trace at run time).
const moduleNext = (file) =>
  (graph.get(file) ?? []).filter((edge) => !edge.typeOnly).map((edge) => edge.target);
const moduleCycles = components(files, moduleNext).map((members) => {
  const loop = shortestLoop(members, moduleNext);
  return `  ${loop.map(name).join(' → ')} (${members.length} modules in the loop)`;
});

if (process.argv.includes('--graph')) {
  for (const [from, targets] of [...folders].sort())
    console.log(`${from} → ${[...targets.keys()].sort().join(', ')}`);
}

let failed = false;
const report = (title, lines) => {
  if (lines.length === 0) return;
  failed = true;
  console.error(`✗ ${title} (${lines.length}):`);
  for (const line of lines) console.error(line.startsWith(' ') ? line : `  ${line}`);
};
report('unresolved imports', problems);
report('forbidden imports', arrows);
report('cycles between folders', folderCycles);
report('cycles between modules', moduleCycles);
if (failed) process.exit(1);

const arrowCount = [...graph.values()].reduce((sum, edges) => sum + edges.length, 0);
console.log(
  `✓ client imports: ${files.length} modules, ${arrowCount} imports; nothing below src/app imports it, no cycle between folders or modules`,
);
