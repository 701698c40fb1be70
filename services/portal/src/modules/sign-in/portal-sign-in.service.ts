import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PORTAL_CODES_PER_HOUR,
  PORTAL_CODE_MINUTES,
  PORTAL_CODE_SENT,
  PORTAL_CODE_TRIES,
  PORTAL_OPERATIONS,
  PORTAL_PAUSED,
  PORTAL_PAUSE_MINUTES,
  PORTAL_WRONG_CODE,
  PRIVACY_OPERATIONS,
  type PortalClientRecord,
} from '@corretora/contracts';
import { HttpError, type InternalClient, type Jobs, type RateLimiter } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import type { OpenPortal, PortalBrokerages } from './brokerages';
import type { Sealer } from './sealed';

interface CodeRow {
  codeHash: string | null;
  expiresAt: Date;
  attempts: number;
  pausedUntil: Date | null;
}

/** The job that mails a code: what it needs, sealed (the code and the address never sit readable in the job's table). */
export const CODE_MAIL_JOB = 'portal_code_mail';
export interface CodeMail {
  userId: string;
  to: string;
  code: string;
  slug: string;
}

/**
 * Signing in without a password: a 6-digit code sent to the client (PORTAL_CODE_MINUTES to use it,
 * PORTAL_CODE_TRIES wrong tries, then the document pauses PORTAL_PAUSE_MINUTES). A document that is
 * no client's goes through the same steps and the same answer (a row with no code: its wrong tries
 * pause it too), so neither the answer nor its time tells whether someone is a client.
 */
export class PortalSignIn {
  private readonly codes;

  constructor(
    private readonly knex: Knex,
    private readonly brokerages: PortalBrokerages,
    private readonly pipeline: InternalClient,
    private readonly identity: InternalClient,
    private readonly limiter: RateLimiter,
    private readonly jobs: Jobs,
    private readonly sealer: Sealer,
    private readonly secret: string,
  ) {
    this.codes = tables.scoped(knex, 'portal_codes');
  }

  /** The document as a keyed hash: the table never holds a CPF. */
  private documentHash(userId: string, document: string): string {
    return createHmac('sha256', this.secret).update(`${userId}\u0000${document}`).digest('base64url');
  }

