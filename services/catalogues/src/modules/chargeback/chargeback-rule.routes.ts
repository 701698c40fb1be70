import { CATALOGUE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { ChargebackRuleService } from './chargeback-rule.service';

export function chargebackRuleRoutes(router: Router, rules: ChargebackRuleService): void {
  route(router, OPS.chargebackRule, ({ user, params }) => rules.get(user.id, params.id));
  route(router, OPS.setChargebackRule, ({ user, params, body }) => rules.set(user.id, params.id, body));
}

/** Finance asks for the scale when the broker cancels a policy. */
export function internalChargebackRuleRoutes(router: Router, rules: ChargebackRuleService): void {
  route(router, OPS.chargebackRuleFor, ({ params }) => rules.get(params.userId, params.id));
}
