import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

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
      treeshake: {
        // The domain library is pure (no I/O, no module-level effects that matter): what a
        // screen does not use, its yup schemas included, stays out of that screen's chunks.
        moduleSideEffects: (id) => !id.includes('/libs/domain/src/'),
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Room for a findBy* that waits for a lazily loaded page (src/test/setup.ts) within a test.
    testTimeout: 15000,
    unstubGlobals: true,
  },
});
