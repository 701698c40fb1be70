import { createCipheriv, randomBytes } from 'node:crypto';
import { TEST_INTERNAL_TOKEN, serviceFixture, testConfig } from '@corretora/service-kit/testing';
import request from 'supertest';
import { createCataloguesService } from '../src/app';
import { PasswordBox } from '../src/modules/sealing/password-box';

const key = randomBytes(32);
const fixture = serviceFixture((databaseUrl) =>
  createCataloguesService({ ...testConfig('catalogues', databaseUrl), insurerPasswordKey: key }),
);
const { api, broker } = fixture;
/** The internal listener, without the token (the fixture's own client sends it). */
const internal = () => request(fixture.service.internalApp.callback());

const names = (body: { name: string }[]) => body.map((item) => item.name);

describe('defaults', () => {
  test('a new account gets the default catalogues, sorted by name', async () => {
    const { cookie } = await broker();
    const products = await api().get('/api/products').set('Cookie', cookie);
    expect(products.status).toBe(200);
    expect(names(products.body)).toEqual([
      'Seguro Auto',
      'Seguro de Vida',
      'Seguro Empresarial',
      'Seguro Residencial',
      'Seguro Saúde',
      'Seguro Viagem',
    ]);
    expect(products.body.find((p: { name: string }) => p.name === 'Seguro Auto')).toMatchObject({
      isActive: true,
      line: 'auto',
      policyType: 'auto',
      iofRate: null,
    });
    // Every product has its line (#34): health is saude (its type, on the old wire, life), travel viagem; their IOF is the line's.
    expect(products.body.find((p: { name: string }) => p.name === 'Seguro Saúde')).toMatchObject({
      line: 'saude',
      policyType: 'life',
      iofRate: null,
    });
    expect(products.body.find((p: { name: string }) => p.name === 'Seguro Viagem')).toMatchObject({ line: 'viagem', iofRate: null });
    const insurers = await api().get('/api/insurers').set('Cookie', cookie);
    expect(names(insurers.body)).toEqual([
      'Allianz',
      'Azul Seguros',
      'Bradesco Seguros',
      'HDI Seguros',
      'Mapfre',
      'Porto Seguro',
      'SulAmérica',
      'Tokio Marine',
    ]);
    const sources = await api().get('/api/lead-sources').set('Cookie', cookie);
    expect(names(sources.body)).toEqual(['Evento', 'Google', 'Indicação', 'Instagram', 'Site', 'WhatsApp']);
  });

  test('created exactly once under 10 concurrent first requests', async () => {
    const { user, cookie } = await broker();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api()
          .get(['/api/products', '/api/insurers', '/api/reference-data'][i % 3]!)
          .set('Cookie', cookie),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const [table, count] of [
      ['products', 6],
      ['insurers', 8],
      ['lead_sources', 6],
      ['pipeline_stages', 4],
    ] as const) {
      const row = await fixture.service.knex(table).where({ userId: user.id }).count<{ n: string }[]>({ n: '*' }).first();
      expect(Number(row?.n)).toBe(count);
    }
  });
});

