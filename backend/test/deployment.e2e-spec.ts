import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { SERVER_NODE_FLAGS } from '../scripts/server-process';
import { DRAIN_LIMIT_MS } from '../src/platform/http/graceful-shutdown';
import { loadConfig } from '../src/platform/config/app-config';
import {
  directiveNames,
  findDirectives,
  nginxSyntaxProblem,
  parseNginxConfig,
  readEnvFile,
  substitute,
} from './support/deployment';

/**
 * docker-compose.yml and deploy/nginx.conf (ADR 0109), checked in every test run: by Docker
 * Compose itself where it is installed, and always by reading both files and holding each
 * reference (service, volume, file, port, upstream) to what it names.
 */
const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

type Service = {
  image?: string;
  build?: { context: string; args?: Record<string, string> };
  command?: unknown;
  environment?: Record<string, string | number>;
  env_file?: string | string[];
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
  restart?: string;
  profiles?: string[];
  stop_grace_period?: string;
  secrets?: { source: string; target: string }[];
};
type Compose = {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file: string }>;
};

function loadCompose(): Compose {
  const document = parseDocument(read('docker-compose.yml'), { merge: true, uniqueKeys: true });
  const problems = [...document.errors, ...document.warnings].map((problem) => problem.message);
  expect(problems).toEqual([]);
  return document.toJS({ maxAliasCount: 100 }) as Compose;
}

const compose = loadCompose();
const services = compose.services;
const nginxSource = read('deploy/nginx.conf');
const nginx = parseNginxConfig(nginxSource);
const envExample = readEnvFile(read('.env.example'));

/** What a container of `service` is started with: the .env values, then its `environment`. */
function environmentOf(service: Service): Record<string, string> {
  const resolved: Record<string, string> = {
    // .env as an operator fills it in: the example's keys, with values production accepts.
    ...envExample,
    JWT_SECRET: '0YLJyj3NZ5_vy6vqq6MaRkRrcKZFJFrVOD7Xgqldn1PVBV8TwyOLexvFFZmdrWwn',
    SIGNUP_SECRET_CODE: 'Y-WWadWp6flXW5P-',
    APP_URL: 'https://registra.firm.ie',
  };
  for (const [name, value] of Object.entries(service.environment ?? {})) {
    resolved[name] = substitute(String(value), {});
  }
  return resolved;
}

/** The ports a service publishes, as [host, container]. */
const publishedPorts = (service: Service) =>
  (service.ports ?? []).map((mapping) => {
    const parts = substitute(mapping, {}).split(':');
    return [Number(parts[parts.length - 2]), Number(parts[parts.length - 1])] as const;
  });

/** The port the image's HEALTHCHECK asks on, from the Dockerfile. */
const healthcheckPort = () => {
  const line = read('Dockerfile')
    .split('\n')
    .find((text) => text.startsWith('HEALTHCHECK'));
  return Number(/127\.0\.0\.1:(\d+)\/api\/health/.exec(line ?? '')?.[1]);
};

