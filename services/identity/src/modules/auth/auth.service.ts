import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  ChangePasswordInput,
  LoginInput,
  MemberProfileInput,
  RegisterInput,
  ResetPasswordInput,
  User,
  UserMailInput,
} from '@corretora/contracts';
import { HttpError, RateLimiter, destroySessionsOf, recordAuditEvent, setSessionsIdentity, type SessionUser } from '@corretora/service-kit';
import argon2 from 'argon2';
import type { Knex } from 'knex';
import type pino from 'pino';
import type { Mailer } from './mailer';
import { currentPasswordLimits, forgotPasswordLimits, loginLimits, registerLimits, resetPasswordLimits } from './rate-limit';
import { UserModel } from './user.model';

export const LOGIN_FAILED = 'Email ou senha inválidos. Tente novamente.';
export const EMAIL_TAKEN = 'Este email já está cadastrado.';
export const RESET_INVALID = 'Link de redefinição inválido ou expirado.';
export const MEMBER_DISABLED = 'Seu acesso a esta corretora foi desativado. Fale com o proprietário da corretora.';
export const CURRENT_PASSWORD_WRONG = 'Senha atual incorreta.';
export const FORGOT_PASSWORD_ANSWER = 'Se existe uma conta com esse email, você receberá um link para redefinir sua senha.';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const ARGON2_OPTIONS = { type: argon2.argon2id } as const;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class AuthService {
  private readonly limiter: RateLimiter;
  /** Verified against when the e-mail is unknown, so both paths cost one argon2 verification. */
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly knex: Knex,
    private readonly mailer: Mailer,
    private readonly appUrl: string,
    private readonly log: pino.Logger,
    private readonly registerLimitPerHour: number,
  ) {
    this.limiter = new RateLimiter(knex);
    this.dummyHash = argon2.hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS);
  }

  /** A new account is a new brokerage with its user as owner (the brokerage's id is the owner's). */
  async register(input: RegisterInput, address: string): Promise<UserModel> {
    await this.limiter.consume(registerLimits(address, this.registerLimitPerHour));
    const password = await argon2.hash(input.password, ARGON2_OPTIONS);
    const id = randomUUID();
    // A taken e-mail violates users_email_unique: the kit answers 409 on the email field (app.ts).
    return UserModel.query(this.knex).insertAndFetch({
      id,
      brokerageId: id,
      role: 'owner',
      email: input.email,
      name: input.name,
      password,
    });
  }

  /** Counted before argon2 runs, so parallel guesses cannot slip past a limit; a success gives its attempt back. */
  async login(input: LoginInput, address: string): Promise<UserModel> {
    const limits = loginLimits(input.email, address);
    await this.limiter.consume([limits.accountAtAddress, limits.address, limits.account]);
    const user = await UserModel.query(this.knex).findOne({ email: input.email });
    const valid = await argon2.verify(user?.password ?? (await this.dummyHash), input.password);
    if (!user || !valid) throw new HttpError(401, LOGIN_FAILED);
    await this.limiter.reset([limits.accountAtAddress]);
    await this.limiter.refund([limits.address, limits.account]);
    // Said only to whoever knows the password: the account exists, its brokerage turned it off.
    if (user.disabledAt) throw new HttpError(403, MEMBER_DISABLED);
    await recordAuditEvent(this.knex, user.brokerageId, {
      action: 'sign_in',
      entity: 'member',
      entityId: user.id,
      actor: { id: user.id, address },
    });
    return user;
  }

  /**
   * The member as they are at the moment their session is written (the kit's ConfirmMember): their
   * row held until the session commits, so a disable, a role change or a password reset that
   * started after the password check is seen here, or waits and then ends this session.
   */
  async confirmSignIn(trx: Knex.Transaction, checked: UserModel): Promise<SessionUser> {
    const current = await UserModel.query(trx).findById(checked.id).forShare();
    // The password verified is no longer theirs (reset meanwhile): as a wrong password.
    if (!current || current.password !== checked.password) throw new HttpError(401, LOGIN_FAILED);
    if (current.disabledAt) throw new HttpError(403, MEMBER_DISABLED);
    return current.toSessionUser();
  }

  /** The signed-in member, if they still may be (a disabled member's session is worthless). */
  async findUser(id: string): Promise<User | null> {
    const user = await UserModel.query(this.knex).findById(id);
    return user && !user.disabledAt ? user.toUser() : null;
  }

  /**
   * A member's own name, e-mail and mobile. Their sessions show the new name and e-mail at
   * once; a new e-mail (what they sign in with) needs their current password. A taken e-mail is the
   * kit's 409 on the field (users_email_unique).
   */
  async updateProfile(session: SessionUser, input: MemberProfileInput): Promise<User> {
    const member = await this.activeMember(session);
    if (input.email !== member.email) await this.checkCurrentPassword(member, input.currentPassword);
    const updated = await UserModel.query(this.knex).patchAndFetchById(member.id, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      updatedAt: new Date(),
    });
    await setSessionsIdentity(this.knex, member.id, { email: updated.email, name: updated.name });
    return updated.toUser();
  }

  /**
   * A new password with the current one. Every session of the member ends (a stolen one included);
   * the route signs this request in again, so the member goes on where they are.
   */
  async changePassword(session: SessionUser, input: ChangePasswordInput): Promise<UserModel> {
    const member = await this.activeMember(session);
    await this.checkCurrentPassword(member, input.currentPassword);
    const password = await argon2.hash(input.password, ARGON2_OPTIONS);
    const updated = await UserModel.query(this.knex).patchAndFetchById(member.id, {
      password,
      resetPasswordToken: null,
      resetPasswordExpires: null,
      updatedAt: new Date(),
    });
    await destroySessionsOf(this.knex, member.id);
    return updated;
  }

  private async activeMember(session: SessionUser): Promise<UserModel> {
    const member = await UserModel.query(this.knex).findById(session.memberId);
    if (!member || member.disabledAt) throw new HttpError(401, 'Não autenticado.');
    return member;
  }

  /** Counted before argon2 runs (5 wrong in 15 minutes per member), forgotten after a right one. */
  private async checkCurrentPassword(member: UserModel, given: string): Promise<void> {
    if (!given)
      throw new HttpError(400, 'Informe sua senha atual para trocar o e-mail.', [
        { path: 'currentPassword', message: 'Informe sua senha atual' },
      ]);
    const limits = currentPasswordLimits(member.id);
    await this.limiter.consume(limits);
    if (!(await argon2.verify(member.password, given)))
      throw new HttpError(400, CURRENT_PASSWORD_WRONG, [{ path: 'currentPassword', message: CURRENT_PASSWORD_WRONG }]);
    await this.limiter.reset(limits);
  }

  /**
   * Another service's mail to a broker (the daily digest): the address never leaves identity. A
   * delivery that fails is a 502, so the caller records the failure and tries again later.
   */
  async mailUser(id: string, mail: UserMailInput): Promise<void> {
    const user = await this.findUser(id);
    if (!user) throw new HttpError(404, 'Usuário não encontrado.');
    try {
      await this.mailer.send({ to: user.email, subject: mail.subject, text: mail.text });
    } catch (error) {
      this.log.error({ err: error }, 'mail to a broker failed');
      throw new HttpError(502, 'Não foi possível enviar o e-mail agora.');
    }
  }

  /** A mail to an address that is no user's (a data subject confirming a request on a privacy page); a 502 when it fails. */
  async mailAddress(mail: UserMailInput & { to: string }): Promise<void> {
    try {
      await this.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text });
    } catch (error) {
      this.log.error({ err: error }, 'mail to an address failed');
      throw new HttpError(502, 'Não foi possível enviar o e-mail agora.');
    }
  }

  /** Same answer, same work and no mail-delivery wait whether the e-mail exists or not. */
  async requestPasswordReset(email: string, address: string): Promise<void> {
    await this.limiter.consume(forgotPasswordLimits(email, address));
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + RESET_TOKEN_TTL_MS);
    const updated = await UserModel.query(this.knex)
      .patch({ resetPasswordToken: hashToken(token), resetPasswordExpires: expires })
      .where({ email });
    if (updated === 0) return;
    // In the fragment: never sent to a server, so never in an access log or a Referer.
    const link = `${this.appUrl}/reset-password#token=${token}`;
    this.mailer
      .send({
        to: email,
        subject: 'Redefinição de senha - Corretora CRM',
        text: [
          'Olá,',
          '',
          'Recebemos um pedido para redefinir a senha da sua conta no Corretora CRM.',
          `Para criar uma nova senha, acesse: ${link}`,
          '',
          'O link vale por 1 hora e só pode ser usado uma vez. Se você não fez este pedido, ignore este email.',
        ].join('\n'),
        link,
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'password reset mail failed'));
  }

  /** Single use: the token is cleared with the password change; every open session ends. */
  async resetPassword(input: ResetPasswordInput, address: string): Promise<void> {
    await this.limiter.consume(resetPasswordLimits(address));
    const password = await argon2.hash(input.password, ARGON2_OPTIONS);
    const userId = await this.knex.transaction(async (trx) => {
      const user = await UserModel.query(trx)
        .findOne({ resetPasswordToken: hashToken(input.token) })
        .where('resetPasswordExpires', '>', new Date())
        .forUpdate();
      if (!user) throw new HttpError(400, RESET_INVALID);
      await UserModel.query(trx)
        .patch({ password, resetPasswordToken: null, resetPasswordExpires: null, updatedAt: new Date() })
        .findById(user.id);
      return user.id;
    });
    await destroySessionsOf(this.knex, userId);
  }
}
