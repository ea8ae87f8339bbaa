import type { Type } from '@nestjs/common';
import { createValidationPipe } from '../errors/validation';

/** How a list's query string maps onto its search body: which keys are not plain text. */
export interface QueryShape {
  booleans?: readonly string[];
  integers?: readonly string[];
}

/**
 * A list's filters given as query parameters (an export's `GET ?search=…&status=true`) read as
 * the list's own search body and validated by the same DTO, so an export takes exactly the
 * filters its list takes. 'true'/'false' become booleans and digits integers for the keys the
 * shape names; anything else stays text for the DTO to accept or refuse (400).
 */
export async function parseSearchQuery<T extends object>(
  dto: Type<T>,
  query: Record<string, unknown>,
  shape: QueryShape = {},
): Promise<T> {
  const body: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (typeof value === 'string' && shape.booleans?.includes(key)) {
      body[key] = value === 'true' ? true : value === 'false' ? false : value;
    } else if (typeof value === 'string' && shape.integers?.includes(key)) {
      body[key] = /^-?\d+$/.test(value) ? Number(value) : value;
    } else {
      body[key] = value;
    }
  }
  return (await createValidationPipe().transform(body, { type: 'query', metatype: dto })) as T;
}