  private codeHash(userId: string, document: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${userId}\u0000${document}\u0000${code}`).digest('base64url');
  }

  async client(userId: string, document: string): Promise<PortalClientRecord | null> {
    return this.pipeline.call(PORTAL_OPERATIONS.client, { params: { userId }, body: { document } });
  }

  async requestCode(portal: OpenPortal, document: string): Promise<{ message: string }> {
    await this.limiter.consume([
      { name: 'portal-code:document', key: `${portal.userId} ${document}`, max: PORTAL_CODES_PER_HOUR, windowSeconds: 3600 },
    ]);
    const client = await this.client(portal.userId, document);
    const code = await this.issue(portal.userId, document, client !== null);
    if (code && client?.email && portal.channels.email)
      await this.jobs.send(CODE_MAIL_JOB, {
        sealed: this.sealer.seal({ userId: portal.userId, to: client.email, code, slug: portal.slug }),
      });
    return { message: PORTAL_CODE_SENT };
  }

  /**
   * A new code for the document (none while it pauses): its hash stored for a client, nothing for
   * anyone else, the row written either way. Answers the code (null: paused, or no client).
   */
  async issue(userId: string, document: string, isClient: boolean): Promise<string | null> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const documentHash = this.documentHash(userId, document);
    const [row] = (await this.codes
      .of(userId)
      .insert({
        documentHash,
        codeHash: isClient ? this.codeHash(userId, document, code) : null,
        expiresAt: this.knex.raw(`now() + interval '${PORTAL_CODE_MINUTES} minutes'`),
        attempts: 0,
        requestedAt: this.knex.fn.now(),
      })
      .onConflict(['user_id', 'document_hash'])
      .merge({
        codeHash: this.knex.raw('case when portal_codes.paused_until > now() then portal_codes.code_hash else excluded.code_hash end'),
        expiresAt: this.knex.raw('case when portal_codes.paused_until > now() then portal_codes.expires_at else excluded.expires_at end'),
        attempts: this.knex.raw('case when portal_codes.paused_until > now() then portal_codes.attempts else 0 end'),
        requestedAt: this.knex.fn.now(),
      })) as (CodeRow & { pausedUntil: Date | null })[];
    const paused = row?.pausedUntil !== null && row?.pausedUntil !== undefined && row.pausedUntil.getTime() > Date.now();
    return isClient && !paused ? code : null;
  }

  /**
   * Checks the code: right, the client (their contacts as the pipeline holds them now); wrong, one
   * more try counted (committed before the 400), the fifth pausing the document.
   */
  async verify(portal: OpenPortal, document: string, code: string): Promise<PortalClientRecord> {
    const documentHash = this.documentHash(portal.userId, document);
    const outcome = await this.knex.transaction(async (trx) => {
      // The document's row exists before it is locked: parallel tries then wait on one row instead of
      // racing to create it (20 at once for a document that never asked were a unique-key 500).
      await this.codes
        .of(portal.userId, trx)
        .insert({ documentHash, codeHash: null, expiresAt: trx.fn.now(), attempts: 0 })
        .onConflict(['user_id', 'document_hash'])
        .ignore();
      const row = (await this.codes.of(portal.userId, trx).rows().where({ documentHash }).forUpdate().first()) as CodeRow;
      if (row.pausedUntil && row.pausedUntil.getTime() > Date.now()) return 'paused' as const;
      const expected = row.codeHash && row.expiresAt.getTime() > Date.now() ? Buffer.from(row.codeHash) : null;
      const given = Buffer.from(this.codeHash(portal.userId, document, code));
      if (expected && expected.length === given.length && timingSafeEqual(expected, given)) {
        await this.codes.of(portal.userId, trx).rows().where({ documentHash }).delete();
        return 'right' as const;
      }
      const attempts = row.attempts + 1;
      const pause = attempts >= PORTAL_CODE_TRIES;
      const values = {
        attempts: pause ? 0 : attempts,
        codeHash: pause ? null : row.codeHash,
        pausedUntil: pause ? trx.raw(`now() + interval '${PORTAL_PAUSE_MINUTES} minutes'`) : null,
      };
      await this.codes.of(portal.userId, trx).rows().where({ documentHash }).update(values);
      return 'wrong' as const;
    });
    if (outcome === 'paused') throw new HttpError(429, PORTAL_PAUSED, undefined, { 'Retry-After': String(PORTAL_PAUSE_MINUTES * 60) });
    const client = outcome === 'right' ? await this.client(portal.userId, document) : null;
    if (!client) throw new HttpError(400, PORTAL_WRONG_CODE, [{ path: 'code', message: PORTAL_WRONG_CODE }]);
    return client;
  }

  /** The job's work: the code by e-mail, from identity's mailer, in the brokerage's name. */
  async mailCode(sealed: string, appUrl: string): Promise<void> {
    const mail = this.sealer.open<CodeMail>(sealed);
    const page = await this.brokerages.page({ userId: mail.userId, slug: mail.slug, channels: { email: true, whatsapp: false } });
    await this.identity.call(PRIVACY_OPERATIONS.mailAddress, {
      params: {},
      body: {
        to: mail.to,
        subject: `Seu código de acesso: ${mail.code} — ${page.name}`,
        text: [
          'Olá.',
          '',
          `Seu código para entrar no portal do cliente de ${page.name} é: ${mail.code}`,
          '',
          `Ele vale por ${PORTAL_CODE_MINUTES} minutos. Entre em ${appUrl}/cliente/${mail.slug}`,
          '',
          'Se você não pediu este código, ignore este e-mail: sem ele ninguém entra no portal.',
        ].join('\n'),
      },
    });
  }
}
