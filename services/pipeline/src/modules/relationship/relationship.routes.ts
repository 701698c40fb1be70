import { RELATIONSHIP_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { RelationshipService } from './relationship.service';

export function relationshipRoutes(router: Router, relationship: RelationshipService): void {
  route(router, OPS.logInteraction, ({ user, params, body }) => relationship.logInteraction(user, params.id, body));
  route(router, OPS.contactTimeline, ({ user, params }) => relationship.timelineOf(user.id, params.id));
  route(router, OPS.setContactConsent, ({ user, params, body }) => relationship.setConsent(user, params.id, body));
  route(router, OPS.contactWhatsapp, ({ user, params, body }) => relationship.whatsapp(user, params.id, body));
  route(router, OPS.messageTemplates, ({ user }) => relationship.templatesOf(user.id));
  route(router, OPS.setMessageTemplates, ({ user, body }) => relationship.setTemplates(user.id, body));
}

/** Finance records a deal's document sent to the client (the internal listener only). */
export function internalRelationshipRoutes(router: Router, relationship: RelationshipService): void {
  route(router, OPS.recordSent, ({ params, body }) => relationship.recordSent(params.userId, params.id, body));
}
