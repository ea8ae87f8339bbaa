import { routeLabel, statusClass } from './http-metrics';

const BOARD = '/api/admin/queues';
const label = (path: string, route?: string) =>
  routeLabel({ path, ...(route ? { route: { path: route } } : {}) }, 'api', BOARD);

describe('the route label of a request (bounded, never its address)', () => {
  it.each([
    // path, the router's matched route, label
    ['/api/organization/6f1c0a7e', '/api/organization/:id', '/api/organization/:id'],
    ['/api/user/emails/jane@firm.ie', '/api/user/emails/:email', '/api/user/emails/:email'],
    // Matched only the request log's catch-all: no route of the API.
    ['/api/nowhere/42', '/api/{*path}', 'unmatched'],
    // Refused before routing (a body too large, the docs behind sign-in).
    ['/api/organization', undefined, 'unmatched'],
    ['/api', undefined, 'unmatched'],
    // The queue board's pages and calls, whatever its own router matched.
    ['/api/admin/queues/api/queues', '/api/queues', BOARD],
    ['/api/admin/queues', undefined, BOARD],
    // The built client's files and pages.
    ['/organization/6f1c0a7e', undefined, 'web client'],
    ['/assets/index-abc.js', undefined, 'web client'],
    ['/apirate', undefined, 'web client'],
  ])('%s routed as %s is %s', (path, route, expected) => {
    expect(label(path, route)).toBe(expected);
  });

  it.each([
    [200, '2xx'],
    [204, '2xx'],
    [302, '3xx'],
    [401, '4xx'],
    [499, '4xx'],
    [500, '5xx'],
    [503, '5xx'],
    [0, 'other'],
    [600, 'other'],
  ])('status %i is in class %s', (status, expected) => {
    expect(statusClass(status)).toBe(expected);
  });
});
