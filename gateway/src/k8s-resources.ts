import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';

/** The parts of deploy/k8s's resources (k8s-manifests.ts): compose's services and variables, names, labels and probes. */
const ROOT = path.join(__dirname, '..', '..');
export const NAMESPACE = 'corretora';
export const CONFIG = 'corretora-config';
export const SECRETS = 'corretora-secrets';
export const GATEWAY_PORT = 8080;

export interface ComposeService {
  image?: string;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string | number>;
  profiles?: string[];
}

export function readCompose(): { services: Record<string, ComposeService> } {
  return parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
}

const VARIABLE = /\$\{([A-Z0-9_]+)(:\?[^}]*|:-([^}]*))?\}/g;

/** The variables compose requires (`${X:?…}`: the Secret's keys) and those it defaults (`${X:-d}`: the ConfigMap's). */
export function composeVariables(compose = readCompose()): { secrets: string[]; config: Record<string, string> } {
  const secrets = new Set<string>();
  const config: Record<string, string> = {};
  for (const service of Object.values(compose.services))
    for (const value of Object.values(service.environment ?? {}))
      for (const match of String(value).matchAll(VARIABLE)) {
        if (match[2]?.startsWith(':?')) secrets.add(match[1]!);
        else config[match[1]!] = match[3] ?? '';
      }
  return { secrets: [...secrets].sort(), config: Object.fromEntries(Object.entries(config).sort(([a], [b]) => a.localeCompare(b))) };
}

type EnvVar = { name: string; value?: string; valueFrom?: object };

/**
 * A compose environment as a container's: a secret variable from the Secret, a defaulted one from
 * the ConfigMap, and a value that names them (`postgres://…:${X}@…`) through Kubernetes' `$(X)`,
 * each variable it names defined before it.
 */
export function environment(compose: ComposeService, secrets: ReadonlySet<string>): EnvVar[] {
  const vars: EnvVar[] = [];
  const defined = new Set<string>();
  const define = (name: string) => {
    if (defined.has(name)) return;
    defined.add(name);
    vars.push({
      name,
      valueFrom: secrets.has(name) ? { secretKeyRef: { name: SECRETS, key: name } } : { configMapKeyRef: { name: CONFIG, key: name } },
    });
  };
  for (const [name, raw] of Object.entries(compose.environment ?? {})) {
    const value = String(raw);
    const whole = /^\$\{([A-Z0-9_]+)(:[?-][^}]*)?\}$/.exec(value);
    if (whole && whole[1] === name) {
      define(name);
      continue;
    }
    for (const match of value.matchAll(VARIABLE)) define(match[1]!);
    defined.add(name);
    vars.push({ name, value: value.replace(VARIABLE, (_all, variable: string) => `$(${variable})`) });
  }
  return vars;
}

export const labels = (app: string) => ({ 'app.kubernetes.io/name': app, 'app.kubernetes.io/part-of': 'corretora' });
export const meta = (name: string) => ({ name, labels: labels(name) });

export function probe(port: number, pathname: string, period: number) {
  return { httpGet: { path: pathname, port }, periodSeconds: period, timeoutSeconds: 3, failureThreshold: 3 };
}

export const documents = (resources: readonly object[]) => resources.map((resource) => stringify(resource, { lineWidth: 0 })).join('---\n');
