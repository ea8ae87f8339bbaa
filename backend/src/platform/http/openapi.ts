// The OpenAPI document served at /api/docs (docs/api-conventions.md "The OpenAPI document"): the
// answers' envelopes, the record shapes, the failures each route can answer and who may call it,
// complete enough for a client to be generated from it.
import { applyDecorators } from '@nestjs/common';
import type { INestApplication, Type } from '@nestjs/common';
import {
  ApiExtension,
  ApiExtraModels,
  ApiOkResponse,
  ApiQuery,
  ApiResponse,
  DocumentBuilder,
  getSchemaPath,
  SwaggerModule,
} from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { EXPORT_COLUMN_SETS } from './csv';

// The OpenAPI object types, as @nestjs/swagger's entry point exposes them.
type OperationObject = NonNullable<OpenAPIObject['paths'][string]['get']>;
type ReferenceObject = { $ref: string };
type ResponseObject = Exclude<NonNullable<OperationObject['responses'][string]>, ReferenceObject>;
export type Schema = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string];
export type SchemaObject = Exclude<Schema, ReferenceObject>;

// ---------------------------------------------------------------------------------------------
// Schemas: a few builders so that a record's shape reads like its TypeScript interface.

const apiString: SchemaObject = { type: 'string' };
const apiId: SchemaObject = { type: 'string', format: 'uuid' };
/** A calendar date, `YYYY-MM-DD`. */
const apiDate: SchemaObject = { type: 'string', format: 'date' };
/** A timestamp, ISO 8601 UTC with milliseconds. */
const apiTimestamp: SchemaObject = { type: 'string', format: 'date-time' };
const apiInteger: SchemaObject = { type: 'integer' };
const apiNumber: SchemaObject = { type: 'number' };
const apiBoolean: SchemaObject = { type: 'boolean' };
/** Any JSON object (the AML answers, an audit row's data). */
const apiAnyObject: SchemaObject = { type: 'object', additionalProperties: true };

const apiEnum = (values: readonly (string | number)[]): SchemaObject => ({
  type: typeof values[0] === 'number' ? 'integer' : 'string',
  enum: [...values],
});

const apiArray = (items: Schema): SchemaObject => ({ type: 'array', items });

/**
 * null alone, as OpenAPI 3.0 can say it: `nullable` adds null to the type beside it, and the enum
 * then allows nothing else (openapi-typescript reads it as `null`).
 */
const API_NULL: SchemaObject = { type: 'string', nullable: true, enum: [null] };

/**
 * The value or null. OpenAPI 3.0.3 reads `nullable: true` as adding null to the `type` beside it
 * and to nothing else: an `enum` must list null itself, and a named record (a reference, whose
 * siblings are ignored, or an `allOf` of one, which still refuses null) is one of two branches.
 */
function apiNullable(schema: Schema): SchemaObject {
  if ('$ref' in schema) return { oneOf: [schema, API_NULL] };
  if (!schema.type) throw new Error('api.nullable needs a schema with a type, or a reference');
  return schema.enum
    ? { ...schema, nullable: true, enum: [...schema.enum, null] }
    : { ...schema, nullable: true };
}

