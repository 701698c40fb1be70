import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'supertest';
import { identityFixture } from './fixture';
import { teamHelpers } from './members';

const { fixture, outboxDir } = identityFixture(1000);
const { api } = fixture;

const { newEmail, newAddress, cookieOf, owner, invitationLink, tokenOf, join } = teamHelpers(api, outboxDir);

describe('members and invitations (#38 item 1)', () => {
  test('an owner invites by e-mail; the link shows the brokerage and role, and accepting signs the member in with that role', async () => {
    const dona = await owner();
    const email = newEmail('produtor');
    const invited = await api()
      .post('/api/team/invitations')
      .set('Cookie', dona.cookie)
      .send({ email: email.toUpperCase(), role: 'producer' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: 'producer' });
    const days = (Date.parse(invited.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const link = await invitationLink(email);
    expect(link).toMatch(/^http:\/\/crm\.test\/convite#token=/);
    // The mail says the role the invitation gives (#58).
    const mails = await Promise.all(
      (await readdir(outboxDir)).map(async (file) => JSON.parse(await readFile(path.join(outboxDir, file), 'utf8'))),
    );
    expect(mails.find((mail) => mail.to === email).text).toContain('com o papel de Produtor.');
    const token = tokenOf(link);
    // Only the token's hash is kept.
    const stored = await fixture.service.knex('invitations').where({ email }).first();
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await api().get(`/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    // No broker service here: the brokerage is named after its owner.
    expect(preview.body).toEqual({ brokerageName: 'Dona Ana', role: 'producer', email });

    const team = await api().get('/api/team').set('Cookie', dona.cookie);
    expect(team.body.members).toEqual([
      { id: dona.id, name: 'Dona Ana', email: dona.email, role: 'owner', status: 'active' },
      { id: invited.body.id, name: null, email, role: 'producer', status: 'invited' },
    ]);

    const accepted = await api()
      .post(`/api/invitations/${token}/accept`)
      .set('X-Forwarded-For', newAddress())
      .send({ name: 'Bruno Lima', password: 'senha-do-membro' });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ email, name: 'Bruno Lima', role: 'producer' });
    const me = await api().get('/api/auth/user').set('Cookie', cookieOf(accepted));
    expect(me.body).toMatchObject({ id: accepted.body.id, role: 'producer' });
    // The member's session is scoped by the brokerage (the owner's account), as the member.
    const session = await fixture.service.knex('public.sessions').where({ memberId: accepted.body.id }).first();
    expect(session).toMatchObject({ userId: dona.id, role: 'producer' });

    // Single use.
    expect((await api().get(`/api/invitations/${token}`)).status).toBe(404);
    const again = await api()
      .post(`/api/invitations/${token}/accept`)
      .set('X-Forwarded-For', newAddress())
      .send({ name: 'Outro', password: 'senha-do-membro' });
    expect([again.status, again.body.message]).toEqual([404, 'Convite inválido ou expirado.']);

    // They sign in later with their own password and land in the same brokerage.
    const login = await api().post('/api/auth/login').set('X-Forwarded-For', newAddress()).send({ email, password: 'senha-do-membro' });
    expect(login.status).toBe(200);
    const later = await fixture.service.knex('public.sessions').where({ memberId: accepted.body.id }).orderBy('seenAt', 'desc').first();
    expect(later.userId).toBe(dona.id);
  });

  test('an e-mail that already has an account is a 409; a bad role, a bad e-mail and an expired, unknown or malformed token are pt-BR 4xx', async () => {
    const dona = await owner();
    const taken = await api().post('/api/team/invitations').set('Cookie', dona.cookie).send({ email: dona.email, role: 'admin' });
    expect([taken.status, taken.body.message]).toEqual([409, 'Este email já tem uma conta no Corretora CRM.']);
    const badRole = await api().post('/api/team/invitations').set('Cookie', dona.cookie).send({ email: newEmail(), role: 'root' });
    expect([badRole.status, badRole.body.issues?.[0]?.path]).toEqual([400, 'role']);
    const badEmail = await api().post('/api/team/invitations').set('Cookie', dona.cookie).send({ email: 'não é email', role: 'admin' });
    expect([badEmail.status, badEmail.body.issues?.[0]?.message]).toEqual([400, 'Email inválido']);

    const email = newEmail();
    expect((await api().post('/api/team/invitations').set('Cookie', dona.cookie).send({ email, role: 'assistant' })).status).toBe(201);
    const token = tokenOf(await invitationLink(email));
    await fixture.service
      .knex('invitations')
      .where({ email })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await api().get(`/api/invitations/${token}`)).status).toBe(404);
    const late = await api()
      .post(`/api/invitations/${token}/accept`)
      .set('X-Forwarded-For', newAddress())
      .send({ name: 'Tarde', password: 'senha-do-membro' });
    expect(late.status).toBe(404);
    for (const bad of ['curto', 'x'.repeat(300), '..%2F..%2Fetc', "a'%20or%201=1--aaaaaaaaaaaaaaaa"])
      expect((await api().get(`/api/invitations/${bad}`)).status).toBe(404);
    const weak = await api()
      .post(`/api/invitations/${'a'.repeat(43)}/accept`)
      .set('X-Forwarded-For', newAddress())
      .send({ name: '', password: '123' });
    expect(weak.status).toBe(400);
  });

  test('inviting the same e-mail again replaces the open invitation; a revoked one is gone; only managers invite, and only an owner invites an owner', async () => {
    const dona = await owner();
    const email = newEmail();
    await api().post('/api/team/invitations').set('Cookie', dona.cookie).send({ email, role: 'assistant' });
    const first = tokenOf(await invitationLink(email));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await api().post('/api/team/invitations').set('Cookie', dona.cookie).send({ email, role: 'producer' });
    expect(second.status).toBe(201);
    expect((await api().get(`/api/invitations/${first}`)).status).toBe(404);
    const listed = await api().get('/api/team/invitations').set('Cookie', dona.cookie);
    expect(listed.body.invitations).toEqual([second.body]);
    expect((await api().delete(`/api/team/invitations/${second.body.id}`).set('Cookie', dona.cookie)).status).toBe(204);
    expect((await api().get('/api/team/invitations').set('Cookie', dona.cookie)).body.invitations).toEqual([]);

    const admin = await join(dona, 'admin', 'Gestora Carla');
    const producer = await join(dona, 'producer');
    const assistant = await join(dona, 'assistant');
    const asAdmin = await api().post('/api/team/invitations').set('Cookie', admin.cookie).send({ email: newEmail(), role: 'owner' });
    expect([asAdmin.status, asAdmin.body.message]).toEqual([403, 'Só um proprietário pode convidar, mudar ou desativar um proprietário.']);
    expect(
      (await api().post('/api/team/invitations').set('Cookie', admin.cookie).send({ email: newEmail(), role: 'producer' })).status,
    ).toBe(201);
    for (const member of [producer, assistant]) {
      const refused = await api().post('/api/team/invitations').set('Cookie', member.cookie).send({ email: newEmail(), role: 'producer' });
      expect([refused.status, refused.body.message]).toEqual([403, 'Seu papel na corretora não permite esta ação.']);
      expect((await api().patch(`/api/team/members/${admin.id}`).set('Cookie', member.cookie).send({ role: 'producer' })).status).toBe(403);
      expect((await api().post(`/api/team/members/${admin.id}/transfer`).set('Cookie', member.cookie).send({ to: member.id })).status).toBe(
        403,
      );
      // Everyone sees who is on the team.
      expect((await api().get('/api/team').set('Cookie', member.cookie)).status).toBe(200);
    }
  });
});

describe('roles and disabling (#38 items 1 and 2)', () => {
  test('a new role reaches the member’s open session at once; the last active owner cannot be demoted or disabled', async () => {
    const dona = await owner();
    const member = await join(dona, 'assistant');
    const promoted = await api().patch(`/api/team/members/${member.id}`).set('Cookie', dona.cookie).send({ role: 'admin' });
    expect(promoted.body).toMatchObject({ id: member.id, role: 'admin', status: 'active' });
    // Their session, opened as an assistant, now invites.
    expect(
      (await api().post('/api/team/invitations').set('Cookie', member.cookie).send({ email: newEmail(), role: 'assistant' })).status,
    ).toBe(201);

    const demote = await api().patch(`/api/team/members/${dona.id}`).set('Cookie', dona.cookie).send({ role: 'admin' });
    expect([demote.status, demote.body.message]).toEqual([409, 'A corretora precisa de pelo menos um proprietário ativo.']);
    const disableSelf = await api().post(`/api/team/members/${dona.id}/disable`).set('Cookie', dona.cookie).send({ transferTo: member.id });
    expect(disableSelf.status).toBe(409);
    // The admin cannot demote the owner either.
    const byAdmin = await api().patch(`/api/team/members/${dona.id}`).set('Cookie', member.cookie).send({ role: 'producer' });
    expect(byAdmin.status).toBe(403);

    // Two owners demoting each other at once: one of them stays owner.
    const second = await join(dona, 'owner', 'Proprietário Dois');
    const [a, b] = await Promise.all([
      api().patch(`/api/team/members/${second.id}`).set('Cookie', dona.cookie).send({ role: 'admin' }),
      api().patch(`/api/team/members/${dona.id}`).set('Cookie', second.cookie).send({ role: 'admin' }),
    ]);
    // The loser is refused either way: 409 when both read themselves owners, 403 when the other's
    // demotion had already reached its session (a role change reaches an open session at once).
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = (await api().get('/api/team').set('Cookie', dona.cookie)).body.members.filter(
      (m: { role: string }) => m.role === 'owner',
    );
    expect(owners).toHaveLength(1);
  });

  test('disabling a member ends their session on the next request and they cannot sign in; the carteira names an active member of the brokerage', async () => {
    const dona = await owner();
    const producer = await join(dona, 'producer');
    const colleague = await join(dona, 'producer', 'Colega');
    expect((await api().get('/api/auth/user').set('Cookie', producer.cookie)).status).toBe(200);

    const toSelf = await api()
      .post(`/api/team/members/${producer.id}/disable`)
      .set('Cookie', dona.cookie)
      .send({ transferTo: producer.id });
    expect([toSelf.status, toSelf.body.issues?.[0]?.path]).toEqual([400, 'transferTo']);
    const stranger = await owner();
    const toStranger = await api()
      .post(`/api/team/members/${producer.id}/disable`)
      .set('Cookie', dona.cookie)
      .send({ transferTo: stranger.id });
    expect(toStranger.status).toBe(400);
    const malformed = await api().post(`/api/team/members/${producer.id}/disable`).set('Cookie', dona.cookie).send({ transferTo: 'x' });
    expect(malformed.status).toBe(400);

    const disabled = await api()
      .post(`/api/team/members/${producer.id}/disable`)
      .set('Cookie', dona.cookie)
      .send({ transferTo: colleague.id });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({ moved: 0 });
    expect((await api().get('/api/auth/user').set('Cookie', producer.cookie)).status).toBe(401);
    const login = await api()
      .post('/api/auth/login')
      .set('X-Forwarded-For', newAddress())
      .send({ email: producer.email, password: 'senha-do-membro' });
    expect([login.status, login.body.message]).toEqual([
      403,
      'Seu acesso a esta corretora foi desativado. Fale com o proprietário da corretora.',
    ]);
    const team = (await api().get('/api/team').set('Cookie', dona.cookie)).body.members;
    expect(team.find((m: { id: string }) => m.id === producer.id).status).toBe('disabled');
    // A disabled member receives no carteira.
    const toDisabled = await api().post(`/api/team/members/${colleague.id}/transfer`).set('Cookie', dona.cookie).send({ to: producer.id });
    expect(toDisabled.status).toBe(400);
  });

  test('another brokerage’s member or invitation is a 404 on every team verb', async () => {
    const dona = await owner();
    const other = await owner();
    const theirs = await join(other, 'producer');
    const invitation = await api().post('/api/team/invitations').set('Cookie', other.cookie).send({ email: newEmail(), role: 'assistant' });
    const answers = await Promise.all([
      api().patch(`/api/team/members/${theirs.id}`).set('Cookie', dona.cookie).send({ role: 'admin' }),
      api().post(`/api/team/members/${theirs.id}/disable`).set('Cookie', dona.cookie).send({ transferTo: dona.id }),
      api().post(`/api/team/members/${theirs.id}/transfer`).set('Cookie', dona.cookie).send({ to: dona.id }),
      api().delete(`/api/team/invitations/${invitation.body.id}`).set('Cookie', dona.cookie),
      api().patch('/api/team/members/not-a-uuid').set('Cookie', dona.cookie).send({ role: 'admin' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect(
      (await api().get('/api/team').set('Cookie', other.cookie)).body.members.find((m: { id: string }) => m.id === theirs.id).role,
    ).toBe('producer');
    expect(JSON.stringify((await api().get('/api/team').set('Cookie', dona.cookie)).body)).not.toContain(theirs.email);
  });

  test('an invitation accepted twice at once makes one member', async () => {
    const dona = await owner();
    const email = newEmail();
    await api().post('/api/team/invitations').set('Cookie', dona.cookie).send({ email, role: 'assistant' });
    const token = tokenOf(await invitationLink(email));
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        api()
          .post(`/api/invitations/${token}/accept`)
          .set('X-Forwarded-For', newAddress())
          .send({ name: 'Rápida', password: 'senha-do-membro' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 404, 404]);
    expect(await fixture.service.knex('users').where({ email }).pluck('id')).toHaveLength(1);
  });
});

describe('a session follows the member it was made for (#58 item 9)', () => {
  /** A reset link from the outbox, once the mail is written. */
  async function resetLinkFor(email: string): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const files = await readdir(outboxDir);
      const mails = await Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(outboxDir, file), 'utf8'))));
      const reset = mails.find((mail) => mail.to === email && String(mail.link).includes('/reset-password'));
      if (reset) return reset.link as string;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no reset mailed to ${email}`);
  }

  test.each(['disable', 'demote', 'reset'] as const)(
    'sign-ins racing a %s leave no session with the old rights (their password checks began before it)',
    async (change) => {
      const dona = await owner();
      const admin = await join(dona, 'admin', 'Admin Corrida');
      const colleague = await join(dona, 'producer', 'Colega');
      const resetToken =
        change === 'reset'
          ? (await api().post('/api/auth/forgot-password').send({ email: admin.email }), tokenOf(await resetLinkFor(admin.email)))
          : '';
      // Sign-ins keep starting, one every 25 ms, and the change lands in the middle of them: those that read
      // the member before it spend their argon2 check while it happens, and write their session after.
      const change_ = () =>
        change === 'disable'
          ? api().post(`/api/team/members/${admin.id}/disable`).set('Cookie', dona.cookie).send({ transferTo: colleague.id })
          : change === 'demote'
            ? api().patch(`/api/team/members/${admin.id}`).set('Cookie', dona.cookie).send({ role: 'producer' })
            : api().post('/api/auth/reset-password').send({ token: resetToken, password: 'senha-nova-123' });
      const signIns: Promise<Response>[] = [];
      let changing: Promise<Response> | undefined;
      for (let started = 0; started < 24; started += 1) {
        signIns.push(
          api()
            .post('/api/auth/login')
            .set('X-Forwarded-For', newAddress())
            .send({ email: admin.email, password: 'senha-do-membro' })
            .then((answer) => answer),
        );
        if (started === 12) changing = change_().then((answer) => answer);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const changed = await changing!;
      expect(changed.status).toBe(200);
      const answers = await Promise.all(signIns);
      const sessions = answers.filter((answer) => answer.status === 200).map(cookieOf);
      for (const cookie of [admin.cookie, ...sessions]) {
        // Read from the session alone first (GET /api/auth/user re-reads the member and signs a disabled one out).
        const team = await api().get('/api/team').set('Cookie', cookie);
        if (change === 'demote') {
          // Still signed in, as what they are now: no invitation.
          expect(team.status).toBe(200);
          const invited = await api().post('/api/team/invitations').set('Cookie', cookie).send({ email: newEmail(), role: 'assistant' });
          expect(invited.status).toBe(403);
          expect((await api().get('/api/auth/user').set('Cookie', cookie)).body.role).toBe('producer');
        } else {
          expect(team.status).toBe(401);
          expect((await api().get('/api/auth/user').set('Cookie', cookie)).status).toBe(401);
        }
      }
    },
  );
});

describe('joining from one office (#58 item 11)', () => {
  test('thirty invitations accepted from one address all succeed, while its twenty-first wrong token is refused', async () => {
    const dona = await owner();
    const office = newAddress();
    const emails = Array.from({ length: 30 }, () => newEmail('equipe'));
    for (const email of emails)
      expect((await api().post('/api/team/invitations').set('Cookie', dona.cookie).send({ email, role: 'producer' })).status).toBe(201);
    for (const email of emails) {
      const accepted = await api()
        .post(`/api/invitations/${tokenOf(await invitationLink(email))}/accept`)
        .set('X-Forwarded-For', office)
        .send({ name: 'Colega do Escritório', password: 'senha-do-membro' });
      expect(accepted.status).toBe(201);
    }
    // Wrong tokens are what the limit counts: twenty a quarter of an hour, then a pt-BR 429.
    const wrong = [];
    for (let n = 0; n < 21; n += 1)
      wrong.push(
        (
          await api()
            .post(`/api/invitations/${'x'.repeat(43)}/accept`)
            .set('X-Forwarded-For', office)
            .send({ name: 'Intruso', password: 'senha-do-membro' })
        ).status,
      );
    expect(wrong).toEqual([...Array(20).fill(404), 429]);
  });
});
