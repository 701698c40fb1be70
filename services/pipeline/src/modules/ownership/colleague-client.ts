import { HttpError, restrictedMember, runAsMember } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

/** Why a producer cannot create a client a colleague already has: said on the field, with what to do. */
export const COLLEAGUE_CLIENT =
  'Este cliente já está na carteira de outro membro da equipe. Peça o cliente ao proprietário da corretora em vez de criar outro cadastro.';

export interface Documents {
  cpf?: string | null;
  cnpj?: string | null;
}

/**
 * The brokerage's contact with this CPF or CNPJ that the acting member cannot see (a colleague's
 * client, for a producer), read past the member's scope; null when there is none or the member sees
 * every client (their duplicates are theirs to merge).
 */
export async function colleaguesClient(
  knex: Knex | Knex.Transaction,
  userId: string,
  documents: Documents,
): Promise<{ id: number; name: string; responsibleId: string } | null> {
  const member = restrictedMember();
  const cpf = documents.cpf ?? null;
  const cnpj = documents.cnpj ?? null;
  if (!member || (!cpf && !cnpj)) return null;
  const contacts = tables.scoped(knex as Knex, 'contacts');
  const found = (await runAsMember(undefined, () =>
    contacts
      .of(userId, knex)
      .rows()
      .where((where) => {
        if (cpf) where.orWhere({ cpf });
        if (cnpj) where.orWhere({ cnpj });
      })
      .whereNot({ responsibleId: member })
      .orderBy('id')
      .first('id', 'name', 'responsibleId'),
  )) as { id: number; name: string; responsibleId: string } | undefined;
  return found ?? null;
}

/** A producer's new lead or contact naming a colleague's client: a 409 on the document's field, no record made. */
export async function assertNotColleaguesClient(knex: Knex | Knex.Transaction, userId: string, documents: Documents): Promise<void> {
  if (!(await colleaguesClient(knex, userId, documents))) return;
  const field = documents.cpf ? 'cpf' : 'cnpj';
  throw new HttpError(409, COLLEAGUE_CLIENT, [{ path: field, message: COLLEAGUE_CLIENT }]);
}
