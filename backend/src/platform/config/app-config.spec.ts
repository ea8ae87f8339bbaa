import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConfigError,
  EXAMPLE_JWT_SECRET,
  EXAMPLE_SIGNUP_SECRET_CODE,
  loadConfig,
  MIN_PRODUCTION_SECRET_BITS,
  MIN_PRODUCTION_SIGNUP_CODE_BITS,
  runsBackgroundWork,
  servesHttp,
} from './app-config';
import { estimatedSecretBits } from './secret-strength';

const made: string[] = [];
/** A fresh folder, removed after the file's tests. */
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'registra-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
/** What `openssl rand -base64 48` and `openssl rand -base64 12` give (base64url here). */
const RANDOM_JWT_SECRET = '0YLJyj3NZ5_vy6vqq6MaRkRrcKZFJFrVOD7Xgqldn1PVBV8TwyOLexvFFZmdrWwn';
const RANDOM_SIGNUP_CODE = 'Y-WWadWp6flXW5P-';
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: RANDOM_JWT_SECRET,
  SIGNUP_SECRET_CODE: RANDOM_SIGNUP_CODE,
  APP_URL: 'https://registra.firm.ie',
};

describe('loadConfig (api-conventions.md "Configuration")', () => {
  it('defaults: PORT 3000, Redis on 127.0.0.1:6379, DATA_DIR ./data, FILE_MAX_BYTES 1 GiB, embedded database', () => {
    const dir = dataDir();
    const config = loadConfig({}, dir);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      role: 'all',
      port: 3000,
      redisUrl: 'redis://127.0.0.1:6379',
      dataDir: join(dir, 'data'),
      fileMaxBytes: 1024 * 1024 * 1024,
      importMaxBytes: 100 * 1024 * 1024,
      authAttemptsPerMinute: 10,
      publicFormPostsPerHour: 10,
      trustProxy: false,
      mailRetentionDays: 1825,
      databaseUrl: undefined,
      smtpUrl: undefined,
      appUrl: 'http://localhost:3000',
      s3: undefined,
    });
  });

  it.each([
    // REGISTRA_ROLE, HTTP API and web client, background work (workers, cron, sweeps)
    ['all', true, true],
    ['api', true, false],
    ['worker', false, true],
  ] as const)(
    'REGISTRA_ROLE=%s: serves HTTP %j, runs the background work %j',
    (role, http, work) => {
      const config = loadConfig({ REGISTRA_ROLE: role }, dataDir());
      expect(config.role).toBe(role);
      expect(servesHttp(config.role)).toBe(http);
      expect(runsBackgroundWork(config.role)).toBe(work);
    },
  );

  it('IMPORT_MAX_BYTES: the largest spreadsheet the import takes', () => {
    expect(loadConfig({ IMPORT_MAX_BYTES: '2048' }, dataDir()).importMaxBytes).toBe(2048);
    expect(() => loadConfig({ IMPORT_MAX_BYTES: 'lots' }, dataDir())).toThrow(/IMPORT_MAX_BYTES/);
  });

  it('APP_URL: the links in e-mails start with it, without a trailing slash', () => {
    const dir = dataDir();
    expect(loadConfig({ APP_URL: 'https://registra.firm.ie/' }, dir).appUrl).toBe(
      'https://registra.firm.ie',
    );
    expect(loadConfig({ PORT: '8080' }, dir).appUrl).toBe('http://localhost:8080');
    expect(() => loadConfig({ APP_URL: 'ftp://x' }, dir)).toThrow('APP_URL must start with');
  });

  it.each([
    [
      'SIGNUP_APP_URL alone',
      { SIGNUP_APP_URL: 'https://signup.partner.ie/start' },
      'https://signup.partner.ie/start',
    ],
    [
      "the client's VITE_SIGNUP_APP_URL",
      { VITE_SIGNUP_APP_URL: 'https://signup.partner.ie/' },
      'https://signup.partner.ie/',
    ],
    [
      'both: the server its own',
      { SIGNUP_APP_URL: 'https://a.partner.ie', VITE_SIGNUP_APP_URL: 'https://b.partner.ie' },
      'https://a.partner.ie',
    ],
    ['neither', {}, undefined],
  ])('the sign-up app for mail links: %s', (_label, env, expected) => {
    expect(loadConfig(env, dataDir()).signupAppUrl).toBe(expected);
  });

  it('refuses a sign-up app address that is no http(s) URL, naming the setting', () => {
    expect(() => loadConfig({ SIGNUP_APP_URL: 'javascript:alert(1)' }, dataDir())).toThrow(
      'SIGNUP_APP_URL',
    );
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['loopback, 10.0.0.0/8', 'loopback, 10.0.0.0/8'],
  ])('TRUST_PROXY %j is trust proxy %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }, dataDir()).trustProxy).toBe(expected);
  });

  it('TRUST_PROXY refuses what Express could not read; PUBLIC_FORM_POSTS_PER_HOUR is a count', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes; rm' }, dataDir())).toThrow('TRUST_PROXY');
    expect(loadConfig({ PUBLIC_FORM_POSTS_PER_HOUR: '3' }, dataDir()).publicFormPostsPerHour).toBe(
      3,
    );
    expect(() => loadConfig({ PUBLIC_FORM_POSTS_PER_HOUR: '0' }, dataDir())).toThrow(
      'PUBLIC_FORM_POSTS_PER_HOUR',
    );
  });

  it('generates development secrets once, keeps them under DATA_DIR, and reuses them', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.signupSecretCodeGenerated).toBe(true);
    expect(existsSync(join(dir, 'secrets.json'))).toBe(true);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.signupSecretCode).toBe(first.signupSecretCode);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).jwtSecret).toBe(
      first.jwtSecret,
    );
  });

  it('uses the given secrets in development without generating', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'a', SIGNUP_SECRET_CODE: 'b' });
    expect(config).toMatchObject({
      jwtSecret: 'a',
      signupSecretCode: 'b',
      signupSecretCodeGenerated: false,
    });
    expect(existsSync(join(dir, 'secrets.json'))).toBe(false);
  });

  it('keeps the example values in step with .env.example', () => {
    const example = readFileSync(join(__dirname, '../../../../.env.example'), 'utf8');
    expect(example).toContain(`JWT_SECRET=${EXAMPLE_JWT_SECRET}\n`);
    expect(example).toContain(`SIGNUP_SECRET_CODE=${EXAMPLE_SIGNUP_SECRET_CODE}\n`);
  });

  it('production over plain http only with ALLOW_HTTP=true (a closed network)', () => {
    const config = loadConfig({
      ...production,
      APP_URL: 'http://registra.lan',
      ALLOW_HTTP: 'true',
      DATA_DIR: dataDir(),
    });
    expect(config.appUrl).toBe('http://registra.lan');
  });

  it('sessions last 30 days at most and sign-up with the code is open unless switched off', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      sessionMaxDays: 30,
      signupWithCode: true,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), SESSION_MAX_DAYS: '7', SIGNUP_WITH_CODE: 'false' }),
    ).toMatchObject({ sessionMaxDays: 7, signupWithCode: false });
  });

  it.each([
    // secret, estimated bits at least / below
    ['36 × "a" (accepted in production by a length rule)', 'a'.repeat(36), 0, 1],
    ['"ab" 18 times', 'ab'.repeat(18), 0, 40],
    ['the alphabet and the digits in a row', 'abcdefghijklmnopqrstuvwxyz0123456789', 0, 60],
    ['a word repeated, then 1234', 'passwordpasswordpasswordpassword1234', 0, 60],
    ['words joined by dashes', 'a-production-secret-of-forty-characters!', 0, 128],
    ['openssl rand -base64 48', RANDOM_JWT_SECRET, 128, Infinity],
    [
      'openssl rand -hex 32',
      '7555a5f4be178ccd39ca11089d7b1e38fde760de6a92e0d867d9ff61a86ec7ec',
      128,
      Infinity,
    ],
    ['openssl rand -base64 12', RANDOM_SIGNUP_CODE, 36, 128],
    ['12 random characters', 'xkeIoRsMgpwb', 36, 128],
    ['12 digits in a row', '123456789012', 0, 36],
    ['a keyboard run', 'qwertyuiopasdf', 0, 36],
  ])('estimates the randomness of %s by its variety', (_label, secret, atLeast, below) => {
    const bits = estimatedSecretBits(secret);
    expect(bits).toBeGreaterThanOrEqual(atLeast);
    expect(bits).toBeLessThan(below);
  });

  it('production asks 128 bits of the token key and 36 of the sign-up code', () => {
    expect([MIN_PRODUCTION_SECRET_BITS, MIN_PRODUCTION_SIGNUP_CODE_BITS]).toEqual([128, 36]);
  });

  it('API_DOCS_PUBLIC: the documentation is public outside production, behind sign-in in production unless set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).apiDocsPublic).toBe(true);
    expect(loadConfig({ ...production, DATA_DIR: dataDir() }).apiDocsPublic).toBe(false);
    expect(
      loadConfig({ ...production, DATA_DIR: dataDir(), API_DOCS_PUBLIC: 'true' }).apiDocsPublic,
    ).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), API_DOCS_PUBLIC: 'false' }).apiDocsPublic).toBe(false);
  });

  it('FIRM_NAME: the firm whose name passwords may not be built from', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).firmName).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), FIRM_NAME: ' Emerald CS ' }).firmName).toBe(
      'Emerald CS',
    );
  });

  it('METRICS_TOKEN: unset turns the metrics off; production asks as much randomness as of the token key', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'dev' }).metricsToken).toBe('dev');
    expect(
      loadConfig({ ...production, DATA_DIR: dataDir(), METRICS_TOKEN: RANDOM_JWT_SECRET })
        .metricsToken,
    ).toBe(RANDOM_JWT_SECRET);
    expect(() =>
      loadConfig({ ...production, DATA_DIR: dataDir(), METRICS_TOKEN: 'prometheus' }),
    ).toThrow('METRICS_TOKEN is too predictable for production');
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'two words' })).toThrow(
      'METRICS_TOKEN must be printable ASCII without spaces',
    );
  });

  it('accepts a complete production setting', () => {
    expect(
      loadConfig({ ...production, DATABASE_URL: 'postgres://u@db:5432/registra', PORT: '8080' }),
    ).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/registra',
    });
  });

  it.each([
    [
      'production without JWT_SECRET',
      { ...production, JWT_SECRET: undefined },
      'JWT_SECRET is required when NODE_ENV=production',
    ],
    [
      'production with a short JWT_SECRET',
      { ...production, JWT_SECRET: 'short' },
      'JWT_SECRET is too predictable for production',
    ],
    [
      'production without SIGNUP_SECRET_CODE',
      { ...production, SIGNUP_SECRET_CODE: '' },
      'SIGNUP_SECRET_CODE is required when NODE_ENV=production',
    ],
    // Production refuses weak settings, naming the variable: a JWT_SECRET or SIGNUP_SECRET_CODE of
    // too little variety (whatever its length) or the example's, APP_URL not https.
    [
      "production with .env.example's JWT_SECRET",
      { ...production, JWT_SECRET: EXAMPLE_JWT_SECRET },
      'JWT_SECRET is the example value of .env.example',
    ],
    [
      'production with a JWT_SECRET of 36 × "a"',
      { ...production, JWT_SECRET: 'a'.repeat(36) },
      'JWT_SECRET is too predictable for production: about 0 bits of randomness',
    ],
    [
      'production with a JWT_SECRET of 64 × "x"',
      { ...production, JWT_SECRET: 'x'.repeat(64) },
      'JWT_SECRET is too predictable for production',
    ],
    [
      "production with .env.example's SIGNUP_SECRET_CODE",
      { ...production, SIGNUP_SECRET_CODE: EXAMPLE_SIGNUP_SECRET_CODE },
      'SIGNUP_SECRET_CODE is the example value of .env.example',
    ],
    [
      'production with a SIGNUP_SECRET_CODE of 12 × "c"',
      { ...production, SIGNUP_SECRET_CODE: 'c'.repeat(12) },
      'SIGNUP_SECRET_CODE is too easy to guess for production: about 0 bits of randomness',
    ],
    [
      'production with a SIGNUP_SECRET_CODE of 12 digits in a row',
      { ...production, SIGNUP_SECRET_CODE: '123456789012' },
      'SIGNUP_SECRET_CODE is too easy to guess for production',
    ],
    [
      'API_DOCS_PUBLIC that is no boolean',
      { API_DOCS_PUBLIC: 'yes' },
      'API_DOCS_PUBLIC must be true or false',
    ],
    [
      'a FIRM_NAME over 200 characters',
      { FIRM_NAME: 'F'.repeat(201) },
      'FIRM_NAME must be at most',
    ],
    [
      'production with APP_URL over http',
      { ...production, APP_URL: 'http://registra.firm.ie' },
      'APP_URL must start with https:// in production',
    ],
    [
      'production without APP_URL (http://localhost)',
      { ...production, APP_URL: undefined },
      'APP_URL must start with https:// in production',
    ],
    ['ALLOW_HTTP that is no boolean', { ALLOW_HTTP: 'yes' }, 'ALLOW_HTTP must be true or false'],
    [
      'SIGNUP_WITH_CODE that is no boolean',
      { SIGNUP_WITH_CODE: '0' },
      'SIGNUP_WITH_CODE must be true or false',
    ],
    [
      'SESSION_MAX_DAYS of 0',
      { SESSION_MAX_DAYS: '0' },
      'SESSION_MAX_DAYS must be between 1 and 365, got 0',
    ],
    [
      'an unknown REGISTRA_ROLE',
      { REGISTRA_ROLE: 'both' },
      'REGISTRA_ROLE must be all, api or worker, got "both"',
    ],
    [
      'a REGISTRA_ROLE in capitals',
      { REGISTRA_ROLE: 'API' },
      'REGISTRA_ROLE must be all, api or worker, got "API"',
    ],
    [
      'an unknown NODE_ENV',
      { NODE_ENV: 'staging' },
      'NODE_ENV must be development, production or test, got "staging"',
    ],
    ['a PORT that is not a number', { PORT: 'abc' }, 'PORT must be a whole number, got "abc"'],
    ['a PORT out of range', { PORT: '70000' }, 'PORT must be between 0 and 65535, got 70000'],
    [
      'a DATABASE_URL of another kind',
      { DATABASE_URL: 'mysql://x@y/z' },
      'DATABASE_URL must start with postgres:// or postgresql://',
    ],
    [
      'a REDIS_URL that is no URL',
      { REDIS_URL: 'localhost:6379' },
      'REDIS_URL must start with redis:// or rediss://',
    ],
    ['a SMTP_URL that is no URL', { SMTP_URL: 'not a url' }, 'SMTP_URL is not a valid URL'],
    [
      'FILE_MAX_BYTES of 0',
      { FILE_MAX_BYTES: '0' },
      'FILE_MAX_BYTES must be between 1 and 9007199254740991, got 0',
    ],
    [
      'AUTH_ATTEMPTS_PER_MINUTE that is no number',
      { AUTH_ATTEMPTS_PER_MINUTE: 'many' },
      'AUTH_ATTEMPTS_PER_MINUTE must be a whole number, got "many"',
    ],
    [
      'MAIL_RETENTION_DAYS under five years',
      { MAIL_RETENTION_DAYS: '365' },
      'MAIL_RETENTION_DAYS must be between 1825 and 100000, got 365',
    ],
    [
      'S3 settings without a bucket',
      { S3_REGION: 'eu-west-1' },
      'S3_BUCKET is required when S3_REGION is set',
    ],
    [
      'an S3 key without its secret',
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ],
    [
      'an unknown LOG_LEVEL',
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
  ])('refuses %s with a one-line reason', (_label, env, reason) => {
    const run = () =>
      loadConfig({ DATA_DIR: dataDir(), ...env } as Record<string, string | undefined>);
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(reason);
    try {
      run();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
