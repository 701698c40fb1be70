import * as v from 'valibot';

/** Building blocks shared by every schema, so each message is written once. */

export const maxLengthMessage = (max: number) => `Máximo de ${max} caracteres`;

/**
 * valibot reports a missing key with a generic English message; running the field's own pipeline on
 * an empty value instead gives the field's pt-BR "required" message for absent and blank alike.
 */
export function required<T extends v.GenericSchema>(schema: T, empty: unknown = '') {
  return v.optional(schema, empty as v.InferInput<T>);
}

export function requiredText(message: string, max: number) {
  return required(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, maxLengthMessage(max))));
}

export function requiredChoice<T extends string>(values: readonly [T, ...T[]], message: string) {
  return required(v.picklist(values, message));
}

/** Optional free text: absent, null or blank all become null. */
export function optionalText(max: number) {
  return v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string('Texto inválido'), v.trim(), v.maxLength(max, maxLengthMessage(max)))),
      v.transform((value) => (value ? value : null)),
    ),
    null,
  );
}

const WEBSITE =
  /^(https?:\/\/)?[a-z0-9\u00c0-\u024f]([a-z0-9\u00c0-\u024f-]*[a-z0-9\u00c0-\u024f])?(\.[a-z0-9\u00c0-\u024f]([a-z0-9\u00c0-\u024f-]*[a-z0-9\u00c0-\u024f])?)+(:\d{1,5})?([/?#]\S*)?$/i;

/** An optional site address as brokers type it ('www.corretora.com.br', 'https://…'); no spaces, no other schemes. */
export function optionalWebsite(max: number) {
  return v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string('Website inválido'), v.trim(), v.maxLength(max, maxLengthMessage(max)))),
      v.transform((value) => (value ? value : null)),
      v.check((value) => value === null || WEBSITE.test(value), 'Website inválido. Exemplo: www.suacorretora.com.br'),
    ),
    null,
  );
}

export const emailField = required(
  v.pipe(
    v.string('Email é obrigatório'),
    v.trim(),
    v.nonEmpty('Email é obrigatório'),
    v.maxLength(100, maxLengthMessage(100)),
    v.email('Email inválido'),
    v.toLowerCase(),
  ),
);

export function optionalEmail() {
  return v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string('Email inválido'), v.trim(), v.maxLength(100, maxLengthMessage(100)))),
      v.transform((value) => (value ? value.toLowerCase() : null)),
      v.check((value) => value === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Email inválido'),
    ),
    null,
  );
}

/** A select whose empty choice ('' from an unselected <select>) means "not informed". */
export function optionalChoice<T extends string>(values: readonly [T, ...T[]], message: string) {
  return v.optional(
    v.pipe(
      v.nullable(v.union([v.picklist(values, message), v.literal('')], message)),
      v.transform((value): T | null => (value === '' || value === null ? null : (value as T))),
    ),
    null,
  );
}

export const isActiveField = v.boolean('Informe se está ativo');
