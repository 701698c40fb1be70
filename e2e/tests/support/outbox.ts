import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { PASSWORD } from './accounts';

interface OutboxMail {
  to: string;
  subject: string;
  link?: string;
  text: string;
}

function outboxDir(): string {
  const dir = process.env.MAIL_OUTBOX_DIR;
  if (!dir) throw new Error('MAIL_OUTBOX_DIR is not set: run the journeys through `npm test`.');
  return dir;
}

async function mailsTo(email: string): Promise<OutboxMail[]> {
  const dir = outboxDir();
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as OutboxMail),
  );
  return mails.filter((m) => m.to === email);
}

/** Waits for a mail to `email` whose subject holds `subject` (the identity service's outbox) and returns its link. */
async function linkMailed(email: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email)).find((m) => m.subject.includes(subject));
        // Identity's own mails carry the link apart; another service's mail has it in its text.
        link = mail ? (mail.link ?? /https?:\/\/\S+/.exec(mail.text)?.[0]) : undefined;
        return link;
      },
      { message: `e-mail "${subject}" for ${email}` },
    )
    .toBeTruthy();
  return link as string;
}

/** The password-reset link mailed to `email`. */
export const resetLinkFor = (email: string) => linkMailed(email, 'Redefinição de senha');

/** The link that confirms a request filed on a brokerage's public privacy page (LGPD). */
export const privacyConfirmLinkFor = (email: string) => linkMailed(email, 'Confirme seu pedido de privacidade');

/** The invitation link mailed to `email`. */
export const invitationLinkFor = (email: string) => linkMailed(email, 'Convite para a equipe');

/**
 * `member` joins `owner`'s brokerage with the role, by the API a browser uses: the owner invites,
 * the member accepts from the mailed link (and is signed in in their own context).
 */
export async function joinViaApi(
  owner: APIRequestContext,
  member: APIRequestContext,
  role: 'admin' | 'producer' | 'assistant',
  name: string,
  email: string,
): Promise<void> {
  expect((await owner.post('/api/team/invitations', { data: { email, role } })).status()).toBe(201);
  const token = new URL(await invitationLinkFor(email)).hash.replace('#token=', '');
  const accepted = await member.post(`/api/invitations/${token}/accept`, { data: { name, password: PASSWORD } });
  expect(accepted.status()).toBe(201);
}

/** The newest 6-digit code the client portal mailed to `email` (#61), one not in `seen`. */
export async function portalCodeFor(email: string, seen: readonly string[] = []): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const codes = (await mailsTo(email)).map((mail) => /código de acesso: (\d{6})/.exec(mail.subject)?.[1]).filter(Boolean);
        code = codes.find((candidate) => !seen.includes(candidate!));
        return code;
      },
      { message: `portal code for ${email}` },
    )
    .toBeTruthy();
  return code as string;
}
