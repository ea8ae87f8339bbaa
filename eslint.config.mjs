// One flat config for the three packages: typescript-eslint's recommended rules everywhere,
// react-hooks rules for the client, and the client's feature boundaries.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Read from disk so that a new feature folder is fenced in without touching this file.
const FEATURES = readdirSync(new URL('./frontend/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Import strings are matched, not resolved paths: a relative import that climbs out of a feature
// ("../people/api", "../../../features/people/api") into another feature folder is refused.
const featureImport = (names) =>
  `^(?:\\.\\./)+(?:features/)?(?:${names.map(escapeRegex).join('|')})(?:/|$)`;

const BOUNDARY_MESSAGE =
  'A feature never imports another feature (docs/architecture.md): move what both need to ' +
  'src/lib (the API, errors, the store and its hooks), src/types, src/components or src/test.';

// src/app is the composition root (router, layout, providers, the store instance): it imports
// everything and nothing imports it but the entry, main.tsx. Features, components, lib, types
// and the test helpers never import it; what they share lives in src/lib.
const appImport = {
  regex: '^(?:\\.\\./)+app(?:/|$)',
  message:
    'src/app is the composition root: features, components, lib, types and test never import ' +
    'it; what they share lives in src/lib (docs/architecture.md).',
};

const featureBoundaries = FEATURES.map((feature) => ({
  files: [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: featureImport(FEATURES.filter((other) => other !== feature)),
            message: BOUNDARY_MESSAGE,
          },
          appImport,
        ],
      },
    ],
  },
}));

const sharedFeatureImport = {
  regex: '(?:^|/)features(?:/|$)',
  message: 'Shared code (components, lib, types, test) never imports a feature.',
};

// The server's contexts (backend/src/<context>): each may use another's public surface (its
// module, service, view and mail catalogue), never its repository; it reads another's table in
// SQL (a join, a name looked up) only where this table says so, and never writes it.
const SERVER_CONTEXTS = readdirSync(new URL('./backend/src', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
  .map((entry) => entry.name)
  .sort();

/** The other contexts' tables each context reads in its SQL (joins and look-ups). */
const TABLES_READ = {
  aml: ['links', 'organizations', 'people'],
  // The dated obligations are read where they are kept, by range on their indexes; a feed
  // belongs to a user.
  calendar: ['follow-ups', 'organizations', 'registers', 'subscriptions', 'users'],
  dashboard: ['organizations', 'people'],
  'follow-ups': ['organizations', 'users'],
  forms: ['organizations'],
  links: ['organizations', 'people'],
  // Whether a recipient belongs to the book: an organization's or a linked person's mail.
  mail: ['links', 'organizations', 'people'],
  orders: ['organizations', 'products', 'subscriptions'],
  organizations: ['follow-ups'],
  // The charts count the book's records by month, each in one statement.
  overview: ['forms', 'orders', 'organizations', 'subscriptions'],
  // A register is built from the organization's links and their people, in a few statements.
  registers: ['links', 'organizations', 'people'],
  subscriptions: ['orders', 'organizations', 'products'],
  tasks: ['organizations', 'people'],
};

const serverBoundaries = SERVER_CONTEXTS.map((context) => {
  const others = SERVER_CONTEXTS.filter((other) => other !== context);
  const unreadTables = others.filter((other) => !(TABLES_READ[context] ?? []).includes(other));
  const patterns = [
    {
      regex: `^(?:\\.\\./)+(?:${others.map(escapeRegex).join('|')})/.*\\.repository$`,
      message:
        "A context never imports another context's repository: call its service (docs/architecture.md).",
    },
  ];
  if (unreadTables.length > 0)
    patterns.push({
      regex: `^(?:\\.\\./)+(?:${unreadTables.map(escapeRegex).join('|')})/[^/]*\\.schema$`,
      message:
        "This context does not read that context's table: go through its service, or add the read to TABLES_READ in eslint.config.mjs with the reason (docs/architecture.md).",
    });
  return {
    files: [`backend/src/${context}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
});

// The platform (backend/src/platform) sits below every context: it imports none. What it needs
// of one (checking a session, pruning a table) goes through a port the context registers into
// (platform/ports, platform/auth). Only the schema aggregator gathers every context's tables.
const platformBoundary = {
  files: ['backend/src/platform/**/*.ts'],
  ignores: ['backend/src/platform/database/schema.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(?:\\.\\./)+(?:${SERVER_CONTEXTS.map(escapeRegex).join('|')})(?:/|$)`,
            message:
              'The platform imports no context: offer a port the context registers into (docs/architecture.md).',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-bench/**',
      '**/coverage/**',
      '**/node_modules/**',
      '**/test-results/**',
      'backend/drizzle/**',
      'frontend/openapi/generated/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...featureBoundaries,
  ...serverBoundaries,
  platformBoundary,
  {
    // Shared code sits below the features: only src/app (the router) wires features in.
    files: ['frontend/src/{components,types,test}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [sharedFeatureImport, appImport] }],
    },
  },
  {
    // src/lib is the base: the API, errors, the session, the store and its hooks, lazy pages.
    // The components sit on it, so it never imports them.
    files: ['frontend/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            sharedFeatureImport,
            appImport,
            {
              regex: '^(?:\\.\\./)+components(?:/|$)',
              message: 'src/lib never imports a component: the components sit on it.',
            },
          ],
        },
      ],
    },
  },
  // No cycle between the client's modules, as the lint sees them in the editor;
  // scripts/check-client-imports.mjs, in `npm test` right after the lint, also refuses cycles
  // between folders and the arrows above on the resolved graph.
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
