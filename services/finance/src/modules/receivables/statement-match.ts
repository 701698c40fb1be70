import type { LineMatchStatus, StatementLineMatch, StatementLineType } from '@corretora/contracts';

/** A statement line as its import's row keeps it: read, typed, its client's contacts found (money in cents, estornos negative). */
export interface StatementLineRecord {
  line: number;
  /** Its values and how many identical lines came before it in the file: a re-imported statement brings nothing twice. */
  fingerprint: string;
  policyNumber: string | null;
  endorsement: string | null;
  instalment: number | null;
  contactIds: number[];
  type: StatementLineType;
  grossCents: number;
  issCents: number;
  irrfCents: number;
  netCents: number;
  paidOn: string | null;
}

/** The preview's verdict on a line: its match, and whether an earlier statement already brought it. */
export interface StatementLineVerdict {
  line: number;
  alreadyImported: boolean;
  match: StatementLineMatch;
}

/**
 * How a statement line finds its instalment (docs/finance.md, Receivables), as one set-based
 * statement over every line of a batch, for the preview and the commit alike:
 * 1. by number: the statement's insurer, the policy number normalised as policies.policy_key
 *    (upper case, letters and digits, no leading zeros) and the instalment's number; a line without
 *    an instalment number pays the first instalment nothing paid yet (an estorno: the last paid);
 * 2. else by the client: a policy of that insurer held by a contact with the line's CPF/CNPJ (the
 *    pipeline found them) whose instalment expects the line's amount within the tolerance, the
 *    unpaid one due nearest the payment first;
 * 3. else não identificado, for the broker to match by hand.
 *
 * Bindings, in order: the lines (jsonb), the settings, the paid lines, policies and instalments
 * (number), policies and instalments (client): each a broker-scoped derived table; the insurer
 * twice. `lines` and `matched` are the CTEs the caller's final select reads.
 */
export const MATCH_CTES = `
  lines as (
    select x.*, nullif(ltrim(regexp_replace(upper(coalesce(x.policy_number, '')), '[^0-9A-Z]', '', 'g'), '0'), '') as policy_key
      from jsonb_to_recordset(?::jsonb) as x(line int, fingerprint text, policy_number text, endorsement text, instalment int,
             contact_ids int[], type text, gross bigint, iss bigint, irrf bigint, net bigint, paid_on date)
  ),
  tolerance as (select coalesce((select (f.tolerance * 100)::bigint from ? where true), 5) as cents),
  paid as (select s.instalment_id, count(*) as n from ? where s.instalment_id is not null group by s.instalment_id),
  by_number as (
    select distinct on (l.line) l.line, p.id as policy_id, i.id as instalment_id
      from lines l
      join ? on p.insurer_id = ? and p.policy_key = l.policy_key
      join ? on i.policy_id = p.id and (l.instalment is null or i.number = l.instalment)
      left join paid on paid.instalment_id = i.id
     where l.policy_key is not null
     order by l.line,
       case when l.type = 'estorno' then -coalesce(paid.n, 0) else least(coalesce(paid.n, 0), 1) end,
       case when l.type = 'estorno' then -i.number else i.number end
  ),
  by_client as (
    select distinct on (l.line) l.line, p.id as policy_id, i.id as instalment_id
      from lines l
      join ? on p.insurer_id = ? and p.contact_id = any(l.contact_ids)
      join ? on i.policy_id = p.id and (l.instalment is null or i.number = l.instalment)
      left join paid on paid.instalment_id = i.id
     where cardinality(l.contact_ids) > 0
       and not exists (select 1 from by_number n where n.line = l.line)
       and abs(i.expected_commission * 100 - abs(l.gross)) <= (select cents from tolerance)
     order by l.line, least(coalesce(paid.n, 0), 1), abs(i.due_date - coalesce(l.paid_on, current_date)), i.id
  ),
  matched as (
    select line, policy_id, instalment_id, 'numero' as matched_by from by_number
    union all
    select line, policy_id, instalment_id, 'documento' from by_client
  )`;

/** A line as the matching statement's jsonb record. */
export function lineRecord(line: StatementLineRecord) {
  return {
    line: line.line,
    fingerprint: line.fingerprint,
    policy_number: line.policyNumber,
    endorsement: line.endorsement,
    instalment: line.instalment,
    contact_ids: line.contactIds,
    type: line.type,
    gross: line.grossCents,
    iss: line.issCents,
    irrf: line.irrfCents,
    net: line.netCents,
    paid_on: line.paidOn,
  };
}

/**
 * The status a line gives its instalment: an estorno is one; otherwise what the instalment has
 * received (this line included) against what it expects, within the tolerance. Integer cents.
 */
export function lineStatus(input: {
  type: StatementLineType;
  matched: boolean;
  expectedCents: number;
  receivedCents: number;
  toleranceCents: number;
}): LineMatchStatus {
  if (!input.matched) return 'nao_identificado';
  if (input.type === 'estorno') return 'estorno';
  const difference = input.receivedCents - input.expectedCents;
  if (Math.abs(difference) <= input.toleranceCents) return 'conciliado';
  return difference < 0 ? 'pago_a_menor' : 'pago_a_maior';
}
