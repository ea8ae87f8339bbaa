import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BACKEND_ROOT } from './config/backend-root';

// The documentation must stand alone and cover every context: each server context is in
// architecture.md's table and has its calls in a docs/api page, every api/ and product/ page is
// on the map (docs/README.md), every docs/product page the code points at exists, and nothing
// cites a document the repository does not hold.

const REPOSITORY = join(BACKEND_ROOT, '..');

/** What the checks read, gathered from the repository (or made up, in the tests below). */
interface DocsTree {
  /** The folders of backend/src but `platform`. */
  contexts: string[];
  /** docs/architecture.md. */
  architecture: string;
  /** docs/api/<page>.md → its text. */
  apiPages: Record<string, string>;
  /** The names of docs/product/<page>.md. */
  productPages: string[];
  /** docs/README.md. */
  map: string;
  /** Source and documentation files (path from the repository root → text). */
  sources: Record<string, string>;
}

/** The contexts named in the first column of architecture.md's "Server contexts" table. */
function contextsInArchitecture(architecture: string): string[] {
  const start = architecture.indexOf('### Server contexts');
  if (start < 0) return [];
  const section = architecture.slice(start).split(/\n#{2,3} /)[0];
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([a-z-]+)`/g)].map((match) => match[1]));
}

/** The contexts a docs/api page declares on its "Server context(s): `a`, `b` and `c`." line. */
function contextsOfApiPage(text: string): string[] {
  const line = /^Server contexts?: ((?:`[a-z-]+`(?:, | and )?)+)\./m.exec(text);
  return line ? [...line[1].matchAll(/`([a-z-]+)`/g)].map((match) => match[1]) : [];
}

/**
 * "spec 01 §4", "02 §2.8", "the spec's order", "the rulebook": sections of documents that are not
 * in the repository.
 */
const OUTSIDE_CITATION = /\bspec 0[12]\b|\b0[12] §|\bthe spec\b|\brulebook\b/i;

/** Every problem of the tree, in words; none when the documentation covers everything. */
function docsProblems(tree: DocsTree): string[] {
  const problems: string[] = [];
  const inTable = new Set(contextsInArchitecture(tree.architecture));
  const declared = new Map<string, string[]>();
  for (const [page, text] of Object.entries(tree.apiPages)) {
    const contexts = contextsOfApiPage(text);
    if (contexts.length === 0) {
      problems.push(`docs/api/${page}.md has no "Server context: \`…\`." line`);
    }
    for (const context of contexts) {
      declared.set(context, [...(declared.get(context) ?? []), page]);
      if (!tree.contexts.includes(context)) {
        problems.push(`docs/api/${page}.md names \`${context}\`, which is no server context`);
      }
    }
  }
  for (const context of tree.contexts) {
    if (!inTable.has(context)) {
      problems.push(`\`${context}\` is missing from docs/architecture.md's Server contexts table`);
    }
    if (!declared.has(context)) problems.push(`\`${context}\` has no docs/api page`);
  }
  for (const context of inTable) {
    if (!tree.contexts.includes(context)) {
      problems.push(`docs/architecture.md lists \`${context}\`, which is no server context`);
    }
  }
  for (const page of Object.keys(tree.apiPages)) {
    if (!tree.map.includes(`(api/${page}.md)`)) {
      problems.push(`docs/api/${page}.md is not linked from docs/README.md`);
    }
  }
  for (const page of tree.productPages) {
    if (!tree.map.includes(`(product/${page}.md)`)) {
      problems.push(`docs/product/${page}.md is not linked from docs/README.md`);
    }
  }
  for (const [path, text] of Object.entries(tree.sources)) {
    text.split('\n').forEach((line, index) => {
      for (const match of line.matchAll(/docs\/product\/([a-z-]+)\.md/g)) {
        if (!tree.productPages.includes(match[1])) {
          problems.push(`${path}:${index + 1} points at ${match[0]}, which does not exist`);
        }
      }
      if (OUTSIDE_CITATION.test(line)) {
        problems.push(
          `${path}:${index + 1} cites a document outside the repository: ${line.trim()}`,
        );
      }
    });
  }
  return problems;
}

const SOURCE_ROOTS = [
  'README.md',
  'docs',
  'scripts',
  'libs/domain/src',
  'libs/domain/README.md',
  'backend/src',
  'backend/test',
  'backend/scripts',
  'frontend/src',
  'frontend/e2e',
];
const SOURCE_FILE = /\.(ts|tsx|mjs|md)$/;

