import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACTED_PATHS } from './logging.module';

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
});
