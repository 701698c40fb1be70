import { randomUUID } from 'node:crypto';
import { writeFile, rm } from 'node:fs/promises';
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
