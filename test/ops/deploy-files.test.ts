import { execFile, execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { parseServeConfig } from '../../src/config.js';
import { bearer, DEMO_KEY } from '../helpers/app.js';
import { EXAMPLE_SOURCE } from '../helpers/fixtures.js';
import { argsOf, copiesOf, envOf, execForm, healthcheckOf, isDockerIgnored, parseDockerfile } from './dockerfile.js';
import type { Stage } from './dockerfile.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
/** Variables the image sets for Node and npm themselves, not for the server. */
const NODE_VARIABLES = ['NODE_ENV'];

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The names of the environment variables `serve` reads (every one it knows, when no flag is given). */
function variablesServeReads(): Set<string> {
  const names = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get: (_target, name) => {
        if (typeof name === 'string') names.add(name);
        return undefined;
      },
    },
  );
  parseServeConfig([], env);
  return names;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it resolves true; false when `withinMs` passed first. */
async function becomes(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A process started from an exec form (`["node", ...]`), with exactly `env` (plus PATH for git); killed after the tests. */
function startExecForm(
  command: readonly string[],
  options: { cwd: string; env: Record<string, string> },
): {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
} {
  expect(command[0]).toBe('node');
  const child = spawn(process.execPath, command.slice(1), { cwd: options.cwd, env: { PATH: process.env['PATH'], ...options.env } });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, exited, output: () => output };
}

