// One flat config for the three packages: typescript-eslint's recommended rules everywhere,
// react-hooks rules for the client, and the client's feature boundaries.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

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
  'src/app (API slices, errors), src/types, src/components, src/lib or src/test.';

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
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-bench/**',
      '**/coverage/**',
      '**/node_modules/**',
      '**/test-results/**',
      'backend/drizzle/**',
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
  {
    // Shared code sits below the features: only src/app (the router) wires features in.
    files: ['frontend/src/{components,lib,types,test}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(?:^|/)features(?:/|$)',
              message: 'Shared code (components, lib, types, test) never imports a feature.',
            },
          ],
        },
      ],
    },
  },
);
