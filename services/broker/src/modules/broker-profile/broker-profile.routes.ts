import { BROKER_OPERATIONS as OPS, MANAGERS, PRIVACY_OPERATIONS, roleAllows } from '@corretora/contracts';
import { requireOnboarding, route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { BrokerProfileService } from './broker-profile.service';
import { photoUpload } from './profile-photo';

export function brokerProfileRoutes(router: Router, profiles: BrokerProfileService): void {
  // No profile yet is a normal state (before onboarding): JSON null, not a 404.
  // The owner's personal CPF and mobile are for the owner and the admins only (#58): the team sees the brokerage's data.
  route(router, OPS.profile, async ({ user }) => {
    const profile = await profiles.get(user.id);
    return profile && !roleAllows(user.role, MANAGERS) ? { ...profile, cpf: null, phone: null } : profile;
  });

  route(router, OPS.saveProfile, async ({ user, body, ctx }) => {
    const { profile, created } = await profiles.save(user.id, body);
    ctx.status = created ? 201 : 200;
    return profile;
  });

  route(router, OPS.updateProfile, ({ user, body }) => profiles.update(user.id, body));
  route(router, OPS.restartOnboarding, ({ user }) => profiles.restart(user.id));
  // Meu Perfil is locked until onboarding is complete, and so is its photo upload.
  route(router, OPS.uploadPhoto, ({ user, file }) => profiles.savePhoto(user.id, file), requireOnboarding, photoUpload());

  route(router, OPS.photo, async ({ user, ctx }) => {
    const photo = await profiles.readPhoto(user.id);
    ctx.type = photo.contentType;
    ctx.length = photo.size;
    ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = photo.stream;
    return undefined;
  });
}

/** Other services' reads of the brokerage (the internal listener only). */
export function internalBrokerProfileRoutes(router: Router, profiles: BrokerProfileService): void {
  route(router, OPS.brokerageName, ({ params }) => profiles.brokerageName(params.userId));
  route(router, PRIVACY_OPERATIONS.brokerageController, ({ params }) => profiles.controller(params.userId));
}
