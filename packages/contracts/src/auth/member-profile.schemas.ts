import * as v from 'valibot';
import { isValidMobilePhone, normalizePhone } from '../br/phone';
import { emailField, optionalText, required, requiredText } from '../fields';
import { PASSWORD_MAX, newPassword } from '../vocabulary/password';

// A module of its own: the sign-in pages load auth.schemas and never this (Meu Perfil does).

const currentPassword = required(
  v.pipe(
    v.string('Informe sua senha atual'),
    v.nonEmpty('Informe sua senha atual'),
    v.maxLength(PASSWORD_MAX, `Senha deve ter no máximo ${PASSWORD_MAX} caracteres`),
  ),
);

/**
 * PUT /api/auth/profile: a member's own name, e-mail and mobile. A new e-mail (the one they
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
