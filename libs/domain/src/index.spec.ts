import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as domain from './index';

const SRC = __dirname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('@registra/domain is pure and importable by server (CommonJS) and client (Vite)', () => {
  const files = sources(SRC);

  it.each(files.map((file) => [relative(SRC, file), file]))(
    '%s imports only relative modules and yup',
    (_, file) => {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/(?:from|import)\s+'([^']+)'/g)].map((m) => m[1]);
      for (const specifier of specifiers) {
        // No Node built-ins, no framework, no file extensions (Vite and tsc CommonJS both resolve).
        expect(specifier === 'yup' || /^\.\.?\/[\w\-/.]*[\w-]$/.test(specifier)).toBe(true);
        expect(specifier).not.toMatch(/\.(ts|js)$/);
      }
      expect(text).not.toMatch(/import\.meta|require\(|process\.|console\./);
    },
  );

  it('re-exports every rule from one entry', () => {
    for (const name of [
      'ErrorCode',
      'PASSWORD_MIN_LENGTH',
      'JSON_BODY_LIMIT_BYTES',
      'CREATION_STATUSES',
      'FINOTOR_FILTERS',
      'SERVICE_PLANS',
      'DASHBOARD_RECENT_COUNT',
      'addMonths',
      'todayInDublin',
      'firstAnnualReturnDate',
      'corporationTaxReminder',
      'resetAfterCorporationTaxPaidRemoved',
      'paymentHistoryOnSave',
      'organizationDuplicateKey',
      'FOLLOW_UP_CATALOGUE',
      'appendix2Assessment',
      'paginationItems',
      'signUpSchema',
      'COUNTRIES',
      'organizationFolders',
      'csvField',
    ]) {
      expect(domain).toHaveProperty(name);
    }
  });
});
