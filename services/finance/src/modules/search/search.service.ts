import { SEARCH_LIMIT, numberKey, plateSearchKey, type FinanceSearchResults } from '@corretora/contracts';
import { type BrokerScopedTable, likeContaining, readerOf } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { POLICY_STATUS } from '../policies/policy-sql';

/**
 * Finance's half of the top bar's search: policies by their number or their
 * proposal's or the vehicle's plate, claims by ours or the insurer's, as typed (separators and case aside: each row's
 * `number_keys`). A number that starts with what was typed comes first, then the newest.
 */
export class SearchService {
  private readonly policies: BrokerScopedTable;
  private readonly claims: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.policies = tables.scoped(knex, 'policies');
    this.claims = tables.scoped(knex, 'claims');
  }

  async find(userId: string, q: string): Promise<FinanceSearchResults> {
    const key = numberKey(q);
    // Nothing a number is made of (a name, punctuation): nothing here to find.
    if (key.length < 2) return { policies: [], claims: [] };
    const containing = likeContaining(key);
    // A plate (ABC-1234, ABC1D23): the policies insuring that vehicle, its old or Mercosul form alike.
    const plate = plateSearchKey(q);
    // The key at the start of either number: after the start of the text or after the space.
    const starting = `(p.number_keys like ? or p.number_keys like ?)`;
    const [policies, claims] = await Promise.all([
      readerOf(this.knex).raw<{ rows: FinanceSearchResults['policies'] }>(
        `select p.id, p.policy_number as "policyNumber", p.proposal_number as "proposalNumber", p.awaiting_number as "awaitingNumber",
                p.contact_id as "contactId", p.contact_name as "contactName", p.line, ${POLICY_STATUS} as status
           from ? where p.number_keys like ? or p.insured_plate = ?
          order by p.insured_plate = ? desc, ${starting} desc, p.created_at desc, p.id desc limit ${SEARCH_LIMIT}`,
        [this.policies.of(userId).from('p'), containing, plate, plate, `${key}%`, `% ${key}%`],
      ),
      readerOf(this.knex).raw<{ rows: FinanceSearchResults['claims'] }>(
        `select c.id, c.claim_id as "claimNumber", c.insurer_claim_number as "insurerClaimNumber", c.contact_id as "contactId",
                c.contact_name as "contactName", c.status
           from ? where c.number_keys like ?
          order by (c.number_keys like ? or c.number_keys like ?) desc, c.date_filed desc, c.id desc limit ${SEARCH_LIMIT}`,
        [this.claims.of(userId).from('c'), containing, `${key}%`, `% ${key}%`],
      ),
    ]);
    return { policies: policies.rows, claims: claims.rows };
  }
}
