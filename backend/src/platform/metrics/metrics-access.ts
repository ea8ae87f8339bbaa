import { ErrorCode } from '@registra/domain';
import { sameSecret } from '../auth/same-secret';
import type { ErrorBody } from '../errors/all-exceptions.filter';

/** Where every instance answers its metrics, whatever its role. */
export const METRICS_PATH = '/api/metrics';

/** What a request for the metrics gets: off (no METRICS_TOKEN), refused, or the metrics. */
export type MetricsAccess =
  | { granted: true }
  | { granted: false; status: 401 | 404; body: ErrorBody; headers: Record<string, string> };

/**
 * The metrics are read with `Authorization: Bearer <METRICS_TOKEN>` (Prometheus'
 * `authorization.credentials_file`). Without METRICS_TOKEN they are off: 404, as for a route that
 * does not exist. The comparison takes the same time whatever the token given.
 */
export function metricsAccess(
  token: string | undefined,
  authorization: string | undefined,
): MetricsAccess {
  if (token === undefined) {
    return {
      granted: false,
      status: 404,
      headers: {},
      body: {
        ok: false,
        code: ErrorCode.NOT_FOUND,
        message: 'The metrics are off on this server (METRICS_TOKEN is not set)',
      },
    };
  }
  const given = /^Bearer +(\S+)$/i.exec(authorization ?? '')?.[1];
  if (given !== undefined && sameSecret(given, token)) {
    return { granted: true };
  }
  return {
    granted: false,
    status: 401,
    headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
    body: {
      ok: false,
      code: ErrorCode.UNAUTHORIZED,
      message: 'The metrics need the METRICS_TOKEN bearer token (Authorization: Bearer <token>)',
    },
  };
}
