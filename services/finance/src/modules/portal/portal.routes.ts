import { PORTAL_OPERATIONS as OPS, PORTAL_PHOTO_MAX_BYTES } from '@corretora/contracts';
import { route, singleFileUpload } from '@corretora/service-kit';
import type Router from '@koa/router';
import { sendStoredFile } from '../documents/documents.routes';
import type { PortalRecordsService } from './portal-records.service';

const photoUpload = singleFileUpload({
  field: 'photo',
  maxBytes: PORTAL_PHOTO_MAX_BYTES,
  accept: ['image/jpeg', 'image/png', 'application/pdf'],
  messages: {
    notMultipart: 'Envie a foto como multipart/form-data no campo "photo".',
    tooLarge: 'Cada foto deve ter no máximo 10 MB.',
    onlyTheFile: 'Envie uma foto por vez.',
    missing: 'Escolha uma foto para enviar.',
    wrongType: 'Envie a foto como imagem JPG ou PNG (ou um PDF).',
  },
});

/** A portal's client on finance's records (#61): every read through the kit's client scope. */
export function portalRoutes(router: Router, records: PortalRecordsService): void {
  route(router, OPS.policies, ({ client }) => records.policyList(client));
  route(router, OPS.policyDocuments, ({ client, params }) => records.policyDocuments(client, params.id));
  route(router, OPS.download, async ({ client, params, ctx }) => sendStoredFile(ctx, await records.download(client, params.id)));
  route(router, OPS.instalments, ({ client }) => records.instalmentList(client));
  route(router, OPS.claims, ({ client }) => records.claimList(client));
  route(router, OPS.reportClaim, ({ client, body }) => records.report(client, body));
  route(router, OPS.claimPhoto, ({ client, params, file }) => records.photo(client, params.id, file), photoUpload);
}
