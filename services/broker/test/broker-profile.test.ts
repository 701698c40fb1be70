import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXAMPLE_BROKERAGE } from '@corretora/contracts/examples';
import { memberOf, serviceFixture, sessionCookieFor, testConfig } from '@corretora/service-kit/testing';
import request from 'supertest';
import { createBrokerService } from '../src/app';

let databaseUrl = '';
const fixture = serviceFixture((url) => {
  databaseUrl = url;
  return createBrokerService({ ...testConfig('broker', url), cataloguesUrl: null, pipelineUrl: null, financeUrl: null });
});
const { api, broker } = fixture;

const PROFILE = { ...EXAMPLE_BROKERAGE, isOnboardingComplete: true };

// The smallest valid PNG (1x1) and JPEG headers: real images as file-type sees them.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function onboarded() {
  const session = await broker();
  const response = await api().post('/api/broker-profile').set('Cookie', session.cookie).send(PROFILE);
  expect(response.status).toBe(201);
  return session;
}

describe('broker profile', () => {
  test('signed out: 401 on every endpoint', async () => {
    for (const [method, path] of [
      ['get', '/api/broker-profile'],
      ['post', '/api/broker-profile'],
      ['put', '/api/broker-profile'],
      ['post', '/api/broker-profile/restart'],
      ['post', '/api/broker-profile/photo'],
      ['get', '/api/broker-profile/photo'],
      ['get', '/api/dashboard/stats'],
    ] as const) {
      const response = await api()[method](path);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Não autenticado.' });
    }
  });

  test('no profile yet is null', async () => {
    const { cookie } = await broker();
    const response = await api().get('/api/broker-profile').set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
  });

  test('the onboarding save stores normalised values and returns them', async () => {
    const { cookie } = await onboarded();
    const response = await api().get('/api/broker-profile').set('Cookie', cookie);
    expect(response.body).toMatchObject({
      name: 'Ana Souza',
      phone: '11987654321',
      cpf: '52998224725',
      cnpj: '11222333000181',
      zipCode: '01310100',
      susepNumber: '123456789',
      susepExpiry: '2027-12-31',
      insuranceTypes: ['auto', 'vida'],
      monthlyPolicies: 20,
      complement: 'Sala 42',
      website: null,
      isOnboardingComplete: true,
      photoUrl: null,
    });
    // A second POST replaces the profile (200, not a second row).
    const again = await api()
      .post('/api/broker-profile')
      .set('Cookie', cookie)
      .send({ ...PROFILE, noComplement: true });
    expect(again.status).toBe(200);
    expect(again.body.complement).toBeNull();
    // What the wizard sends is the schema's normalised output: complement null with the flag on.
    const normalised = {
      ...PROFILE,
      phone: '11987654321',
      cpf: '52998224725',
      cnpj: '11222333000181',
      zipCode: '01310100',
      complement: null,
      noComplement: true,
    };
    expect((await api().post('/api/broker-profile').set('Cookie', cookie).send(normalised)).status).toBe(200);
  });

  test('PUT changes only the given fields; restart keeps the data', async () => {
    const { cookie } = await onboarded();
    const updated = await api()
      .put('/api/broker-profile')
      .set('Cookie', cookie)
      .send({ name: 'Ana Maria Souza', phone: '+55 11 91234-5678' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Ana Maria Souza', phone: '11912345678', cpf: '52998224725' });
    const restarted = await api().post('/api/broker-profile/restart').set('Cookie', cookie);
    expect(restarted.status).toBe(200);
    expect(restarted.body).toMatchObject({ isOnboardingComplete: false, name: 'Ana Maria Souza' });
  });

  test("the owner's CPF and mobile reach owner and admins only (#58)", async () => {
    const owner = await onboarded();
    const read = async (role: 'admin' | 'producer' | 'assistant') =>
      (
        await api()
          .get('/api/broker-profile')
          .set('Cookie', await sessionCookieFor(fixture.service, memberOf(owner.user, role)))
      ).body;
    expect(await read('admin')).toMatchObject({ cpf: '52998224725', phone: '11987654321', cnpj: '11222333000181' });
    for (const role of ['producer', 'assistant'] as const) {
      const profile = await read(role);
      expect(profile).toMatchObject({ cpf: null, phone: null, cnpj: '11222333000181', name: 'Ana Souza' });
      expect(JSON.stringify(profile)).not.toContain('52998224725');
    }
  });

  test('PUT and restart without a profile are 404', async () => {
    const { cookie } = await broker();
    expect((await api().put('/api/broker-profile').set('Cookie', cookie).send({ name: 'X' })).status).toBe(404);
    const restart = await api().post('/api/broker-profile/restart').set('Cookie', cookie);
    expect(restart.status).toBe(404);
    expect(restart.body).toEqual({ message: 'Perfil da corretora não encontrado.' });
  });

  test.each([
    [
      'bad CPF and CNPJ',
      { ...PROFILE, cpf: '111.111.111-11', cnpj: '11.222.333/0001-82' },
      {
        cpf: 'CPF inválido. Use 11 dígitos ou formato especial com XX',
        cnpj: 'CNPJ deve ter 14 dígitos e ser válido',
      },
    ],
    [
      'wrong types',
      { ...PROFILE, name: 42, insuranceTypes: 'auto', monthlyPolicies: 'muitas' },
      {
        name: 'Nome é obrigatório',
        insuranceTypes: 'Selecione pelo menos um tipo de seguro',
        monthlyPolicies: 'Informe um número inteiro entre 0 e 99999',
      },
    ],
    [
      'huge strings',
      { ...PROFILE, companyName: 'x'.repeat(10_000), address: 'y'.repeat(10_000) },
      {
        companyName: 'Máximo de 100 caracteres',
        address: 'Máximo de 150 caracteres',
      },
    ],
    ['no insurance type', { ...PROFILE, insuranceTypes: [] }, { insuranceTypes: 'Selecione pelo menos um tipo de seguro' }],
  ])('bad input (%s): 400 with pt-BR field messages, nothing stored', async (_label, body, expected) => {
    const { cookie } = await broker();
    const response = await api().post('/api/broker-profile').set('Cookie', cookie).send(body);
    expect(response.status).toBe(400);
    const messages = Object.fromEntries(response.body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(messages).toMatchObject(expected);
    expect((await api().get('/api/broker-profile').set('Cookie', cookie)).body).toBeNull();
  });

  test('malformed JSON is a 400 and changes nothing', async () => {
    const { cookie } = await onboarded();
    const response = await api().put('/api/broker-profile').set('Cookie', cookie).set('Content-Type', 'application/json').send('{"name":');
    expect(response.status).toBe(400);
    expect((await api().get('/api/broker-profile').set('Cookie', cookie)).body.name).toBe('Ana Souza');
  });

  test("another broker's session never reads or changes this broker's profile", async () => {
    const owner = await onboarded();
    const other = await broker();
    expect((await api().get('/api/broker-profile').set('Cookie', other.cookie)).body).toBeNull();
    expect((await api().put('/api/broker-profile').set('Cookie', other.cookie).send({ name: 'Intruso' })).status).toBe(404);
    expect((await api().post('/api/broker-profile/restart').set('Cookie', other.cookie)).status).toBe(404);
    expect((await api().get('/api/broker-profile/photo').set('Cookie', other.cookie)).status).toBe(404);
    const mine = await api().get('/api/broker-profile').set('Cookie', owner.cookie);
    expect(mine.body).toMatchObject({ name: 'Ana Souza', isOnboardingComplete: true });
  });
});

describe('profile photo', () => {
  test('a PNG is stored in S3 and only its owner can read it', async () => {
    const owner = await onboarded();
    const upload = await api().post('/api/broker-profile/photo').set('Cookie', owner.cookie).attach('photo', PNG, 'me.png');
    expect(upload.status).toBe(200);
    expect(upload.body.photoUrl).toMatch(/^\/api\/broker-profile\/photo\?v=\d+$/);
    const photo = await api().get('/api/broker-profile/photo').set('Cookie', owner.cookie).buffer(true);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(photo.body as Buffer, PNG)).toBe(0);
    const other = await broker();
    expect((await api().get('/api/broker-profile/photo').set('Cookie', other.cookie)).status).toBe(404);
  });

  test("a member's own photo (#58): sent by them, seen by the brokerage, never by another's", async () => {
    const owner = await onboarded();
    const paulo = memberOf(owner.user, 'producer');
    const pauloCookie = await sessionCookieFor(fixture.service, paulo);
    expect((await api().get('/api/broker-profile/member-photo').set('Cookie', pauloCookie)).body).toEqual({ photoUrl: null });
    const sent = await api().post('/api/broker-profile/member-photo').set('Cookie', pauloCookie).attach('photo', PNG, 'paulo.png');
    expect(sent.status).toBe(200);
    expect(sent.body.photoUrl).toMatch(new RegExp(`^/api/broker-profile/member-photos/${paulo.memberId}\\?v=\\d+$`));
    expect((await api().get('/api/broker-profile/member-photo').set('Cookie', pauloCookie)).body).toEqual(sent.body);
    // The owner's photo is untouched; the owner sees Paulo's.
    expect((await api().get('/api/broker-profile').set('Cookie', owner.cookie)).body.photoUrl).toBeNull();
    const seen = await api().get(`/api/broker-profile/member-photos/${paulo.memberId}`).set('Cookie', owner.cookie).buffer(true);
    expect([seen.status, seen.headers['content-type']]).toEqual([200, 'image/png']);
    expect(Buffer.compare(seen.body as Buffer, PNG)).toBe(0);
    // Another brokerage: a 404, as a malformed id; a text file is refused by its content.
    const other = await broker();
    expect((await api().get(`/api/broker-profile/member-photos/${paulo.memberId}`).set('Cookie', other.cookie)).status).toBe(404);
    expect((await api().get('/api/broker-profile/member-photos/nao-e-um-id').set('Cookie', owner.cookie)).status).toBe(404);
    const fake = await api()
      .post('/api/broker-profile/member-photo')
      .set('Cookie', pauloCookie)
      .attach('photo', Buffer.from('not really an image'), { filename: 'fake.png', contentType: 'image/png' });
    expect(fake.status).toBe(415);
  });

  test('a text file named .png is refused by its content', async () => {
    const { cookie } = await onboarded();
    const response = await api()
      .post('/api/broker-profile/photo')
      .set('Cookie', cookie)
      .attach('photo', Buffer.from('not really an image'), { filename: 'fake.png', contentType: 'image/png' });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ message: 'Envie uma imagem JPG ou PNG.' });
    expect((await api().get('/api/broker-profile').set('Cookie', cookie)).body.photoUrl).toBeNull();
  });

  test('more than 2 MB is refused', async () => {
    const { cookie } = await onboarded();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await api().post('/api/broker-profile/photo').set('Cookie', cookie).attach('photo', big, 'big.png');
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'A foto deve ter no máximo 2 MB.' });
  });

  test('a missing file is a 400', async () => {
    const { cookie } = await onboarded();
    const response = await api().post('/api/broker-profile/photo').set('Cookie', cookie).field('other', 'x');
    expect(response.status).toBe(400);
  });

  test('exactly one part: an extra field or a second file is refused and nothing is stored', async () => {
    const { cookie } = await onboarded();
    const withField = await api()
      .post('/api/broker-profile/photo')
      .set('Cookie', cookie)
      .attach('photo', PNG, 'me.png')
      .field('filler', 'x'.repeat(1024));
    expect(withField.status).toBe(400);
    expect(withField.body).toEqual({ message: 'Envie apenas a foto, no campo "photo".' });
    const fieldFirst = await api()
      .post('/api/broker-profile/photo')
      .set('Cookie', cookie)
      .field('filler', 'x')
      .attach('photo', PNG, 'me.png');
    expect(fieldFirst.status).toBe(400);
    const twoFiles = await api()
      .post('/api/broker-profile/photo')
      .set('Cookie', cookie)
      .attach('photo', PNG, 'a.png')
      .attach('photo', PNG, 'b.png');
    expect(twoFiles.status).toBe(400);
    expect((await api().get('/api/broker-profile').set('Cookie', cookie)).body.photoUrl).toBeNull();
  });
});

