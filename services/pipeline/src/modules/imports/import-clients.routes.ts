import { PIPELINE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { ImportClientsService } from './import-clients.service';

/** The internal door of a policies import's clients (finance runs the import). */
export function importClientsRoutes(router: Router, clients: ImportClientsService): void {
  route(router, OPS.importClients, ({ params }) => clients.clients(params.userId));
  route(router, OPS.placeImportClients, ({ params, body }) => clients.place(params.userId, body));
  route(router, OPS.undoImportClients, ({ params, body }) => clients.undo(params.userId, body));
}