/** Runs an exec form to its end; resolves with its exit code (killed after `timeoutMs`, as Docker's `--timeout`). */
function runExecForm(
  command: readonly string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<number> {
  expect(command[0]).toBe('node');
  return run(process.execPath, command.slice(1), {
    cwd: options.cwd,
    env: { PATH: process.env['PATH'], ...options.env },
    timeout: options.timeoutMs,
  }).then(
    () => 0,
    (error: { code?: number }) => error.code ?? -1,
  );
}

describe('Dockerfile, run without Docker', () => {
  const stages = parseDockerfile(read('Dockerfile'));
  const build = stages[0] as Stage;
  const runtime = stages.at(-1) as Stage;
  const workdir = (stage: Stage): string => argsOf(stage, 'WORKDIR').at(-1) ?? '/';
  const ignored = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const imageEnv = envOf(runtime);
  const volumes = argsOf(runtime, 'VOLUME').flatMap((args) => execForm(args));

  /** The build stage's work dir: the context's files as its COPYs place them, then its RUN steps. */
  let buildDir: string;
  /** The runtime stage's work dir: the package the build stage packed, unpacked, with the lockfile beside it. */
  let appDir: string;
  let packed: string[];

  beforeAll(async () => {
    // The emulation runs the stages' steps in order; a new RUN step has to be emulated here too.
    expect(argsOf(build, 'RUN').map((args) => args.split(' ').slice(0, 2).join(' '))).toEqual(['npm ci', 'npm pack']);
    buildDir = tempDir('dts-image-build-');
    for (const copy of copiesOf(build)) {
      expect(copy.from, 'the build stage copies from the context only').toBeUndefined();
      for (const source of copy.sources) {
        expect([source, existsSync(join(ROOT, source)), isDockerIgnored(ignored, source)]).toEqual([source, true, false]);
        const into = copy.dest.endsWith('/') || copy.sources.length > 1 ? join(copy.dest, basename(source)) : copy.dest;
        const target = join(buildDir, posix.relative(workdir(build), posix.resolve(workdir(build), into)));
        mkdirSync(dirname(target), { recursive: true });
        cpSync(join(ROOT, source), target, {
          recursive: true,
          filter: (path) => !isDockerIgnored(ignored, posix.relative(ROOT, path.split('\\').join('/'))),
        });
      }
    }
    // `npm ci`: the same lockfile, so the repository's own node_modules.
    symlinkSync(join(ROOT, 'node_modules'), join(buildDir, 'node_modules'), 'dir');
    // `npm pack` (its prepack builds dist/ from what the context gave), unpacked into the runtime's work dir.
    const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
    const out = tempDir('dts-image-pack-');
    const result = await run(NPM, ['pack', '--json', '--pack-destination', out], { cwd: buildDir, env, maxBuffer: 16 * 1024 * 1024 });
    const manifest = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as [{ filename: string; files: { path: string }[] }];
    packed = manifest[0].files.map((file) => file.path);
    appDir = tempDir('dts-image-app-');
    await run('tar', ['-xzf', join(out, manifest[0].filename), '-C', appDir, '--strip-components=1']);
    for (const copy of copiesOf(runtime).filter((each) => each.from === undefined)) {
      for (const source of copy.sources) copyFileSync(join(ROOT, source), join(appDir, basename(source)));
    }
    // `npm ci --omit=dev` (test/ops/production-install.test.ts runs the real one).
    symlinkSync(join(ROOT, 'node_modules'), join(appDir, 'node_modules'), 'dir');
  }, 180_000);

  /** The image's environment with its paths on this machine: the work dir, the volume, and a free port. */
  async function containerEnv(): Promise<Record<string, string>> {
    const dataDir = tempDir('dts-image-volume-');
    const onThisMachine = (value: string): string => {
      for (const volume of volumes) if (value === volume || value.startsWith(`${volume}/`)) return dataDir + value.slice(volume.length);
      const app = workdir(runtime);
      return value === app || value.startsWith(`${app}/`) ? appDir + value.slice(app.length) : value;
    };
    const env = Object.fromEntries(Object.entries(imageEnv).map(([name, value]) => [name, onThisMachine(value)]));
    return { ...env, HOME: tempDir('dts-image-home-'), PORT: String(await freePort()) };
  }

  it('builds and packs from only the files it COPYs out of the context .dockerignore leaves', () => {
    // The build ran in beforeAll; what the runtime stage runs is in the package.
    const commands = [execForm(argsOf(runtime, 'CMD').at(-1) ?? '[]'), healthcheckOf(runtime).command];
    for (const command of commands) expect(packed).toContain(command[1]);
    for (const name of ['TOKENS_SOURCE', 'TOKENS_KEYS']) {
      const path = imageEnv[name] as string;
      expect(path.startsWith(`${workdir(runtime)}/`), `${name}=${path} is in the package`).toBe(true);
      const inPackage = path.slice(workdir(runtime).length + 1);
      expect(
        packed.some((file) => file === inPackage || file.startsWith(`${inPackage}/`)),
        `${name}=${path}`,
      ).toBe(true);
    }
  });

  it(
    'starts as CMD says with the image’s ENV, serves the shipped examples to the demo key, and passes its HEALTHCHECK in the start period',
    {
      timeout: 60_000,
    },
    async () => {
      const env = await containerEnv();
      const cmd = execForm(argsOf(runtime, 'CMD').at(-1) ?? '[]');
      const healthcheck = healthcheckOf(runtime);
      const check = (): Promise<number> =>
        runExecForm(healthcheck.command, { cwd: appDir, env, timeoutMs: healthcheck.options['timeout'] ?? 30_000 });
      expect(await check(), 'nothing listens yet').toBe(1);

      const server = startExecForm(cmd, { cwd: appDir, env });
      const healthy = await becomes(async () => (await check()) === 0, healthcheck.options['start-period'] ?? 0);
      expect(healthy, server.output()).toBe(true);
      const base = `http://127.0.0.1:${env['PORT']}`;
      const response = await fetch(`${base}/api/v1/design-system`, { headers: bearer(DEMO_KEY) });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: { slug: string } }).data.slug).toBe('acme');

      // STOPSIGNAL: the server drains and exits 0 within its shutdown timeout; then the health check fails.
      const [signal] = argsOf(runtime, 'STOPSIGNAL');
      server.child.kill(signal as NodeJS.Signals);
      const timeoutMs = parseServeConfig([], env).shutdownTimeoutMs ?? 0;
      const code = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('timed out'), timeoutMs + 2_000))]);
      expect(code).toBe(0);
      expect(await check()).toBe(1);
    },
  );

  it('listens on the EXPOSEd port on every interface, and sets only variables the server reads', () => {
    const config = parseServeConfig([], imageEnv);
    expect(argsOf(runtime, 'EXPOSE')).toEqual([String(config.port)]);
    // Published ports reach a container from outside its loopback.
    expect(['0.0.0.0', '::']).toContain(config.host);
    const reads = variablesServeReads();
    expect(Object.keys(imageEnv).filter((name) => !reads.has(name) && !NODE_VARIABLES.includes(name))).toEqual([]);
  });

  it('runs as a non-root user; trusts mounted repositories system-wide, as root, before switching user', () => {
    const user = argsOf(runtime, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    // `git config --system` writes /etc/gitconfig: only root can (test/ops/container-runtime.test.ts uses the value).
    const keywords = runtime.instructions.map((instruction) => instruction.keyword);
    const safeDirectory = runtime.instructions.findIndex((instruction) =>
      instruction.args.includes('git config --system --add safe.directory'),
    );
    expect(safeDirectory).toBeGreaterThan(-1);
    expect(safeDirectory).toBeLessThan(keywords.indexOf('USER'));
  });
});

