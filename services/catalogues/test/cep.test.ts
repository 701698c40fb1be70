import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { serviceFixture, testConfig } from '@corretora/service-kit/testing';
import { createCataloguesService } from '../src/app';
import { parseCepProvider } from '../src/config';
import { readProviderAnswer } from '../src/modules/cep/cep.service';

/**
 * GET /api/cep/{cep} against a local stub of the public CEP service (BrasilAPI's shape): a known
 * CEP, an unknown one, one that answers too late, one that fails, and the cache between them.
 */
const asked: string[] = [];
const stub = http.createServer((req, res) => {
  const cep = (req.url ?? '').split('/').pop() ?? '';
  asked.push(cep);
  if (cep === '01310100') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ cep: '01310100', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista' }));
  } else if (cep === '99999999') {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'CEP não encontrado' }));
  } else if (cep === '11111111') {
    setTimeout(() => res.writeHead(200).end('{}'), 5000).unref();
  } else {
    res.writeHead(500).end('erro');
  }
});
let providerUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/api/cep/v1/{cep}`;
});
afterAll(async () => {
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
});

const fixture = serviceFixture((databaseUrl) =>
  createCataloguesService({ ...testConfig('catalogues', databaseUrl), insurerPasswordKey: randomBytes(32), cepProviderUrl: providerUrl }),
);
const { api, broker } = fixture;

describe('GET /api/cep/{cep}', () => {
  test('a known CEP fills the address, masked or not, and the second ask is answered from the cache', async () => {
    const { cookie } = await broker();
    const found = await api().get('/api/cep/01310-100').set('Cookie', cookie);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ cep: '01310100', street: 'Avenida Paulista', district: 'Bela Vista', city: 'São Paulo', uf: 'SP' });
    const before = asked.length;
    expect((await api().get('/api/cep/01310100').set('Cookie', cookie)).body.city).toBe('São Paulo');
    expect(asked.length).toBe(before);
  });

  test('the onboarding reaches it before the brokerage is onboarded; the rest of the service stays locked', async () => {
    const { cookie } = await broker({ onboarded: false });
    expect((await api().get('/api/cep/01310100').set('Cookie', cookie)).status).toBe(200);
    expect((await api().get('/api/products').set('Cookie', cookie)).status).toBe(403);
    expect((await api().get('/api/cepx/01310100').set('Cookie', cookie)).status).toBe(403);
  });

  test('unknown: 404; the service slow or failing: 503 in pt-BR after at most 3 s; malformed: a 400 on cep; signed out: 401', async () => {
    const { cookie } = await broker();
    const unknown = await api().get('/api/cep/99999999').set('Cookie', cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'CEP não encontrado.' });
    const started = Date.now();
    const slow = await api().get('/api/cep/11111111').set('Cookie', cookie);
    expect(slow.status).toBe(503);
    expect(slow.body).toEqual({ message: 'Busca de CEP indisponível. Preencha o endereço.' });
    expect(Date.now() - started).toBeLessThan(4500);
    expect((await api().get('/api/cep/22222222').set('Cookie', cookie)).status).toBe(503);
    for (const cep of ['123', '0131010a', '01310-1000', '%2e%2e', '01310100.json'])
      expect((await api().get(`/api/cep/${cep}`).set('Cookie', cookie)).body).toEqual({
        message: 'CEP inválido. Use 8 dígitos, ex.: 01310-100',
        issues: [{ path: 'cep', message: 'CEP inválido. Use 8 dígitos, ex.: 01310-100' }],
      });
    expect((await api().get('/api/cep/01310100')).status).toBe(401);
  }, 15_000);

  test('ViaCEP’s shape reads the same; a nonsense answer is none; the provider URL must name {cep}', () => {
    expect(
      readProviderAnswer('01310100', { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }),
    ).toEqual({
      cep: '01310100',
      street: 'Avenida Paulista',
      district: 'Bela Vista',
      city: 'São Paulo',
      uf: 'SP',
    });
    expect(readProviderAnswer('99999999', { erro: true })).toBeNull();
    expect(readProviderAnswer('01310100', { state: 'São Paulo', city: 'x' })).toBeUndefined();
    expect(readProviderAnswer('01310100', 'oi')).toBeUndefined();
    expect(() => parseCepProvider('https://viacep.com.br/ws/')).toThrow(/\{cep\}/);
    expect(() => parseCepProvider('file:///etc/{cep}')).toThrow();
    expect(parseCepProvider(undefined)).toBe('https://brasilapi.com.br/api/cep/v1/{cep}');
  });
});
