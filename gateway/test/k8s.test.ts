import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { API_ROUTES, SERVICES, SERVICE_NAMES, renderNginxConfig, type ServiceName } from '@corretora/gateway-kit';
import { INTERNAL_PORT_OFFSET, REMOTE_NAMES } from '@corretora/registry';
import * as apps from 'kubernetes-models/apps/v1';
import * as batch from 'kubernetes-models/batch/v1';
import * as core from 'kubernetes-models/v1';
import * as policy from 'kubernetes-models/policy/v1';
import { parseAllDocuments } from 'yaml';
import { clusterNginxConfig, composeVariables, k8sManifests, readCompose } from '../src/k8s-manifests';

/**
 * deploy/k8s (#63): the kustomize base and the single-node overlay are what `npm run render:k8s`
 * makes of docker-compose.yml and the registry (no hand edit, no drift), every resource is valid
 * against the Kubernetes schemas (offline: kubernetes-models' JSON schemas), and the cluster runs
 * the same services, routes and secrets as compose.
 */
const ROOT = path.join(__dirname, '..', '..', 'deploy', 'k8s');

interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

const rendered = k8sManifests();
const resourcesOf = (file: string): Resource[] =>
  parseAllDocuments(readFileSync(path.join(ROOT, file), 'utf8')).map((document) => document.toJSON() as Resource);
const manifestFiles = Object.keys(rendered).filter((file) => file.endsWith('.yaml') && !file.endsWith('kustomization.yaml'));
const all = manifestFiles.flatMap((file) => resourcesOf(file).map((resource) => ({ file, resource })));
const ofKind = (kind: string) => all.filter(({ resource }) => resource.kind === kind).map(({ resource }) => resource);
const names = (kind: string) =>
  ofKind(kind)
    .map((resource) => resource.metadata.name)
    .sort();

test('deploy/k8s is exactly what npm run render:k8s makes of docker-compose.yml and the registry', () => {
  // An operator's own secrets.env (git ignores it) is not ours to compare.
  expect(
    filesUnder(ROOT)
      .filter((file) => !file.endsWith('/secrets.env'))
      .sort(),
  ).toEqual(Object.keys(rendered).sort());
  for (const [file, text] of Object.entries(rendered))
    expect({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }).toEqual({ file, text });
});

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': core.Namespace,
  'v1/ConfigMap': core.ConfigMap,
  'v1/Service': core.Service,
  'v1/PersistentVolumeClaim': core.PersistentVolumeClaim,
  'apps/v1/Deployment': apps.Deployment,
  'apps/v1/StatefulSet': apps.StatefulSet,
  'batch/v1/Job': batch.Job,
  'batch/v1/CronJob': batch.CronJob,
  'policy/v1/PodDisruptionBudget': policy.PodDisruptionBudget,
};

test.each(all.map(({ file, resource }) => [`${file} ${resource.kind}/${resource.metadata.name}`, resource] as const))(
  '%s is valid against the Kubernetes schema',
  (_name, resource) => {
    const Model = MODELS[`${resource.apiVersion}/${resource.kind}`];
    expect(Model).toBeDefined();
    expect(() => new Model!(resource as never).validate()).not.toThrow();
  },
);

test('a broken resource is refused by the same check (it can fail)', () => {
  const deployment = structuredClone(ofKind('Deployment')[0]!) as unknown as {
    spec: { template: { spec: { containers: { ports: unknown[] }[] } } };
  };
  deployment.spec.template.spec.containers[0]!.ports = [{ containerPort: 'http' }];
  expect(() => new apps.Deployment(deployment as never).validate()).toThrow(/containerPort must be integer/);
});

test('the cluster runs what compose runs: each service, the gateway, the remotes, the one-offs and the backup', () => {
  const compose = readCompose();
  expect(names('Deployment')).toEqual([...SERVICE_NAMES, 'gateway', 'pgbouncer'].sort());
  expect(names('PodDisruptionBudget')).toEqual([...SERVICE_NAMES, 'gateway', 'pgbouncer'].sort());
  expect(names('Job')).toEqual([...REMOTE_NAMES, 'db-init', 's3-init'].sort());
  expect(names('CronJob')).toEqual(['backup']);
  expect(names('StatefulSet')).toEqual(['postgres', 's3']);
  // Every compose service is one of them (book is the backup).
  const inCluster = new Set([...names('Deployment'), ...names('Job'), ...names('StatefulSet'), 'book']);
  expect(Object.keys(compose.services).filter((name) => !inCluster.has(name))).toEqual([]);
  for (const name of SERVICE_NAMES) {
    const deployment = ofKind('Deployment').find((resource) => resource.metadata.name === name) as unknown as {
      spec: {
        template: {
          spec: { containers: { command: string[]; ports: { containerPort: number }[]; readinessProbe: { httpGet: { path: string } } }[] };
        };
      };
    };
    const container = deployment.spec.template.spec.containers[0]!;
    expect(container.command).toEqual(compose.services[name]!.command);
    const port = SERVICES[name as ServiceName].defaultPort;
    expect(container.ports.map((entry) => entry.containerPort)).toEqual([port, port + INTERNAL_PORT_OFFSET]);
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    // The other services find its /internal listener by the Service's name, as on the compose network.
    expect(
      compose.services[name]!.environment?.[`${name.toUpperCase()}_INTERNAL_URL`] ?? `http://${name}:${port + INTERNAL_PORT_OFFSET}`,
    ).toBe(`http://${name}:${port + INTERNAL_PORT_OFFSET}`);
  }
});

