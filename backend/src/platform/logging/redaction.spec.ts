import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACTED_PATHS, requestLogFields } from './logging.module';

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
});
