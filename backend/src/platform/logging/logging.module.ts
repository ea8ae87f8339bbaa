import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DynamicModule, Module } from '@nestjs/common';
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
            redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
            genReqId: (req: IncomingMessage, res) => {
              const given = req.headers['x-request-id'];
              const id =
                typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
              res.setHeader('X-Request-Id', id);
              return id;
            },
            customProps: () => ({ service: 'registra' }),
            autoLogging: { ignore: (req) => req.url === '/api/health' },
          },
        }),
      ],
    };
  }
}
