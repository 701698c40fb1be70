import * as v from 'valibot';
import { required } from '../fields';

export const PASSWORD_MAX = 128;

/** A new password, wherever one is chosen (sign-up, reset, a member's own, an invitation's). */
export const newPassword = required(
  v.pipe(
    v.string('Senha deve ter pelo menos 8 caracteres'),
    v.minLength(8, 'Senha deve ter pelo menos 8 caracteres'),
    // argon2 cost grows with input: cap it so a huge body cannot burn CPU.
    v.maxLength(PASSWORD_MAX, `Senha deve ter no máximo ${PASSWORD_MAX} caracteres`),
  ),
);
