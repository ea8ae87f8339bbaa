import type { Ok, Page } from '@registra/domain';

/** Success envelopes of api-conventions.md (`{ ok: true, data, ... }`), typed in the contract. */
export type { Ok, Page };

export function ok<T>(data: T): Ok<T> {
  return { ok: true, data };
}

export function page<T>(data: T[], totalItems: number, pageNumber: number, limit: number): Page<T> {
  return {
    ok: true,
    data,
    totalItems,
    totalPages: Math.ceil(totalItems / limit),
    page: pageNumber,
    limit,
  };
}

/**
 * `{ ok: true, data }` around data that is already JSON text (written by PostgreSQL): large
 * answers skip a parse and a stringify. The route declares `@Header('Content-Type', JSON_TYPE)`.
 */
export function okJsonText(dataJson: string): string {
  return `{"ok":true,"data":${dataJson}}`;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
