import { issuesToFieldErrors } from '@corretora/contracts';
import * as v from 'valibot';
import { HttpError } from './errors';

/** The one door from a request body to the domain: the contracts schema, or a 400 with field issues. */
export function parseBody<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  throw new HttpError(400, 'Dados inválidos.', issuesToFieldErrors(result.issues));
}

/** Ids are positive integers; anything else cannot exist, so it is a 404 like any unknown id. */
export function parseIdParam(raw: string | undefined, message = 'Não encontrado.'): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw new HttpError(404, message);
  const id = Number(raw);
  if (id <= 0 || !Number.isSafeInteger(id)) throw new HttpError(404, message);
  return id;
}
