import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { testConfig } from '@corretora/service-kit/testing';
import type { Response } from 'supertest';
import { createIdentityService } from '../src/app';
import { identityFixture } from './fixture';

const { fixture, outboxDir } = identityFixture(20);
const { api } = fixture;

let counter = 0;
function newEmail(): string {
  counter += 1;
  return `broker${counter}-${Date.now()}@corretora.test`;
}

/** The gateway sets X-Forwarded-For to the client's address: each call here may play another client. */
let addressCounter = 0;
function newAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function cookieOf(response: Response): string {
  const cookies = (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

async function register(email: string, password = 'senha-segura-1') {
  const response = await api().post('/api/auth/register').set('X-Forwarded-For', newAddress()).send({ name: 'Ana Souza', email, password });
  expect(response.status).toBe(201);
  return response;
}

const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;

async function userCount(): Promise<number> {
  const row = await fixture.service.knex('users').count<{ n: string }[]>({ n: '*' }).first();
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
    const stored = await fixture.service.knex('users').where({ email }).first();
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
    [
      'huge strings',
      { name: 'x'.repeat(10_000), email: `${'a'.repeat(10_000)}@x.com`, password: 'p'.repeat(10_000) },
      ['name', 'email', 'password'],
    ],
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

  test('failed logins are limited per account and address; the owner elsewhere still signs in', async () => {
    const email = newEmail();
    await register(email);
    const attacker = newAddress();
    const login = (password: string, address: string) =>
      api().post('/api/auth/login').set('X-Forwarded-For', address).send({ email, password });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login('errada-123', attacker)).status).toBe(401);
    const blocked = await login('senha-segura-1', attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.headers['cache-control']).toBe('no-store');
    // The owner, from their own address, is not locked out by the attacker's flood.
    expect((await login('senha-segura-1', newAddress())).status).toBe(200);
    // Another account from the attacker's address is not affected either.
    const other = newEmail();
    await register(other);
    expect(
      (await api().post('/api/auth/login').set('X-Forwarded-For', attacker).send({ email: other, password: 'senha-segura-1' })).status,
    ).toBe(200);
  });

  test('a spoofed X-Forwarded-For list does not reset the count: only the address the gateway appended counts', async () => {
    const email = newEmail();
    await register(email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const response = await api()
        .post('/api/auth/login')
        .set('X-Forwarded-For', `${newAddress()}, 192.0.2.7`)
        .send({ email, password: 'errada-123' });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  test('a 250-character X-Forwarded-For is counted like any address, never a 500', async () => {
    const email = newEmail();
    await register(email);
    const huge = 'a'.repeat(250);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await api().post('/api/auth/login').set('X-Forwarded-For', huge).send({ email, password: 'errada-123' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password from that address is refused too, until the window passes.
    expect((await api().post('/api/auth/login').set('X-Forwarded-For', huge).send({ email, password: 'senha-segura-1' })).status).toBe(429);
  });

  test('parallel wrong logins: no more than the limit get through to argon2', async () => {
    const email = newEmail();
    await register(email);
    const address = newAddress();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        api()
          .post('/api/auth/login')
          .set('X-Forwarded-For', address)
          .send({ email, password: 'errada-123' })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  test('registering is limited per address', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await api()
        .post('/api/auth/register')
        .set('X-Forwarded-For', address)
        .send({ name: 'Ana', email: newEmail(), password: 'senha-segura-1' });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
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
    expect(mails[0]?.link).toMatch(/^http:\/\/crm\.test\/reset-password#token=[\w-]{43}$/);
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
  });

  test('the link resets the password once, ends open sessions, and the token is stored hashed', async () => {
    const email = newEmail();
    const session = cookieOf(await register(email));
    await api().post('/api/auth/forgot-password').send({ email });
    const [mail] = await mailsTo(email);
    const token = tokenOf(mail!.link);
    const stored = await fixture.service.knex('users').where({ email }).first();
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
    const token = tokenOf(mail!.link);
    await fixture.service
      .knex('users')
      .where({ email })
      .update({ reset_password_expires: new Date(Date.now() - 1000) });
    const response = await api().post('/api/auth/reset-password').send({ token, password: 'nova-senha-99' });
    expect(response.status).toBe(400);
    expect((await api().post('/api/auth/login').send({ email, password: 'senha-segura-1' })).status).toBe(200);
  });

  test('forgot-password and reset-password are limited per address', async () => {
    const address = newAddress();
    const forgot: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      forgot.push((await api().post('/api/auth/forgot-password').set('X-Forwarded-For', address).send({ email: newEmail() })).status);
    }
    expect(forgot.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(forgot[20]).toBe(429);
    const reset: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      reset.push(
        (
          await api()
            .post('/api/auth/reset-password')
            .set('X-Forwarded-For', address)
            .send({ token: `x${attempt}`, password: 'nova-senha-99' })
        ).status,
      );
    }
    expect(reset.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(reset[10]).toBe(429);
  });

  test('a reset ends a stolen session even with its reads in flight (20 rounds)', async () => {
    for (let round = 0; round < 20; round += 1) {
      const email = newEmail();
      const stolen = cookieOf(await register(email));
      await api().post('/api/auth/forgot-password').set('X-Forwarded-For', newAddress()).send({ email });
      const [mail] = await mailsTo(email);
      let stop = false;
      const loops = Array.from({ length: 6 }, async () => {
        while (!stop) await api().get('/api/auth/user').set('Cookie', stolen);
      });
      const reset = await api()
        .post('/api/auth/reset-password')
        .set('X-Forwarded-For', newAddress())
        .send({ token: tokenOf(mail!.link), password: 'nova-senha-99' });
      expect(reset.status).toBe(200);
      stop = true;
      await Promise.all(loops);
      expect((await api().get('/api/auth/user').set('Cookie', stolen)).status).toBe(401);
      const [user] = await fixture.service.knex('users').where({ email }).select('id');
      expect(await fixture.service.knex('public.sessions').where({ userId: user.id }).count({ n: '*' }).first()).toEqual({ n: '0' });
    }
    // Forty password hashes under six readers a round: in a fresh-clone CI run, beside the journeys on
    // two cores, it ran past the preset's 60 s (a hang guard, not a speed bound).
  }, 180_000);

  test('reset input is validated in pt-BR', async () => {
    const response = await api().post('/api/auth/reset-password').send({ token: '', password: 'curta' });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      { path: 'token', message: 'Token é obrigatório' },
      { path: 'password', message: 'Senha deve ter pelo menos 8 caracteres' },
    ]);
  });
});

describe('mail without SMTP', () => {
  test('an outbox that cannot be written stops the service at start, saying what to set', async () => {
    // A folder under a file: no user, root included, can create it.
    const file = path.join(outboxDir, 'not-a-folder');
    await writeFile(file, '');
    await expect(
      createIdentityService({
        ...testConfig('identity', 'postgres://unused.invalid/none'),
        appUrl: 'http://crm.test',
        smtpUrl: null,
        mailFrom: 'CRM <crm@test>',
        outboxDir: path.join(file, 'outbox'),
        registerLimitPerHour: 20,
        brokerUrl: null,
        pipelineUrl: null,
        financeUrl: null,
      }),
    ).rejects.toThrow(/SMTP_URL is not set.*cannot be written.*Set SMTP_URL, or a writable MAIL_OUTBOX_DIR/);
  });
});
