/**
 * File folders of an organization (docs/product/organizations-and-people.md) and the upload paths
 * of POST /file.
 *
 * ANNUAL-RETURN FOLDERS FOLLOW THE CURRENT YEAR: the firm listed annualReturn2024, 2025 and 2026
 * while the current year is 2026, so the rule is the current year in Dublin (Y) and the two
 * before it: annualReturn{Y-2}, annualReturn{Y-1}, annualReturn{Y}. On 1 January the oldest folder
 * leaves the list and a new one appears; files already filed under an older year keep their
 * folder, which stays a valid folder name (isOrganizationFolderName).
 */
import { FILE_MAX_BYTES, FILE_NAME_DISPLAY_MAX } from './limits';
import { MESSAGES } from './messages';
import { currentYearInDublin } from './rules/dates';

export const FIXED_FOLDERS = [
  'incorporation',
  'bank',
  'tax',
  'domiciliation',
  'post',
  'payroll',
  'invoices',
] as const;
export type FixedFolder = (typeof FIXED_FOLDERS)[number];

/** How many annual-return folders are listed: the current year and the two before it. */
export const ANNUAL_RETURN_FOLDER_YEARS = 3;

export const annualReturnFolder = (year: number): string => `annualReturn${year}`;

/** "annualReturn2024, annualReturn2025, annualReturn2026" in 2026. */
export function annualReturnFolders(now: Date = new Date()): string[] {
  const year = currentYearInDublin(now);
  return Array.from({ length: ANNUAL_RETURN_FOLDER_YEARS }, (_, i) =>
    annualReturnFolder(year - (ANNUAL_RETURN_FOLDER_YEARS - 1) + i),
  );
}

/** The folders listed on an organization's Files tab, in their order. */
export const organizationFolders = (now: Date = new Date()): string[] => [
  ...FIXED_FOLDERS,
  ...annualReturnFolders(now),
];

const ANNUAL_RETURN_FOLDER = /^annualReturn(\d{4})$/;

/** A folder an organization file may be stored in: a fixed one or any year's annual return. */
export const isOrganizationFolderName = (value: unknown): boolean =>
  typeof value === 'string' &&
  ((FIXED_FOLDERS as readonly string[]).includes(value) || ANNUAL_RETURN_FOLDER.test(value));

/** Upload folder of POST /file: "people/{id} or organization/{id}/{folder}"; tasks use task/{id}. */
export const peopleFileFolder = (peopleId: string): string => `people/${peopleId}`;
export function organizationFileFolder(organizationId: string, folder: string): string {
  if (!isOrganizationFolderName(folder)) throw new RangeError(`Unknown folder: ${folder}`);
  return `organization/${organizationId}/${folder}`;
}
export const taskFileFolder = (taskId: string): string => `task/${taskId}`;

/** "File upload: maximum 1 GB; otherwise the error 'File size exceeds the 1GB limit.'" */
export function checkFileSize(
  sizeBytes: number,
  maxBytes: number = FILE_MAX_BYTES,
): { ok: true } | { ok: false; message: string } {
  return sizeBytes <= maxBytes ? { ok: true } : { ok: false, message: MESSAGES.fileTooLarge };
}

/** "File names longer than 40 characters are shortened for display." (40 with the ellipsis) */
export function shortenFileName(name: string, max: number = FILE_NAME_DISPLAY_MAX): string {
  const characters = Array.from(name);
  if (characters.length <= max) return name;
  return `${characters.slice(0, max - 3).join('')}...`;
}