test("the same secrets and settings as compose's, each container's variables defined before a value names them", () => {
  const { secrets, config } = composeVariables();
  const example = readFileSync(path.join(ROOT, 'overlays/single-node/secrets.env.example'), 'utf8');
  expect(
    example
      .trim()
      .split('\n')
      .map((line) => line.split('=')[0]),
  ).toEqual(secrets);
  expect(secrets).toEqual(expect.arrayContaining(['SESSION_KEYS', 'INTERNAL_TOKEN', 'INSURER_PASSWORD_KEY', 'POSTGRES_PASSWORD']));
  expect(ofKind('ConfigMap').find((resource) => resource.metadata.name === 'corretora-config')?.data).toEqual(config);
  const containers = all.flatMap(({ resource }) => {
    const spec = resource.spec as { template?: { spec: PodSpec }; jobTemplate?: { spec: { template: { spec: PodSpec } } } } | undefined;
    return (spec?.template?.spec ?? spec?.jobTemplate?.spec.template.spec)?.containers ?? [];
  });
  for (const container of containers) {
    const defined = new Set<string>();
    for (const variable of container.env ?? []) {
      for (const named of (variable.value ?? '').matchAll(/\$\(([A-Z0-9_]+)\)/g))
        expect({ variable: variable.name, names: named[1], defined: defined.has(named[1]!) }).toMatchObject({ defined: true });
      const from = variable.valueFrom?.secretKeyRef?.key;
      if (from) expect(secrets).toContain(from);
      defined.add(variable.name);
    }
  }
});
interface PodSpec {
  containers: { env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { key: string } } }[] }[];
}

test("the gateway's routes are the registry's, as compose's nginx has them: only the upstreams' addresses and the resolver differ", () => {
  const compose = renderNginxConfig({
    listen: 8080,
    upstreams: Object.fromEntries(SERVICE_NAMES.map((name) => [name, `${name}:${SERVICES[name].defaultPort}`])) as Record<
      ServiceName,
      string
    >,
    shellDir: '/srv/shell',
    remoteStoreDir: '/srv/remotes',
    resolver: '127.0.0.11',
    statusListen: '8081',
    docsDir: '/srv/api-docs',
    prefixDir: '/tmp/nginx',
  });
  const cluster = clusterNginxConfig();
  expect(ofKind('ConfigMap').find((resource) => resource.metadata.name === 'gateway-nginx')?.data?.['corretora.conf']).toBe(cluster);
  const locations = (config: string) => config.split('\n').filter((line) => /^\s*location /.test(line));
  expect(locations(cluster)).toEqual(locations(compose));
  for (const route of API_ROUTES) expect(cluster).toContain(route.prefix);
  const normalise = (config: string) => config.replace(/\.corretora\.svc\.cluster\.local/g, '').replace(/resolver \S+/g, 'resolver _');
  expect(normalise(cluster)).toBe(normalise(compose));
});

test('the kustomizations list every file rendered, and the overlay narrows only what exists', () => {
  const base = resourcesOf('base/kustomization.yaml')[0] as unknown as { resources: string[]; namespace: string };
  expect(base.namespace).toBe('corretora');
  expect(base.resources.sort()).toEqual(
    Object.keys(rendered)
      .filter((file) => file.startsWith('base/') && !file.endsWith('kustomization.yaml'))
      .map((file) => file.slice('base/'.length))
      .sort(),
  );
  const overlay = resourcesOf('overlays/single-node/kustomization.yaml')[0] as unknown as {
    resources: string[];
    replicas: { name: string }[];
    patches: { target: { kind: string; name: string } }[];
  };
  for (const resource of overlay.resources.filter((entry) => entry.endsWith('.yaml')))
    expect(Object.keys(rendered)).toContain(`overlays/single-node/${resource}`);
  expect(overlay.replicas.map((entry) => entry.name).sort()).toEqual(names('Deployment'));
  for (const { target } of overlay.patches) expect(names(target.kind)).toContain(target.name);
});
