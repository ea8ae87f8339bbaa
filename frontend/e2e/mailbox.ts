import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

// The walks' mailbox: the product delivers its mails over SMTP (SMTP_URL) to this receiver (the
// smtp-server library, as the API tests' receiver), which keeps each message as a file, so that a
// walk reads a mail as its recipient would (an invitation's link) without any route showing mail
// bodies to staff.

/** Where the received messages are kept, one `.eml` file each. */
export const mailboxDir = (dataDir: string) => join(dataDir, 'mailbox');

/** An SMTP receiver on 127.0.0.1 without TLS or authentication, keeping each message in `dir`. */
export function startMailbox(port: number, dir: string): Promise<SMTPServer> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const name = `${Date.now()}-${String(received).padStart(5, '0')}.eml`;
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()).join(', ');
        writeFileSync(
          join(dir, name),
          `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`,
        );
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Quoted-printable undone (soft line breaks, =XX bytes), as mail bodies are sent. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The messages received for `address`, oldest first, each decoded to plain text. */
export function mailsTo(dir: string, address: string): string[] {
  if (!existsSync(dir)) return [];
  const wanted = address.toLowerCase();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .filter((raw) => (raw.match(/^X-Envelope-To: (.*)$/m)?.[1] ?? '').split(', ').includes(wanted))
    .map(decodeQuotedPrintable);
}