describe('docker-compose.yml', () => {
  const composeInstalled = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  (composeInstalled.status === 0 ? it : it.skip)(
    'is accepted by `docker compose config` (where Docker Compose is installed)',
    () => {
      // A copy with .env made from .env.example: the file names .env, which a checkout lacks.
      const dir = mkdtempSync(join(tmpdir(), 'registra-compose-'));
      try {
        copyFileSync(join(ROOT, 'docker-compose.yml'), join(dir, 'docker-compose.yml'));
        copyFileSync(join(ROOT, '.env.example'), join(dir, '.env'));
        mkdirSync(join(dir, 'deploy'));
        copyFileSync(join(ROOT, 'deploy/nginx.conf'), join(dir, 'deploy/nginx.conf'));
        cpSync(join(ROOT, 'deploy/prometheus'), join(dir, 'deploy/prometheus'), {
          recursive: true,
        });
        cpSync(join(ROOT, 'deploy/grafana'), join(dir, 'deploy/grafana'), { recursive: true });
        // The token file an install makes (docs/operations.md).
        writeFileSync(join(dir, 'deploy/prometheus/metrics-token'), 'stand-in');
        const result = spawnSync('docker', ['compose', 'config', '--quiet'], {
          cwd: dir,
          encoding: 'utf8',
        });
        expect(result.stderr).toBe('');
        expect(result.status).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('runs the proxy, api, worker, PostgreSQL and Redis, each from an image or a build', () => {
    const started = Object.keys(services).filter((name) => !services[name].profiles);
    expect(started.sort()).toEqual(['api', 'postgres', 'proxy', 'redis', 'worker']);
    for (const [name, service] of Object.entries(services)) {
      expect([name, Boolean(service.image || service.build)]).toEqual([name, true]);
      if (service.build)
        expect(existsSync(join(ROOT, service.build.context, 'Dockerfile'))).toBe(true);
    }
    // One image for both roles; the proxy is the official nginx image.
    expect(services.api.image).toBe('registra:latest');
    expect(services.worker.image).toBe(services.api.image);
    expect(services.proxy.image).toMatch(/^nginx:[\w.-]+$/);
  });

  it("starts PostgreSQL with shared buffers sized to a server, not the image's 128 MB", () => {
    const settings = (variables: Record<string, string>) => {
      const command = ((services.postgres.command ?? []) as string[]).map((word) =>
        substitute(word, variables),
      );
      expect(command[0]).toBe('postgres');
      return Object.fromEntries(
        command
          .filter((_word, at) => command[at - 1] === '-c')
          .map((setting) => setting.split('=') as [string, string]),
      );
    };
    // A large book's lists read their pages from PostgreSQL's own cache (ADR 0152).
    expect(settings({})).toEqual({ shared_buffers: '2GB', effective_cache_size: '6GB' });
    expect(
      settings({ POSTGRES_SHARED_BUFFERS: '6GB', POSTGRES_EFFECTIVE_CACHE_SIZE: '18GB' }),
    ).toEqual({ shared_buffers: '6GB', effective_cache_size: '18GB' });
  });

  it.each([
    // service, REGISTRA_ROLE, replicas
    ['api', 'api', 2],
    ['worker', 'worker', 1],
  ])(
    '%s runs REGISTRA_ROLE=%s, %i of them, with settings the server starts with',
    (name, role, replicas) => {
      const service = services[name];
      const env = environmentOf(service);
      expect(env.REGISTRA_ROLE).toBe(role);
      expect(service.deploy?.replicas ?? 1).toBe(replicas);
      const dir = mkdtempSync(join(tmpdir(), 'registra-compose-env-'));
      try {
        const config = loadConfig({ ...env, DATA_DIR: dir });
        expect(config).toMatchObject({ nodeEnv: 'production', role });
        expect(config.databaseUrl).toMatch(/@postgres:5432\//);
        expect(config.redisUrl).toMatch(/^redis:\/\/redis:6379$/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      // Any number of copies: none publishes a port (the proxy is the way in).
      expect(service.ports ?? []).toEqual([]);
      // The command is the image's: the role alone differs.
      expect(service.command).toBeUndefined();
    },
  );

  it('the api instances trust the one proxy in front for the visitor address', () => {
    const config = loadConfig({ ...environmentOf(services.api), DATA_DIR: tmpdir() });
    expect(config.trustProxy).toBe(1);
    expect(services.worker.environment?.TRUST_PROXY).toBeUndefined();
  });

  it('every service is started again when its process dies (restart: unless-stopped)', () => {
    // The image runs the server without `npm start`'s supervisor (ADR 0121): Docker restarts it.
    for (const [name, service] of Object.entries(services)) {
      expect([name, service.restart]).toEqual([name, 'unless-stopped']);
    }
  });

  it('every depends_on names a service, and waits for health only where there is a check', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [target, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect([name, target, target in services]).toEqual([name, target, true]);
        if (condition === 'service_healthy') {
          // A healthcheck in the file, or the built image's own (the Dockerfile's HEALTHCHECK).
          const checked =
            Boolean(services[target].healthcheck) ||
            (Boolean(services[target].build) && healthcheckPort() > 0);
          expect([name, target, checked]).toEqual([name, target, true]);
        }
      }
    }
    expect(services.proxy.depends_on).toHaveProperty('api');
  });

  it('every volume is declared or is a file of the repository; the instances share the files volume', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (source.startsWith('.') || source.startsWith('/')) {
          expect([name, source, existsSync(join(ROOT, source))]).toEqual([name, source, true]);
        } else {
          expect([name, source, declared.includes(source)]).toEqual([name, source, true]);
        }
      }
    }
    const dataDir = environmentOf(services.api).DATA_DIR;
    expect(services.api.volumes).toContain(`app-data:${dataDir}`);
    expect(services.worker.volumes).toEqual(services.api.volumes);
  });

  it('checks the api and worker containers by readiness, and gives them time to drain', () => {
    // The image's check and the compose file's ask the same: ready (ADR 0136).
    const dockerfileCheck = read('Dockerfile')
      .split('\n')
      .find((line) => line.startsWith('HEALTHCHECK'));
    expect(dockerfileCheck).toContain('/api/health/ready');
    for (const name of ['api', 'worker']) {
      const test = services[name].healthcheck?.test.join(' ') ?? '';
      expect([name, test]).toEqual([
        name,
        expect.stringContaining(
          `http://127.0.0.1:${environmentOf(services[name]).PORT}/api/health/ready`,
        ),
      ]);
      // The drain (20 s), then the workers' close (10 s) fit in what Docker waits before SIGKILL.
      const grace = Number(/^(\d+)s$/.exec(services[name].stop_grace_period ?? '')?.[1]);
      expect([name, grace * 1000 >= DRAIN_LIMIT_MS + 10_000]).toEqual([name, true]);
    }
  });

  it('the env file is .env, made from .env.example', () => {
    for (const service of [services.api, services.worker]) expect(service.env_file).toBe('.env');
    expect(Object.keys(envExample)).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'SIGNUP_SECRET_CODE']),
    );
  });
});

