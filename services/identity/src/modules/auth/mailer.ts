import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when configured; otherwise each mail becomes a JSON file in the outbox (development and tests). */
export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    async send(mail) {
      // A mail holds a live reset link: readable by the owner of the process only.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(options.outboxDir, `${Date.now()}-${randomUUID()}.json`);
      await writeFile(file, JSON.stringify({ ...mail, from: options.from, createdAt: new Date().toISOString() }, null, 2), { mode: 0o600 });
    },
  };
}

/**
 * Without SMTP the outbox is where password-reset mail goes: a folder that cannot be written would
 * lose every such mail in silence, so the service refuses to start instead, saying what to set.
 */
export async function assertOutboxWritable(outboxDir: string): Promise<void> {
  const probe = path.join(outboxDir, `.probe-${randomUUID()}`);
  try {
    await mkdir(outboxDir, { recursive: true, mode: 0o700 });
    await writeFile(probe, '', { mode: 0o600 });
    await rm(probe);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `E-mail: SMTP_URL is not set, so mail goes to MAIL_OUTBOX_DIR (${outboxDir}), which cannot be written (${reason}). Set SMTP_URL, or a writable MAIL_OUTBOX_DIR for a trial.`,
      { cause: error },
    );
  }
}
