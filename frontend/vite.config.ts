import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const libraries = (names: string[]) => new RegExp(`node_modules[\\\\/](${names.join('|')})[\\\\/]`);
/** Formik, yup and what they bring. */
const FORM_LIBRARIES = libraries([
  'formik',
  'yup',
  'lodash-es',
  'property-expr',
  'tiny-case',
  'toposort',
  'deepmerge',
  'react-fast-compare',
  'hoist-non-react-statics',
]);
/** react-select and its styling (emotion). */
const SELECT_LIBRARIES = libraries([
  'react-select',
  '@emotion',
  'stylis',
  '@floating-ui',
  'memoize-one',
  'use-isomorphic-layout-effect',
]);
/** React Bootstrap's components beyond the first screen's, and their helpers. */
const BOOTSTRAP_LIBRARIES = libraries([
  'react-bootstrap',
  '@restart',
  'dom-helpers',
  '@popperjs',
  'react-transition-group',
  'uncontrollable',
  'prop-types',
  'invariant',
  'warning',
  'dequal',
  '@react-aria',
]);
/** The client's own modules and the domain library's. */
const APP_MODULES = /frontend[\\/]src[\\/]|libs[\\/]domain[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies of the built scripts and styles beside them (app.js.br, app.js.gz):
    // the server sends one by the browser's Accept-Encoding and never compresses per request.
    compression({
      include: /\.(js|mjs|css|svg|json)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  resolve: {
    alias: {
      // The domain library's TypeScript source, so the dev server and tests need no prior build.
      '@registra/domain': fileURLToPath(new URL('../libs/domain/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry's chunks are preloaded by index.html; a page's are not: the preload helper added
    // a <link rel="modulepreload"> per chunk a page needs (60 for an organization's page) from
    // the main thread, inside the task that renders the page. The browser fetches a chunk's
    // imports itself as it reads it.
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : [],
    },
    rollupOptions: {
      output: {
        // A page's chunks in a few files (ADR 0120). Split by the bundler alone, an
        // organization's page needed 66 files up to three imports deep; over a phone's network
        // (six connections, a round trip per file) and on its slower CPU (each file's loading is
        // main-thread work) the files, not the bytes, set when the record appears. The first
        // screen's modules stay in the entry; the libraries the pages share are three chunks by
        // what they do (libraries never import the app: no cycle between chunks); the app's own
        // modules that two pages or more share are one chunk.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: 'forms', test: FORM_LIBRARIES, priority: 2 },
            { name: 'select', test: SELECT_LIBRARIES, priority: 2 },
            { name: 'bootstrap', test: BOOTSTRAP_LIBRARIES, priority: 2 },
            { name: 'shared', test: APP_MODULES, minShareCount: 2, priority: 1 },
          ],
        },
      },
      treeshake: {
        // The domain library is pure (no I/O, no module-level effects that matter): what a
        // screen does not use, its yup schemas included, stays out of that screen's chunks.
        moduleSideEffects: (id) => !id.includes('/libs/domain/src/'),
      },
    },
  },
  test: {
    environment: 'jsdom',
    // src/app/testing.ts: the app the render helpers mount (src/test never imports src/app).
    setupFiles: ['src/test/setup.ts', 'src/app/testing.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Room for a findBy* that waits for a lazily loaded page (src/test/setup.ts) within a test.
    testTimeout: 15000,
    unstubGlobals: true,
  },
});
