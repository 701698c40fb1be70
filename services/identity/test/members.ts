import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type request from 'supertest';
import type { Response } from 'supertest';

/** A test file's brokerages and members, signed in through the API (owners registered, members invited and accepted). */
export function teamHelpers(api: () => ReturnType<typeof request>, outboxDir: string) {
  let counter = 0;
  const newEmail = (who = 'membro') => `${who}${(counter += 1)}-${Date.now()}@corretora.test`;
  let addresses = 0;
  const newAddress = () => `10.9.${((addresses += 1) >> 8) & 255}.${addresses & 255}`;

  function cookieOf(response: Response): string {
    const cookies = (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
    return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
  }

  async function owner() {
    const email = newEmail('dono');
    const response = await api()
      .post('/api/auth/register')
      .set('X-Forwarded-For', newAddress())
      .send({ name: 'Dona Ana', email, password: 'senha-segura-1' });
    expect(response.status).toBe(201);
    return { id: response.body.id as string, email, cookie: cookieOf(response) };
  }

  async function invitationLink(email: string): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const files = await readdir(outboxDir);
      const mails = await Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(outboxDir, file), 'utf8'))));
      const mine = mails.filter((mail) => mail.to === email).sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
      if (mine.length > 0) return mine.at(-1).link as string;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no invitation mailed to ${email}`);
  }

  const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;

  /** Invites (as `by`) and accepts: the new member, signed in. */
  async function join(by: { cookie: string }, role: string, name = 'Bruno Lima') {
    const email = newEmail(role);
    const invited = await api().post('/api/team/invitations').set('Cookie', by.cookie).send({ email, role });
    expect(invited.status).toBe(201);
    const token = tokenOf(await invitationLink(email));
    const accepted = await api()
      .post(`/api/invitations/${token}/accept`)
      .set('X-Forwarded-For', newAddress())
      .send({ name, password: 'senha-do-membro' });
    expect(accepted.status).toBe(201);
    return { id: accepted.body.id as string, email, cookie: cookieOf(accepted), token };
  }

  return { newEmail, newAddress, cookieOf, owner, invitationLink, tokenOf, join };
}
