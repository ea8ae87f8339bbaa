import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ErrorCode } from '@registra/domain';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics';
import { METRICS_PATH, metricsAccess } from '../metrics/metrics-access';
import { HealthService } from './health.service';

/** The health paths a worker instance answers over HTTP, as the API instances do. */
export const HEALTH_PATH = '/api/health';
export const LIVE_PATH = `${HEALTH_PATH}/live`;
export const READY_PATH = `${HEALTH_PATH}/ready`;
const PATHS = [HEALTH_PATH, LIVE_PATH, READY_PATH, METRICS_PATH];

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  head: boolean,
  headers: Record<string, string> = {},
): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(head ? undefined : json);
}

/**
 * A worker instance's HTTP server (REGISTRA_ROLE=worker, ADR 0109): GET /api/health, its live and
 * ready probes (ADR 0136) with the answers the API gives, and GET /api/metrics behind
 * METRICS_TOKEN (ADR 0135); every other request is refused with 404.
 * A plain Node server rather than Nest's HTTP adapter, so that no API route, no body parsing and
 * no web client exist on an instance that serves none of them.
 */
@Injectable()
export class HealthServer implements OnApplicationShutdown {
  private readonly logger = new Logger('HealthServer');
  private server: Server | undefined;

  constructor(
    private readonly health: HealthService,
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Listens on `port` (0: any free one) and resolves with the server's address. */
  async listen(port: number, host?: string): Promise<string> {
    const server = createServer((request, response) => void this.answer(request, response));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address() as AddressInfo;
    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${shown}:${address.port}`;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    const head = request.method === 'HEAD';
    if (!PATHS.includes(path) || (request.method !== 'GET' && !head)) {
      send(
        response,
        404,
        {
          ok: false,
          code: ErrorCode.NOT_FOUND,
          message: `A worker instance answers only GET ${PATHS.join(', ')}`,
        },
        head,
      );
      return;
    }
    try {
      if (path === METRICS_PATH) return await this.sendMetrics(request, response, head);
      const answer =
        path === LIVE_PATH
          ? this.health.live()
          : path === READY_PATH
            ? await this.health.ready()
            : await this.health.check();
      send(response, answer.ok ? 200 : 503, answer, head);
    } catch (error) {
      this.logger.warn(`Health check failed: ${(error as Error).message}`);
      send(
        response,
        500,
        { ok: false, code: ErrorCode.INTERNAL_ERROR, message: 'An unexpected error occurred' },
        head,
      );
    }
  }

  private async sendMetrics(
    request: IncomingMessage,
    response: ServerResponse,
    head: boolean,
  ): Promise<void> {
    const access = metricsAccess(this.config.metricsToken, request.headers.authorization);
    if (!access.granted) return send(response, access.status, access.body, head, access.headers);
    const text = await this.metrics.scrape();
    response.writeHead(200, {
      'Content-Type': this.metrics.contentType,
      'Content-Length': Buffer.byteLength(text),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    response.end(head ? undefined : text);
  }
}
