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

  it("writes a request's id, method, address and URL, never its headers", () => {
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
      remoteAddress: '127.0.0.1',
    });
  });

  it.each([
    ['/api/user/invite/Zm9vYmFyYmF6cXV4', '/api/user/invite/[Redacted]'],
    ['/api/calendar/feed/4f2a9c1e7d.ics', '/api/calendar/feed/[Redacted]'],
    ['/api/calendar/feed/4f2a9c1e7d.ics?kinds=ar', '/api/calendar/feed/[Redacted]?kinds=ar'],
    ['/reset-password?token=abc123&x=1', '/reset-password?token=[Redacted]&x=1'],
    ['/signup?invite=abc123', '/signup?invite=[Redacted]'],
    ['/api/organization/search?name=token', '/api/organization/search?name=token'],
  ])('keeps the route of %s without its one-time secret', (url, logged) => {
    expect(redactedUrl(url)).toBe(logged);
  });
});
