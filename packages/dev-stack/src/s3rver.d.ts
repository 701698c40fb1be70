// @20minutes/s3rver ships no types; this is the part of its API the dev stack uses.
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http';
  import type Koa from 'koa';

  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver extends Koa {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer?: Server;
  }
}