describe("the server's Node.js flags", () => {
  it('are backend/node-flags.json, in the image CMD and the backend package start alike', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-old-space-size=1024']);
    const cmd = read('Dockerfile')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd!.slice('CMD '.length))).toEqual([
      'node',
      ...SERVER_NODE_FLAGS,
      'backend/dist/main.js',
    ]);
    const backend = JSON.parse(read('backend/package.json')) as { scripts: { start: string } };
    expect(backend.scripts.start).toBe(['node', ...SERVER_NODE_FLAGS, 'dist/main.js'].join(' '));
    // The compose services run the image's CMD as it is.
    for (const name of ['api', 'worker']) expect(services[name].command).toBeUndefined();
  });
});

describe('deploy/nginx.conf', () => {
  /** Directives this configuration may use; a misspelt one fails here as it would in nginx. */
  const KNOWN_DIRECTIVES = new Set([
    'worker_processes',
    'events',
    'worker_connections',
    'http',
    'resolver',
    'upstream',
    'zone',
    'server',
    'keepalive',
    'keepalive_timeout',
    'listen',
    'client_max_body_size',
    'proxy_request_buffering',
    'proxy_read_timeout',
    'location',
    'proxy_pass',
    'proxy_http_version',
    'proxy_set_header',
    'proxy_next_upstream',
  ]);

  it('is well formed: paired braces, every directive ended with ";", known directives only', () => {
    expect(nginxSyntaxProblem(nginxSource)).toBeUndefined();
    expect(directiveNames(nginx).filter((name) => !KNOWN_DIRECTIVES.has(name))).toEqual([]);
  });

  it.each([
    ['http {\n  server {\n    listen 80\n  }\n}\n', 'line 4: "listen 80" does not end with ";"'],
    ['http {\n  server { listen 80; }\n', '1 block(s) never closed'],
    ['events { }\n}\n', 'line 2: "}" closes no block'],
    ['worker_processes auto', 'the last directive "worker_processes auto" does not end with ";"'],
    ['http { add_header X "a;b" }', 'line 1: "add_header X "a;b"" does not end with ";"'],
  ])('the syntax check refuses %j', (source, problem) => {
    expect(nginxSyntaxProblem(source)).toBe(problem);
  });

  it('is the file the proxy mounts as its configuration', () => {
    expect(services.proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
  });

  it('passes every request to an upstream of the api service on the port the api listens on', () => {
    const upstreams = findDirectives(nginx, 'upstream');
    expect(upstreams).toHaveLength(1);
    const [upstream] = upstreams;
    const apiPort = environmentOf(services.api).PORT;
    const servers = findDirectives(upstream.children, 'server').map((server) => server.args[0]);
    expect(servers).toEqual([`api:${apiPort}`]);
    // Docker's DNS asked again: scaled containers are found without a reload.
    expect(findDirectives(upstream.children, 'server')[0].args).toContain('resolve');
    expect(findDirectives(nginx, 'resolver')[0]?.args[0]).toBe('127.0.0.11');
    const passes = findDirectives(nginx, 'proxy_pass').map((pass) => pass.args[0]);
    expect(passes).toEqual([`http://${upstream.args[0]}`]);
    expect(healthcheckPort()).toBe(Number(apiPort));
    expect(Number(environmentOf(services.worker).PORT)).toBe(healthcheckPort());
  });

  it('listens on the port the proxy service publishes', () => {
    const listens = findDirectives(nginx, 'listen').map((listen) => Number(listen.args[0]));
    expect(publishedPorts(services.proxy).map(([, container]) => container)).toEqual(listens);
  });

  it("sends the visitor's address and scheme, which the api instances trust", () => {
    const headers = findDirectives(nginx, 'proxy_set_header').map((header) => header.args);
    expect(headers).toEqual(
      expect.arrayContaining([
        ['X-Forwarded-For', '$remote_addr'],
        ['X-Forwarded-Proto', '$scheme'],
      ]),
    );
  });
});

describe('the monitoring profile (deploy/prometheus, deploy/grafana)', () => {
  const prometheus = services.prometheus;
  const grafana = services.grafana;
  const yamlOf = (path: string) => parseDocument(read(path)).toJS() as Record<string, unknown>;
  /** Where `service` mounts a file of the repository, by its source path. */
  const mountOf = (service: Service, source: string) =>
    (service.volumes ?? []).find((volume) => volume.split(':')[0] === source)?.split(':')[1];

  it('is started only when asked (`--profile monitoring`)', () => {
    expect(prometheus.profiles).toEqual(['monitoring']);
    expect(grafana.profiles).toEqual(['monitoring']);
  });

  it('Prometheus scrapes /api/metrics of every api and worker container, with the token file', () => {
    type Scrape = {
      job_name: string;
      metrics_path: string;
      authorization: { type: string; credentials_file: string };
      dns_sd_configs: { names: string[]; type: string; port: number }[];
    };
    const config = yamlOf('deploy/prometheus/prometheus.yml') as {
      rule_files: string[];
      scrape_configs: Scrape[];
    };
    const configDir = dirnameOf(mountOf(prometheus, './deploy/prometheus/prometheus.yml'));
    expect(configDir).toBe('/etc/prometheus');
    expect(
      config.scrape_configs.map((scrape) => [scrape.job_name, scrape.dns_sd_configs[0].names]),
    ).toEqual([
      ['registra-api', ['api']],
      ['registra-worker', ['worker']],
    ]);
    for (const scrape of config.scrape_configs) {
      const service = services[scrape.dns_sd_configs[0].names[0]];
      expect(scrape.metrics_path).toBe('/api/metrics');
      expect(scrape.dns_sd_configs[0].port).toBe(Number(environmentOf(service).PORT));
      expect(scrape.authorization.type).toBe('Bearer');
      // The token file beside the configuration: the compose file's secret, never a file of git.
      const token = prometheus.secrets?.find((secret) => secret.source === 'metrics-token');
      expect(token?.target).toBe(`${configDir}/${scrape.authorization.credentials_file}`);
    }
    expect(compose.secrets?.['metrics-token'].file).toBe('./deploy/prometheus/metrics-token');
    expect(read('.gitignore').split('\n')).toContain('deploy/prometheus/metrics-token');
    // The rule files beside it, mounted where it reads them.
    for (const rules of config.rule_files) {
      expect(existsSync(join(ROOT, 'deploy/prometheus', rules))).toBe(true);
      expect(mountOf(prometheus, `./deploy/prometheus/${rules}`)).toBe(`${configDir}/${rules}`);
    }
  });

  it('Grafana reads Prometheus and loads the dashboard', () => {
    const datasources = yamlOf('deploy/grafana/provisioning/datasources/prometheus.yml') as {
      datasources: { uid: string; url: string }[];
    };
    const [datasource] = datasources.datasources;
    expect(datasource.url).toBe('http://prometheus:9090');
    const providers = yamlOf('deploy/grafana/provisioning/dashboards/registra.yml') as {
      providers: { options: { path: string } }[];
    };
    expect(mountOf(grafana, './deploy/grafana/dashboards')).toBe(
      providers.providers[0].options.path,
    );
    expect(mountOf(grafana, './deploy/grafana/provisioning')).toBe('/etc/grafana/provisioning');
    const dashboard = JSON.parse(read('deploy/grafana/dashboards/registra.json')) as {
      panels: { type: string; datasource?: { uid: string } }[];
    };
    const panels = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(panels.length).toBeGreaterThan(10);
    for (const panel of panels) expect(panel.datasource?.uid).toBe(datasource.uid);
  });
});

function dirnameOf(path: string | undefined): string | undefined {
  return path?.slice(0, path.lastIndexOf('/'));
}
