import { BrokerProfileSchema, BrokerProfileUpdateSchema } from '@corretora/contracts';
import { currentUser, parseBody, requireOnboarding, requireUser, type UploadedFile } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { BrokerProfileService } from './broker-profile.service';
import { photoUpload } from './profile-photo';

export function brokerProfileRoutes(router: Router, profiles: BrokerProfileService): void {
  router.get('/api/broker-profile', requireUser, async (ctx) => {
    // No profile yet is a normal state (before onboarding): answer JSON null, not 404.
    ctx.body = JSON.stringify(await profiles.get(currentUser(ctx).id));
    ctx.type = 'application/json';
  });

  router.post('/api/broker-profile', requireUser, async (ctx) => {
    const input = parseBody(BrokerProfileSchema, ctx.request.body);
    const { profile, created } = await profiles.save(currentUser(ctx).id, input);
    ctx.status = created ? 201 : 200;
    ctx.body = profile;
  });

  router.put('/api/broker-profile', requireUser, async (ctx) => {
    ctx.body = await profiles.update(currentUser(ctx).id, parseBody(BrokerProfileUpdateSchema, ctx.request.body));
  });

  router.post('/api/broker-profile/restart', requireUser, async (ctx) => {
    ctx.body = await profiles.restart(currentUser(ctx).id);
  });

  router.post('/api/broker-profile/photo', requireUser, requireOnboarding, photoUpload(), async (ctx) => {
    ctx.body = await profiles.savePhoto(currentUser(ctx).id, ctx.state.file as UploadedFile);
  });

  router.get('/api/broker-profile/photo', requireUser, async (ctx) => {
    const photo = await profiles.readPhoto(currentUser(ctx).id);
    ctx.type = photo.contentType;
    ctx.length = photo.size;
    ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = photo.stream;
  });
}