describe('dashboard stats', () => {
  test('without pipeline and finance deployed every figure is zero', async () => {
    const { cookie } = await onboarded();
    const response = await api().get('/api/dashboard/stats').set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      totalClients: 0,
      activePolicies: 0,
      openClaims: 0,
      pendingClaims: 0,
      monthlyRevenue: 0,
      newLeads: 0,
      totalLeads: 0,
      renewingIn30Days: 0,
      receivableThisMonth: 0,
      openDifferences: { count: 0, amount: 0 },
      repasseDue: null,
      repasseClosedUntil: null,
      unavailable: [],
      recentActivity: [],
    });
  });

  test('a service that does not answer is named in unavailable; the other figures and events still come', async () => {
    const lead = { id: 'pipeline-1', type: 'lead_created', subject: 'Maria', detail: 'Contato', at: '2026-11-23T12:00:00.000Z' };
    const figures = http.createServer((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ newLeads: 3, totalLeads: 5, totalClients: 2, recentActivity: [lead] }));
    });
    await new Promise<void>((resolve) => figures.listen(0, '127.0.0.1', resolve));
    const partial = await createBrokerService({
      ...testConfig('broker', databaseUrl),
      cataloguesUrl: null,
      pipelineUrl: `http://127.0.0.1:${(figures.address() as AddressInfo).port}`,
      financeUrl: 'http://127.0.0.1:9',
    });
    try {
      const { cookie } = await onboarded();
      const response = await request(partial.app.callback()).get('/api/dashboard/stats').set('Cookie', cookie);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        totalClients: 2,
        activePolicies: 0,
        openClaims: 0,
        pendingClaims: 0,
        monthlyRevenue: 0,
        newLeads: 3,
        totalLeads: 5,
        renewingIn30Days: 0,
        receivableThisMonth: 0,
        openDifferences: { count: 0, amount: 0 },
        repasseDue: null,
        repasseClosedUntil: null,
        unavailable: ['finance'],
        recentActivity: [lead],
      });
    } finally {
      await partial.close();
      await new Promise((resolve) => figures.close(resolve));
    }
  });
});
