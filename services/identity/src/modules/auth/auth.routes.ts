import { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema } from '@corretora/contracts';
import { HttpError, currentUser, parseBody, requireUser, signIn, signOut } from '@corretora/service-kit';
import type Router from '@koa/router';
import { FORGOT_PASSWORD_ANSWER, type AuthService } from './auth.service';

export function authRoutes(router: Router, auth: AuthService): void {
  router.post('/api/auth/register', async (ctx) => {
    const user = await auth.register(parseBody(RegisterSchema, ctx.request.body), ctx.ip);
    // Registering signs the broker in: the UI goes straight to the dashboard.
    await signIn(ctx, { id: user.id, email: user.email });
    ctx.status = 201;
    ctx.body = user;
  });

  router.post('/api/auth/login', async (ctx) => {
    const user = await auth.login(parseBody(LoginSchema, ctx.request.body), ctx.ip);
    await signIn(ctx, { id: user.id, email: user.email });
    ctx.body = user;
  });

  router.post('/api/auth/logout', async (ctx) => {
    await signOut(ctx);
    ctx.status = 204;
  });

  router.get('/api/auth/user', requireUser, async (ctx) => {
    const user = await auth.findUser(currentUser(ctx).id);
    if (!user) {
      // The account no longer exists: the session is worthless.
      await signOut(ctx);
      throw new HttpError(401, 'Não autenticado.');
    }
    ctx.body = user;
  });

  router.post('/api/auth/forgot-password', async (ctx) => {
    const { email } = parseBody(ForgotPasswordSchema, ctx.request.body);
    await auth.requestPasswordReset(email, ctx.ip);
    ctx.body = { message: FORGOT_PASSWORD_ANSWER };
  });

  router.post('/api/auth/reset-password', async (ctx) => {
    await auth.resetPassword(parseBody(ResetPasswordSchema, ctx.request.body), ctx.ip);
    ctx.body = { message: 'Senha redefinida com sucesso.' };
  });
}
