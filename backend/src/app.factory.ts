import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import {
  ErrorCode,
  JSON_BODY_LIMIT_BYTES,
  JSON_MAX_DEPTH,
  JSON_MAX_KEYS,
  PUBLIC_FORM_BODY_LIMIT_BYTES,
  PUBLIC_FORM_MESSAGES,
} from '@registra/domain';
import express, { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { startAuthentication, startedAuthentication } from './platform/auth/early-authentication';
import { SessionAuthentication } from './platform/auth/session-authentication';
import { extractToken } from './platform/auth/token-extractor';
import { BACKEND_ROOT } from './platform/config/backend-root';
import { AppConfig, servesHttp } from './platform/config/app-config';
import { ErrorBody } from './platform/errors/all-exceptions.filter';
import { HealthServer } from './platform/health/health-server';
import { httpMetrics } from './platform/metrics/http-metrics';
import { Metrics } from './platform/metrics/metrics';
import { QUEUE_BOARD_PATH } from './platform/queue/admin-only.middleware';
import { createValidationPipe } from './platform/errors/validation';
import { buildApiDocument } from './platform/http/openapi';
import { webClientFiles } from './platform/http/web-client-files';

export const API_PREFIX = 'api';
/** The built web client, served by the same process in production. */
export const WEB_CLIENT_DIR = join(BACKEND_ROOT, '..', 'frontend', 'dist');

const sendError = (res: Response, status: number, body: ErrorBody) => res.status(status).json(body);

/** The one write anonymous visitors make (ADR 0084): its body is bounded far below the rest. */
const PUBLIC_FORM_PATH = `/${API_PREFIX}/form`;

/**
 * JSON bodies are parsed here rather than by Nest so that a malformed or oversized body gets the
 * API's envelope (400 / 413) instead of the framework's default page. The public form's body has
 * its own, much smaller limit, answered in French like the rest of that form.
 */
function jsonBodyParser() {
  const parseAny = express.json({ limit: JSON_BODY_LIMIT_BYTES });
  const parsePublicForm = express.json({ limit: PUBLIC_FORM_BODY_LIMIT_BYTES });
  return (req: Request, res: Response, next: NextFunction) => {
    const publicForm = req.method === 'POST' && req.path === PUBLIC_FORM_PATH;
    const parse = publicForm ? parsePublicForm : parseAny;
    parse(req, res, (error?: unknown) => {
      if (!error) {
        // Validation walks the body recursively: an absurdly deep or wide one is refused first.
        const shapeProblem = jsonShapeProblem(req.body);
        if (!shapeProblem) return next();
        return sendError(res, 400, {
          ok: false,
          code: ErrorCode.VALIDATION_ERROR,
          message: publicForm ? PUBLIC_FORM_MESSAGES.bodyTooComplex : shapeProblem,
        });
      }
      const type = (error as { type?: string }).type;
      if (type === 'entity.too.large') {
        return sendError(res, 413, {
          ok: false,
          code: ErrorCode.PAYLOAD_TOO_LARGE,
          message: publicForm
            ? PUBLIC_FORM_MESSAGES.bodyTooLarge
            : 'The request body is larger than 10 MB',
        });
      }
      if (type === 'entity.parse.failed') {
        return sendError(res, 400, {
          ok: false,
          code: ErrorCode.VALIDATION_ERROR,
          message: 'The request body is not valid JSON',
        });
      }
      return sendError(res, 400, {
        ok: false,
        code: ErrorCode.VALIDATION_ERROR,
        message: 'The request body could not be read',
      });
    });
  };
}

/**
 * Why a parsed JSON body is refused before validation: nested deeper than JSON_MAX_DEPTH or
 * holding more than JSON_MAX_KEYS keys and items. Walked without recursion, so the check itself
 * cannot overflow the stack; it stops at the first excess.
 */
export function jsonShapeProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const stack: [unknown, number][] = [[body, 1]];
  let keys = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (depth > JSON_MAX_DEPTH) {
      return `The request body is nested deeper than ${JSON_MAX_DEPTH} levels`;
    }
    const children = Array.isArray(value) ? value : Object.values(value as object);
    keys += children.length;
    if (keys > JSON_MAX_KEYS) {
      return `The request body holds more than ${JSON_MAX_KEYS} keys and items`;
    }
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

/** The OpenAPI viewer, its files, and the document as JSON and YAML. */
const API_DOCS_PATH = new RegExp(`^/${API_PREFIX}/docs(?:$|/|-json$|-yaml$)`);

/**
 * In production the API's documentation is read like the rest of the API, with a signed-in
 * token (Authorization: JWT <token>), unless API_DOCS_PUBLIC=true: it maps every route and field
 * for whoever would probe them. The session check is the one started as the request arrived.
 */
function apiDocsBehindSignIn(sessions: SessionAuthentication) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!API_DOCS_PATH.test(req.path)) return next();
    const token = extractToken(req);
    const check = startedAuthentication(req) ?? (token ? sessions.authenticate(token) : undefined);
    if (!check) return void unauthorizedDocs(res);
    check.then(
      (user) => (user ? next() : unauthorizedDocs(res)),
      () =>
        sendError(res.setHeader('Retry-After', '5'), 503, {
          ok: false,
          code: ErrorCode.DATABASE_UNAVAILABLE,
          message: 'The database is unavailable for a moment. Please try again shortly.',
        }),
    );
  };
}

