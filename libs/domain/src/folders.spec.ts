import { describe, expect, it } from 'vitest';
import {
  FIXED_FOLDERS,
  annualReturnFolders,
  checkFileSize,
  isOrganizationFolderName,
  organizationFileFolder,
  organizationFolders,
  peopleFileFolder,
  shortenFileName,
  taskFileFolder,
} from './folders';

describe('01-9.4 "folders: incorporation, bank, tax, domiciliation, post, payroll, invoices, annualReturn2024, annualReturn2025, annualReturn2026"', () => {
  const today = new Date('2026-11-21T10:00:00Z');

  it('lists the folders of 2026, in their order', () => {
    expect(organizationFolders(today)).toEqual([
      'incorporation',
      'bank',
      'tax',
      'domiciliation',
      'post',
      'payroll',
      'invoices',
      'annualReturn2024',
      'annualReturn2025',
      'annualReturn2026',
    ]);
    expect(FIXED_FOLDERS).toHaveLength(7);
  });

  // The annual-return folders follow the current year in Dublin: Y-2, Y-1, Y.
  it.each([
    ['2027-01-01T00:00:00Z', ['annualReturn2025', 'annualReturn2026', 'annualReturn2027']],
    ['2026-12-31T23:59:59Z', ['annualReturn2024', 'annualReturn2025', 'annualReturn2026']],
    ['2030-06-15T12:00:00Z', ['annualReturn2028', 'annualReturn2029', 'annualReturn2030']],
  ])('at %s: %j', (instant, folders) => {
    expect(annualReturnFolders(new Date(instant))).toEqual(folders);
  });

  it('defaults to the real now', () => {
    expect(annualReturnFolders()).toHaveLength(3);
    expect(organizationFolders()).toHaveLength(10);
  });

  it.each([
    ['bank', true],
    ['annualReturn2019', true], // an older year stays a valid home for its files
    ['annualReturn26', false],
    ['secret', false],
    ['../bank', false],
    [null, false],
  ])('isOrganizationFolderName(%j) is %s', (folder, valid) => {
    expect(isOrganizationFolderName(folder)).toBe(valid);
  });

  it('upload folders: "people/{id} or organization/{id}/{folder}"; tasks "/task/{taskId}"', () => {
    expect(peopleFileFolder('p1')).toBe('people/p1');
    expect(organizationFileFolder('o1', 'tax')).toBe('organization/o1/tax');
    expect(taskFileFolder('t1')).toBe('task/t1');
    expect(() => organizationFileFolder('o1', '../../etc')).toThrow(RangeError);
  });
});

describe('01-5.6 "File upload: maximum 1 GB; otherwise the error \'File size exceeds the 1GB limit.\'"', () => {
  it.each([
    [0, { ok: true }],
    [1073741824, { ok: true }],
    [1073741825, { ok: false, message: 'File size exceeds the 1GB limit.' }],
  ])('%i bytes → %j', (size, result) => {
    expect(checkFileSize(size)).toEqual(result);
  });

  it('a configured limit (FILE_MAX_BYTES) replaces the default', () => {
    expect(checkFileSize(2048, 1024).ok).toBe(false);
  });

  // "File names longer than 40 characters are shortened for display."
  it.each([
    ['statement.pdf', 'statement.pdf'],
    ['a'.repeat(40), 'a'.repeat(40)],
    ['a'.repeat(41), `${'a'.repeat(37)}...`],
    [
      'Certificat-d-immatriculation-société-2026-final.pdf',
      'Certificat-d-immatriculation-société-...',
    ],
  ])('%s → %s', (name, shown) => {
    expect(shortenFileName(name)).toBe(shown);
    expect(Array.from(shortenFileName(name)).length).toBeLessThanOrEqual(40);
  });
});
