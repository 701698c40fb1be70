import * as v from 'valibot';
import { emailField, required, requiredText } from '../fields';
import { PASSWORD_MAX, newPassword } from '../vocabulary/password';

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
