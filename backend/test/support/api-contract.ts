// Every answer of the API tests checked against the OpenAPI document the app serves (ADR 0130):
// its status must be one the route lists, its content type one that status lists, and a JSON body
// must match that answer's schema, holding no field the schema does not list. A drift between the
// server and its document fails the test that met it (test/support/api-contract.setup.ts), with
// the route, the status and the JSON path.
import { appendFileSync } from 'node:fs';
import Ajv from 'ajv/dist/2019';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIObject } from '@nestjs/swagger';

export interface ContractViolation {
  /** The documented operation (`GET /api/organization/{id}`), or the address when none is. */
  route: string;
  status: number;
  /** Where in the answer: a JSON pointer into the body (`/data/0/_id`), or `status`, `content-type`. */
  at: string;
  message: string;
  /** The value answered there, shortened, where the message is about it. */
  value?: string;
  /** The test that met it, when known. */
  test?: string;
}

/** What the checker reads of an answer (a superagent response has these). */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text?: unknown;
  body?: unknown;
}

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, Json> };

/** The document's own addresses, outside the API it describes. */
const OUTSIDE_THE_DOCUMENT = /^\/api\/(?:docs(?:$|\/|-json$|-yaml$)|admin\/queues(?:$|\/))/;

/** The id under which the document's named schemas are known to Ajv. */
const SCHEMAS_ID = 'registra-api';

/** Keywords that describe a schema without constraining a value. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'xml',
]);

/** OpenAPI 3.0 keywords that mean the same in JSON Schema (draft 2019-09 here). */
const SAME_KEYWORDS = new Set([
  'type',
  'required',
  'enum',
  'format',
  'minimum',
  'maximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);

const localRef = (ref: string) => {
  const name = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
  if (!name) throw new Error(`The contract check reads only schema references, not ${ref}`);
  return `${SCHEMAS_ID}#/$defs/${name}`;
};

/**
 * An OpenAPI 3.0 schema as JSON Schema, read as OpenAPI 3.0.3 says: `nullable: true` adds null to
 * the `type` beside it, nothing else (an `enum` without null, an `allOf` of a record, still refuse
 * null). Stricter than the specification on one point: an object that lists its properties and
 * says nothing of others holds no others (`unevaluatedProperties`, which also counts those of its
 * own oneOf and anyOf branches), so a field the server adds must be written in the document. A
 * keyword it does not know stops the check rather than being skipped.
 */
export function toJsonSchema(schema: Json, where: string): Json {
  if (typeof schema.$ref === 'string') return { $ref: localRef(schema.$ref) };
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key === 'nullable' || key.startsWith('x-')) continue;
    if (SAME_KEYWORDS.has(key)) out[key] = value;
    else if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, Json>).map(([name, property]) => [
          name,
          toJsonSchema(property, `${where}.${name}`),
        ]),
      );
    } else if (key === 'items' || key === 'not') {
      out[key] = toJsonSchema(value as Json, `${where}.${key}`);
    } else if (key === 'additionalProperties') {
      out[key] =
        typeof value === 'boolean' ? value : toJsonSchema(value as Json, `${where}.${key}`);
    } else if (key === 'allOf' || key === 'oneOf' || key === 'anyOf') {
      out[key] = (value as Json[]).map((item, i) => toJsonSchema(item, `${where}.${key}[${i}]`));
    } else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
      // 3.0's boolean form: the bound beside it becomes exclusive.
      const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
      if (value === true) out[key] = schema[bound];
    } else {
      throw new Error(`${where}: the contract check cannot read the OpenAPI keyword ${key}`);
    }
  }
  for (const key of ['exclusiveMinimum', 'exclusiveMaximum'] as const) {
    if (out[key] !== undefined) delete out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'];
  }
  if (out.properties && out.additionalProperties === undefined) out.unevaluatedProperties = false;
  if (schema.nullable === true && typeof schema.type === 'string') {
    out.type = [schema.type, 'null'];
  }
  return out;
}

