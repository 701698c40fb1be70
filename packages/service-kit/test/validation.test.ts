import * as v from 'valibot';
import { HttpError } from '../src/errors';
import { parseBody } from '../src/validation';

/** The one door from a request body to the domain answers in pt-BR, whatever the body is (#57). */
const Schema = v.object({ name: v.pipe(v.string('Nome é obrigatório'), v.nonEmpty('Nome é obrigatório')) });

function refusal(input: unknown): { status: number; issues: unknown } {
  try {
    parseBody(Schema, input);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, issues: error.issues };
    throw error;
  }
  throw new Error('accepted');
}

test.each([['x'], [5], [true]])('a body that is not an object (%p) is a pt-BR 400, never valibot’s English', (input) => {
  expect(refusal(input)).toEqual({ status: 400, issues: [{ path: '', message: 'Dados inválidos: envie um objeto JSON com os campos.' }] });
});

test.each([[''], [null], [undefined], [{}]])('an empty body (%p) is no fields: each field says what it needs', (input) => {
  expect(refusal(input)).toEqual({ status: 400, issues: [{ path: 'name', message: 'Campo obrigatório.' }] });
});

test('a good body passes', () => {
  expect(parseBody(Schema, { name: 'Ana' })).toEqual({ name: 'Ana' });
});
