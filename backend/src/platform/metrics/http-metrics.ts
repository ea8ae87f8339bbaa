import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from './metrics';

/** Methods kept as they are in the `method` label; anything else is `other` (bounded labels). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The `route` label of a request: the route template the router matched (`/api/organization/:id`),
 * never the address itself, which holds ids, names and secrets. Requests no route answered are
 * grouped: the queue board's pages, `unmatched` under /api (a 404, a body refused before routing),
 * `web client` for the rest (the built client's files and pages).
 */
export function routeLabel(
  request: Pick<Request, 'path'> & { route?: { path?: unknown } },
  apiPrefix: string,
  boardPath: string,
): string {
  const template = request.route?.path;
  if (request.path === boardPath || request.path.startsWith(`${boardPath}/`)) return boardPath;
  // A wildcard is no route of the API: the catch-all the request log's middleware is mounted
  // with (`/api/{*path}`) is what a request that matched nothing else was last routed through.
  if (typeof template === 'string' && !template.includes('{*')) return template;
  const api = `/${apiPrefix}`;
  return request.path === api || request.path.startsWith(`${api}/`) ? 'unmatched' : 'web client';
}

export const statusClass = (status: number): string =>
  status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';

/**
 * Times every request from its arrival to the end of its answer (or the client going away), by
 * route template, method and status class; counts those in flight. First in the pipeline, so a
 * refusal by any middleware (a body too large, a 401) is counted too.
 */
export function httpMetrics(metrics: Metrics, apiPrefix: string, boardPath: string) {
  const http = metrics.http;
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!http) return next();
    const started = process.hrtime.bigint();
    http.inFlight.inc();
    response.once('close', () => {
      http.inFlight.dec();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      http.duration.observe(
        {
          route: routeLabel(request, apiPrefix, boardPath),
          method: METHODS.has(request.method) ? request.method : 'other',
          status_class: statusClass(response.statusCode),
        },
        seconds,
      );
    });
    next();
  };
}