/** `application/json; charset=utf-8` → `application/json`. */
const mediaType = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header[0] : header)?.split(';')[0].trim().toLowerCase() ?? '';

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/** A documented path (`/api/organization/{id}`) as a pattern; literal segments first. */
interface PathPattern {
  template: string;
  pattern: RegExp;
  variables: number;
}

function pathPattern(template: string): PathPattern {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return {
    template,
    pattern: new RegExp(`^${source}$`),
    variables: (template.match(/\{/g) ?? []).length,
  };
}

/** The OpenAPI document of one app, compiled into checks as answers need them. */
export class ApiContract {
  private readonly ajv: Ajv;
  private readonly paths: PathPattern[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenAPIObject) {
    this.ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    addFormats(this.ajv);
    // A file's bytes: only ever in a non-JSON answer, where the body is not read.
    this.ajv.addFormat('binary', true);
    const schemas = (document.components?.schemas ?? {}) as Record<string, Json>;
    this.ajv.addSchema({
      $id: SCHEMAS_ID,
      $defs: Object.fromEntries(
        Object.entries(schemas).map(([name, schema]) => [name, toJsonSchema(schema, name)]),
      ),
    });
    this.paths = Object.keys(document.paths)
      .map(pathPattern)
      .sort((a, b) => a.variables - b.variables);
  }

  /** The answer's drifts from the document (none when it matches). */
  check(method: string, url: string, answer: Answer): ContractViolation[] {
    const address = new URL(url, 'http://localhost').pathname;
    const verb = method.toLowerCase();
    if (!address.startsWith('/api/') || OUTSIDE_THE_DOCUMENT.test(address)) return [];
    const status = answer.status;
    const found = this.operation(verb, address);
    if (!found) {
      // An address or method no route serves answers 404, as the conventions say.
      return status === 404
        ? []
        : [
            {
              route: `${method.toUpperCase()} ${address}`,
              status,
              at: 'status',
              message: `answered ${status}, but the document has no such operation`,
            },
          ];
    }
    const route = `${method.toUpperCase()} ${found.template}`;
    const violation = (at: string, message: string, value?: string): ContractViolation => ({
      route,
      status,
      at,
      message,
      ...(value === undefined ? {} : { value }),
    });

    const key = [String(status), `${String(status)[0]}XX`, 'default'].find(
      (candidate) => found.operation.responses[candidate],
    );
    if (!key) {
      const listed = Object.keys(found.operation.responses).join(', ');
      return [violation('status', `${status} is not among the statuses listed (${listed})`)];
    }
    const response = this.resolveResponse(found.operation.responses[key]);
    const content = response.content as Record<string, { schema?: Json }> | undefined;
    const type = mediaType(answer.headers['content-type']);
    const hasBody = verb !== 'head' && type !== '';
    if (!content || Object.keys(content).length === 0) {
      return hasBody ? [violation('content-type', `a ${type} body where none is documented`)] : [];
    }
    const documentedType = Object.keys(content).find((candidate) =>
      mediaTypeMatches(candidate.toLowerCase(), type),
    );
    if (!documentedType) {
      return [
        violation(
          'content-type',
          `${type || 'no body'} where the document says ${Object.keys(content).join(' or ')}`,
        ),
      ];
    }
    const schema = content[documentedType].schema;
    if (!schema || !isJson(type) || verb === 'head') return [];

    let body: unknown;
    try {
      body = jsonBody(answer);
    } catch {
      return [violation('body', `the ${type} body is not JSON`)];
    }
    const validate = this.validator(`${route} ${key} ${documentedType}`, schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => {
      const at = error.instancePath || '/';
      const message = describe(error);
      return VALUE_KEYWORDS.has(error.keyword)
        ? violation(at, message, shorten(valueAt(body, error.instancePath)))
        : violation(at, message);
    });
  }

  /** The operation serving a method and address: literal segments win over `{variables}`. */
  private operation(
    method: string,
    address: string,
  ): { template: string; operation: Operation } | undefined {
    for (const { template, pattern } of this.paths) {
      if (!pattern.test(address)) continue;
      const operation = (this.document.paths[template] as Record<string, unknown>)[method];
      if (operation) return { template, operation: operation as Operation };
    }
    return undefined;
  }

  private resolveResponse(response: Json): Json {
    if (typeof response.$ref !== 'string') return response;
    const name = /^#\/components\/responses\/([^/]+)$/.exec(response.$ref)?.[1];
    const resolved = name ? this.document.components?.responses?.[name] : undefined;
    if (!resolved) throw new Error(`No response ${response.$ref} in the document`);
    return resolved as unknown as Json;
  }

  /** Each answer's schema compiled once, on its first use. */
  private validator(key: string, schema: Json): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema, key));
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/** The JSON as sent: supertest's text, or what a test's own parser kept (text or bytes). */
function jsonBody({ text, body }: Answer): unknown {
  if (typeof text === 'string') return JSON.parse(text);
  if (typeof body === 'string') return JSON.parse(body);
  if (Buffer.isBuffer(body)) return JSON.parse(body.toString('utf8'));
  return body;
}

