import http from 'node:http';
import { Writable } from 'node:stream';
import Koa from 'koa';
import request from 'supertest';
import { createInternalClient } from '../src';
import { createLogger, requestLogging } from '../src/logging';

/**
 * One request id from the gateway to the last log line: every line written while a request is
 * handled carries it (whoever writes it), and a call to another service sends it on.
 */
test('the request id is on every log line of the request and goes with its calls to other services', async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const log = createLogger('test', 'info', sink);

  const seen: (string | undefined)[] = [];
  const other = http.createServer((req, res) => {
    seen.push(req.headers['x-request-id'] as string | undefined);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
  const client = createInternalClient(`http://127.0.0.1:${(other.address() as { port: number }).port}`, 'token');

  const app = new Koa();
  app.use(requestLogging(log));
  app.use(async (ctx) => {
    log.info('before the call');
    await client.get('/internal/anything');
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.info({ detail: 1 }, 'after the call');
    ctx.body = { done: true };
  });
  try {
    await request(app.callback()).get('/x').set('X-Request-Id', 'req-0123456789').expect(200);
    const generated = await request(app.callback()).get('/y').expect(200);
    log.info('outside any request');
    await new Promise((resolve) => setTimeout(resolve, 20));
    log.flush();
    await new Promise((resolve) => setTimeout(resolve, 20));

    const of = (msg: string) => lines.filter((line) => line.msg === msg).map((line) => line.requestId);
    const second = generated.headers['x-request-id'] as string;
    expect(of('before the call')).toEqual(['req-0123456789', second]);
    expect(of('after the call')).toEqual(['req-0123456789', second]);
    expect(of('request')).toEqual(['req-0123456789', second]);
    expect(of('outside any request')).toEqual([undefined]);
    expect(seen).toEqual(['req-0123456789', second]);
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});
