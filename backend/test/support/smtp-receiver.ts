import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the receiving SMTP server got it, decoded enough for assertions. */
export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  html: string;
  text: string;
}

/** Refuses a recipient with an SMTP reply code (4xx: try later, 5xx: never), or accepts it. */
export type RecipientPolicy = (address: string) => { code: number; message: string } | null;

export interface SmtpReceiver {
  url: string;
  /** Replaceable at any time; accepts everyone by default. */
  policy: RecipientPolicy;
  messages: ReceivedMail[];
  /** Resolves once `predicate` holds for the received messages; rejects after `timeoutMs`. */
  waitFor(predicate: (messages: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- a small MIME reader

function bytesOfQuotedPrintable(input: string): Buffer {
  const bytes: number[] = [];
  const text = input.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), adjacent ones joined. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_match, _charset, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : bytesOfQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return bytesOfQuotedPrintable(body).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The text/html and text/plain parts, looking into multipart bodies. */
function collectParts(raw: string, found: { html: string; text: string }): void {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(section.replace(/^\r?\n/, ''), found);
    }
    return;
  }
  // SMTP carries CRLF line ends; assertions read lines as the template wrote them.
  const content = decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n');
  if (/^text\/html/i.test(type)) found.html = content;
  else if (/^text\/plain/i.test(type)) found.text = content;
}

export function parseMail(raw: string, envelopeTo: string[]): ReceivedMail {
  const { headers } = splitHeaders(raw);
  const parts = { html: '', text: '' };
  collectParts(raw, parts);
  return {
    envelopeTo,
    raw,
    headers,
    subject: decodeHeader(headers.subject ?? ''),
    messageId: headers['message-id'] ?? '',
    ...parts,
  };
}

// ---------------------------------------------------------------- the server

/**
 * A real SMTP server on a random loopback port (no TLS, no authentication), keeping every message
 * it accepts. Mail tests point SMTP_URL at it.
 */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  // The server's callbacks read the policy the test sets on the receiver returned below.
  const current: { receiver?: SmtpReceiver } = {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = current.receiver?.policy(address.address) ?? null;
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const receiver: SmtpReceiver = {
    url: `smtp://127.0.0.1:${port}`,
    policy: () => null,
    messages,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(messages)) {
        if (Date.now() > deadline) {
          throw new Error(`SMTP receiver: condition not met within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  current.receiver = receiver;
  return receiver;
}

/**
 * The one-time link (sign-up or reset) of the latest mail `receiver` got for `to`, read from its
 * text part as its recipient reads it: the outbox and the history keep none (security.md).
 */
export async function mailedLink(receiver: SmtpReceiver, to: string): Promise<string> {
  const address = to.toLowerCase();
  const withLink = (messages: ReceivedMail[]) =>
    messages.filter(
      (message) =>
        message.envelopeTo.some((entry) => entry.toLowerCase() === address) &&
        /https?:\/\/\S+[?&](invite|token)=/.test(message.text),
    );
  await receiver.waitFor((messages) => withLink(messages).length > 0);
  const latest = withLink(receiver.messages).at(-1) as ReceivedMail;
  return (/https?:\/\/\S+[?&](?:invite|token)=[\w-]+/.exec(latest.text) as RegExpExecArray)[0];
}
