import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACTED_PATHS, redactedUrl, requestLogFields } from './logging.module';

describe('log redaction', () => {
  it('replaces passwords, tokens, secret codes and the Authorization header', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[Redacted]' } }, sink);
    logger.info({
      req: { headers: { authorization: 'JWT abc.def.ghi' } },
      body: { email: 'a@b.ie', password: 'hunter2hunter2', secretCode: 's3cret' },
      answer: { token: 'abc.def.ghi' },
    });
    const line = lines.join('');
    for (const secret of ['abc.def.ghi', 'hunter2hunter2', 's3cret'])
      expect(line).not.toContain(secret);
    expect(line).toContain('a@b.ie');
    expect(line).toContain('[Redacted]');
  });

  it("writes a request's id, method and URL, never its headers nor the visitor's address", () => {
    expect(
      requestLogFields({
        id: 'abc-123',
        method: 'POST',
        url: '/api/organization/search',
        remoteAddress: '127.0.0.1',
        headers: { authorization: 'JWT abc.def.ghi', cookie: 'registra_queues=x' },
      } as Parameters<typeof requestLogFields>[0]),
    ).toEqual({
      id: 'abc-123',
      method: 'POST',
      url: '/api/organization/search',
    });
  });

  it.each([
    ['/api/user/invite/Zm9vYmFyYmF6cXV4', '/api/user/invite/[Redacted]'],
    ['/api/calendar/feed/4f2a9c1e7d.ics', '/api/calendar/feed/[Redacted]'],
    ['/api/calendar/feed/4f2a9c1e7d.ics?kinds=ar', '/api/calendar/feed/[Redacted]?kinds=ar'],
    ['/reset-password?token=abc123&x=1', '/reset-password?token=[Redacted]&x=[Redacted]'],
    ['/signup?invite=abc123', '/signup?invite=[Redacted]'],
    // Personal data: an e-mail address in the path, a search text (a name) in the query.
    ['/api/user/emails/jane.doe@firm.ie', '/api/user/emails/[Redacted]'],
    ['/api/user/emails/jane.doe%40firm.ie?page=2', '/api/user/emails/[Redacted]?page=2'],
    [
      '/api/organization/export?search=Murphy&page=2&limit=50&sortOrder=desc',
      '/api/organization/export?search=[Redacted]&page=2&limit=50&sortOrder=desc',
    ],
    [
      '/api/organization/6f1c0a7e-1d2b-4c3d-9e8f-0a1b2c3d4e5f',
      '/api/organization/6f1c0a7e-1d2b-4c3d-9e8f-0a1b2c3d4e5f',
    ],
  ])('keeps the route of %s without its secrets or personal data', (url, logged) => {
    expect(redactedUrl(url)).toBe(logged);
  });
});
