// The server half of the auth operations, by the same names: each one's summary (the reference) and its runtime
// schemas (the services' route()). Never imported by a front end, so no page carries what it does not use.
import { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema, UserMailSchema } from '../auth/auth.schemas';
import { ChangePasswordSchema, MemberProfileSchema } from '../auth/member-profile.schemas';

export const register = { summary: 'Cria a conta e inicia a sessão.', body: RegisterSchema };
export const login = { summary: 'Inicia a sessão.', body: LoginSchema };
export const forgotPassword = {
  summary: 'Envia o link de redefinição de senha (a mesma resposta exista ou não a conta).',
  body: ForgotPasswordSchema,
};
export const resetPassword = { summary: 'Define a nova senha com o token do e-mail.', body: ResetPasswordSchema };
export const logout = { summary: 'Encerra a sessão.' };
export const user = { summary: 'O usuário da sessão.' };
export const updateProfile = {
  summary: 'Altera o perfil do próprio membro (nome, e-mail, celular); um novo e-mail pede a senha atual.',
  body: MemberProfileSchema,
};
export const changePassword = {
  summary: 'Troca a senha do membro com a senha atual; as outras sessões dele terminam.',
  body: ChangePasswordSchema,
};
export const mailUser = {
  summary: 'Envia um e-mail ao corretor (o resumo diário): só a identidade conhece o endereço.',
  body: UserMailSchema,
};