/** An object whose properties are all required but those listed as optional. */
function apiObject(
  properties: Record<string, Schema>,
  optional: readonly string[] = [],
): SchemaObject {
  const required = Object.keys(properties).filter((key) => !optional.includes(key));
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

const apiNullableString = apiNullable(apiString);
const apiNullableId = apiNullable(apiId);
const apiNullableDate = apiNullable(apiDate);
const apiNullableTimestamp = apiNullable(apiTimestamp);

const registered = new Map<string, SchemaObject>();

/**
 * A named record shape, listed once under components.schemas (its name is the contract's
 * TypeScript name in libs/domain, so a generated client's types read the same) and referenced
 * wherever an answer holds it.
 */
function apiSchema(name: string, schema: SchemaObject): ReferenceObject {
  const known = registered.get(name);
  if (known && known !== schema) throw new Error(`Two API schemas are named ${name}`);
  registered.set(name, schema);
  return { $ref: `#/components/schemas/${name}` };
}

/** A named record shape ({@link apiSchema}) that is an object ({@link apiObject}): most of them. */
const apiRecord = (
  name: string,
  properties: Record<string, Schema>,
  optional?: readonly string[],
): ReferenceObject => apiSchema(name, apiObject(properties, optional));

/**
 * The schema builders under one name, as the record-shape files (`<context>.openapi.ts`) and the
 * controllers use them: `api.object({ name: api.string, born: api.nullableDate })`.
 */
export const api = {
  string: apiString,
  id: apiId,
  date: apiDate,
  timestamp: apiTimestamp,
  integer: apiInteger,
  number: apiNumber,
  boolean: apiBoolean,
  anyObject: apiAnyObject,
  enum: apiEnum,
  array: apiArray,
  nullable: apiNullable,
  object: apiObject,
  schema: apiSchema,
  record: apiRecord,
  nullableString: apiNullableString,
  nullableId: apiNullableId,
  nullableDate: apiNullableDate,
  nullableTimestamp: apiNullableTimestamp,
} as const;

/**
 * A group of records sharing a duplicate key (GET /{people|organization}/duplicates): the key, how
 * many share it, and `records`, the fields that list them.
 */
export const duplicateGroupSchema = (
  name: string,
  records: Record<string, Schema>,
): ReferenceObject => apiSchema(name, apiObject({ _id: apiString, count: apiInteger, ...records }));

// ---------------------------------------------------------------------------------------------
// Answers: the success envelopes of api-conventions.md.

const OK_TRUE: SchemaObject = { type: 'boolean', enum: [true] };

/** `{ ok: true, data, ...more }`. */
export function okEnvelope(data: Schema, more: Record<string, Schema> = {}): SchemaObject {
  return apiObject({ ok: OK_TRUE, data, ...more });
}

/** `{ ok: true, data: [...], totalItems, totalPages, page, limit, ...more }`. */
export function pageEnvelope(item: Schema, more: Record<string, Schema> = {}): SchemaObject {
  return apiObject(
    {
      ok: OK_TRUE,
      data: apiArray(item),
      totalItems: apiInteger,
      totalItemsIsLowerBound: {
        ...OK_TRUE,
        description:
          'Present when the list holds more than totalItems: its matches are counted exactly up ' +
          'to 10 000 (1 000 when a search text narrows it), then totalItems is that bound (or ' +
          'the end of the page asked, when further) and totalPages counts the pages of one item ' +
          'more',
      },
      totalPages: apiInteger,
      page: apiInteger,
      limit: apiInteger,
      ...more,
    },
    ['totalItemsIsLowerBound'],
  );
}

const DONE = apiSchema('Done', apiObject({ ok: OK_TRUE }));

/** Answers 200 `{ ok: true, data }` (`more`: the fields some answers add beside `data`). */
export const ApiOk = (data: Schema, more?: Record<string, Schema>): MethodDecorator =>
  ApiOkResponse({ description: 'Done', schema: okEnvelope(data, more) });

/** Answers 200 with one page of a list (`more`: fields beside the page's, a summary). */
export const ApiPage = (item: Schema, more?: Record<string, Schema>): MethodDecorator =>
  ApiOkResponse({ description: 'One page of the list', schema: pageEnvelope(item, more) });

/** Answers 200 `{ ok: true }` and nothing else. */
export const ApiDone = (): MethodDecorator => ApiOkResponse({ description: 'Done', schema: DONE });

const BYTES: SchemaObject = { type: 'string', format: 'binary' };

/**
 * Answers 200 with a body that is not JSON (a CSV export, a file, a calendar feed). The type may
 * be a range (any type, for a file answered with the type it was uploaded with).
 */
export const ApiFile = (contentType: string, description: string): MethodDecorator =>
  ApiOkResponse({ description, content: { [contentType]: { schema: BYTES } } });

/** Answers 206 with the part of a file a Range header asked for. */
export const ApiFilePart = (contentType: string): MethodDecorator =>
  ApiResponse({
    status: 206,
    description: 'The bytes a Range header asked for',
    headers: {
      'Content-Range': { description: '`bytes <first>-<last>/<size>`', schema: apiString },
    },
    content: { [contentType]: { schema: BYTES } },
  });

/**
 * A list's filters as query parameters (an export's `?search=…&status=true`): the fields of the
 * list's search body, each its own parameter.
 */
export const ApiSearchQuery = (search: Type): MethodDecorator =>
  applyDecorators(
    ApiExtraModels(search),
    ApiQuery({
      name: 'filters',
      required: false,
      style: 'form',
      explode: true,
      description: "The list's search fields, each its own parameter",
      schema: { $ref: getSchemaPath(search) },
    }),
  );

/** A list export's `columns` parameter: the list's columns, or the whole book's (`exportsWholeBook`). */
export const ApiExportColumns = (): MethodDecorator =>
  ApiQuery({
    name: 'columns',
    required: false,
    enum: EXPORT_COLUMN_SETS,
    description:
      "list (default): the list's columns; book: also every other field an import reads, so the file imports back as it was",
  });

// ---------------------------------------------------------------------------------------------
// Failures: the error envelope, one shared response per status.

const FAILURE = apiSchema(
  'Failure',
  apiObject(
    {
      ok: { type: 'boolean', enum: [false] },
      code: { type: 'string', description: 'UPPER_SNAKE_CASE, libs/domain/src/errors.ts' },
      message: { type: 'string', description: 'For people' },
      details: apiArray(
        apiSchema('FieldError', apiObject({ field: apiString, message: apiString })),
      ),
      mergedInto: {
        type: 'string',
        description: "On a 404 for a merged record: the kept one's id",
      },
      deleted: {
        type: 'boolean',
        enum: [true],
        description: 'On a 404 for a deleted record (still none for the API)',
      },
      organizationId: {
        ...apiId,
        description: 'On a 409 FORM_ALREADY_CONVERTED: the organization the request became',
      },
      enrolmentToken: {
        type: 'string',
        description:
          'On a 401 TOTP_ENROLMENT_REQUIRED: the one-time token that opens the two-factor enrolment',
      },
      validMinutes: { ...apiInteger, description: 'How long the enrolment token lasts' },
      organizations: {
        ...apiArray(
          apiSchema(
            'RetentionHoldOrganization',
            apiObject({
              _id: apiId,
              name: apiString,
              relationshipEndedOn: apiNullableDate,
              erasableFrom: apiDate,
            }),
          ),
        ),
        description: 'On a 409 RETENTION_HOLD: the clients whose AML retention keeps the person',
      },
    },
    [
      'details',
      'mergedInto',
      'deleted',
      'organizationId',
      'enrolmentToken',
      'validMinutes',
      'organizations',
    ],
  ),
);

/** The failures a route can answer beside the success, by status, as api-conventions.md lists them. */
const FAILURES = {
  400: ['BadRequest', 'VALIDATION_ERROR (with details), INVALID_ID, or a rule of the call refused'],
  401: [
    'Unauthorized',
    'UNAUTHORIZED: no token or one that is not ours. A session that ended says why: SESSION_EXPIRED, SESSION_SIGNED_OUT (ended from elsewhere: a sign-out of other sessions, a password change or reset, two-factor sign-in required) or SESSION_ACCOUNT_DISABLED. Sign-in answers INVALID_CREDENTIALS (wrong e-mail or password), TOTP_REQUIRED, TOTP_INVALID (a wrong or used code) or TOTP_ENROLMENT_REQUIRED',
  ],
  403: [
    'Forbidden',
    'FORBIDDEN: an administrator only, or the record’s own user (or a wrong sign-up secret code)',
  ],
  404: ['NotFound', 'NOT_FOUND: no such record (a deleted one counts as none)'],
  409: ['Conflict', 'A uniqueness or state conflict (VERSION_CONFLICT: changed since loaded)'],
  413: [
    'PayloadTooLarge',
    'PAYLOAD_TOO_LARGE (JSON over 10 MB), FILE_TOO_LARGE, or IMPORT_LIMIT_EXCEEDED (an import file past a reading limit)',
  ],
  416: [
    'RangeNotSatisfiable',
    'VALIDATION_ERROR: the Range header asks for bytes past the end; Content-Range gives the size',
  ],
  429: ['TooManyRequests', 'TOO_MANY_REQUESTS or ACCOUNT_LOCKED; Retry-After says when to retry'],
  500: ['InternalError', 'INTERNAL_ERROR: a bug (the stack goes to the log, never to the answer)'],
  503: ['Unavailable', 'DATABASE_UNAVAILABLE: the database is restarting or unreachable'],
} as const satisfies Record<number, readonly [string, string]>;
export type FailureStatus = keyof typeof FAILURES;

/**
 * The failures of a route that the document cannot tell from its shape (a conflict, an
 * administrator-only call, a rate limit, a record named in the body). 400 (any input), 401 (not
 * public), 404 (an id in the path), 413 (a body), 500 and 503 (every route) are added to every
 * route they apply to.
 */
export const ApiFails = (...statuses: FailureStatus[]): MethodDecorator =>
  applyDecorators(
    ...statuses.map((status) => ApiResponse({ status, description: FAILURES[status][1] })),
  );

/** What `@Public()` leaves in the document: the route is called without a token. */
export const PUBLIC_ROUTE_MARK = 'x-public';
export const ApiPublic = (): MethodDecorator & ClassDecorator =>
  ApiExtension(PUBLIC_ROUTE_MARK, true);

const SECURITY_SCHEME = 'jwt';

/** Failures and security settled for every operation once the controllers are read. */
function completeOperation(path: string, operation: OperationObject): void {
  const marked = operation as OperationObject & { [PUBLIC_ROUTE_MARK]?: boolean };
  const isPublic = marked[PUBLIC_ROUTE_MARK] === true;
  delete marked[PUBLIC_ROUTE_MARK];
  // Public routes override the document's default requirement with none.
  if (isPublic) operation.security = [];
  else delete operation.security;

  // A failure the route describes itself (health's 503 is its own answer) is kept as it is.
  const ownAnswer = (status: number) => {
    const response = operation.responses[status] as ResponseObject | ReferenceObject | undefined;
    return response !== undefined && 'content' in response;
  };
  const statuses = new Set<number>(
    Object.keys(operation.responses)
      .map(Number)
      .filter((status) => status >= 400),
  );
  if ((operation.parameters?.length ?? 0) > 0 || operation.requestBody) statuses.add(400);
  if (!isPublic) statuses.add(401);
  if (path.includes('{')) statuses.add(404);
  if (operation.requestBody) statuses.add(413);
  // Any route can meet a bug, and every route reads the database (the session check at least).
  statuses.add(500);
  statuses.add(503);
  for (const status of [...statuses].sort((a, b) => a - b)) {
    if (ownAnswer(status)) continue;
    const failure = FAILURES[status as FailureStatus];
    if (!failure) throw new Error(`No shared failure answers ${status} (${path})`);
    operation.responses[status] = { $ref: `#/components/responses/${failure[0]}` };
  }
}

/** The operation ids' prefix of controllers that share one (`ApiOperationIds`), by class name. */
const operationPrefixes = new Map<string, string>();

/**
 * Operation ids as `<prefix>_<method>` for this controller's routes: a context whose routes are
 * split among controllers by purpose keeps the ids a client was generated with (`Users_signin`
 * from SignInController). The methods of such controllers must differ: a repeated id stops the
 * document's making.
 */
export const ApiOperationIds =
  (prefix: string): ClassDecorator =>
  (controller) => {
    operationPrefixes.set(controller.name, prefix);
  };

/** Operation ids as `<controller>_<method>` (`Organizations_get`): stable, and unique by class. */
const operationId = (controller: string, method: string) =>
  `${operationPrefixes.get(controller) ?? controller.replace(/Controller$/, '')}_${method}`;

/** The API's OpenAPI document, read from the controllers of a created (not yet listening) app. */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Registra API')
      .setDescription(
        'Back office of a firm forming and administering Irish limited companies. Every answer is ' +
          'an envelope: `{ ok: true, data }` (lists add totalItems, totalPages, page, limit), or ' +
          '`{ ok: false, code, message, details? }` with a 4xx/5xx status. Every POST answers 200.',
      )
      .setVersion('1')
      .addServer('/', 'This server')
      .addSecurity(SECURITY_SCHEME, {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description:
          '`JWT <token>` (`Bearer <token>` is accepted too), the token of sign-in or sign-up',
      })
      .addSecurityRequirements(SECURITY_SCHEME)
      .build(),
    { operationIdFactory: operationId },
  );
  const operationIds = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation) continue;
      completeOperation(path, operation);
      const id = operation.operationId ?? '';
      if (operationIds.has(id)) throw new Error(`Two operations have the id ${id}`);
      operationIds.add(id);
    }
  }
  const failureResponses: Record<string, ResponseObject> = {};
  for (const [status, [name, description]] of Object.entries(FAILURES)) {
    failureResponses[name] = {
      description,
      content: { 'application/json': { schema: FAILURE } },
      ...(status === '429' || status === '503'
        ? { headers: { 'Retry-After': { description: 'Seconds', schema: apiInteger } } }
        : status === '416'
          ? { headers: { 'Content-Range': { description: '`bytes */<size>`', schema: apiString } } }
          : {}),
    };
  }
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      ...Object.fromEntries([...registered].sort(([a], [b]) => a.localeCompare(b))),
    },
    responses: failureResponses,
  };
  return document;
}
