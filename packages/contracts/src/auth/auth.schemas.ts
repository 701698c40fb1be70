import * as v from 'valibot';
import { isValidMobilePhone, normalizePhone } from '../br/phone';
import { emailField, optionalText, required, requiredText } from '../fields';

const PASSWORD_MAX = 128;

export const LoginSchema = v.object({
  email: emailField,
  password: required(
    v.pipe(
      v.string('Senha é obrigatória'),
      v.nonEmpty('Senha é obrigatória'),
      v.maxLength(PASSWORD_MAX, `Senha deve ter no máximo ${PASSWORD_MAX} caracteres`),
    ),
  ),
});

/** A password a broker or a member chooses (registering, a reset, accepting an invitation). */
export const newPassword = required(
  v.pipe(
    v.string('Senha deve ter pelo menos 8 caracteres'),
    v.minLength(8, 'Senha deve ter pelo menos 8 caracteres'),
    // argon2 cost grows with input: cap it so a huge body cannot burn CPU.
    v.maxLength(PASSWORD_MAX, `Senha deve ter no máximo ${PASSWORD_MAX} caracteres`),
  ),
);

export const RegisterSchema = v.object({
  name: requiredText('Nome é obrigatório', 100),
  email: emailField,
  password: newPassword,
});

export const ForgotPasswordSchema = v.object({ email: emailField });

export const ResetPasswordSchema = v.object({
  token: required(v.pipe(v.string('Token é obrigatório'), v.trim(), v.nonEmpty('Token é obrigatório'), v.maxLength(200, 'Token inválido'))),
  password: newPassword,
});

const currentPassword = required(
  v.pipe(
    v.string('Informe sua senha atual'),
    v.nonEmpty('Informe sua senha atual'),
    v.maxLength(PASSWORD_MAX, `Senha deve ter no máximo ${PASSWORD_MAX} caracteres`),
  ),
);

/**
 * PUT /api/auth/profile: a member's own name, e-mail and mobile (#58). A new e-mail (the one they
 * sign in with) asks for the current password; the server checks it only when the e-mail changes.
 */
export const MemberProfileSchema = v.object({
  name: requiredText('Nome é obrigatório', 100),
  email: emailField,
  phone: v.pipe(
    optionalText(20),
    v.check((value) => value === null || isValidMobilePhone(value), 'Número de celular inválido. Use formato: (11) 99999-9999'),
    v.transform((value) => (value === null ? null : normalizePhone(value))),
  ),
  currentPassword: v.optional(v.pipe(v.string('Senha inválida'), v.maxLength(PASSWORD_MAX, 'Senha inválida')), ''),
});

/** PUT /api/auth/password: the member's new password, with the current one. */
export const ChangePasswordSchema = v.pipe(
  v.object({
    currentPassword,
    password: newPassword,
    confirmation: required(v.pipe(v.string('Confirme a nova senha'), v.nonEmpty('Confirme a nova senha'))),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmation']], (input) => input.password === input.confirmation, 'As senhas não conferem'),
    ['confirmation'],
  ),
);

export type MemberProfileInput = v.InferOutput<typeof MemberProfileSchema>;
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>;
export type LoginInput = v.InferOutput<typeof LoginSchema>;
export type RegisterInput = v.InferOutput<typeof RegisterSchema>;
export type ForgotPasswordInput = v.InferOutput<typeof ForgotPasswordSchema>;
export type ResetPasswordInput = v.InferOutput<typeof ResetPasswordSchema>;

/** POST /internal/auth/users/{userId}/mail: what another service e-mails a broker (the daily digest). */
export const UserMailSchema = v.object({
  subject: v.pipe(v.string('Informe o assunto'), v.minLength(1, 'Informe o assunto'), v.maxLength(200, 'Assunto longo demais')),
  text: v.pipe(v.string('Informe o texto'), v.minLength(1, 'Informe o texto'), v.maxLength(50_000, 'Texto longo demais')),
});
export type UserMailInput = v.InferOutput<typeof UserMailSchema>;
