import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import {
  AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
  IMPORT_MAX_BYTES_DEFAULT,
  PUBLIC_FORM_POSTS_PER_HOUR,
  SESSION_MAX_DAYS,
} from '@registra/domain';
import { estimatedSecretBits } from './secret-strength';

/**
 * What one process of the product does (REGISTRA_ROLE, ADR 0109): `all` serves HTTP and runs the
 * background work, as a single server always did; `api` serves HTTP only (it still enqueues jobs);
 * `worker` runs the background work (BullMQ workers, cron triggers, housekeeping, the outbox
 * sweeper) and answers only /api/health over HTTP.
 */
export const PROCESS_ROLES = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** Whether a process of this role serves the API and the web client. */
export const servesHttp = (role: ProcessRole): boolean => role !== 'worker';
/** Whether a process of this role runs the queues' workers, the cron triggers and the sweeps. */
export const runsBackgroundWork = (role: ProcessRole): boolean => role !== 'api';

/** The server's settings, read once at start (see the table in api-conventions.md). */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  /** REGISTRA_ROLE, default `all`. */
  role: ProcessRole;
  port: number;
  /** Unset: the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  redisUrl: string;
  jwtSecret: string;
  signupSecretCode: string;
  /** True when the sign-up code was generated for development and should be printed. */
  signupSecretCodeGenerated: boolean;
  /**
   * Whether sign-up with the shared code is open (SIGNUP_WITH_CODE, default true). Once the firm's
   * administrators exist, switching it off leaves invitations as the only way in.
   */
  signupWithCode: boolean;
  /** A session ends this many days after sign-in whatever its use (SESSION_MAX_DAYS, default 30). */
  sessionMaxDays: number;
  smtpUrl: string | undefined;
  /** Where staff open the product: the links in e-mails start with it (no trailing slash). */
  appUrl: string;
  /**
   * The partner sign-up app (SIGNUP_APP_URL, else the client's VITE_SIGNUP_APP_URL): a sign-up
   * invitation's link must lead there. Unset: those mails are refused.
   */
  signupAppUrl: string | undefined;
  /**
   * The firm's name (FIRM_NAME): new passwords may not be built from it, as from the product's
   * (the firm settings have no name of their own). Unset: only the e-mail domains say who it is.
   */
  firmName: string | undefined;
  /**
   * Whether /api/docs and /api/docs-json answer without a session (API_DOCS_PUBLIC). By default
   * they do outside production and need a signed-in token in production, like the rest of the API.
   */
  apiDocsPublic: boolean;
  /**
   * Domains whose addresses any member of staff may add to a mail beside the book's recipient
   * (MAIL_EXTRA_RECIPIENT_DOMAINS, comma-separated, e.g. the firm's own); other addresses outside
   * the book only an administrator adds. Empty: only administrators add any.
   */
  mailExtraRecipientDomains: string[];
  dataDir: string;
  fileMaxBytes: number;
  /** Largest spreadsheet the import takes (IMPORT_MAX_BYTES); 413 above it. */
  importMaxBytes: number;
  /** Sign-in and sign-up attempts allowed per address per minute (default 10). */
  authAttemptsPerMinute: number;
  /** Company-creation requests accepted per address per hour from the public form. */
  publicFormPostsPerHour: number;
  /**
   * Express's `trust proxy` (TRUST_PROXY): behind a reverse proxy the client's address is read
   * from X-Forwarded-For, so per-address limits count visitors rather than the proxy. Off when unset.
   */
  trustProxy: boolean | number | string;
  /**
   * Prefix of the server's own Redis keys (rate counters): REDIS_KEY_PREFIX, by default one per
   * database, so that deployments sharing a Redis do not share counts.
   */
  redisKeyPrefix: string;
  /** Delivered mails older than this are pruned by the daily housekeeping (default 5 years). */
  mailRetentionDays: number;
  s3: S3Config | undefined;
  logLevel: string;
  /**
   * The bearer token Prometheus scrapes GET /api/metrics with (METRICS_TOKEN). Unset: the
   * metrics are off and the route answers 404 (docs/operations.md, ADR 0135).
   */
  metricsToken: string | undefined;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Thrown for a setting the server cannot start with; its message is the one-line reason. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const DEFAULT_FILE_MAX_BYTES = 1024 * 1024 * 1024;
