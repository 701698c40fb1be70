import { CATALOGUE_OPERATIONS as OPS } from '@corretora/contracts';
import { RateLimiter, route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import type { CepService } from './cep.service';

/** Lookups one account may send a minute: a broker types a few CEPs; a script would make us hammer the provider. */
const LOOKUPS_PER_MINUTE = 60;

export function cepRoutes(router: Router, cep: CepService, knex: Knex): void {
  const limiter = new RateLimiter(knex);
  route(router, OPS.cepLookup, async ({ user, params }) => {
    await limiter.consume([
      {
        name: 'cep:lookups',
        key: user.id,
        max: LOOKUPS_PER_MINUTE,
        windowSeconds: 60,
        message: 'Muitas buscas de CEP em pouco tempo. Aguarde um minuto ou preencha o endereço.',
      },
    ]);
    return cep.lookup(params.cep);
  });
}
