import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/**
 * Budget of the first screen: /login may load at most 200 KiB of gzipped JavaScript and no
 * remoteEntry. Measured in Chromium on the production build, counting every script it fetched.
 */
const BUDGET_BYTES = 200 * 1024;
const DIST = path.join(__dirname, '..', 'dist');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

function serveDist(): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://size').pathname;
    if (pathname.startsWith('/api/')) {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      return res.end('{"message":"Não autenticado."}');
    }
    if (pathname === '/remotes.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end('{"mfe-broker":"/remotes/mfe-broker/remoteEntry.js","mfe-catalogues":"/remotes/mfe-catalogues/remoteEntry.js"}');
    }
    const file = pathname.endsWith('.js') ? path.join(DIST, path.basename(pathname)) : path.join(DIST, 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': file.endsWith('.js') ? 'application/javascript' : 'text/html' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main(): Promise<void> {
  const server = await serveDist();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const scripts = new Map<string, number>();
  try {
    const page = await browser.newPage();
    page.on('response', async (response) => {
      const url = response.url();
      if (!url.endsWith('.js')) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(url, gzipSync(body).length);
    });
    await page.goto(`${base}/login`);
    await page.getByText('Bem-vindo de volta').waitFor();
    await page.waitForLoadState('networkidle');
  } finally {
    await browser.close();
    server.close();
  }

  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  const remoteEntries = [...scripts.keys()].filter((url) => url.includes('remoteEntry'));
  for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${new URL(url).pathname}`);
  }
  console.log(`/login: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KiB gzipped (budget ${BUDGET_BYTES / 1024} KiB)`);
  if (remoteEntries.length > 0) {
    console.error(`/login fetched a remoteEntry: ${remoteEntries.join(', ')}`);
    process.exit(1);
  }
  if (total > BUDGET_BYTES) {
    console.error('/login is over its JavaScript budget');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
