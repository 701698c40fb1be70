import { setTimeout as sleep } from 'node:timers/promises';
import { createObjectStore } from './object-store';

/**
 * `node --import tsx packages/service-kit/src/ensure-bucket.ts`: creates S3_BUCKET when it does not
 * exist, with the S3_* keys given (compose's s3-init, with the store's admin pair: the services' own
 * pairs may use the bucket but not create one). Idempotent. The store's S3 gateway may answer a few
 * seconds after its health check passes, so it tries for a minute before it exits non-zero with the reason.
 */
async function main(): Promise<void> {
  const store = createObjectStore();
  for (let attempt = 1; ; attempt++) {
    try {
      await store.ensureBucket();
      console.log(`bucket ${store.bucket} is ready`);
      return;
    } catch (error) {
      if (attempt >= 30) throw error;
      await sleep(2000);
    }
  }
}

main().catch((error: unknown) => {
  console.error('could not create the bucket:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
