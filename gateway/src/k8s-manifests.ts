/**
 * The Kubernetes manifests (deploy/k8s: a kustomize base and a single-node overlay), rendered from
 * what compose and nginx are made of — docker-compose.yml's services, commands and environment, and
 * the registry's services, ports and routes — so the three cannot drift: `npm run render:k8s` writes
 * them, and a test renders them again and compares.
 */
import { SERVICES, SERVICE_NAMES, renderNginxConfig, type ServiceName } from '@corretora/gateway-kit';
import { INTERNAL_PORT_OFFSET, REMOTE_NAMES } from '@corretora/registry';
import { stringify } from 'yaml';
import {
  CONFIG,
  GATEWAY_PORT,
  NAMESPACE,
  SECRETS,
  composeVariables,
  documents,
  environment,
  labels,
  meta,
  probe,
  readCompose,
  type ComposeService,
} from './k8s-resources';

export { NAMESPACE, composeVariables, readCompose } from './k8s-resources';

/** Two replicas of one container (named as the Deployment), with the pod's other settings. */
function deployment(name: string, container: object, pod: object): object {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(name),
    spec: {
      replicas: 2,
      selector: { matchLabels: labels(name) },
      template: { metadata: { labels: labels(name) }, spec: { ...pod, containers: [{ name, ...container }] } },
    },
  };
}

/** A service of the registry: its Deployment (two replicas), its Service (public and /internal ports) and a PodDisruptionBudget. */
function serviceResources(name: ServiceName, compose: ComposeService, secrets: ReadonlySet<string>): object[] {
  const port = SERVICES[name].defaultPort;
  const volumes = name === 'identity' ? [{ name: 'mail-outbox', emptyDir: {} }] : [];
  return [
    deployment(
      name,
      {
        image: 'corretora/service:local',
        command: compose.command,
        env: environment(compose, secrets),
        ports: [
          { name: 'http', containerPort: port },
          { name: 'internal', containerPort: port + INTERNAL_PORT_OFFSET },
        ],
        // The kit's probes: /healthz (the process answers), /readyz (its database answers).
        readinessProbe: probe(port, '/readyz', 10),
        livenessProbe: { ...probe(port, '/healthz', 20), initialDelaySeconds: 20 },
        resources: { requests: { cpu: '100m', memory: '256Mi' }, limits: { memory: '768Mi' } },
        ...(volumes.length > 0 ? { volumeMounts: [{ name: 'mail-outbox', mountPath: '/srv/mail-outbox' }] } : {}),
      },
      { securityContext: { runAsNonRoot: true, runAsUser: 1000 }, ...(volumes.length > 0 ? { volumes } : {}) },
    ),
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta(name),
      spec: {
        selector: labels(name),
        ports: [
          { name: 'http', port, targetPort: 'http' },
          { name: 'internal', port: port + INTERNAL_PORT_OFFSET, targetPort: 'internal' },
        ],
      },
    },
    disruptionBudget(name),
  ];
}

function disruptionBudget(name: string): object {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: meta(name),
    spec: { maxUnavailable: 1, selector: { matchLabels: labels(name) } },
  };
}

/** nginx as the gateway renders it for the cluster: the registry's routes, the services by their cluster names, kube-dns resolving them. */
export function clusterNginxConfig(): string {
  return renderNginxConfig({
    listen: GATEWAY_PORT,
    upstreams: Object.fromEntries(
      SERVICE_NAMES.map((name) => [name, `${name}.${NAMESPACE}.svc.cluster.local:${SERVICES[name].defaultPort}`]),
    ) as Record<ServiceName, string>,
    shellDir: '/srv/shell',
    remoteStoreDir: '/srv/remotes',
    resolver: 'kube-dns.kube-system.svc.cluster.local',
    statusListen: '8081',
    docsDir: '/srv/api-docs',
    prefixDir: '/tmp/nginx',
  });
}

