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
const SECRET_IN_QUERY = /([?&](?:token|invite|secret)=)[^&#]*/gi;

export const redactedUrl = (url: string | undefined): string | undefined =>
  url?.replace(SECRET_IN_PATH, '$1[Redacted]').replace(SECRET_IN_QUERY, '$1[Redacted]');

/**
 * What a request's log line says of it. pino-http binds the request to a child logger when the
 * request arrives, serializing it then (even when nothing is logged): the standard serializer
 * copies every header, which cost about 0.2 ms a call (ADR 0088), and headers hold credentials.
 */
export const requestLogFields = (req: {
  id?: unknown;
  method?: string;
  url?: string;
  remoteAddress?: string;
}) => ({
  id: req.id,
  method: req.method,
  url: redactedUrl(req.url),
  remoteAddress: req.remoteAddress,
});
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
            autoLogging: { ignore: (req) => req.url === '/api/health' },
          },
          // Every route, in the router's current wildcard syntax: the default ('*') made Nest
          // warn at each start that it converted "/api/*".
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        }),
      ],
    };
  }
}