// Five years: the records an AML-regulated firm keeps.
const DEFAULT_MAIL_RETENTION_DAYS = 5 * 365;
/**
 * The randomness production asks of its secrets, as estimatedSecretBits judges it (variety, not
 * length). The token key can be attacked offline with any token: 128 bits (`openssl rand -base64
 * 48` gives far more). The sign-up code is guessed online, 20 wrong codes an hour at most: 36
 * bits are some 70 billion guesses (`openssl rand -base64 12` gives more).
 */
export const MIN_PRODUCTION_SECRET_BITS = 128;
export const MIN_PRODUCTION_SIGNUP_CODE_BITS = 36;
/** The placeholders of .env.example: a server started with them in production would be open. */
export const EXAMPLE_JWT_SECRET = 'change-me-to-a-random-string-of-at-least-32-characters';
export const EXAMPLE_SIGNUP_SECRET_CODE = 'change-me';
const SECRETS_FILE = 'secrets.json';

type Env = Record<string, string | undefined>;

/** 'true'/'false', a number of proxy hops, or Express's address list ('loopback, 10.0.0.0/8'). */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  if (!/^[\w.:/\s,-]+$/.test(value)) {
    throw new ConfigError(
      'TRUST_PROXY must be true, false, a number of hops or a list of addresses and subnets',
    );
  }
  return value;
}

function parseBooleanSetting(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (raw !== 'true' && raw !== 'false') throw new ConfigError(`${name} must be true or false`);
  return raw === 'true';
}

function blankToUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseIntegerSetting(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${raw}`);
  return value;
}

/** A comma-separated list of domain names ("firm.ie, firm.com"), lower-cased. */
function parseDomainList(name: string, raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const domains = raw
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  const bad = domains.find(
    (domain) => !/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(domain),
  );
  if (bad)
    throw new ConfigError(`${name} must list domain names separated by commas, got "${bad}"`);
  return domains;
}

function parseUrlSetting(
  name: string,
  raw: string | undefined,
  protocols: string[],
): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function parseS3(env: Env): S3Config | undefined {
  const names = Object.keys(env).filter(
    (key) => key.startsWith('S3_') && blankToUndefined(env[key]),
  );
  if (names.length === 0) return undefined;
  const bucket = blankToUndefined(env.S3_BUCKET);
  if (!bucket) throw new ConfigError(`S3_BUCKET is required when ${names.join(', ')} is set`);
  const accessKeyId = blankToUndefined(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = blankToUndefined(env.S3_SECRET_ACCESS_KEY);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const forcePathStyle = blankToUndefined(env.S3_FORCE_PATH_STYLE);
  if (forcePathStyle && !['true', 'false'].includes(forcePathStyle)) {
    throw new ConfigError('S3_FORCE_PATH_STYLE must be true or false');
  }
  return {
    bucket,
    region: blankToUndefined(env.S3_REGION) ?? 'us-east-1',
    endpoint: parseUrlSetting('S3_ENDPOINT', blankToUndefined(env.S3_ENDPOINT), [
      'http:',
      'https:',
    ]),
    accessKeyId,
    secretAccessKey,
    forcePathStyle: forcePathStyle === 'true',
  };
}

interface StoredSecrets {
  jwtSecret?: string;
  signupSecretCode?: string;
}

/**
 * Development secrets are generated once and kept under DATA_DIR, so tokens and the sign-up code
 * survive a restart without anyone having to configure them.
 */
function readOrCreateDevSecrets(
  dataDir: string,
  need: { jwt: boolean; code: boolean },
): StoredSecrets {
  const file = join(dataDir, SECRETS_FILE);
  let stored: StoredSecrets = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
    } catch {
      throw new ConfigError(`${file} is not valid JSON: fix or delete it`);
    }
  }
  let changed = false;
  if (need.jwt && !stored.jwtSecret) {
    stored.jwtSecret = randomBytes(48).toString('base64url');
    changed = true;
  }
  if (need.code && !stored.signupSecretCode) {
    stored.signupSecretCode = randomBytes(9).toString('base64url');
    changed = true;
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return stored;
}

/** Reads and validates the environment once; throws ConfigError with a one-line reason. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const nodeEnvRaw = blankToUndefined(env.NODE_ENV) ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as AppConfig['nodeEnv'];
  const production = nodeEnv === 'production';
  const roleRaw = blankToUndefined(env.REGISTRA_ROLE) ?? 'all';
  if (!(PROCESS_ROLES as readonly string[]).includes(roleRaw)) {
    throw new ConfigError(
      `REGISTRA_ROLE must be ${PROCESS_ROLES.join(', ').replace(/, (?=[^,]*$)/, ' or ')}, got "${roleRaw}"`,
    );
  }
  const role = roleRaw as ProcessRole;

  const port = parseIntegerSetting('PORT', blankToUndefined(env.PORT), 3000, 0, 65535);
  const databaseUrl = parseUrlSetting('DATABASE_URL', blankToUndefined(env.DATABASE_URL), [
    'postgres:',
    'postgresql:',
  ]);
  const redisUrl =
    parseUrlSetting('REDIS_URL', blankToUndefined(env.REDIS_URL), ['redis:', 'rediss:']) ??
    'redis://127.0.0.1:6379';
  const smtpUrl = parseUrlSetting('SMTP_URL', blankToUndefined(env.SMTP_URL), ['smtp:', 'smtps:']);
  const appUrl = (
    parseUrlSetting('APP_URL', blankToUndefined(env.APP_URL), ['http:', 'https:']) ??
    `http://localhost:${port}`
  ).replace(/\/+$/, '');
  const signupAppUrl = parseUrlSetting(
    'SIGNUP_APP_URL',
    blankToUndefined(env.SIGNUP_APP_URL) ?? blankToUndefined(env.VITE_SIGNUP_APP_URL),
    ['http:', 'https:'],
  );
  const mailExtraRecipientDomains = parseDomainList(
    'MAIL_EXTRA_RECIPIENT_DOMAINS',
    blankToUndefined(env.MAIL_EXTRA_RECIPIENT_DOMAINS),
  );
  const dataDirRaw = blankToUndefined(env.DATA_DIR) ?? './data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);
  const fileMaxBytes = parseIntegerSetting(
    'FILE_MAX_BYTES',
    blankToUndefined(env.FILE_MAX_BYTES),
    DEFAULT_FILE_MAX_BYTES,
    1,
    Number.MAX_SAFE_INTEGER,
  );
  const importMaxBytes = parseIntegerSetting(
    'IMPORT_MAX_BYTES',
    blankToUndefined(env.IMPORT_MAX_BYTES),
    IMPORT_MAX_BYTES_DEFAULT,
    1,
    Number.MAX_SAFE_INTEGER,
  );
  const authAttemptsPerMinute = parseIntegerSetting(
    'AUTH_ATTEMPTS_PER_MINUTE',
    blankToUndefined(env.AUTH_ATTEMPTS_PER_MINUTE),
    AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
    1,
    100_000,
  );
  const publicFormPostsPerHour = parseIntegerSetting(
    'PUBLIC_FORM_POSTS_PER_HOUR',
    blankToUndefined(env.PUBLIC_FORM_POSTS_PER_HOUR),
    PUBLIC_FORM_POSTS_PER_HOUR,
    1,
    100_000,
  );
  const trustProxy = parseTrustProxy(blankToUndefined(env.TRUST_PROXY));
  const redisKeyPrefix =
    blankToUndefined(env.REDIS_KEY_PREFIX) ??
    `registra:${createHash('sha256')
      .update(databaseUrl ?? `pglite:${dataDir}`)
      .digest('hex')
      .slice(0, 12)}:`;
  const mailRetentionDays = parseIntegerSetting(
    'MAIL_RETENTION_DAYS',
    blankToUndefined(env.MAIL_RETENTION_DAYS),
    DEFAULT_MAIL_RETENTION_DAYS,
    // Nothing the audit refers to is deleted within five years.
    DEFAULT_MAIL_RETENTION_DAYS,
    100_000,
  );
  const s3 = parseS3(env);

  let jwtSecret = blankToUndefined(env.JWT_SECRET);
  let signupSecretCode = blankToUndefined(env.SIGNUP_SECRET_CODE);
  let signupSecretCodeGenerated = false;
  const signupWithCode = parseBooleanSetting(
    'SIGNUP_WITH_CODE',
    blankToUndefined(env.SIGNUP_WITH_CODE),
    true,
  );
  const sessionMaxDays = parseIntegerSetting(
    'SESSION_MAX_DAYS',
    blankToUndefined(env.SESSION_MAX_DAYS),
    SESSION_MAX_DAYS,
    1,
    365,
  );
  const allowHttp = parseBooleanSetting('ALLOW_HTTP', blankToUndefined(env.ALLOW_HTTP), false);
  const apiDocsPublic = parseBooleanSetting(
    'API_DOCS_PUBLIC',
    blankToUndefined(env.API_DOCS_PUBLIC),
    !production,
  );
  const firmName = blankToUndefined(env.FIRM_NAME);
  if (firmName && firmName.length > 200) {
    throw new ConfigError('FIRM_NAME must be at most 200 characters');
  }
  if (production) {
    if (!jwtSecret) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
    if (jwtSecret === EXAMPLE_JWT_SECRET) {
      throw new ConfigError('JWT_SECRET is the example value of .env.example: set a random one');
    }
    const jwtSecretBits = estimatedSecretBits(jwtSecret);
    if (jwtSecretBits < MIN_PRODUCTION_SECRET_BITS) {
      throw new ConfigError(
        `JWT_SECRET is too predictable for production: about ${jwtSecretBits} bits of randomness (repeats, sequences and words count little), at least ${MIN_PRODUCTION_SECRET_BITS} needed: generate one with openssl rand -base64 48`,
      );
    }
    if (!signupSecretCode)
      throw new ConfigError('SIGNUP_SECRET_CODE is required when NODE_ENV=production');
    if (signupSecretCode === EXAMPLE_SIGNUP_SECRET_CODE) {
      throw new ConfigError(
        'SIGNUP_SECRET_CODE is the example value of .env.example: set a random one',
      );
    }
    const signupCodeBits = estimatedSecretBits(signupSecretCode);
    if (signupCodeBits < MIN_PRODUCTION_SIGNUP_CODE_BITS) {
      throw new ConfigError(
        `SIGNUP_SECRET_CODE is too easy to guess for production: about ${signupCodeBits} bits of randomness (repeats, sequences and words count little), at least ${MIN_PRODUCTION_SIGNUP_CODE_BITS} needed: generate one with openssl rand -base64 12`,
      );
    }
    if (!appUrl.startsWith('https://') && !allowHttp) {
      throw new ConfigError(
        'APP_URL must start with https:// in production (set ALLOW_HTTP=true for a closed network)',
      );
    }
  } else if (!jwtSecret || !signupSecretCode) {
    const stored = readOrCreateDevSecrets(dataDir, { jwt: !jwtSecret, code: !signupSecretCode });
    jwtSecret ??= stored.jwtSecret as string;
    if (!signupSecretCode) {
      signupSecretCode = stored.signupSecretCode as string;
      signupSecretCodeGenerated = true;
    }
  }

  const metricsToken = blankToUndefined(env.METRICS_TOKEN);
  if (metricsToken !== undefined) {
    // It travels in an HTTP header (Authorization: Bearer <token>): printable ASCII, no spaces.
    if (!/^[\x21-\x7e]+$/.test(metricsToken)) {
      throw new ConfigError('METRICS_TOKEN must be printable ASCII without spaces');
    }
    // Nothing limits how often the route is asked: a guessable token would open it.
    const metricsTokenBits = estimatedSecretBits(metricsToken);
    if (production && metricsTokenBits < MIN_PRODUCTION_SECRET_BITS) {
      throw new ConfigError(
        `METRICS_TOKEN is too predictable for production: about ${metricsTokenBits} bits of randomness, at least ${MIN_PRODUCTION_SECRET_BITS} needed: generate one with openssl rand -base64 32`,
      );
    }
  }

  const logLevel = blankToUndefined(env.LOG_LEVEL) ?? (nodeEnv === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`,
    );
  }

  return {
    nodeEnv,
    role,
    port,
    databaseUrl,
    redisUrl,
    jwtSecret: jwtSecret as string,
    signupSecretCode: signupSecretCode as string,
    signupSecretCodeGenerated,
    signupWithCode,
    sessionMaxDays,
    smtpUrl,
    appUrl,
    signupAppUrl,
    firmName,
    apiDocsPublic,
    mailExtraRecipientDomains,
    dataDir,
    fileMaxBytes,
    importMaxBytes,
    authAttemptsPerMinute,
    publicFormPostsPerHour,
    trustProxy,
    redisKeyPrefix,
    mailRetentionDays,
    s3,
    logLevel,
    metricsToken,
  };
}
