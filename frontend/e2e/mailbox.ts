import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { join } from 'node:path';

// The walks' mailbox: the product delivers its mails over SMTP (SMTP_URL) to this small receiver,
// which keeps each message as a file, so that a walk reads a mail as its recipient would (an
// invitation's link) without any route showing mail bodies to staff.

/** Where the received messages are kept, one `.eml` file each. */
export const mailboxDir = (dataDir: string) => join(dataDir, 'mailbox');

/**
 * A minimal SMTP receiver (RFC 5321's EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no
 * authentication): enough for the product's mail transport, on 127.0.0.1 only.
 */
export function startMailbox(port: number, dir: string): Promise<Server> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let recipients: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 registra-walks ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          // Dot-stuffing undone: a line that began with "." was sent as "..".
          const message = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received += 1;
          const name = `${Date.now()}-${String(received).padStart(5, '0')}.eml`;
          writeFileSync(join(dir, name), `X-Envelope-To: ${recipients.join(', ')}\r\n${message}`);
          recipients = [];
          reply('250 OK: kept');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 registra-walks');
        else if (verb === 'MAIL') reply('250 OK');
        else if (verb === 'RCPT') {
          recipients.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1').toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          recipients = [];
          reply('250 OK');
        } else if (verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
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
