import { ContactCreateSchema, ContactQuerySchema, ContactUpdateSchema } from '@corretora/contracts';
import { currentUser, parseBody, parseIdParam, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import type Koa from 'koa';
import { contactsCsv } from './contacts-csv';
import { CONTACT_NOT_FOUND, type ContactsService } from './contacts.service';

/** The query string as the schema reads it: one value per key (a repeated key is the first). */
function queryOf(ctx: Koa.Context): Record<string, string> {
  return Object.fromEntries(Object.entries(ctx.query).map(([key, value]) => [key, Array.isArray(value) ? (value[0] ?? '') : (value ?? '')]));
}

export function contactsRoutes(router: Router, contacts: ContactsService): void {
  const contactId = (raw: string | undefined) => parseIdParam(raw, CONTACT_NOT_FOUND);

  router.get('/api/contacts', requireUser, async (ctx) => {
    ctx.body = await contacts.page(currentUser(ctx).id, parseBody(ContactQuerySchema, queryOf(ctx)));
  });

  // Before '/:id': 'export' is not an id.
  router.get('/api/contacts/export', requireUser, async (ctx) => {
    const query = parseBody(ContactQuerySchema, queryOf(ctx));
    const today = new Date().toISOString().slice(0, 10);
    ctx.set('Content-Disposition', `attachment; filename="contatos-${today}.csv"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = contactsCsv(await contacts.all(currentUser(ctx).id, query));
  });

  router.get('/api/contacts/:id', requireUser, async (ctx) => {
    ctx.body = await contacts.get(currentUser(ctx).id, contactId(ctx.params.id));
  });

  router.post('/api/contacts', requireUser, async (ctx) => {
    const input = parseBody(ContactCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await contacts.create(currentUser(ctx).id, input);
  });

  router.patch('/api/contacts/:id', requireUser, async (ctx) => {
    const id = contactId(ctx.params.id);
    ctx.body = await contacts.update(currentUser(ctx).id, id, parseBody(ContactUpdateSchema, ctx.request.body));
  });
}