interface PodContainer {
  readonly ports: { name: string; containerPort: number }[];
  readonly env: { name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }[];
  readonly volumeMounts: { name: string; mountPath: string; readOnly?: boolean }[];
  readonly readinessProbe: { httpGet: { path: string; port: string | number } };
  readonly livenessProbe: { httpGet: { path: string; port: string | number } };
  readonly startupProbe: { httpGet: { path: string; port: string | number }; periodSeconds: number; failureThreshold: number };
  readonly lifecycle: { preStop: { sleep: { seconds: number } } };
  readonly securityContext: { readOnlyRootFilesystem?: boolean };
}

interface Manifest {
  readonly kind: string;
  readonly metadata: { name: string; labels?: Record<string, string> };
  readonly stringData?: Record<string, string>;
  readonly spec: {
    replicas?: number;
    minAvailable?: number;
    selector: { matchLabels?: Record<string, string> } & Record<string, unknown>;
    ports?: { name: string; port: number; targetPort: string | number }[];
    template?: {
      metadata: { labels: Record<string, string>; annotations: Record<string, string> };
      spec: {
        containers: PodContainer[];
        terminationGracePeriodSeconds: number;
        securityContext: { runAsNonRoot?: boolean; runAsUser?: number };
        volumes: { name: string; secret?: { secretName: string; items: { key: string; path: string }[] } }[];
      };
    };
  };
}

