import type { Ok, Page } from '@registra/domain';

/** Success envelopes of api-conventions.md (`{ ok: true, data, ... }`), typed in the contract. */
export type { Ok, Page };

export function ok<T>(data: T): Ok<T> {
  return { ok: true, data };
}

/**
 * A page's envelope. `totalIsLowerBound`: the list holds more than `totalItems` (ADR 0149), so at
 * least one more item than that is paged.
 */
export function page<T>(
  data: T[],
  totalItems: number,
  pageNumber: number,
  limit: number,
  totalIsLowerBound = false,
): Page<T> {
  return {
    ok: true,
    data,
    totalItems,
    ...(totalIsLowerBound ? { totalItemsIsLowerBound: true as const } : {}),
    totalPages: Math.ceil((totalItems + (totalIsLowerBound ? 1 : 0)) / limit),
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

/**
 * A page's envelope (as {@link page}) around items that are already JSON text, one per item
 * (views written by PostgreSQL, ADR 0090), with the list's other fields (`more`: a summary).
 * The route declares `@Header('Content-Type', JSON_TYPE)`.
 */
export function pageJsonText(
  items: readonly string[],
  totalItems: number,
  pageNumber: number,
  limit: number,
  more: Record<string, unknown> = {},
  totalIsLowerBound = false,
): string {
  // The envelope of an empty page, its data then filled with the items (a function, so that no
  // `$` in an item is read as a replacement pattern).
  return JSON.stringify({
    ...page([], totalItems, pageNumber, limit, totalIsLowerBound),
    ...more,
  }).replace('"data":[]', () => `"data":[${items.join(',')}]`);
}

/** The rows a page asks for: `limit` of them after the earlier pages'. */
export interface PageRange {
  offset: number;
  limit: number;
}

/**
 * The page a list's body asks for (`page` from 1, `limit` or the list's default), its views read
 * by `read` for that range as JSON text (ADR 0090), answered in the page's envelope.
 */
export async function jsonPage(
  asked: { page?: number; limit?: number },
  defaultLimit: number,
  read: (
    range: PageRange,
  ) => Promise<{ items: readonly string[]; total: number; totalIsLowerBound?: boolean }>,
): Promise<string> {
  const pageNumber = asked.page ?? 1;
  const limit = asked.limit ?? defaultLimit;
  const { items, total, totalIsLowerBound } = await read({
    offset: (pageNumber - 1) * limit,
    limit,
  });
  return pageJsonText(items, total, pageNumber, limit, {}, totalIsLowerBound);
}
