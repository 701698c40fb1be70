import { phantom, type Operation } from '../vocabulary/operation';
import type { User } from '../types';
import type { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema, UserMailSchema } from '../auth/auth.schemas';
import type { ChangePasswordSchema, MemberProfileSchema } from '../auth/member-profile.schemas';

// Identity: accounts and sessions. Each operation is a plain object of its own, so a bundle keeps only those it names.

export const register = {
  id: 'auth.register',
  method: 'POST',
  path: '/api/auth/register',
  access: 'public',
  status: 201,
  body: phantom as typeof RegisterSchema,
  answer: phantom as User,
} as const satisfies Operation;
export const login = {
  id: 'auth.login',
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  body: phantom as typeof LoginSchema,
  answer: phantom as User,
} as const satisfies Operation;
export const logout = {
  id: 'auth.logout',
  method: 'POST',
  path: '/api/auth/logout',
  access: 'public',
  status: 204,
} as const satisfies Operation;
export const user = {
  id: 'auth.user',
  method: 'GET',
  path: '/api/auth/user',
  access: 'signed-in',
  answer: phantom as User,
} as const satisfies Operation;
/** A member's own profile: name, e-mail, mobile; a new e-mail asks for the current password. */
export const updateProfile = {
  id: 'auth.updateProfile',
  method: 'PUT',
  path: '/api/auth/profile',
  access: 'signed-in',
  body: phantom as typeof MemberProfileSchema,
  answer: phantom as User,
} as const satisfies Operation;
/** A member's new password, with the current one: their other sessions end, this one goes on. */
export const changePassword = {
  id: 'auth.changePassword',
  method: 'PUT',
  path: '/api/auth/password',
  access: 'signed-in',
  body: phantom as typeof ChangePasswordSchema,
  answer: phantom as { message: string },
} as const satisfies Operation;
export const forgotPassword = {
  id: 'auth.forgotPassword',
  method: 'POST',
  path: '/api/auth/forgot-password',
  access: 'public',
  body: phantom as typeof ForgotPasswordSchema,
  answer: phantom as { message: string },
} as const satisfies Operation;
export const resetPassword = {
  id: 'auth.resetPassword',
  method: 'POST',
  path: '/api/auth/reset-password',
  access: 'public',
  body: phantom as typeof ResetPasswordSchema,
  answer: phantom as { message: string },
} as const satisfies Operation;
/** A service's mail to a broker (the daily digest): identity alone knows the address and holds the mailer. */
export const mailUser = {
  id: 'auth.mailUser',
  method: 'POST',
  path: '/internal/auth/users/:userId/mail',
  access: 'internal',
  status: 204,
  body: phantom as typeof UserMailSchema,
} as const satisfies Operation;