describe('CRUD', () => {
  test('create (active by default), partial update, delete', async () => {
    const { cookie } = await broker();
    // The spec's body alone: the line comes from the name, else empresarial (never a 400).
    const specBody = await api()
      .post('/api/products')
      .set('Cookie', cookie)
      .send({ name: 'Seguro Residência Plus', isActive: true, description: 'Casa' });
    expect(specBody.status).toBe(201);
    expect(specBody.body).toMatchObject({ name: 'Seguro Residência Plus', isActive: true, line: 'residencial', policyType: 'home' });
    const lineless = await api().post('/api/products').set('Cookie', cookie).send({ name: 'Seguro Bike', description: 'Bicicletas' });
    expect(lineless.status).toBe(201);
    expect(lineless.body).toMatchObject({ line: 'empresarial', policyType: 'business' });
    const created = await api()
      .post('/api/products')
      .set('Cookie', cookie)
      .send({ name: 'Seguro Bike Pro', description: 'Bicicletas', line: 'equipamentos' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Seguro Bike Pro',
      description: 'Bicicletas',
      isActive: true,
      line: 'equipamentos',
      policyType: 'business',
      iofRate: null,
    });
    // A client built on the old policy type still creates and edits: the type names its line.
    const typed = await api().post('/api/products').set('Cookie', cookie).send({ name: 'Vida Plus', policyType: 'life' });
    expect(typed.body).toMatchObject({ line: 'vida', policyType: 'life' });
    const moved = await api().patch(`/api/products/${typed.body.id}`).set('Cookie', cookie).send({ line: 'acidentes_pessoais' });
    expect(moved.body).toMatchObject({ line: 'acidentes_pessoais', policyType: 'life' });
    const wrong = await api().patch(`/api/products/${typed.body.id}`).set('Cookie', cookie).send({ line: 'health' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'line', message: 'Ramo inválido' }]);

    const toggled = await api().patch(`/api/products/${created.body.id}`).set('Cookie', cookie).send({ isActive: false });
    expect(toggled.status).toBe(200);
    expect(toggled.body).toMatchObject({ name: 'Seguro Bike Pro', description: 'Bicicletas', isActive: false });

    const renamed = await api().patch(`/api/products/${created.body.id}`).set('Cookie', cookie).send({ name: 'Seguro Bicicleta' });
    expect(renamed.body).toMatchObject({ name: 'Seguro Bicicleta', isActive: false });

    expect((await api().delete(`/api/products/${created.body.id}`).set('Cookie', cookie)).status).toBe(204);
    const list = await api().get('/api/products').set('Cookie', cookie);
    expect(names(list.body)).not.toContain('Seguro Bicicleta');
  });

  test("a product's own IOF rate: percent on the wire both ways, 0 to 25, cleared with null", async () => {
    const { cookie } = await broker();
    const created = await api()
      .post('/api/products')
      .set('Cookie', cookie)
      .send({ name: 'Seguro Odonto', line: 'odonto', iofRate: '2.38' });
    expect(created.status).toBe(201);
    expect(created.body.iofRate).toBe('2.38');
    for (const [rate, status] of [
      ['25', 200],
      ['0', 200],
      ['25.01', 400],
      ['-1', 400],
      ['7,38', 400],
      ['abc', 400],
      [7.38, 400],
    ] as const) {
      const answer = await api().patch(`/api/products/${created.body.id}`).set('Cookie', cookie).send({ iofRate: rate });
      expect([rate, answer.status]).toEqual([rate, status]);
      if (status === 400) expect(answer.body.issues[0].path).toBe('iofRate');
    }
    expect(
      (await api().patch(`/api/products/${created.body.id}`).set('Cookie', cookie).send({ iofRate: '25.01' })).body.issues[0].message,
    ).toBe('Valor acima do limite permitido');
    const cleared = await api().patch(`/api/products/${created.body.id}`).set('Cookie', cookie).send({ iofRate: null });
    expect(cleared.body.iofRate).toBeNull();
  });

  test('a duplicate name is a 409 on the name field', async () => {
    const { cookie } = await broker();
    const duplicate = await api().post('/api/lead-sources').set('Cookie', cookie).send({ name: 'instagram' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.issues).toEqual([{ path: 'name', message: 'Já existe uma origem com esse nome.' }]);
  });

  test.each([
    ['missing name', {}, 'Nome é obrigatório'],
    ['blank name', { name: '   ' }, 'Nome é obrigatório'],
    ['10,000-character name', { name: 'x'.repeat(10_000) }, 'Máximo de 100 caracteres'],
    ['wrong type', { name: 42 }, 'Nome é obrigatório'],
  ])('bad input (%s): 400 with the pt-BR message, nothing stored', async (_label, body, message) => {
    const { user, cookie } = await broker();
    await api().get('/api/products').set('Cookie', cookie);
    const response = await api().post('/api/products').set('Cookie', cookie).send(body);
    expect(response.status).toBe(400);
    expect(response.body.issues).toContainEqual({ path: 'name', message });
    const row = await fixture.service.knex('products').where({ userId: user.id }).count<{ n: string }[]>({ n: '*' }).first();
    expect(Number(row?.n)).toBe(6);
  });

  test('malformed JSON and wrong types on update change nothing', async () => {
    const { cookie } = await broker();
    const [first] = (await api().get('/api/insurers').set('Cookie', cookie)).body;
    const malformed = await api()
      .patch(`/api/insurers/${first.id}`)
      .set('Cookie', cookie)
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expect(malformed.status).toBe(400);
    const wrong = await api().patch(`/api/insurers/${first.id}`).set('Cookie', cookie).send({ isActive: 'sim' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'isActive', message: 'Informe se está ativo' }]);
    const empty = await api().patch(`/api/insurers/${first.id}`).set('Cookie', cookie).send({});
    expect(empty.status).toBe(400);
    const again = (await api().get('/api/insurers').set('Cookie', cookie)).body[0];
    expect(again).toEqual(first);
  });
});

