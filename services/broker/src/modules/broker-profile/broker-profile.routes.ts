import { BROKER_OPERATIONS as OPS, MANAGERS, PRIVACY_OPERATIONS, roleAllows } from '@corretora/contracts';
import { requireOnboarding, route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { BrokerProfileService } from './broker-profile.service';
import type { DisclosureService } from './disclosure.service';
import type { MemberPhotoService } from './member-photo.service';
import { logoUpload, photoUpload, sendPhoto } from './profile-photo';

export function brokerProfileRoutes(
  router: Router,
  profiles: BrokerProfileService,
  photos: MemberPhotoService,
  disclosures: DisclosureService,
): void {
  // The CNSP 382 items: the whole team reads them (they print on every disclosure), the managers write them.
  route(router, OPS.disclosure, ({ user }) => disclosures.get(user.id));
  route(router, OPS.saveDisclosure, ({ user, body }) => disclosures.save(user.id, body));

  // No profile yet is a normal state (before onboarding): JSON null, not a 404.
  // The owner's personal CPF and mobile are for the owner and the admins only: the team sees the brokerage's data.
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

  // Each member's own photo: written by the member, seen by the brokerage.
  route(router, OPS.memberPhotoOf, ({ user }) => photos.mine(user.id, user.memberId));
  route(router, OPS.uploadMemberPhoto, ({ user, file }) => photos.save(user.id, user.memberId, file), requireOnboarding, photoUpload());
  route(router, OPS.memberPhoto, async ({ user, params, ctx }) => sendPhoto(ctx, await photos.read(user.id, params.memberId)));

  route(router, OPS.photo, async ({ user, ctx }) => sendPhoto(ctx, await profiles.readPhoto(user.id)));

  // The brokerage's logo: the managers send and remove it, the team sees it.
  route(router, OPS.uploadLogo, ({ user, file }) => profiles.saveLogo(user.id, file), requireOnboarding, logoUpload());
  route(router, OPS.removeLogo, ({ user }) => profiles.removeLogo(user.id));
  route(router, OPS.logo, async ({ user, ctx }) => sendPhoto(ctx, await profiles.readLogo(user.id)));
}

/** Other services' reads of the brokerage (the internal listener only). */
export function internalBrokerProfileRoutes(router: Router, profiles: BrokerProfileService, disclosures: DisclosureService): void {
  route(router, OPS.disclosureForPrint, ({ params }) => disclosures.forPrint(params.userId));
  route(router, OPS.brokerageName, ({ params }) => profiles.brokerageName(params.userId));
  route(router, OPS.brokerageLogo, ({ params }) => profiles.logoForPrint(params.userId));
  route(router, PRIVACY_OPERATIONS.brokerageController, ({ params }) => profiles.controller(params.userId));
}
