import { randomUUID } from 'node:crypto';
import { writeFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { createObjectStore } from '../src';

/**
 * What the product assumes of its S3-compatible store, run against the embedded one (s3rver, from the
 * test command's S3_* variables). Any store ops put in its place (compose: SeaweedFS) must keep
 * these: the list is the contract, not the store's documentation.
 */
const store = createObjectStore();
const prefix = `contract-${randomUUID()}/`;

beforeAll(async () => {
  await store.ensureBucket();
});

afterAll(async () => {
  await store.removePrefix(prefix);
});

test('creating the bucket again changes nothing (every service does it at start)', async () => {
  await expect(store.ensureBucket()).resolves.toBeUndefined();
  await expect(store.ensureBucket()).resolves.toBeUndefined();
});

test('an object reads back byte for byte with the content type it was stored with', async () => {
  const key = `${prefix}docs/apólice.pdf`;
  const body = Buffer.from('%PDF-1.7 conteúdo com acentos\n');
  await store.putObject(key, body, 'application/pdf');
  expect(await store.statObject(key)).toEqual({ size: body.length, contentType: 'application/pdf' });
  expect(await text(await store.getObject(key))).toBe(body.toString());
});

test('a file streams from disk in parts (an upload larger than one part) and reads back whole', async () => {
  const file = path.join(os.tmpdir(), `contract-${randomUUID()}`);
  // Above the client's 64 MiB single-request limit: the multipart path (and listing parts) is used.
  const size = 65 * 1024 * 1024 + 17;
  await writeFile(file, Buffer.alloc(size, 7));
  try {
    await store.putFile(`${prefix}big.bin`, file, size, 'application/octet-stream');
    expect((await store.statObject(`${prefix}big.bin`)).size).toBe(size);
  } finally {
    await rm(file, { force: true });
  }
});

/**
 * A TCP door in front of the store that cuts the first connection carrying a PUT after its first
 * bytes (what a store closing a kept-alive connection looks like to the writer: EPIPE/ECONNRESET).
 */
async function storeThatDropsTheFirstPut(): Promise<{ endpoint: string; dropped: () => number; close: () => Promise<void> }> {
  const target = new URL(process.env.S3_ENDPOINT ?? 'http://127.0.0.1:9400');
  let dropped = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      if (dropped === 0 && chunk.subarray(0, 4).toString() === 'PUT ') {
        dropped++;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    dropped: () => dropped,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

test('a write whose connection the store drops is sent again and lands once, whole', async () => {
  const door = await storeThatDropsTheFirstPut();
  try {
    const throughDoor = createObjectStore({ ...process.env, S3_ENDPOINT: door.endpoint });
    const file = path.join(os.tmpdir(), `contract-${randomUUID()}`);
    const body = Buffer.from('conteúdo da apólice '.repeat(5000));
    await writeFile(file, body);
    try {
      await throughDoor.putFile(`${prefix}dropped.bin`, file, body.length, 'application/octet-stream');
    } finally {
      await rm(file, { force: true });
    }
    expect(door.dropped()).toBe(1);
    expect(await text(await store.getObject(`${prefix}dropped.bin`))).toBe(body.toString());
  } finally {
    await door.close();
  }
});

test('a prefix lists every key under it, sorted, past a page of 1,000, and nothing outside it', async () => {
  const folder = `${prefix}many/`;
  const keys = Array.from({ length: 1005 }, (_, index) => `${folder}${String(index).padStart(4, '0')}.txt`);
  for (let start = 0; start < keys.length; start += 50) {
    await Promise.all(keys.slice(start, start + 50).map((key) => store.putObject(key, Buffer.from('x'), 'text/plain')));
  }
  await store.putObject(`${prefix}manyother.txt`, Buffer.from('y'), 'text/plain');
  expect(await store.listKeys(folder)).toEqual(keys);
  await store.removePrefix(folder);
  expect(await store.listKeys(folder)).toEqual([]);
  expect(await store.listKeys(`${prefix}manyother`)).toEqual([`${prefix}manyother.txt`]);
});

test('removing a key that is not there is not an error (deletes are retried)', async () => {
  await expect(store.removeObject(`${prefix}never-written`)).resolves.toBeUndefined();
});

test('a missing object is a NoSuchKey/NotFound error the services map to a 404', async () => {
  await expect(store.statObject(`${prefix}missing`)).rejects.toMatchObject({ code: expect.stringMatching(/^(NotFound|NoSuchKey)$/) });
  await expect(store.getObject(`${prefix}missing`)).rejects.toMatchObject({ code: 'NoSuchKey' });
});

test('a wrong secret is refused: the store checks signatures', async () => {
  const impostor = createObjectStore({ ...process.env, S3_SECRET_KEY: 'not-the-secret' });
  await expect(impostor.putObject(`${prefix}forged`, Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
    code: expect.stringMatching(/SignatureDoesNotMatch|InvalidAccessKeyId|AccessDenied/),
  });
  expect(await store.listKeys(`${prefix}forged`)).toEqual([]);
});
