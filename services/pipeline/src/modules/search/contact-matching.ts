import { searchKey } from '@corretora/contracts';
import { likeContaining } from '@corretora/service-kit';
import type { Knex } from 'knex';

/** What a mask puts around the digits of a CPF, a CNPJ or a phone. */
const MASK = /[\s.\-/()+]/g;

export interface ContactMatching {
  /** The contact matches (SQL over its `search_text`, with its bindings). */
  where: string;
  bindings: Knex.RawBinding[];
  /** The contact's names or e-mail start with what was typed (or one of their words does). */
  starts: string;
  startsBindings: Knex.RawBinding[];
}

/**
 * The contacts a query finds, for the top bar and Contatos alike: by name, legal or trade name,
 * contact person or e-mail, every word typed in any order with accents and case ignored ("silva joão"
 * finds João da Silva), or by CPF, CNPJ or phone as typed with or without the mask. All of it reads
 * the contact's `search_text` under its trigram index, so a search never reads the whole book
 * (`npm run bench:scale`: 300,000 contacts). `column` is `search_text` as the statement names it.
 */
export function contactMatching(q: string, column = 'c.search_text'): ContactMatching {
  const text = searchKey(q);
  const words = text.split(/\s+/).filter(Boolean);
  const clauses = [`(${words.map(() => `${column} like ?`).join(' and ')})`];
  const bindings: Knex.RawBinding[] = words.map(likeContaining);
  // A CPF, a CNPJ (alphanumeric ones too) or a phone as typed, with its mask or a +55: its letters and digits.
  const unmasked = searchKey(q.replace(MASK, ''));
  if (/\d/.test(unmasked) && unmasked.length >= 2 && unmasked !== text) {
    clauses.push(`${column} like ?`);
    bindings.push(likeContaining(unmasked));
  }
  const start = likeContaining(text).slice(1);
  return {
    where: `(${clauses.join(' or ')})`,
    bindings,
    starts: `(${column} like ? or ${column} like ?)`,
    startsBindings: [start, `% ${start}`],
  };
}
