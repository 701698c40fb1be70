import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Client } from 'minio';

export interface ObjectStore {
  bucket: string;
  ensureBucket(): Promise<void>;
  putObject(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Streams a file from disk (an upload): never held in memory, whatever its size. */
  putFile(key: string, file: string, size: number, contentType: string): Promise<void>;
  getObject(key: string): Promise<Readable>;
  statObject(key: string): Promise<{ size: number; contentType: string }>;
  removeObject(key: string): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
  /** Every key under a prefix (what a broker's folder holds). */
  listKeys(prefix: string): Promise<string[]>;
}

const DROPPED = new Set(['EPIPE', 'ECONNRESET']);
const TRIES = 3;

/**
 * A request to the store whose connection was closed under it is sent again (at most three tries):
 * every call wrapped here is idempotent (a PUT of the same bytes, a GET, a DELETE). The usual cause is
 * a kept-alive connection the store closed while this side was busy (hashing a 64 MiB part blocks
 * the event loop past the store's idle timeout, so the client never saw the close): seen as an EPIPE
 * on a large upload under load in CI. The AWS SDKs retry these the same way; the minio client does not.
 */
async function againIfDropped<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= TRIES || code === undefined || !DROPPED.has(code)) throw error;
    }
  }
}

/**
 * S3-compatible storage (SeaweedFS in compose, s3rver in the embedded default) from S3_* variables.
 * What the product assumes of the store is test/object-store.test.ts.
 */
export function createObjectStore(env: NodeJS.ProcessEnv = process.env): ObjectStore {
  const endpoint = new URL(env.S3_ENDPOINT ?? 'http://127.0.0.1:9400');
  const bucket = env.S3_BUCKET ?? 'corretora';
  const region = env.S3_REGION ?? 'us-east-1';
  const useSSL = endpoint.protocol === 'https:';
  const client = new Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port || (useSSL ? 443 : 80)),
    useSSL,
    pathStyle: true,
    region,
    accessKey: env.S3_ACCESS_KEY ?? '',
    secretKey: env.S3_SECRET_KEY ?? '',
  });

  return {
    bucket,
    async ensureBucket() {
      if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket, region);
    },
    async putObject(key, body, contentType) {
      await againIfDropped(() => client.putObject(bucket, key, body, body.length, { 'Content-Type': contentType }));
    },
    async putFile(key, file, size, contentType) {
      // A fresh read of the file on each try: a dropped try consumed part of the last one.
      await againIfDropped(() => client.putObject(bucket, key, createReadStream(file), size, { 'Content-Type': contentType }));
    },
    getObject: (key) => againIfDropped(() => client.getObject(bucket, key)),
    async statObject(key) {
      const stat = await againIfDropped(() => client.statObject(bucket, key));
      return { size: stat.size, contentType: String(stat.metaData['content-type'] ?? 'application/octet-stream') };
    },
    async removeObject(key) {
      await againIfDropped(() => client.removeObject(bucket, key));
    },
    async listKeys(prefix) {
      const keys: string[] = [];
      for await (const item of client.listObjectsV2(bucket, prefix, true)) {
        if (item.name) keys.push(item.name);
      }
      return keys.sort();
    },
    async removePrefix(prefix) {
      const keys = await this.listKeys(prefix);
      if (keys.length > 0) await client.removeObjects(bucket, keys);
    },
  };
}
