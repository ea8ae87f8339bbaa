import {
  applyDecorators,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Post,
  Put,
  SetMetadata,
} from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { JSON_TYPE } from './envelope';
import { ApiDone, ApiFails, ApiOk, ApiPage } from './openapi';
import type { Schema } from './openapi';

/** The API answers 200 to every POST (the client treats any other status of a POST as failure). */
export function PostOk(path?: string): MethodDecorator {
  return applyDecorators(Post(path), HttpCode(HttpStatus.OK));
}

/**
 * A DELETE answered 200 with `{ ok: true }` (the envelope of every answer), not 204; or with
 * `{ ok: true, data }` when it answers the record (`data`: its schema).
 */
export function DeleteOk(path?: string, data?: Schema): MethodDecorator {
  return applyDecorators(Delete(path), HttpCode(HttpStatus.OK), data ? ApiOk(data) : ApiDone());
}

/**
 * PUT /{id}, a record's update: answered with the record (`answer`: its schema), or 409 when the
 * record changed since it was loaded or the change conflicts with its state; `summary`: what the
 * route does, for the API's documentation.
 */
export function UpdateById(answer: Schema, summary: string): MethodDecorator {
  return applyDecorators(Put(':id'), ApiOk(answer), ApiFails(409), ApiOperation({ summary }));
}

/**
 * POST /merge, two duplicates made one: answered with the kept record (`answer`: its schema), or
 * 404 when either is not live; for the API's documentation, what the `record` is and what of the
 * duplicate moves to it besides the chosen fields and the attached records (`moves`).
 */
export function MergeDuplicates(answer: Schema, record: string, moves: string): MethodDecorator {
  return applyDecorators(
    PostOk('merge'),
    ApiOk(answer),
    ApiFails(404),
    ApiOperation({
      summary: `Merge a duplicate into the kept ${record}: chosen fields, ${moves} and every attached record move; the other is deleted and points here`,
    }),
  );
}

/**
 * GET /duplicates, a page of the groups of look-alike records (`group`: a group's schema); for the
 * API's documentation, which `records` and by what their names may `differ`.
 */
export function DuplicateGroups(group: Schema, records: string, differ: string): MethodDecorator {
  return applyDecorators(
    Get('duplicates'),
    ApiPage(group),
    ApiOperation({ summary: `Groups of ${records} whose names differ only by ${differ}` }),
  );
}

export const REQUEST_TRANSACTION = 'registra:requestTransaction';

/**
 * A POST that only reads (a search): it runs without a transaction. Every other POST, PUT, PATCH
 * and DELETE runs in one transaction with its audit rows (ADR 0008).
 */
export const ReadOnly = (): MethodDecorator => SetMetadata(REQUEST_TRANSACTION, 'none');

/**
 * A write route that opens its own, shorter transactions: a streamed upload must not hold a
 * connection for as long as the bytes take to arrive, and a refused sign-in must keep its audit
 * row although the request fails.
 */
export const OwnTransactions = (): MethodDecorator => SetMetadata(REQUEST_TRANSACTION, 'own');

/** A search: POST answered 200, without a transaction. */
export function SearchOk(path = 'search'): MethodDecorator {
  return applyDecorators(PostOk(path), ReadOnly());
}

/**
 * A list's search route, POST /search, whose answer is JSON text written by PostgreSQL (views of
 * a page, ADR 0090): answered 200, without a transaction, sent as JSON without being serialized
 * again. `item`: the schema of the page's records (`more`: the fields the page adds, a summary);
 * `summary`: what the route does, for the API's documentation.
 */
export function ListSearch(
  item: Schema,
  summary: string,
  more?: Record<string, Schema>,
): MethodDecorator {
  return applyDecorators(
    SearchOk('search'),
    Header('Content-Type', JSON_TYPE),
    ApiPage(item, more),
    ApiOperation({ summary }),
  );
}
