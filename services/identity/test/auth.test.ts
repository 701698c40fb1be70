import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Service } from '@corretora/service-kit';
import { createTestDatabase, testConfig } from '@corretora/service-kit/testing';
import request from 'supertest';
import { createIdentityService } from '../src/app';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: Service;
let outboxDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'identity-outbox-'));
  service = await createIdentityService({
    ...testConfig('identity', database.url),
    appUrl: 'http://crm.test',
    smtpUrl: null,
    mailFrom: 'CRM <crm@test>',
    outboxDir,
  });
});

afterAll(async () => {
  await service?.close();
  await database?.drop();
  await rm(outboxDir, { recursive: true, force: true });
});

let counter = 0;
function newEmail(): string {
  counter += 1;
  return `broker${counter}-${Date.now()}@corretora.test`;
}

const api = () => request(service.app.callback());

function cookieOf(response: request.Response): string {
  const cookies = (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

async function register(email: string, password = 'senha-segura-1') {
  const response = await api().post('/api/auth/register').send({ name: 'Ana Souza', email, password });
  expect(response.status).toBe(201);
  return response;
}

async function userCount(): Promise<number> {
  const row = await service.knex('users').count<{ n: string }[]>({ n: '*' }).first();
  return Number(row?.n);
}

async function mailsTo(email: string): Promise<{ to: string; link: string; subject: string }[]> {
  // The reset mail is sent without holding the answer; give the file write a moment.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = await readdir(outboxDir);
    const mails = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir, f), 'utf8'))));
    const mine = mails.filter((m) => m.to === email);
    if (mine.length > 0) return mine;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

describe('register', () => {
  test('creates the user, signs in, and never returns the password', async () => {
    const email = newEmail();
    const response = await register(email.toUpperCase());
    expect(response.body).toMatchObject({ email, name: 'Ana Souza', isEmailVerified: false, profileImageUrl: null });
    expect(response.body).not.toHaveProperty('password');
    const me = await api().get('/api/auth/user').set('Cookie', cookieOf(response));
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    const stored = await service.knex('users').where({ email }).first();
    expect(stored.password).toMatch(/^\$argon2id\$/);
  });

  test('a taken e-mail is a 409 on the email field', async () => {
    const email = newEmail();
    await register(email);
    const again = await api().post('/api/auth/register').send({ name: 'Outra', email, password: 'outra-senha-1' });
    expect(again.status).toBe(409);
    expect(again.body.issues).toEqual([{ path: 'email', message: 'Este email já está cadastrado.' }]);
  });

  test.each([
    ['missing fields', {}, ['name', 'email', 'password']],
    ['wrong types', { name: 1, email: true, password: 12345678 }, ['name', 'email', 'password']],
    ['huge strings', { name: 'x'.repeat(10_000), email: `${'a'.repeat(10_000)}@x.com`, password: 'p'.repeat(10_000) }, ['name', 'email', 'password']],
    ['short password', { name: 'Ana', email: 'ana@x.com', password: '1234567' }, ['password']],
  ])('bad input (%s) is a 400 with pt-BR field messages and stores nothing', async (_label, body, fields) => {
    const before = await userCount();
    const response = await api().post('/api/auth/register').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Dados inválidos.');
    expect(response.body.issues.map((issue: { path: string }) => issue.path)).toEqual(fields);
    expect(await userCount()).toBe(before);
  });

  test('malformed JSON is a 400', async () => {
    const response = await api().post('/api/auth/register').set('Content-Type', 'application/json').send('{"email":');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'JSON inválido.' });
  });
});

