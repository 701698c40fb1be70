import { IMPORT_OPERATIONS, PIPELINE_OPERATIONS as OPS, RELATIONSHIP_OPERATIONS } from '@corretora/contracts';
import { assertResponsible, responsibleForNew, route, teamOrNobody, type InternalClient } from '@corretora/service-kit';
import type Router from '@koa/router';
import { contactsCsv } from './contacts-csv';
import type { ContactOverviewService } from './contact-overview.service';
import type { ContactsService } from './contacts.service';
import type { DuplicatesService } from './duplicates.service';

export function contactsRoutes(
  router: Router,
  contacts: ContactsService,
  duplicates: DuplicatesService,
  /** Identity's /internal listener: who may be given a client. */
  identity: InternalClient | null,
): void {
  route(router, OPS.contacts, ({ user, query }) => contacts.page(user.id, query));

  // Before '/:id': 'export' is not an id.
  route(router, OPS.exportContacts, async ({ user, query, ctx }) => {
    const today = new Date().toISOString().slice(0, 10);
    ctx.set('Content-Disposition', `attachment; filename="contatos-${today}.csv"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'text/csv; charset=utf-8';
    // Whose client each is; without identity the column stays blank rather than the export failing.
    const [rows, team] = await Promise.all([contacts.all(user.id, query), teamOrNobody(identity, user.id)]);
    const names = new Map(team.map((member) => [member.id, member.name]));
    ctx.body = contactsCsv(rows, (id) => names.get(id) ?? '');
    return undefined;
  });

  // Before '/:id' too.
  route(router, IMPORT_OPERATIONS.contactDuplicates, ({ user }) => duplicates.groups(user.id));
  route(router, IMPORT_OPERATIONS.mergeContacts, ({ user, params, body }) => duplicates.merge(user.id, params.id, body));

  route(router, OPS.contact, ({ user, params }) => contacts.get(user.id, params.id));
  route(router, OPS.createContact, async ({ user, body }) =>
    contacts.create(user.id, { ...body, responsibleId: (await responsibleForNew(identity, user.id, body.responsibleId)) ?? null }),
  );
  route(router, OPS.reassignContacts, async ({ user, body }) => {
    await assertResponsible(identity, user.id, body.responsibleId);
    return contacts.reassign(user.id, body.ids, body.responsibleId);
  });
  route(router, OPS.updateContact, async ({ user, params, body }) => {
    if (body.responsibleId !== undefined) await assertResponsible(identity, user.id, body.responsibleId);
    return contacts.update(user.id, params.id, body);
  });
}

/** The ficha do cliente's first view in one request. */
export function contactOverviewRoutes(router: Router, overview: ContactOverviewService): void {
  route(router, RELATIONSHIP_OPERATIONS.contactOverview, ({ user, params }) => overview.of(user.id, params.id));
}