describe('deploy/kubernetes.yaml, run without a cluster', () => {
  const manifests = parseAllDocuments(read('deploy/kubernetes.yaml')).map((document) => {
    expect(document.errors).toEqual([]);
    return document.toJS() as Manifest;
  });
  const byKind = (kind: string): Manifest => {
    const found = manifests.find((manifest) => manifest.kind === kind);
    if (found === undefined) throw new Error(`deploy/kubernetes.yaml has no ${kind}`);
    return found;
  };
  const deployment = byKind('Deployment');
  const pod = deployment.spec.template as NonNullable<Manifest['spec']['template']>;
  const container = pod.spec.containers[0] as PodContainer;
  const secret = byKind('Secret');
  /** The container's environment as Kubernetes gives it: values, and references into the Secret resolved. */
  const podEnv: Record<string, string> = Object.fromEntries(
    container.env.map((variable) => {
      const ref = variable.valueFrom?.secretKeyRef;
      if (ref === undefined) return [variable.name, variable.value ?? ''];
      expect(ref.name).toBe(secret.metadata.name);
      // A key the Secret lacks keeps the pod from starting (CreateContainerConfigError).
      expect(secret.stringData?.[ref.key], `${variable.name}: the Secret's ${ref.key}`).toBeDefined();
      return [variable.name, secret.stringData?.[ref.key] as string];
    }),
  );
  const config = parseServeConfig([], podEnv);
  /** A probe's port, a name of the container's ports or a number. */
  const portNumber = (port: string | number): number | undefined =>
    typeof port === 'number' ? port : container.ports.find((each) => each.name === port)?.containerPort;

  it('runs several replicas, and the Service, the disruption budget and the Deployment select its pods; a node can still drain', () => {
    expect(manifests.map((manifest) => manifest.kind).sort()).toEqual(['Deployment', 'PodDisruptionBudget', 'Secret', 'Service']);
    const labels = pod.metadata.labels;
    for (const selector of [
      deployment.spec.selector.matchLabels,
      byKind('PodDisruptionBudget').spec.selector.matchLabels,
      byKind('Service').spec.selector,
    ]) {
      expect(selector).toBeDefined();
      expect(labels).toMatchObject(selector as Record<string, string>);
    }
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(byKind('PodDisruptionBudget').spec.minAvailable).toBeLessThan(deployment.spec.replicas as number);
  });

  it('the server listens on the container port on every interface; the probes, the Service and Prometheus use that port', () => {
    expect(container.ports.map((port) => port.containerPort)).toEqual([config.port]);
    expect(['0.0.0.0', '::']).toContain(config.host);
    for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe])
      expect(portNumber(probe.httpGet.port)).toBe(config.port);
    for (const port of byKind('Service').spec.ports ?? []) expect(portNumber(port.targetPort)).toBe(config.port);
    expect(Number(pod.metadata.annotations['prometheus.io/port'])).toBe(config.port);
  });

  it('gives a stopping pod the preStop pause plus the shutdown timeout the server reads', () => {
    const needed = container.lifecycle.preStop.sleep.seconds + (config.shutdownTimeoutMs ?? 0) / 1000;
    expect(pod.spec.terminationGracePeriodSeconds).toBeGreaterThan(needed);
  });

  it('runs as a numeric non-root user (the image names its user) and writes only to writable volumes', () => {
    expect(pod.spec.securityContext.runAsNonRoot).toBe(true);
    // The kubelet can only check a numeric user is not root: the image's `USER node` is a name.
    expect(pod.spec.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
    const writable = container.volumeMounts.filter((mount) => mount.readOnly !== true).map((mount) => mount.mountPath);
    // The Git mirror lives in the data dir; git writes temporary files in /tmp.
    for (const path of [config.dataDir ?? '', '/tmp'])
      expect(
        writable.some((mount) => path === mount || path.startsWith(`${mount}/`)),
        `${path} on a writable volume`,
      ).toBe(true);
  });

  it('sets only variables the server reads and the README documents', () => {
    const reads = variablesServeReads();
    const readme = read('README.md');
    expect(Object.keys(podEnv).filter((name) => !reads.has(name) || !readme.includes(`| \`${name}\` |`))).toEqual([]);
  });

  it(
    'a server with the pod’s environment, volumes and Secret answers the probes and Prometheus’s scrape',
    { timeout: 60_000 },
    async () => {
      // The volumes: a folder each, the Secret's items written into its volume.
      const mounts = container.volumeMounts.map((mount) => {
        const dir = tempDir('dts-pod-volume-');
        const volume = pod.spec.volumes.find((each) => each.name === mount.name);
        expect(volume, mount.name).toBeDefined();
        for (const item of volume?.secret?.items ?? []) {
          expect(volume?.secret?.secretName).toBe(secret.metadata.name);
          writeFileSync(join(dir, item.path), secret.stringData?.[item.key] as string);
        }
        return { path: mount.mountPath, dir };
      });
      const onThisMachine = (path: string): string => {
        const mount = mounts.find((each) => path === each.path || path.startsWith(`${each.path}/`));
        expect(mount, `${path} is on a volume (the root file system is read-only)`).toBeDefined();
        return (mount?.dir as string) + path.slice(mount?.path.length);
      };
      // The repository it follows: the example design systems in the folder and on the branch the pod names.
      const repo = tempDir('dts-pod-remote-');
      cpSync(EXAMPLE_SOURCE, join(repo, podEnv['TOKENS_REMOTE_PATH'] ?? ''), { recursive: true });
      const git = (...args: string[]): string =>
        execFileSync('git', args, {
          cwd: repo,
          encoding: 'utf8',
          env: {
            ...process.env,
            GIT_CONFIG_NOSYSTEM: '1',
            GIT_AUTHOR_NAME: 't',
            GIT_AUTHOR_EMAIL: 't@example.com',
            GIT_COMMITTER_NAME: 't',
            GIT_COMMITTER_EMAIL: 't@example.com',
          },
        });
      git('init', '-q', '-b', podEnv['TOKENS_BRANCH'] ?? 'main');
      git('add', '.');
      git('commit', '-q', '-m', 'design systems');

      const port = await freePort();
      const env = {
        ...podEnv,
        TOKENS_REMOTE: pathToFileURL(repo).href,
        TOKENS_KEYS: onThisMachine(podEnv['TOKENS_KEYS'] ?? ''),
        TOKENS_DATA_DIR: onThisMachine(podEnv['TOKENS_DATA_DIR'] ?? ''),
        HOME: tempDir('dts-pod-home-'),
        TMPDIR: onThisMachine('/tmp'),
        PORT: String(port),
      };
      expect(statSync(env.TOKENS_KEYS).isFile()).toBe(true);
      const server = startExecForm(['node', inject('cliPath'), 'serve'], { cwd: tempDir('dts-pod-workdir-'), env });
      const answers = (path: string, headers: Record<string, string> = {}): Promise<number> =>
        fetch(`http://127.0.0.1:${port}${path}`, { headers }).then(
          (response) => response.status,
          () => 0,
        );

      const startup = container.startupProbe;
      const started = await becomes(
        async () => (await answers(startup.httpGet.path)) === 200,
        startup.periodSeconds * startup.failureThreshold * 1000,
      );
      expect(started, server.output()).toBe(true);
      expect(await answers(container.readinessProbe.httpGet.path)).toBe(200);
      expect(await answers(container.livenessProbe.httpGet.path)).toBe(200);
      const metrics = pod.metadata.annotations['prometheus.io/path'] as string;
      expect(await answers(metrics, bearer(podEnv['TOKENS_METRICS_TOKEN'] ?? ''))).toBe(200);
      expect(await answers(metrics)).toBe(401);
    },
  );
});