function sourceFiles(path: string): string[] {
  const absolute = join(REPOSITORY, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return SOURCE_FILE.test(path) ? [path] : [];
  return readdirSync(absolute).flatMap((entry) =>
    entry === 'node_modules' || entry === 'dist' ? [] : sourceFiles(join(path, entry)),
  );
}

const pagesOf = (folder: string): string[] =>
  readdirSync(join(REPOSITORY, folder))
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .map((name) => name.slice(0, -'.md'.length));

function repositoryTree(): DocsTree {
  const read = (path: string) => readFileSync(join(REPOSITORY, path), 'utf8');
  const thisFile = relative(REPOSITORY, __filename);
  return {
    contexts: readdirSync(join(BACKEND_ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
      .map((entry) => entry.name),
    architecture: read('docs/architecture.md'),
    apiPages: Object.fromEntries(
      pagesOf('docs/api').map((page) => [page, read(`docs/api/${page}.md`)]),
    ),
    productPages: pagesOf('docs/product'),
    map: read('docs/README.md'),
    sources: Object.fromEntries(
      SOURCE_ROOTS.flatMap(sourceFiles)
        .filter((path) => path !== thisFile)
        .map((path) => [path, read(path)]),
    ),
  };
}

describe('the documentation covers every context', () => {
  it('has no problem in the repository', () => {
    const tree = repositoryTree();
    // The walk found the repository, not an empty folder.
    expect(tree.contexts).toEqual(expect.arrayContaining(['users', 'calendar', 'organizations']));
    expect(Object.keys(tree.sources).length).toBeGreaterThan(500);
    expect(docsProblems(tree)).toEqual([]);
  });

  const complete: DocsTree = {
    contexts: ['calendar', 'users'],
    architecture: [
      '### Server contexts (`backend/src/<context>/`)',
      '',
      '| context | what it holds |',
      '| --- | --- |',
      '| `users` | staff accounts |',
      '| `calendar` | the compliance calendar |',
      '',
      '### Platform',
      '| `config` | settings |',
    ].join('\n'),
    apiPages: {
      'staff-accounts': '# Staff\n\nServer context: `users`. All under `/api`.',
      calendar: '# Calendar\n\nServer contexts: `calendar`. All under `/api`.',
    },
    productPages: ['calendar-and-overview'],
    map: '[a](api/staff-accounts.md) [b](api/calendar.md) [c](product/calendar-and-overview.md)',
    sources: {
      'backend/src/calendar/calendar.service.ts': '// docs/product/calendar-and-overview.md',
    },
  };

  it('reads the table and the pages as they are written', () => {
    expect(contextsInArchitecture(complete.architecture)).toEqual(['users', 'calendar']);
    expect(
      contextsOfApiPage('Server contexts: `people`, `organizations` and `links`. All'),
    ).toEqual(['people', 'organizations', 'links']);
    expect(docsProblems(complete)).toEqual([]);
  });

  it('names a context missing from the table, or without an API page', () => {
    expect(docsProblems({ ...complete, contexts: ['calendar', 'users', 'overview'] })).toEqual([
      "`overview` is missing from docs/architecture.md's Server contexts table",
      '`overview` has no docs/api page',
    ]);
  });

  it('names an API page or a product page missing from the map, and a page without contexts', () => {
    expect(
      docsProblems({
        ...complete,
        apiPages: { ...complete.apiPages, search: '# Search\n\nThe top bar.' },
        productPages: [...complete.productPages, 'import'],
      }),
    ).toEqual([
      'docs/api/search.md has no "Server context: `…`." line',
      'docs/api/search.md is not linked from docs/README.md',
      'docs/product/import.md is not linked from docs/README.md',
    ]);
  });

  it('names a pointer at a product page that does not exist, and a citation of an outside document', () => {
    expect(
      docsProblems({
        ...complete,
        sources: {
          'frontend/src/a.ts':
            '// docs/product/nowhere.md\n/** (spec 02 §2.8) */\n// 01 §7 the calls',
          'libs/domain/src/b.ts': "// in the spec's order",
        },
      }),
    ).toEqual([
      'frontend/src/a.ts:1 points at docs/product/nowhere.md, which does not exist',
      'frontend/src/a.ts:2 cites a document outside the repository: /** (spec 02 §2.8) */',
      'frontend/src/a.ts:3 cites a document outside the repository: // 01 §7 the calls',
      "libs/domain/src/b.ts:1 cites a document outside the repository: // in the spec's order",
    ]);
  });
});