function gatewayResources(): object[] {
  const name = 'gateway';
  return [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('gateway-nginx'), data: { 'corretora.conf': clusterNginxConfig() } },
    {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: meta('remotes'),
      // The remotes' jobs write, every gateway replica reads: a volume many nodes mount.
      spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: '2Gi' } } },
    },
    deployment(
      name,
      {
        image: 'corretora/gateway:local',
        command: ['nginx', '-c', '/etc/nginx/corretora.conf', '-g', 'daemon off;'],
        ports: [
          { name: 'http', containerPort: GATEWAY_PORT },
          { name: 'status', containerPort: 8081 },
        ],
        readinessProbe: probe(GATEWAY_PORT, '/healthz', 10),
        livenessProbe: probe(GATEWAY_PORT, '/healthz', 20),
        resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { memory: '256Mi' } },
        volumeMounts: [
          { name: 'nginx', mountPath: '/etc/nginx/corretora.conf', subPath: 'corretora.conf' },
          { name: 'remotes', mountPath: '/srv/remotes', readOnly: true },
        ],
      },
      {
        volumes: [
          { name: 'nginx', configMap: { name: 'gateway-nginx' } },
          { name: 'remotes', persistentVolumeClaim: { claimName: 'remotes', readOnly: true } },
        ],
      },
    ),
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta(name),
      spec: { selector: labels(name), ports: [{ name: 'http', port: GATEWAY_PORT, targetPort: 'http' }] },
    },
    disruptionBudget(name),
  ];
}

/** The port PgBouncer listens on (deploy/pgbouncer/pgbouncer.ini's listen_port, compose's pgbouncer:6432). */
const POOLER_PORT = 6432;

/**
 * compose's pgbouncer (transaction mode, deploy/pgbouncer in its image) in front of Postgres: the
 * services' DATABASE_URL names it as compose's do. Each replica opens up to max_db_connections
 * (80) to Postgres: its max_connections must exceed the replicas' sum (docs/operations.md).
 */
function poolerResources(compose: ComposeService, secrets: ReadonlySet<string>): object[] {
  const name = 'pgbouncer';
  const tcp = (period: number) => ({ tcpSocket: { port: POOLER_PORT }, periodSeconds: period, timeoutSeconds: 3, failureThreshold: 3 });
  return [
    deployment(
      name,
      {
        image: compose.image,
        env: environment(compose, secrets),
        ports: [{ name: 'postgres', containerPort: POOLER_PORT }],
        readinessProbe: tcp(5),
        livenessProbe: tcp(20),
        resources: { requests: { cpu: '100m', memory: '32Mi' }, limits: { memory: '128Mi' } },
      },
      {},
    ),
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta(name),
      spec: { selector: labels(name), ports: [{ name: 'postgres', port: POOLER_PORT, targetPort: 'postgres' }] },
    },
    disruptionBudget(name),
  ];
}

/** A one-off of compose (db-init, s3-init, a remote's ship) as a Job: its image, command and environment. */
function job(
  name: string,
  compose: ComposeService,
  secrets: ReadonlySet<string>,
  extra: { image?: string; volumes?: boolean } = {},
): object {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: meta(name),
    spec: { backoffLimit: 6, template: { metadata: { labels: labels(name) }, spec: podSpec(name, compose, secrets, extra) } },
  };
}

function podSpec(
  name: string,
  compose: ComposeService,
  secrets: ReadonlySet<string>,
  extra: { image?: string; volumes?: boolean; backups?: boolean },
) {
  const command = [...(compose.entrypoint ?? []), ...(compose.command ?? [])];
  const env = environment(compose, secrets);
  return {
    restartPolicy: 'OnFailure',
    // The backup reads every service's files as compose's book does (root); a remote's ship writes the volume as the image's user.
    ...(extra.backups ? { securityContext: { runAsUser: 0 } } : extra.volumes ? { securityContext: { fsGroup: 1000 } } : {}),
    containers: [
      {
        name,
        image: extra.image ?? compose.image ?? 'corretora/service:local',
        ...(command.length > 0 ? { command } : {}),
        ...(env.length > 0 ? { env } : {}),
        ...(extra.volumes
          ? {
              volumeMounts: [
                { name: 'remotes', mountPath: '/srv/remotes' },
                ...(extra.backups ? [{ name: 'backups', mountPath: '/backups' }] : []),
              ],
            }
          : {}),
      },
    ],
    ...(extra.volumes
      ? {
          volumes: [
            { name: 'remotes', persistentVolumeClaim: { claimName: 'remotes' } },
            ...(extra.backups ? [{ name: 'backups', persistentVolumeClaim: { claimName: 'backups' } }] : []),
          ],
        }
      : {}),
  };
}

/** compose's `book` (the backup) as a nightly CronJob writing to its own volume. */
function backupResources(compose: ComposeService, secrets: ReadonlySet<string>): object[] {
  return [
    {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: meta('backups'),
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '20Gi' } } },
    },
    {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: meta('backup'),
      spec: {
        // 03:00 in São Paulo: the business's quiet hour.
        schedule: '0 3 * * *',
        timeZone: 'America/Sao_Paulo',
        concurrencyPolicy: 'Forbid',
        jobTemplate: {
          spec: {
            backoffLimit: 2,
            template: {
              metadata: { labels: labels('backup') },
              spec: podSpec('backup', compose, secrets, { volumes: true, backups: true }),
            },
          },
        },
      },
    },
  ];
}

