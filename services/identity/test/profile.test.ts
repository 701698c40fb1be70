import { identityFixture } from './fixture';
import { teamHelpers } from './members';

const { fixture, outboxDir } = identityFixture(1000);
const { api } = fixture;
const { newEmail, newAddress, owner, join } = teamHelpers(api, outboxDir);

const me = (cookie: string) => api().get('/api/auth/user').set('Cookie', cookie);

describe("a member's own profile and password (#58 item 2)", () => {
  test("a producer edits their own name and mobile, never the owner's; the founder is told apart", async () => {
    const dona = await owner();
    const paulo = await join(dona, 'producer', 'Paulo Reis');
    expect((await me(dona.cookie)).body.founder).toBe(true);
    expect((await me(paulo.cookie)).body).toMatchObject({ founder: false, phone: null });

    const saved = await api()
      .put('/api/auth/profile')
      .set('Cookie', paulo.cookie)
      .send({ name: ' Paulo Reis Filho ', email: paulo.email, phone: '(11) 98765-4321' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: paulo.id, name: 'Paulo Reis Filho', phone: '11987654321', email: paulo.email });
    expect((await me(paulo.cookie)).body.name).toBe('Paulo Reis Filho');
    // The session shows the new name at once (what the audit and the screens read of the member).
    expect(await fixture.service.knex('public.sessions').where({ memberId: paulo.id }).first()).toMatchObject({ name: 'Paulo Reis Filho' });
    // The owner's record is untouched, and the team lists the new name.
    expect((await me(dona.cookie)).body.name).toBe('Dona Ana');
    const team = await api().get('/api/team').set('Cookie', dona.cookie);
    expect(team.body.members.find((member: { id: string }) => member.id === paulo.id).name).toBe('Paulo Reis Filho');

    const bad = await api().put('/api/auth/profile').set('Cookie', paulo.cookie).send({ name: '', email: 'x', phone: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['email', 'name', 'phone']);
    expect((await api().put('/api/auth/profile').send({ name: 'A', email: paulo.email })).status).toBe(401);
  });

  test('a new e-mail needs the current password; a taken one is a 409 on the field', async () => {
    const dona = await owner();
    const paulo = await join(dona, 'producer');
    const email = newEmail('novo');
    const without = await api().put('/api/auth/profile').set('Cookie', paulo.cookie).send({ name: 'Paulo', email });
    expect(without.status).toBe(400);
    expect(without.body.issues).toEqual([{ path: 'currentPassword', message: 'Informe sua senha atual' }]);
    const wrong = await api()
      .put('/api/auth/profile')
      .set('Cookie', paulo.cookie)
      .send({ name: 'Paulo', email, currentPassword: 'errada-123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Senha atual incorreta.');
    const taken = await api()
      .put('/api/auth/profile')
      .set('Cookie', paulo.cookie)
      .send({ name: 'Paulo', email: dona.email, currentPassword: 'senha-do-membro' });
    expect(taken.status).toBe(409);
    const moved = await api()
      .put('/api/auth/profile')
      .set('Cookie', paulo.cookie)
      .send({ name: 'Paulo', email: email.toUpperCase(), currentPassword: 'senha-do-membro' });
    expect(moved.status).toBe(200);
    expect(moved.body.email).toBe(email);
    const signIn = await api().post('/api/auth/login').set('X-Forwarded-For', newAddress()).send({ email, password: 'senha-do-membro' });
    expect(signIn.status).toBe(200);
  });

  test("a password change needs the current one, ends the member's other sessions and keeps this one", async () => {
    const dona = await owner();
    const paulo = await join(dona, 'producer');
    const other = await api()
      .post('/api/auth/login')
      .set('X-Forwarded-For', newAddress())
      .send({ email: paulo.email, password: 'senha-do-membro' });
    const otherCookie = (other.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]).join('; ');
    expect((await me(otherCookie)).status).toBe(200);

    const mismatch = await api()
      .put('/api/auth/password')
      .set('Cookie', paulo.cookie)
      .send({ currentPassword: 'senha-do-membro', password: 'senha-nova-123', confirmation: 'outra-coisa' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.issues).toEqual([{ path: 'confirmation', message: 'As senhas não conferem' }]);
    const wrong = await api()
      .put('/api/auth/password')
      .set('Cookie', paulo.cookie)
      .send({ currentPassword: 'nao-e-essa', password: 'senha-nova-123', confirmation: 'senha-nova-123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'currentPassword', message: 'Senha atual incorreta.' }]);

    const changed = await api()
      .put('/api/auth/password')
      .set('Cookie', paulo.cookie)
      .send({ currentPassword: 'senha-do-membro', password: 'senha-nova-123', confirmation: 'senha-nova-123' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Senha alterada com sucesso.');
    const renewed = (changed.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]).join('; ');
    expect((await me(renewed)).status).toBe(200);
    expect((await me(otherCookie)).status).toBe(401);
    expect((await me(paulo.cookie)).status).toBe(401);
    const old = await api()
      .post('/api/auth/login')
      .set('X-Forwarded-For', newAddress())
      .send({ email: paulo.email, password: 'senha-do-membro' });
    expect(old.status).toBe(401);
  });

  test('guessing the current password stops after 5 wrong tries', async () => {
    const dona = await owner();
    const paulo = await join(dona, 'assistant');
    const guess = (currentPassword: string) =>
      api()
        .put('/api/auth/password')
        .set('Cookie', paulo.cookie)
        .send({ currentPassword, password: 'senha-nova-123', confirmation: 'senha-nova-123' });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => guess(`errada-${index}`)));
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
    expect((await guess('senha-do-membro')).status).toBe(429);
  });
});