describe('isolation', () => {
  test.each(['/api/products', '/api/insurers', '/api/lead-sources'])("another broker's %s id is a 404 for every verb", async (path) => {
    const owner = await broker();
    const other = await broker();
    const [item] = (await api().get(path).set('Cookie', owner.cookie)).body;
    const patch = await api().patch(`${path}/${item.id}`).set('Cookie', other.cookie).send({ name: 'Invadido' });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual({ message: 'Item não encontrado.' });
    expect((await api().delete(`${path}/${item.id}`).set('Cookie', other.cookie)).status).toBe(404);
    expect((await api().patch(`${path}/999999`).set('Cookie', owner.cookie).send({ name: 'X' })).status).toBe(404);
    expect((await api().delete(`${path}/abc`).set('Cookie', owner.cookie)).status).toBe(404);
    const unchanged = (await api().get(path).set('Cookie', owner.cookie)).body.find((i: { id: number }) => i.id === item.id);
    expect(unchanged).toEqual(item);
    expect(names((await api().get(path).set('Cookie', other.cookie)).body)).not.toContain('Invadido');
  });

  test('signed out: 401', async () => {
    for (const path of ['/api/products', '/api/insurers', '/api/lead-sources', '/api/reference-data']) {
      expect((await api().get(path)).status).toBe(401);
    }
  });
});