const HEADER = '# Rendered by `npm run render:k8s` (gateway/src/k8s-manifests.ts) from docker-compose.yml and the registry: do not edit.\n';

/** Every file of deploy/k8s, by its path there. */
export function k8sManifests(): Record<string, string> {
  const compose = readCompose();
  const { secrets, config } = composeVariables(compose);
  const secret = new Set(secrets);
  const services = SERVICE_NAMES.map((name) => [`base/${name}.yaml`, documents(serviceResources(name, compose.services[name]!, secret))]);
  const remotes = REMOTE_NAMES.map((name) =>
    job(name, { ...compose.services[name], environment: { REMOTE: name } }, secret, { volumes: true }),
  );
  const files: Record<string, string> = {
    'base/namespace.yaml': documents([{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE } }]),
    'base/config.yaml': documents([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(CONFIG), data: config }]),
    ...Object.fromEntries(services),
    'base/pgbouncer.yaml': documents(poolerResources(compose.services.pgbouncer!, secret)),
    'base/gateway.yaml': documents(gatewayResources()),
    'base/remotes.yaml': documents(remotes),
    'base/setup.yaml': documents([
      job('db-init', compose.services['db-init']!, secret),
      job('s3-init', compose.services['s3-init']!, secret),
    ]),
    'base/backup.yaml': documents(backupResources(compose.services.book!, secret)),
  };
  const resources = Object.keys(files).map((file) => file.slice('base/'.length));
  files['base/kustomization.yaml'] = stringify({
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    namespace: NAMESPACE,
    resources,
  });
  files['overlays/single-node/kustomization.yaml'] = stringify({
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    namespace: NAMESPACE,
    resources: ['../../base', 'postgres.yaml', 's3.yaml'],
    // secrets.env (copied from secrets.env.example, never committed): the same names as compose's .env.
    secretGenerator: [{ name: SECRETS, envs: ['secrets.env'] }],
    generatorOptions: { disableNameSuffixHash: true },
    // One node: one replica each, and the gateway reachable on the node's port 30080.
    replicas: [...SERVICE_NAMES, 'pgbouncer', 'gateway'].map((name) => ({ name, count: 1 })),
    patches: [
      {
        target: { kind: 'Service', name: 'gateway' },
        patch: stringify([
          { op: 'add', path: '/spec/type', value: 'NodePort' },
          { op: 'add', path: '/spec/ports/0/nodePort', value: 30080 },
        ]),
      },
      {
        target: { kind: 'PersistentVolumeClaim', name: 'remotes' },
        patch: stringify([{ op: 'replace', path: '/spec/accessModes', value: ['ReadWriteOnce'] }]),
      },
    ],
  });
  files['overlays/single-node/secrets.env.example'] = secrets.map((name) => `${name}=`).join('\n') + '\n';
  files['overlays/single-node/postgres.yaml'] = documents(
    statefulInfra('postgres', compose.services.postgres!, secret, 5432, '/var/lib/postgresql'),
  );
  files['overlays/single-node/s3.yaml'] = documents(statefulInfra('s3', compose.services.s3!, secret, 8333, '/data'));
  return Object.fromEntries(Object.entries(files).map(([file, text]) => [file, file.endsWith('.yaml') ? HEADER + text : text]));
}

/** A single node's Postgres or S3 store (production uses managed ones: DATABASE_URL and S3_ENDPOINT point there). */
function statefulInfra(name: string, compose: ComposeService, secrets: ReadonlySet<string>, port: number, dataPath: string): object[] {
  const command = [...(compose.entrypoint ?? []), ...(compose.command ?? [])].map((part) => part.replace(/\$\$/g, '$'));
  return [
    {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: meta(name),
      spec: {
        serviceName: name,
        replicas: 1,
        selector: { matchLabels: labels(name) },
        template: {
          metadata: { labels: labels(name) },
          spec: {
            containers: [
              {
                name,
                image: compose.image,
                ...(command.length > 0 ? { command } : {}),
                env: environment(compose, secrets),
                ports: [{ name: 'main', containerPort: port }],
                volumeMounts: [{ name: 'data', mountPath: dataPath }],
              },
            ],
          },
        },
        volumeClaimTemplates: [
          { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '20Gi' } } } },
        ],
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta(name),
      spec: { selector: labels(name), ports: [{ name: 'main', port, targetPort: 'main' }] },
    },
  ];
}
