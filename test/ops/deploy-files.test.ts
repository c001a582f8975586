import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const read = (path: string): string => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

interface Container {
  readinessProbe: { httpGet: { path: string; port: string } };
  livenessProbe: { httpGet: { path: string; port: string } };
  resources: { requests: { cpu: string; memory: string } };
  env: { name: string }[];
  ports: { name: string; containerPort: number }[];
}

describe('deploy/kubernetes.yaml', () => {
  const documents = parseAllDocuments(read('deploy/kubernetes.yaml')).map((document) => {
    expect(document.errors).toEqual([]);
    return document.toJS() as { kind: string; spec: unknown };
  });

  it('runs several replicas with readiness and liveness probes, resource requests and a Service', () => {
    expect(documents.map((document) => document.kind)).toEqual(['Secret', 'Deployment', 'Service', 'PodDisruptionBudget']);
    const deployment = documents[1] as unknown as {
      spec: { replicas: number; template: { spec: { containers: Container[]; terminationGracePeriodSeconds: number } } };
    };
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    const container = deployment.spec.template.spec.containers[0] as Container;
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.resources.requests).toEqual({ cpu: '100m', memory: '192Mi' });
    expect(container.ports).toEqual([{ name: 'http', containerPort: 3000 }]);
    expect(container.env.map((variable) => variable.name)).toContain('TOKENS_REMOTE');
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(20 + 5);
    const service = documents[2] as unknown as { spec: { ports: { targetPort: string }[] } };
    expect(service.spec.ports[0]?.targetPort).toBe('http');
  });

  it('sets only variables the README documents', () => {
    const readme = read('README.md');
    const deployment = documents[1] as unknown as { spec: { template: { spec: { containers: Container[] } } } };
    const names = (deployment.spec.template.spec.containers[0] as Container).env.map((variable) => variable.name);
    const undocumented = names.filter((name) => name !== 'TOKENS_REMOTE' && !readme.includes(`| \`${name}\` |`));
    expect(undocumented).toEqual([]);
  });
});

describe('Node versions', () => {
  it('supports the active LTS lines 22 and 24, in package.json, the README and the image', () => {
    const manifest = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };
    expect(manifest.engines.node).toBe('>=22.12.0');
    expect(manifest.devDependencies['@types/node']).toMatch(/^\^22\./);
    expect(read('README.md')).toContain('Node.js 22.12 or newer');
    expect(read('Dockerfile')).toMatch(/^FROM node:24-/m);
    expect(read('.ci/run')).toMatch(/^NODE_MAJOR=24$/m);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds in two stages on the Node LTS image and runs the packaged server as a non-root user with a health check', () => {
    expect(dockerfile.match(/^FROM node:24-bookworm-slim/gm)?.length).toBe(2);
    expect(dockerfile).toContain('RUN npm pack --pack-destination /tmp');
    expect(dockerfile).toContain('npm ci --omit=dev --ignore-scripts');
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends git /);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HOST=0\.0\.0\.0/);
    expect(dockerfile).toMatch(/^HEALTHCHECK .* CMD \["node", "dist\/healthcheck\.js"\]$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/cli\.js", "serve"\]$/m);
  });

  it('pulls no extra image for its syntax, and lets git read a mounted work tree owned by another user', () => {
    expect(dockerfile).not.toMatch(/^# *syntax=/m);
    // In the runtime stage, as root, before USER node (test/ops/container-runtime.test.ts uses this very value).
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime.indexOf("git config --system --add safe.directory '*'")).toBeGreaterThan(-1);
    expect(runtime.indexOf("git config --system --add safe.directory '*'")).toBeLessThan(runtime.indexOf('\nUSER node'));
  });

  it('copies only what .dockerignore leaves in the context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'));
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) => (match[1] as string).split(' '));
    expect(copied.filter((path) => ignored.includes(path))).toEqual([]);
    expect(ignored).toEqual(expect.arrayContaining(['.git', 'node_modules', 'dist', '.env']));
  });
});
