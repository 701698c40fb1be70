import { answer, operation, schema } from '../api/operation';
import type { User } from '../types';
import type { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema } from './auth.schemas';

// Identity: accounts and sessions. Each operation is an export of its own (a pure call), so a bundle keeps only those it names.

export const register = /*#__PURE__*/ operation({ id: 'auth.register', method: 'POST', path: '/api/auth/register', access: 'public', summary: 'Cria a conta e inicia a sessão.', status: 201, body: /*#__PURE__*/ schema<typeof RegisterSchema>(), answer: /*#__PURE__*/ answer<User>() });
export const login = /*#__PURE__*/ operation({ id: 'auth.login', method: 'POST', path: '/api/auth/login', access: 'public', summary: 'Inicia a sessão.', body: /*#__PURE__*/ schema<typeof LoginSchema>(), answer: /*#__PURE__*/ answer<User>() });
export const logout = /*#__PURE__*/ operation({ id: 'auth.logout', method: 'POST', path: '/api/auth/logout', access: 'public', summary: 'Encerra a sessão.', status: 204 });
export const user = /*#__PURE__*/ operation({ id: 'auth.user', method: 'GET', path: '/api/auth/user', access: 'signed-in', summary: 'O usuário da sessão.', answer: /*#__PURE__*/ answer<User>() });
export const forgotPassword = /*#__PURE__*/ operation({
  id: 'auth.forgotPassword', method: 'POST', path: '/api/auth/forgot-password', access: 'public',
  summary: 'Envia o link de redefinição de senha (a mesma resposta exista ou não a conta).', body: /*#__PURE__*/ schema<typeof ForgotPasswordSchema>(), answer: /*#__PURE__*/ answer<{ message: string }>(),
});
export const resetPassword = /*#__PURE__*/ operation({
  id: 'auth.resetPassword', method: 'POST', path: '/api/auth/reset-password', access: 'public', summary: 'Define a nova senha com o token do e-mail.',
  body: /*#__PURE__*/ schema<typeof ResetPasswordSchema>(), answer: /*#__PURE__*/ answer<{ message: string }>(),
});
