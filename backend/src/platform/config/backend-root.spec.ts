import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BACKEND_ROOT, findBackendRoot } from './backend-root';

describe('findBackendRoot', () => {
  it('is the backend package folder, from the sources', () => {
    expect(BACKEND_ROOT).toBe(resolve(__dirname, '../../..'));
  });

  // The benchmark's build puts src one level deeper than the server's dist (dist-bench/src/...).
  it.each([
    ['dist/platform/database'],
    ['dist-bench/src/platform/database'],
    ['dist-bench/scripts'],
  ])('finds it from %s', (layout) => {
    const backend = mkdtempSync(join(tmpdir(), 'registra-root-'));
    try {
      writeFileSync(join(backend, 'package.json'), JSON.stringify({ name: '@registra/backend' }));
      // Another package's manifest on the way up is passed over.
      mkdirSync(join(backend, layout), { recursive: true });
      writeFileSync(join(backend, layout, 'package.json'), JSON.stringify({ name: 'other' }));
      expect(findBackendRoot(join(backend, layout))).toBe(backend);
    } finally {
      rmSync(backend, { recursive: true, force: true });
    }
  });

  it('says so when no backend package is above', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'registra-root-'));
    try {
      expect(() => findBackendRoot(elsewhere)).toThrow('No @registra/backend package.json above');
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
