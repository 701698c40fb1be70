import type { Limit } from '@corretora/service-kit';

/**
 * Every limit of identity, in one place (docs/security.md, Security model). Attempts are counted
 * before any argon2 work. Signing in:
 * - per account and address, tightly: 5 attempts in 15 minutes, forgotten after a success there;
 * - per address, for every account: 50 in 15 minutes (successes are given back);
 * - per account, from every address, loosely: 100 in an hour (successes are given back).
 * A flood of wrong passwords from one address locks only that address out of that account; the
 * owner elsewhere still signs in. Only a flood from more than 20 addresses can reach the account
 * limit, and even that ends with its hour.
 */
const MINUTE = 60;

export const loginLimits = (email: string, address: string) =>
  ({
    accountAtAddress: { name: 'login:account+address', key: `${email}\u0000${address}`, max: 5, windowSeconds: 15 * MINUTE },
    address: { name: 'login:address', key: address, max: 50, windowSeconds: 15 * MINUTE },
    account: { name: 'login:account', key: email, max: 100, windowSeconds: 60 * MINUTE },
  }) satisfies Record<string, Limit>;

export const registerLimits = (address: string, perHour: number): Limit[] => [
  { name: 'register:address', key: address, max: perHour, windowSeconds: 60 * MINUTE },
];

export const forgotPasswordLimits = (email: string, address: string): Limit[] => [
  { name: 'forgot:account', key: email, max: 5, windowSeconds: 60 * MINUTE },
  { name: 'forgot:address', key: address, max: 20, windowSeconds: 60 * MINUTE },
];

/** A reset token cannot be guessed; this bounds the argon2 work an address can make us do. */
export const resetPasswordLimits = (address: string): Limit[] => [
  { name: 'reset:address', key: address, max: 10, windowSeconds: 15 * MINUTE },
];

/** A signed-in member's current password (a profile's new e-mail, a password change): 5 wrong in 15 minutes, forgotten on a right one. */
export const currentPasswordLimits = (memberId: string): Limit[] => [
  { name: 'current-password:member', key: memberId, max: 5, windowSeconds: 15 * MINUTE },
];

/** A brokerage's invitations: each one is an e-mail we send on its behalf. */
export const inviteLimits = (brokerageId: string): Limit[] => [
  { name: 'invite:brokerage', key: brokerageId, max: 50, windowSeconds: 24 * 60 * MINUTE },
];

/**
 * An invitation's token cannot be guessed; this bounds the argon2 work (and token probing) an
 * address can make us do. Counted before the work, given back when the invitation is accepted
 *: it counts wrong tokens, as sign-in counts wrong passwords.
 */
export const acceptInvitationLimits = (address: string, max: number): Limit[] => [
  { name: 'invitation:address', key: address, max, windowSeconds: 15 * MINUTE },
];
