import { PRIVACY_OPERATIONS as OPS, saoPauloDay } from '@corretora/contracts';
import { route, sendCsv } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { PrivacyErasure } from './privacy-erasure';
import type { PrivacyExport } from './privacy-export';
import { privacyLetter } from './privacy-letter';
import type { PrivacyNoticeService } from './privacy-notice.service';
import type { PrivacyRequestsService } from './privacy-requests.service';

/** The data subjects' requests, the public privacy page and the record of processing (LGPD). */
export function privacyRoutes(
  router: Router,
  services: { requests: PrivacyRequestsService; exporter: PrivacyExport; erasure: PrivacyErasure; notice: PrivacyNoticeService },
): void {
  const { requests, exporter, erasure, notice } = services;
  route(router, OPS.privacyRequests, async ({ user }) => ({ requests: await requests.list(user.id) }));
  route(router, OPS.createPrivacyRequest, ({ user, body }) => requests.create(user.id, body, { handledBy: user.memberId }));
  route(router, OPS.updatePrivacyRequest, ({ user, params, body }) => requests.update(user.id, params.id, body));
  route(router, OPS.revokePrivacyConsent, ({ user, params }) => requests.revokeMarketing(user.id, params.id));
  route(router, OPS.exportPrivacyRequest, async ({ user, params, ctx }) => {
    const { fileName, bytes } = await exporter.zip(user.id, params.id);
    ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/zip';
    ctx.body = Buffer.from(bytes);
    return undefined;
  });
  route(router, OPS.erasePrivacyRequest, ({ user, params }) => erasure.erase(user.id, params.id));
  route(router, OPS.privacyLetter, async ({ user, params, ctx }) => {
    const request = await requests.get(user.id, params.id);
    const [controller, settings] = await Promise.all([notice.controllerOf(user.id), notice.get(user.id)]);
    const pdf = await privacyLetter({
      request,
      controller,
      dpo: settings.published ? { name: settings.dpoName, email: settings.dpoEmail } : null,
      today: saoPauloDay(new Date()),
    });
    ctx.set('Content-Disposition', `attachment; filename="${request.protocol}-resposta.pdf"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'application/pdf';
    ctx.body = pdf;
    return undefined;
  });
  route(router, OPS.privacySettings, ({ user }) => notice.get(user.id));
  route(router, OPS.setPrivacySettings, ({ user, body }) => notice.save(user.id, body));
  route(router, OPS.processingRecord, ({ user }) => notice.processing(user.id));
  route(router, OPS.setProcessingRecord, ({ user, body }) => notice.saveProcessing(user.id, body));
  route(router, OPS.processingRecordCsv, async ({ user, ctx }) =>
    sendCsv(ctx, 'registro-de-tratamento.csv', await notice.processingCsv(user.id)),
  );
  route(router, OPS.privacyNotice, ({ params }) => notice.notice(params.brokerage));
  route(router, OPS.filePublicPrivacyRequest, ({ params, body, ctx }) => notice.file(params.brokerage, body, ctx.ip));
  route(router, OPS.confirmPublicPrivacyRequest, ({ params, body }) => notice.confirm(params.brokerage, body.token));
}
