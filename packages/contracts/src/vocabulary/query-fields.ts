import * as v from 'valibot';
import { isId } from '../wire-fields';

/** An id in a query string: digits, 1..MAX_ID; absent is undefined. */
export function optionalQueryId(message: string) {
  return v.optional(v.pipe(v.string(message), v.regex(/^\d{1,10}$/, message), v.transform(Number), v.check(isId, message)));
}
