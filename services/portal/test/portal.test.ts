import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PORTAL_CODE_SENT, PORTAL_PAUSED, PORTAL_WRONG_CODE } from '@corretora/contracts';
import { binaryBody, financeStack, type Who } from '../../finance/test/stack';

/** The client portal (#61): a client signs in by a code and sees only their own records, in their own brokerage. */
const stack = financeStack({ portal: true });
const { api, pipelineApi, portalApi, identityApi, brokerWithRefs, upload, urls, member } = stack;

const contact = stack.contactViaApi;
const policiesFor = stack.policiesForClient;

/** The brokerage's portal turned on by its owner: its address. */
async function portalOn(who: Who): Promise<string> {
  const saved = await portalApi()
    .put('/api/portal-settings')
    .set('Cookie', who.cookie)
    .send({ enabled: true, channels: { email: true, whatsapp: true } });
  expect(saved.status).toBe(200);
  return (saved.body as { publicPath: string }).publicPath.replace('/cliente/', '');
}

/** The newest code mailed to `to` (identity's outbox), waiting for the portal's job to send it. */
async function codeMailedTo(to: string, after = 0): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const files = (await readdir(urls.outbox)).filter((file) => file.endsWith('.json')).sort();
    for (const file of files.reverse()) {
      if (Number(file.split('-')[0]) < after) continue;
      const mail = JSON.parse(await readFile(path.join(urls.outbox, file), 'utf8')) as { to: string; subject: string };
      const code = /código de acesso: (\d{6})/.exec(mail.subject)?.[1];
      if (mail.to === to && code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code mailed to ${to}`);
}

/** Signs the client in (code by e-mail): the client's cookie. */
async function signIn(slug: string, document: string, email: string): Promise<string> {
  const before = Date.now() - 1;
  expect((await portalApi().post(`/api/portal/${slug}/code`).send({ document })).status).toBe(202);
  const code = await codeMailedTo(email, before);
  const session = await portalApi().post(`/api/portal/${slug}/session`).send({ document, code });
  expect(session.status).toBe(200);
  const cookie = (session.headers['set-cookie'] as unknown as string[]).map((line) => line.split(';')[0]).join('; ');
  expect(cookie).toContain('corretora.client=');
  return cookie;
}

describe('the client portal', () => {
  test('off until the owner turns it on; a producer may not; the page names the brokerage', async () => {
    const who = await brokerWithRefs();
    const settings = await portalApi().get('/api/portal-settings').set('Cookie', who.cookie);
    expect(settings.status).toBe(200);
    expect(settings.body.enabled).toBe(false);
    const slug = (settings.body.publicPath as string).replace('/cliente/', '');
    expect((await portalApi().get(`/api/portal/${slug}/page`)).status).toBe(404);
    expect((await portalApi().post(`/api/portal/${slug}/code`).send({ document: '529.982.247-25' })).status).toBe(404);
    const producer = await member(who, 'producer');
    const refused = await portalApi()
      .put('/api/portal-settings')
      .set('Cookie', (await stack.member(who, 'admin')).cookie)
      .send({ enabled: true, channels: { email: true, whatsapp: false } });
    expect(refused.status).toBe(403);
    expect(
      (
        await portalApi()
          .put('/api/portal-settings')
          .set('Cookie', producer.cookie)
          .send({ enabled: true, channels: { email: true, whatsapp: false } })
      ).status,
    ).toBe(403);
    expect(await portalOn(who)).toBe(slug);
    const page = await portalApi().get(`/api/portal/${slug}/page`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ slug, logoUrl: null, channels: { email: true, whatsapp: true } });
    expect(typeof page.body.name).toBe('string');
  });

  test('a client signs in by the code, reads their two policies, a document with the stored bytes, an overdue instalment; reports a claim with a photo; the task reaches the responsible member', async () => {
    const who = await brokerWithRefs();
    const slug = await portalOn(who);
    const client = await contact(who, { name: 'Joana Prado', phone: '(11) 98765-1234', cpf: '529.982.247-25', email: 'joana@example.com' });
    expect(
      (
        await policiesFor(who, 'Joana Prado', '52998224725', [
          ['PT-1', '2025-01-10', '2026-01-10'],
          ['PT-2', '2026-03-01', '2027-03-01'],
        ])
      ).status,
    ).toBe(202);
    const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; policyNumber: string }[];
    const current = policies.find((policy) => policy.policyNumber === 'PT-2')!;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 7), Buffer.from('\n%%EOF\n')]);
    const stored = await upload(who, pdf, 'apolice-pt2.pdf', { category: 'policies', policyId: String(current.id) });
    expect(stored.status).toBe(201);

    // The same answer for a client and for a document nobody has.
    const unknown = await portalApi().post(`/api/portal/${slug}/code`).send({ document: '390.533.447-05' });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual({ message: PORTAL_CODE_SENT });
    const cookie = await signIn(slug, '529.982.247-25', 'joana@example.com');

    const me = await portalApi().get('/api/portal/me').set('Cookie', cookie);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Joana Prado', email: 'joana@example.com', document: '***.982.247-**' });

    const listed = await api().get('/api/portal/policies').set('Cookie', cookie);
    expect(listed.status).toBe(200);
    expect((listed.body as { policyNumber: string; inForce: boolean }[]).map((policy) => [policy.policyNumber, policy.inForce])).toEqual([
      ['PT-2', true],
      ['PT-1', false],
    ]);
    const documents = await api().get(`/api/portal/policies/${current.id}/documents`).set('Cookie', cookie);
    expect(documents.status).toBe(200);
    expect(documents.body).toHaveLength(1);
    expect(documents.body[0]).toMatchObject({ isPolicyPdf: true });
    const downloaded = await api()
      .get(`/api/portal/documents/${documents.body[0].id}/download`)
      .set('Cookie', cookie)
      .buffer(true)
      .parse(binaryBody);
    expect(downloaded.status).toBe(200);
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(sha(downloaded.body as Buffer)).toBe(sha(pdf));

    // The broker attaches PT-1's boleto; the client sees its link on that instalment only.
    const expired = policies.find((policy) => policy.policyNumber === 'PT-1')!;
    const boleto = 'https://boletos.porto.com.br/2via?linha=34191';
    expect(
      (await api().put(`/api/policies/${expired.id}/instalments/1/payment-link`).set('Cookie', who.cookie).send({ paymentLink: boleto }))
        .status,
    ).toBe(200);
    const instalments = await api().get('/api/portal/instalments').set('Cookie', cookie);
    expect(instalments.status).toBe(200);
    const rows = instalments.body as { policyNumber: string; state: string; paymentLink: string | null }[];
    expect(rows.find((row) => row.policyNumber === 'PT-1')).toMatchObject({ state: 'overdue', paymentLink: boleto });
    expect(rows.find((row) => row.policyNumber === 'PT-2')).toMatchObject({ paymentLink: null });

    const reported = await api()
      .post('/api/portal/claims')
      .set('Cookie', cookie)
      .send({ policyId: current.id, description: 'Bati o carro no estacionamento', occurredAt: '2026-11-20', place: 'Rua Augusta, 100' });
    expect(reported.status).toBe(201);
    expect(reported.body).toMatchObject({ status: 'open', fromPortal: true, policyNumber: 'PT-2' });
    const photo = await api()
      .post(`/api/portal/claims/${reported.body.id}/photos`)
      .set('Cookie', cookie)
      .attach('photo', Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'), 'foto.png');
    expect(photo.status).toBe(201);
    expect(photo.body.photoCount).toBe(1);
    expect((await api().get('/api/portal/claims').set('Cookie', cookie)).body).toHaveLength(1);

    // The brokerage sees it: the claim in Aberto, the task marked as from the portal, the timeline entry.
    const claims = (await api().get('/api/claims').set('Cookie', who.cookie)).body as
      { items?: unknown[] } | { claimId: string; status: string }[];
    const all = Array.isArray(claims) ? claims : (claims.items as { claimId: string; status: string }[]);
    expect(all.find((claim) => claim.claimId === reported.body.claimId)?.status).toBe('open');
    const tasks = (await pipelineApi().get('/api/tasks').set('Cookie', who.cookie)).body as {
      tasks: { title: string; fromPortal: boolean }[];
    };
    expect(tasks.tasks.find((task) => task.title.includes(reported.body.claimId))?.fromPortal).toBe(true);
    const timeline = (await pipelineApi().get(`/api/contacts/${client.id}/timeline`).set('Cookie', who.cookie)).body as {
      entries: { kind: string; event?: string; by: string }[];
    };
    expect(timeline.entries.find((entry) => entry.kind === 'portal')).toMatchObject({
      event: 'claim',
      by: 'Joana Prado (cliente, pelo portal)',
    });
    // The audit log marks what the client wrote as theirs, in finance (the claim, the photo) and in
    // pipeline (the task, written through an internal call): no member, the client.
    const audit = async (entity: string) =>
      (
        (await identityApi().get(`/api/audit?entity=${entity}`).set('Cookie', who.cookie)).body as {
          entries: { actor: unknown; byClient: boolean; action: string; entityId: string }[];
        }
      ).entries;
    expect((await audit('claim')).find((entry) => entry.entityId === String(reported.body.id) && entry.action === 'insert')).toMatchObject({
      actor: null,
      byClient: true,
    });
    expect((await audit('document')).filter((entry) => entry.byClient)).toHaveLength(1);
    expect((await audit('task')).filter((entry) => entry.byClient && entry.action === 'insert')).toHaveLength(1);
    expect((await audit('portal')).find((entry) => entry.action === 'sign_in')).toMatchObject({ actor: null, byClient: true });
    const csv = await identityApi().get('/api/audit.csv?entity=claim').set('Cookie', who.cookie);
    expect(csv.text).toContain('Cliente (pelo portal)');

    const change = await portalApi()
      .post('/api/portal/requests')
      .set('Cookie', cookie)
      .send({ kind: 'address', text: 'Mudei para a Rua B, 20' });
    expect(change.status).toBe(201);
    const privacy = await portalApi().post('/api/portal/privacy').set('Cookie', cookie).send({ type: 'access' });
    expect(privacy.status).toBe(201);
    expect(privacy.body.protocol).toMatch(/^LGPD-\d{4}-\d+$/);

    // Signing out ends the session everywhere.
    expect((await portalApi().delete('/api/portal/session').set('Cookie', cookie)).status).toBe(204);
    expect((await api().get('/api/portal/policies').set('Cookie', cookie)).status).toBe(401);
  });

  test('the same CPF at another brokerage sees only that brokerage’s records; another client’s ids are 404', async () => {
    const first = await brokerWithRefs();
    const second = await brokerWithRefs();
    const firstSlug = await portalOn(first);
    const secondSlug = await portalOn(second);
    await contact(first, { name: 'Rui Barbosa', phone: '(11) 98765-2222', cpf: '111.444.777-35', email: 'rui@example.com' });
    await contact(second, { name: 'Rui Barbosa', phone: '(11) 98765-2222', cpf: '111.444.777-35', email: 'rui@example.com' });
    await contact(first, { name: 'Ana Lima', phone: '(11) 98765-3333', cpf: '529.982.247-25', email: 'ana@example.com' });
    expect((await policiesFor(first, 'Rui Barbosa', '11144477735', [['R-1', '2026-01-01', '2027-01-01']])).status).toBe(202);
    expect((await policiesFor(second, 'Rui Barbosa', '11144477735', [['R-2', '2026-01-01', '2027-01-01']])).status).toBe(202);
    expect((await policiesFor(first, 'Ana Lima', '52998224725', [['A-1', '2026-01-01', '2027-01-01']])).status).toBe(202);
    const anaPolicy = ((await api().get('/api/policies').set('Cookie', first.cookie)).body as { id: number; policyNumber: string }[]).find(
      (policy) => policy.policyNumber === 'A-1',
    )!;

    const atFirst = await signIn(firstSlug, '11144477735', 'rui@example.com');
    const atSecond = await signIn(secondSlug, '11144477735', 'rui@example.com');
    const numbers = async (cookie: string) =>
      ((await api().get('/api/portal/policies').set('Cookie', cookie)).body as { policyNumber: string }[]).map(
        (policy) => policy.policyNumber,
      );
    expect(await numbers(atFirst)).toEqual(['R-1']);
    expect(await numbers(atSecond)).toEqual(['R-2']);
    // Ana's policy, by id, from Rui's session: a 404, documents and claims alike.
    expect((await api().get(`/api/portal/policies/${anaPolicy.id}/documents`).set('Cookie', atFirst)).status).toBe(404);
    const onAna = await api()
      .post('/api/portal/claims')
      .set('Cookie', atFirst)
      .send({ policyId: anaPolicy.id, description: 'x', occurredAt: '2026-11-01', place: 'y' });
    expect(onAna.status).toBe(400);
  });

  test('5 wrong codes pause the document (the 6th is refused even with the right code); an unknown document pauses alike', async () => {
    const who = await brokerWithRefs();
    const slug = await portalOn(who);
    await contact(who, { name: 'Carla Dias', phone: '(21) 99876-5432', cpf: '153.509.460-56', email: 'carla@example.com' });
    const before = Date.now() - 1;
    await portalApi().post(`/api/portal/${slug}/code`).send({ document: '15350946056' }).expect(202);
    const code = await codeMailedTo('carla@example.com', before);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await portalApi().post(`/api/portal/${slug}/session`).send({ document: '15350946056', code: wrong });
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toEqual([{ path: 'code', message: PORTAL_WRONG_CODE }]);
    }
    const paused = await portalApi().post(`/api/portal/${slug}/session`).send({ document: '15350946056', code });
    expect(paused.status).toBe(429);
    expect(paused.body.message).toBe(PORTAL_PAUSED);
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await portalApi().post(`/api/portal/${slug}/session`).send({ document: '39053344705', code: '123456' })).status).toBe(400);
    expect((await portalApi().post(`/api/portal/${slug}/session`).send({ document: '39053344705', code: '123456' })).status).toBe(429);
  });

  test('a member’s session opens no portal operation, a client’s opens no member operation; bad input is a pt-BR 400', async () => {
    const who = await brokerWithRefs();
    const slug = await portalOn(who);
    await contact(who, { name: 'Davi Reis', phone: '(31) 99876-1111', cpf: '330.847.977-06', email: 'davi@example.com' });
    const client = await signIn(slug, '33084797706', 'davi@example.com');
    expect((await portalApi().get('/api/portal/me').set('Cookie', who.cookie)).status).toBe(401);
    expect((await api().get('/api/portal/policies').set('Cookie', who.cookie)).status).toBe(401);
    expect((await api().get('/api/policies').set('Cookie', client)).status).toBe(401);
    expect((await portalApi().get('/api/portal-settings').set('Cookie', client)).status).toBe(401);
    const bad = await portalApi().post(`/api/portal/${slug}/code`).send({ document: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].message).toBe('Informe um CPF ou CNPJ válido');
    const future = await api()
      .post('/api/portal/claims')
      .set('Cookie', client)
      .send({ description: 'x', occurredAt: '2099-01-01', place: 'y' });
    expect(future.status).toBe(400);
    // The owner turns the portal off: the client signed in now is out at once.
    expect((await api().get('/api/portal/policies').set('Cookie', client)).status).toBe(200);
    await portalApi()
      .put('/api/portal-settings')
      .set('Cookie', who.cookie)
      .send({ enabled: false, channels: { email: true, whatsapp: false } })
      .expect(200);
    expect((await api().get('/api/portal/policies').set('Cookie', client)).status).toBe(401);
    expect((await portalApi().get('/api/portal/me').set('Cookie', client)).status).toBe(401);
  });
});

describe('the portal under attack', () => {
  test('20 wrong codes at once for a document that never asked for one: every answer a 400 or the pause, never a 5xx', async () => {
    const who = await brokerWithRefs();
    const slug = await portalOn(who);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => portalApi().post(`/api/portal/${slug}/session`).send({ document: '60277861403', code: '123456' })),
    );
    expect(answers.map((answer) => answer.status).filter((status) => status !== 400 && status !== 429)).toEqual([]);
    expect((await portalApi().post(`/api/portal/${slug}/session`).send({ document: '60277861403', code: '123456' })).status).toBe(429);
  });

  test('a client with two contacts (a duplicate) signs in: each contact shows the last access', async () => {
    const who = await brokerWithRefs();
    const slug = await portalOn(who);
    const first = await contact(who, { name: 'Beto Duplo', phone: '(11) 98765-5555', cpf: '330.847.977-06', email: 'beto@example.com' });
    await signIn(slug, '33084797706', 'beto@example.com');
    const second = await contact(who, { name: 'Beto Duplo', phone: '(11) 98765-5556', cpf: '330.847.977-06', email: 'beto@example.com' });
    await signIn(slug, '33084797706', 'beto@example.com');
    for (const { id } of [first, second]) {
      const access = await portalApi().get(`/api/contacts/${id}/portal-access`).set('Cookie', who.cookie);
      expect(access.status).toBe(200);
      expect(access.body.lastAccessAt).not.toBeNull();
    }
  });
});