describe('Node versions', () => {
  it('the image and CI run the same Node major, one package.json’s engines accept; the README and the types follow engines', () => {
    const manifest = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };
    const minimum = /^>=(\d+)\.(\d+)\.\d+$/.exec(manifest.engines.node);
    expect(minimum, manifest.engines.node).not.toBeNull();
    const [major, minor] = [Number(minimum?.[1]), Number(minimum?.[2])];
    const images = parseDockerfile(read('Dockerfile')).map((stage) => Number(/^node:(\d+)-/.exec(stage.from)?.[1]));
    expect(new Set(images).size).toBe(1);
    expect(images[0]).toBeGreaterThanOrEqual(major);
    expect(Number(/^NODE_MAJOR=(\d+)$/m.exec(read('.ci/run'))?.[1])).toBe(images[0]);
    expect(read('README.md')).toContain(`Node.js ${major}.${minor} or newer`);
    // Types of the oldest Node supported, so the code uses nothing it lacks.
    expect(manifest.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
  });
});

describe('deploy/redis.yaml (the optional fan-out)', () => {
  it('serves Redis on the host and port the replicas are given in TOKENS_REDIS_URL, without persistence', () => {
    const manifests = parseAllDocuments(read('deploy/redis.yaml')).map((document) => {
      expect(document.errors).toEqual([]);
      return document.toJS() as { kind: string; metadata: { name: string }; spec: Record<string, unknown> };
    });
    expect(manifests.map((manifest) => manifest.kind)).toEqual(['Deployment', 'Service', 'NetworkPolicy']);
    const service = manifests[1] as unknown as { metadata: { name: string }; spec: { ports: { port: number }[] } };
    const url = new URL(/TOKENS_REDIS_URL, value: "([^"]+)"/.exec(read('deploy/kubernetes.yaml'))?.[1] ?? '');
    expect({ host: url.hostname, port: Number(url.port) }).toEqual({ host: service.metadata.name, port: service.spec.ports[0]?.port });
    expect(read('deploy/redis.yaml')).toContain('args: ["--save", "", "--appendonly", "no"');
  });
});
