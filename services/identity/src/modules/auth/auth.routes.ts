import { AUTH_OPERATIONS as OPS, PRIVACY_OPERATIONS } from '@corretora/contracts';
import { HttpError, route, signIn, signOut } from '@corretora/service-kit';
import type Router from '@koa/router';
import { FORGOT_PASSWORD_ANSWER, type AuthService } from './auth.service';

export function authRoutes(router: Router, auth: AuthService): void {
  route(router, OPS.register, async ({ body, ctx }) => {
    const user = await auth.register(body, ctx.ip);
    // Registering signs the broker in: the UI goes straight to the dashboard.
    await signIn(ctx, user.toSessionUser());
    return user.toUser();
  });

  route(router, OPS.login, async ({ body, ctx }) => {
    const user = await auth.login(body, ctx.ip);
    // The session is written from the member as they are then, not as read before the password check.
    await signIn(ctx, user.toSessionUser(), (trx) => auth.confirmSignIn(trx, user));
    return (await auth.findUser(user.id)) ?? user.toUser();
  });

  route(router, OPS.logout, ({ ctx }) => signOut(ctx));

  route(router, OPS.user, async ({ user: session, ctx }) => {
    const user = await auth.findUser(session.memberId);
    if (!user) {
      // The account no longer exists or was disabled: the session is worthless.
      await signOut(ctx);
      throw new HttpError(401, 'Não autenticado.');
    }
    return user;
  });

  route(router, OPS.updateProfile, ({ user, body }) => auth.updateProfile(user, body));

  route(router, OPS.changePassword, async ({ user, body, ctx }) => {
    const member = await auth.changePassword(user, body);
    // Every session of the member ended with the change; this one goes on as a new one.
    await signIn(ctx, member.toSessionUser(), (trx) => auth.confirmSignIn(trx, member));
    return { message: 'Senha alterada com sucesso.' };
  });

  route(router, OPS.forgotPassword, async ({ body, ctx }) => {
    await auth.requestPasswordReset(body.email, ctx.ip);
    return { message: FORGOT_PASSWORD_ANSWER };
  });

  route(router, OPS.resetPassword, async ({ body, ctx }) => {
    await auth.resetPassword(body, ctx.ip);
    return { message: 'Senha redefinida com sucesso.' };
  });
}

/** Other services' mail to a broker (the internal listener only). */
export function internalAuthRoutes(router: Router, auth: AuthService): void {
  route(router, OPS.mailUser, ({ params, body }) => auth.mailUser(params.userId, body));
  route(router, PRIVACY_OPERATIONS.mailAddress, ({ body }) => auth.mailAddress(body));
}