const unauthorizedDocs = (res: Response) =>
  sendError(res, 401, {
    ok: false,
    code: ErrorCode.UNAUTHORIZED,
    message: 'The API documentation needs a signed-in token (Authorization: JWT <token>)',
  });

/** Served over https (or so reported by a trusted proxy): only then is HSTS sent. */
function strictTransportSecurity(req: Request, res: Response, next: NextFunction): void {
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
}

/**
 * Serves the built client, with every non-API GET that is not a file answered by index.html;
 * scripts and styles precompressed (brotli or gzip by Accept-Encoding), hashed files cached a year.
 */
function serveWebClient(app: NestExpressApplication): boolean {
  const indexHtml = join(WEB_CLIENT_DIR, 'index.html');
  if (!existsSync(indexHtml)) return false;
  const staticFiles = webClientFiles(WEB_CLIENT_DIR);
  // API calls skip the file lookup the static middleware would make on each of them.
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.path.startsWith(`/${API_PREFIX}/`) ? next() : staticFiles(req, res, next),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.path === `/${API_PREFIX}` ||
      req.path.startsWith(`/${API_PREFIX}/`)
    ) {
      return next();
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return true;
}

export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.useLogger(app.get(Logger));
  // No enableShutdownHooks(): main.ts stops on SIGTERM itself, draining first (ADR 0136).
  // Per-address limits (sign-in, the public form) must see the visitor, not the reverse proxy.
  app.set('trust proxy', config.trustProxy);
  // No ETag on API answers: hashing every JSON body cost time on each call (ADR 0088), and the
  // client never revalidates them (the web client's files keep their own ETags).
  app.set('etag', false);
  // Before anything else answers, so that every answer is timed and counted (ADR 0135).
  app.use(httpMetrics(app.get(Metrics), API_PREFIX, QUEUE_BOARD_PATH));
  // Then, so that the session check's round trip runs while the rest of the pipeline does.
  app.use(startAuthentication(app.get(SessionAuthentication), API_PREFIX));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The client is same-origin scripts and styles; react-bootstrap sets inline style attributes.
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'"],
          'font-src': ["'self'", 'data:'],
          // blob: lets a fetched PDF open in the browser's viewer (files are fetched with the token).
          'object-src': ["'self'", 'blob:'],
          'frame-ancestors': ["'self'"],
          // Servers may be reached over plain HTTP on a LAN: do not force HTTPS sub-requests.
          'upgrade-insecure-requests': null,
        },
      },
      // HSTS over plain HTTP is meaningless and, on a LAN reached by http://, harmful: it is
      // sent only on https requests (below).
      strictTransportSecurity: false,
    }),
  );
  app.use(strictTransportSecurity);
  app.use(jsonBodyParser());
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());

  if (!config.apiDocsPublic) app.use(apiDocsBehindSignIn(app.get(SessionAuthentication)));
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, buildApiDocument(app));

  if (!serveWebClient(app) && config.nodeEnv === 'production') {
    app.get(Logger).warn(`No built web client at ${WEB_CLIENT_DIR}: serving the API only`);
  }
}

/** An HTTP instance (REGISTRA_ROLE `all` or `api`): the API and the web client; `listen` next. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  if (!servesHttp(config.role)) {
    throw new Error(
      'REGISTRA_ROLE=worker serves no API: a worker instance starts with createWorker',
    );
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  configureApp(app, config);
  await app.init();
  return app;
}

/** A worker instance once started: the application without HTTP, and its health server's address. */
export interface WorkerInstance {
  context: INestApplicationContext;
  healthUrl: string;
}

/**
 * A worker instance (REGISTRA_ROLE=worker, ADR 0109): the same modules as an HTTP instance, started
 * as an application context (no routes, no middleware), so the queues' workers, the cron triggers,
 * housekeeping and the outbox sweeper run; a small server answers GET /api/health on `port`.
 */
export async function createWorker(
  config: AppConfig,
  port: number = config.port,
  host?: string,
): Promise<WorkerInstance> {
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    bufferLogs: true,
  });
  context.useLogger(context.get(Logger));
  try {
    const address = await context.get(HealthServer).listen(port, host);
    return { context, healthUrl: `${address}/${API_PREFIX}/health` };
  } catch (error) {
    await context.close();
    throw error;
  }
}
