// The runtime schemas of the auth operations, by the same names: read by the services (service-kit route) and the API reference,
// never by a front end, so no page carries a schema it does not validate with.
import { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema } from './auth.schemas';

export const register = { body: RegisterSchema };
export const login = { body: LoginSchema };
export const forgotPassword = { body: ForgotPasswordSchema };
export const resetPassword = { body: ResetPasswordSchema };
