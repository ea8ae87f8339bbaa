import type { OpenAPIObject } from '@nestjs/swagger';
import { api, okEnvelope } from '../src/platform/http/openapi';
import { ApiContract } from './support/api-contract';
import type { Answer } from './support/api-contract';

// The check every API test's answers go through (test/support/api-contract.ts), on a small
// document written with the server's own schema builders.
const RECORD = { $ref: '#/components/schemas/Record' };
const FAILURE = { $ref: '#/components/schemas/Failure' };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });

const document = {
  openapi: '3.0.0',
  info: { title: 'test', version: '1' },
  paths: {
    '/api/record/{id}': {
      get: {
        responses: {
          200: {
            description: 'A record',
            ...json(
              okEnvelope(RECORD, {
                previous: api.nullable(RECORD),
                // How api.nullable wrote a reference before: null still fails the allOf.
                legacy: { type: 'object', allOf: [RECORD], nullable: true },
                origin: api.nullable(api.enum(['web', 'import'])),
                related: { oneOf: [api.array(RECORD), api.array(api.string)] },
              }),
            ),
          },
          404: { $ref: '#/components/responses/NotFound' },
        },
      },
    },
    '/api/record/search': {
      post: {
        responses: { 200: { description: 'Records', ...json(okEnvelope(api.array(RECORD))) } },
      },
    },
    '/api/file/{id}': {
      get: {
        responses: {
          200: {
            description: 'The file',
            content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    '/api/record/{id}/export': {
      get: {
        responses: {
          200: {
            description: 'Bytes',
            content: {
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Record: api.object({ _id: api.id, name: api.string, born: api.nullableDate }),
      Failure: api.object({ ok: api.boolean, code: api.string, message: api.string }),
    },
    responses: { NotFound: { description: 'None', ...json(FAILURE) } },
  },
} as unknown as OpenAPIObject;

const ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const record = { _id: ID, name: 'Acme', born: '2020-02-29' };

function answer(status: number, body: unknown, type = 'application/json; charset=utf-8'): Answer {
  return { status, headers: { 'content-type': type }, text: JSON.stringify(body) };
}

const found = (extra: Record<string, unknown> = {}) =>
  answer(200, {
    ok: true,
    data: record,
    previous: null,
    legacy: record,
    origin: null,
    related: [ID],
    ...extra,
  });

describe('the contract check of API answers (ADR 0130)', () => {
  const contract = new ApiContract(document);
  const check = (a: Answer, method = 'GET', url = `/api/record/${ID}`) =>
    contract.check(method, `http://127.0.0.1:1${url}`, a);

  it('passes an answer the document describes, nulls and a documented failure included', () => {
    expect(check(found())).toEqual([]);
    expect(check(found({ previous: record, origin: 'web' }))).toEqual([]);
    expect(check(answer(404, { ok: false, code: 'NOT_FOUND', message: 'No such record' }))).toEqual(
      [],
    );
  });

  it('names the route, the status and the JSON path of a value off its format', () => {
    expect(check(found({ data: { ...record, _id: '42' } }))).toEqual([
      {
        route: 'GET /api/record/{id}',
        status: 200,
        at: '/data/_id',
        message: 'must match format "uuid"',
        value: '"42"',
      },
    ]);
    expect(check(found({ data: { ...record, born: '29/02/2020' } }))[0].at).toBe('/data/born');
  });

  it('reads nullable as OpenAPI 3.0.3 does: null only beside a type, never through an allOf', () => {
    expect(check(found({ legacy: null }))).toEqual([
      expect.objectContaining({ at: '/legacy', message: 'must be object' }),
    ]);
    expect(check(found({ origin: 'fax' }))).toEqual([
      expect.objectContaining({ at: '/origin', value: '"fax"' }),
    ]);
  });

  it('refuses a value matching both branches of a oneOf (an empty list)', () => {
    expect(check(found({ related: [] }))).toEqual([
      expect.objectContaining({ at: '/related', message: expect.stringMatching(/more than one/) }),
    ]);
  });

  it('refuses a field the document does not list, and a missing required one', () => {
    expect(check(found({ data: { ...record, secret: 'x' } }))).toEqual([
      expect.objectContaining({ at: '/data', message: expect.stringMatching(/holds secret/) }),
    ]);
    const { name: _name, ...nameless } = record;
    expect(check(found({ data: nameless }))).toEqual([
      expect.objectContaining({ at: '/data', message: expect.stringMatching(/has no name/) }),
    ]);
  });

  it('refuses a status the route does not list', () => {
    expect(check(answer(409, { ok: false, code: 'VERSION_CONFLICT', message: '…' }))).toEqual([
      expect.objectContaining({
        route: 'GET /api/record/{id}',
        status: 409,
        at: 'status',
        message: expect.stringMatching(/409 is not among the statuses listed \(200, 404\)/),
      }),
    ]);
  });

  it('refuses a content type the status does not list; a range accepts any', () => {
    const bytes = { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } };
    expect(check(bytes, 'GET', `/api/record/${ID}/export`)).toEqual([
      expect.objectContaining({
        at: 'content-type',
        message: 'text/plain where the document says application/octet-stream',
      }),
    ]);
    expect(check(bytes, 'GET', `/api/file/${ID}`)).toEqual([]);
    expect(check(answer(200, 'not an envelope', 'text/html'))).toEqual([
      expect.objectContaining({ at: 'content-type' }),
    ]);
  });

  it('prefers a literal path segment to a variable one', () => {
    expect(check(answer(200, { ok: true, data: [record] }), 'POST', '/api/record/search')).toEqual(
      [],
    );
  });

  it('lets an unknown address answer 404, and nothing else; leaves non-API addresses alone', () => {
    const missing = answer(404, { ok: false, code: 'NOT_FOUND', message: 'No route' });
    expect(check(missing, 'GET', '/api/nope')).toEqual([]);
    expect(check(missing, 'DELETE', `/api/record/${ID}`)).toEqual([]);
    expect(check(answer(200, { ok: true }), 'GET', '/api/nope')).toEqual([
      expect.objectContaining({ route: 'GET /api/nope', at: 'status' }),
    ]);
    expect(check(answer(200, '<html>', 'text/html'), 'GET', '/organizations')).toEqual([]);
  });
});