describe('login and logout', () => {
  test('wrong password and unknown e-mail get the same 401 message', async () => {
    const email = newEmail();
    await register(email);
    const wrong = await api().post('/api/auth/login').send({ email, password: 'senha-errada' });
    const unknown = await api().post('/api/auth/login').send({ email: newEmail(), password: 'senha-errada' });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Email ou senha inválidos. Tente novamente.' });
    }
  });

  test('login issues a new session id; logout kills the cookie', async () => {
    const email = newEmail();
    const registered = await register(email);
    const before = cookieOf(registered);
    const login = await api().post('/api/auth/login').set('Cookie', before).send({ email, password: 'senha-segura-1' });
    expect(login.status).toBe(200);
    const after = cookieOf(login);
    expect(after).not.toBe(before);
    expect((await api().get('/api/auth/user').set('Cookie', before)).status).toBe(401);
    expect((await api().get('/api/auth/user').set('Cookie', after)).status).toBe(200);

    expect((await api().post('/api/auth/logout').set('Cookie', after)).status).toBe(204);
    const dead = await api().get('/api/auth/user').set('Cookie', after);
    expect(dead.status).toBe(401);
    expect(dead.body).toEqual({ message: 'Não autenticado.' });
  });

  test('failed logins are limited per account; the limit answers 429 in pt-BR', async () => {
    const email = newEmail();
    await register(email);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await api().post('/api/auth/login').send({ email, password: 'errada-123' })).status).toBe(401);
    }
    const blocked = await api().post('/api/auth/login').send({ email, password: 'senha-segura-1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' });
    // Another account from the same client is not affected by this account's failures.
    const other = newEmail();
    await register(other);
    expect((await api().post('/api/auth/login').send({ email: other, password: 'senha-segura-1' })).status).toBe(200);
  });

  test('successful logins are never counted', async () => {
    const email = newEmail();
    await register(email);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await api().post('/api/auth/login').send({ email, password: 'senha-segura-1' })).status).toBe(200);
    }
  });
});

describe('password reset', () => {
  test('same answer for known and unknown e-mails; only the known one gets a mail', async () => {
    const email = newEmail();
    await register(email);
    const unknownEmail = newEmail();
    const known = await api().post('/api/auth/forgot-password').send({ email });
    const unknown = await api().post('/api/auth/forgot-password').send({ email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe('Se existe uma conta com esse email, você receberá um link para redefinir sua senha.');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.link).toMatch(/^http:\/\/crm\.test\/reset-password\?token=[\w-]{43}$/);
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
  });

  test('the link resets the password once, ends open sessions, and the token is stored hashed', async () => {
    const email = newEmail();
    const session = cookieOf(await register(email));
    await api().post('/api/auth/forgot-password').send({ email });
    const [mail] = await mailsTo(email);
    const token = new URL(mail!.link).searchParams.get('token')!;
    const stored = await service.knex('users').where({ email }).first();
    expect(stored.reset_password_token ?? stored.resetPasswordToken).not.toBe(token);

    const reset = await api().post('/api/auth/reset-password').send({ token, password: 'nova-senha-99' });
    expect(reset.status).toBe(200);
    expect((await api().get('/api/auth/user').set('Cookie', session)).status).toBe(401);
    expect((await api().post('/api/auth/login').send({ email, password: 'senha-segura-1' })).status).toBe(401);
    expect((await api().post('/api/auth/login').send({ email, password: 'nova-senha-99' })).status).toBe(200);

    const reuse = await api().post('/api/auth/reset-password').send({ token, password: 'outra-senha-99' });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ message: 'Link de redefinição inválido ou expirado.' });
  });

  test('an expired token is refused', async () => {
    const email = newEmail();
    await register(email);
    await api().post('/api/auth/forgot-password').send({ email });
    const [mail] = await mailsTo(email);
    const token = new URL(mail!.link).searchParams.get('token')!;
    await service.knex('users').where({ email }).update({ reset_password_expires: new Date(Date.now() - 1000) });
    const response = await api().post('/api/auth/reset-password').send({ token, password: 'nova-senha-99' });
    expect(response.status).toBe(400);
    expect((await api().post('/api/auth/login').send({ email, password: 'senha-segura-1' })).status).toBe(200);
  });

  test('reset input is validated in pt-BR', async () => {
    const response = await api().post('/api/auth/reset-password').send({ token: '', password: 'curta' });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      { path: 'token', message: 'Token é obrigatório' },
      { path: 'password', message: 'Senha deve ter pelo menos 8 caracteres' },
    ]);
  });
});
