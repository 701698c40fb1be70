import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

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

/** Waits for the password-reset mail the identity service wrote to the outbox and returns its link. */
export async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await mailsTo(email)).find((m) => m.link)?.link;
        return link;
      },
      { message: `reset e-mail for ${email}` },
    )
    .toBeTruthy();
  return link as string;
}
