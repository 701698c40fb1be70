import { HttpError } from '@corretora/service-kit';
import type { Knex } from 'knex';

export interface Limit {
  bucket: string;
  max: number;
  windowMinutes: number;
}

export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

/**
 * Counters live in Postgres so every replica of identity sees the same attempts.
 * Only what a limit counts is recorded (failed logins, reset requests): a successful
 * sign-in is never throttled.
 */
export class RateLimiter {
  constructor(private readonly knex: Knex) {}

  async assertAllowed(limits: Limit[]): Promise<void> {
    for (const limit of limits) {
      const row = await this.knex('rate_limit_events')
        .where('bucket', limit.bucket)
        .andWhere('created_at', '>', this.knex.raw(`now() - make_interval(mins => ?)`, [limit.windowMinutes]))
        .count<{ count: string }[]>({ count: '*' })
        .first();
      if (Number(row?.count ?? 0) >= limit.max) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    }
  }

  async record(limits: Limit[]): Promise<void> {
    await this.knex('rate_limit_events').insert(limits.map((limit) => ({ bucket: limit.bucket })));
  }

  /** Old events are useless once outside every window. */
  async prune(olderThanMinutes = 24 * 60): Promise<void> {
    await this.knex('rate_limit_events')
      .where('created_at', '<', this.knex.raw(`now() - make_interval(mins => ?)`, [olderThanMinutes]))
      .delete();
  }
}

export const loginLimits = (email: string, ip: string): Limit[] => [
  { bucket: `login:account:${email}`, max: 10, windowMinutes: 15 },
  { bucket: `login:ip:${ip}`, max: 50, windowMinutes: 15 },
];

export const forgotPasswordLimits = (email: string, ip: string): Limit[] => [
  { bucket: `forgot:account:${email}`, max: 5, windowMinutes: 60 },
  { bucket: `forgot:ip:${ip}`, max: 20, windowMinutes: 60 },
];
