import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';

/** Paths pino replaces with "[Redacted]": credentials never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secretCode',
  '*.token',
  '*.jwtSecret',
  '*.passwordHash',
];

/**
 * Secrets that travel in an address: an invitation's token (GET /api/user/invite/{token}), a
 * calendar feed's secret file name, and the `token` or `invite` of a query. A log line keeps the
 * route, never the secret.
 */
const SECRET_IN_PATH = /(\/api\/(?:user\/invite|calendar\/feed)\/)[^/?#]+/;
/** A path segment that is an e-mail address (GET /api/user/emails/{email}): personal data. */
const ADDRESS_IN_PATH = /\/[^/?#]*(?:@|%40)[^/?#]*/gi;
/**
 * Query values that say how a list is read, never whom it is about: kept. Every other value (a
 * search text is a name, a token a secret) is replaced.
 */
const PLAIN_QUERY_KEYS = new Set([
  'page',
  'limit',
  'sort',
  'sortBy',
  'sortOrder',
  'format',
  'kinds',
]);

function redactedQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const key = pair.slice(0, equals);
      return PLAIN_QUERY_KEYS.has(key) ? pair : `${key}=[Redacted]`;
    })
    .join('&');
}

/**
 * A request's address as its log lines show it: the route with ids, without the secrets or the
 * personal data that can travel in an address (one-time tokens, feed names, e-mail addresses,
 * search texts).
 */
export const redactedUrl = (url: string | undefined): string | undefined => {
  if (url === undefined) return undefined;
  const question = url.indexOf('?');
  const path = (question < 0 ? url : url.slice(0, question))
    .replace(SECRET_IN_PATH, '$1[Redacted]')
    .replace(ADDRESS_IN_PATH, '/[Redacted]');
  return question < 0 ? path : `${path}?${redactedQuery(url.slice(question + 1))}`;
};

/**
 * What a request's log line says of it. pino-http binds the request to a child logger when the
 * request arrives, serializing it then (even when nothing is logged): the standard serializer
 * copies every header, which cost about 0.2 ms a call (ADR 0088), and headers hold credentials.
 * The visitor's address is personal data and is left out (docs/security.md).
 */
export const requestLogFields = (req: { id?: unknown; method?: string; url?: string }) => ({
  id: req.id,
  method: req.method,
  url: redactedUrl(req.url),
});

/**
 * Bound to every line of a request: its id under the same name a job's lines carry it
 * (request-context.ts), and once routed, the route template the metrics label it with.
 */
export const requestLogBindings = (req: IncomingMessage & { id?: unknown }) => {
  const route = (req as { route?: { path?: unknown } }).route?.path;
  return {
    requestId: req.id,
    ...(typeof route === 'string' ? { route } : {}),
  };
};

/** Probes and scrapes come every few seconds: their answers are not logged. */
const QUIET_PATHS = /^\/api\/(?:health(?:\/live|\/ready)?|metrics)(?:\?|$)/;
const responseLogFields = (res: { statusCode: number }) => ({ statusCode: res.statusCode });

/** JSON logs, one request id per request (taken from X-Request-Id when a proxy sets one). */
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            // The service's name in every line's base bindings, not in a child logger per request.
            base: { pid: process.pid, hostname: hostname(), service: 'registra' },
            serializers: { req: requestLogFields, res: responseLogFields },
            redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
            genReqId: (req: IncomingMessage, res) => {
              const given = req.headers['x-request-id'];
              const id =
                typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
              res.setHeader('X-Request-Id', id);
              return id;
            },
            customProps: requestLogBindings,
            autoLogging: { ignore: (req) => QUIET_PATHS.test(req.url ?? '') },
          },
          // Every route, in the router's current wildcard syntax: the default ('*') made Nest
          // warn at each start that it converted "/api/*".
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        }),
      ],
    };
  }
}
