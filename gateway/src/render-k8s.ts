import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { k8sManifests } from './k8s-manifests';

/** Writes deploy/k8s from docker-compose.yml and the registry (`npm run render:k8s`); a test fails when they differ. */
const root = path.join(__dirname, '..', '..', 'deploy', 'k8s');
for (const [file, text] of Object.entries(k8sManifests())) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}
console.log(`Kubernetes manifests written to ${root}`);