function mediaTypeMatches(documented: string, actual: string): boolean {
  if (documented === actual || documented === '*/*') return true;
  return documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1));
}

/** The value a JSON pointer names in a body. */
function valueAt(body: unknown, pointer: string): unknown {
  let value = body;
  for (const step of pointer.split('/').slice(1)) {
    const key = step.replace(/~1/g, '/').replace(/~0/g, '~');
    value = (value as Record<string, unknown> | undefined)?.[key];
  }
  return value;
}

/** Keywords whose failure is about the value itself (shown beside the message). */
const VALUE_KEYWORDS = new Set([
  'type',
  'enum',
  'format',
  'pattern',
  'const',
  'minimum',
  'maximum',
]);

function shorten(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Ajv's message, with what it names: the missing field, the branches that matched. */
function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `has no ${String(params.missingProperty)}, which the document requires`;
    case 'additionalProperties':
      return `holds ${String(params.additionalProperty)}, which the document does not list`;
    case 'unevaluatedProperties':
      return `holds ${String(params.unevaluatedProperty)}, which the document does not list`;
    case 'oneOf':
      return params.passingSchemas
        ? `matches more than one branch of oneOf (${JSON.stringify(params.passingSchemas)})`
        : 'matches no branch of oneOf';
    default:
      return error.message ?? error.keyword;
  }
}

/** `GET /api/x 200 at /data/0/_id: must match format "uuid"` lines, one per violation. */
export function formatViolations(violations: readonly ContractViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.route} ${v.status} at ${v.at}: ${v.message}${v.value === undefined ? '' : ` (answered ${v.value})`}`,
    )
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// What the test files' apps met, waiting for the test's end to be reported.

let met: ContractViolation[] = [];

/** Records an answer's violations against the test now running. */
export function recordAnswer(
  contract: ApiContract,
  method: string,
  url: string,
  answer: Answer,
): void {
  const found = contract.check(method, url, answer);
  if (found.length === 0) return;
  const test = expect.getState().currentTestName;
  met.push(...found.map((violation) => ({ ...violation, test })));
  // The run's list, summed up by the global teardown.
  const log = process.env.API_CONTRACT_LOG;
  if (log) {
    appendFileSync(
      log,
      found.map((violation) => `${JSON.stringify({ ...violation, test })}\n`).join(''),
    );
  }
}

/** The violations met since the last call, each once. */
export function takeViolations(): ContractViolation[] {
  const seen = new Set<string>();
  const taken = met.filter((violation) => {
    const key = formatViolations([violation]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  met = [];
  return taken;
}