describe('insurer portal password', () => {
  test('encrypted at rest, never listed, revealed only to its owner', async () => {
    const owner = await broker();
    const created = await api().post('/api/insurers').set('Cookie', owner.cookie).send({
      name: 'Zurich',
      manager: 'Fernanda',
      email: 'F@Zurich.test',
      password: 'portal-secreto-1',
      website: 'https://zurich.com.br',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Zurich', manager: 'Fernanda', email: 'f@zurich.test', hasPassword: true });
    expect(JSON.stringify(created.body)).not.toContain('portal-secreto-1');

    // A dump of the table holds no plaintext.
    const dump = JSON.stringify(await fixture.service.knex.raw('select * from insurers'));
    expect(dump).not.toContain('portal-secreto-1');
    const list = await api().get('/api/insurers').set('Cookie', owner.cookie);
    expect(JSON.stringify(list.body)).not.toContain('portal-secreto-1');
    const reference = await api().get('/api/reference-data').set('Cookie', owner.cookie);
    expect(JSON.stringify(reference.body)).not.toContain('portal-secreto-1');

    const revealed = await api().post(`/api/insurers/${created.body.id}/reveal-password`).set('Cookie', owner.cookie);
    expect(revealed.body).toEqual({ password: 'portal-secreto-1' });
    const other = await broker();
    expect((await api().post(`/api/insurers/${created.body.id}/reveal-password`).set('Cookie', other.cookie)).status).toBe(404);

    // Same password twice gives two different ciphertexts (unique nonce).
    const second = await api().post('/api/insurers').set('Cookie', owner.cookie).send({ name: 'Zurich 2', password: 'portal-secreto-1' });
    const sealed = await fixture.service.knex('insurers').whereIn('id', [created.body.id, second.body.id]).pluck('password_sealed');
    expect(new Set(sealed).size).toBe(2);

    // An update without a password keeps it; an empty one removes it.
    await api().patch(`/api/insurers/${created.body.id}`).set('Cookie', owner.cookie).send({ manager: 'Outra' });
    expect((await api().post(`/api/insurers/${created.body.id}/reveal-password`).set('Cookie', owner.cookie)).body.password).toBe(
      'portal-secreto-1',
    );
    const cleared = await api().patch(`/api/insurers/${created.body.id}`).set('Cookie', owner.cookie).send({ password: '' });
    expect(cleared.body.hasPassword).toBe(false);
  });

  test('each sealed value is bound to its broker and insurer: copied to another row it does not open', async () => {
    const owner = await broker();
    const thief = await broker();
    const original = await api().post('/api/insurers').set('Cookie', owner.cookie).send({ name: 'Porto', password: 'senha-do-portal' });
    const decoy = await api().post('/api/insurers').set('Cookie', thief.cookie).send({ name: 'Porto', password: 'qualquer' });
    const [sealed] = await fixture.service.knex('insurers').where({ id: original.body.id }).pluck('password_sealed');
    expect(sealed).toMatch(/^v2:/);
    await fixture.service.knex('insurers').where({ id: decoy.body.id }).update({ password_sealed: sealed });
    const stolen = await api().post(`/api/insurers/${decoy.body.id}/reveal-password`).set('Cookie', thief.cookie);
    expect(stolen.status).toBe(500);
    expect(JSON.stringify(stolen.body)).not.toContain('senha-do-portal');
    expect((await api().post(`/api/insurers/${original.body.id}/reveal-password`).set('Cookie', owner.cookie)).body.password).toBe(
      'senha-do-portal',
    );
  });

  test('values sealed before binding existed are sealed again, bound, at start', async () => {
    const owner = await broker();
    const created = await api().post('/api/insurers').set('Cookie', owner.cookie).send({ name: 'Legado' });
    // The v1 format: nonce | tag | ciphertext, no associated data.
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    const ciphertext = Buffer.concat([cipher.update('senha-antiga', 'utf8'), cipher.final()]);
    const legacy = `v1:${Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
    await fixture.service.knex('insurers').where({ id: created.body.id }).update({ password_sealed: legacy });
    expect(await new PasswordBox(key).upgradeLegacy(fixture.service.knex)).toBe(1);
    const [upgraded] = await fixture.service.knex('insurers').where({ id: created.body.id }).pluck('password_sealed');
    expect(upgraded).toMatch(/^v2:/);
    expect((await api().post(`/api/insurers/${created.body.id}/reveal-password`).set('Cookie', owner.cookie)).body.password).toBe(
      'senha-antiga',
    );
  });
});

describe('reference data and internal check', () => {
  test('reference data of the signed-in broker, revalidated by the browser (freshness is the client cache)', async () => {
    const { cookie } = await broker();
    const response = await api().get('/api/reference-data').set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.body.products[0]).toEqual({
      id: expect.any(Number),
      name: 'Seguro Auto',
      isActive: true,
      line: 'auto',
      policyType: 'auto',
      iofRate: null,
    });
    // One list of lines for every screen, with the IOF rate each suggests.
    expect(response.body.lines).toHaveLength(15);
    expect(response.body.lines).toContainEqual({ key: 'saude', label: 'Saúde', group: 'saude', iofRate: '2.38' });
    expect(response.body.lines).toContainEqual({ key: 'auto', label: 'Auto', group: 'automovel', iofRate: '7.38' });
    expect(response.body.insurers[0]).toEqual({ id: expect.any(Number), name: 'Allianz' });
    expect(response.body.pipelineStages.map((s: { key: string; name: string }) => `${s.key}:${s.name}`)).toEqual([
      'leads:Contato',
      'qualified:Negociação',
      'proposal:Fechamento',
      'closed:Finalizado',
    ]);
  });

  test("internal check answers names for the broker's ids and lists anyone else's as missing", async () => {
    const owner = await broker();
    const other = await broker();
    const data = (await api().get('/api/reference-data').set('Cookie', owner.cookie)).body;
    const auto = data.products.find((p: { name: string }) => p.name === 'Seguro Auto');
    const check = await internal()
      .get(`/internal/catalogues/${owner.user.id}/check?productId=${auto.id}&stageKey=qualified`)
      .set('x-internal-token', TEST_INTERNAL_TOKEN);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      missing: [],
      product: { id: auto.id, name: 'Seguro Auto', line: 'auto', policyType: 'auto' },
      stage: { id: expect.any(Number), key: 'qualified', name: 'Negociação' },
    });
    const foreign = await internal()
      .get(`/internal/catalogues/${other.user.id}/check?productId=${auto.id}&stageKey=leads`)
      .set('x-internal-token', TEST_INTERNAL_TOKEN);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual({ missing: ['productId'], stage: { id: expect.any(Number), key: 'leads', name: 'Contato' } });
    const stageId = check.body.stage.id;
    const disagree = await internal()
      .get(`/internal/catalogues/${owner.user.id}/check?stageId=${stageId}&stageKey=closed`)
      .set('x-internal-token', TEST_INTERNAL_TOKEN);
    expect(disagree.body).toEqual({ missing: ['stageId'] });
    const huge = await internal()
      .get(`/internal/catalogues/${owner.user.id}/check?productId=99999999999`)
      .set('x-internal-token', TEST_INTERNAL_TOKEN);
    // An id beyond any column is a malformed query value: a 400 naming it.
    expect(huge.status).toBe(400);
    expect(huge.body.issues).toEqual([{ path: 'productId', message: 'Produto inválido' }]);
    expect((await internal().get(`/internal/catalogues/${owner.user.id}/check`)).status).toBe(403);
    expect(
      (await internal().get(`/internal/catalogues/${owner.user.id}/check`).set('x-internal-token', TEST_INTERNAL_TOKEN.slice(0, -1)))
        .status,
    ).toBe(403);
  });

  test('the public listener has no /internal routes at all, even with the token or an encoded path', async () => {
    const { user } = await broker();
    for (const path of [`/internal/catalogues/${user.id}/check`, '/internal/catalogues/a%2F..%2F..%2F..%2Fapi%2Finsurers%2Fx/check']) {
      const response = await api().get(path).set('x-internal-token', TEST_INTERNAL_TOKEN);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Rota não encontrada.' });
    }
  });
});
