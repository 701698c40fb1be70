import { CATALOGUE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { CepService } from './cep.service';

export function cepRoutes(router: Router, cep: CepService): void {
  route(router, OPS.cepLookup, ({ user, params }) => cep.lookup(user.id, params.cep));
}
