import * as v from 'valibot';
import { maxLengthMessage } from '../fields';
import { optionalWireMoney, requiredCents } from '../wire-fields';

/**
 * What Resolução CNSP 382/2020 (art. 4º, §1º) has the intermediary make available before the client
 * buys, recorded once in the brokerage's profile: (I) its holdings of 10 % or more in an insurer,
 * (II) an insurer's (or its controller's) holding of 10 % or more in the brokerage, (III) an
 * exclusivity obligation naming the insurers — or else the insurers it works with. Item IV (the
 * remuneration for the contract, with the commercial premium) is each quote's own.
 */
const HOLDING_PERCENT_MESSAGE = 'Informe uma participação de 10% a 100%';

const HoldingSchema = v.object({
  insurer: v.pipe(v.string('Informe a seguradora'), v.trim(), v.nonEmpty('Informe a seguradora'), v.maxLength(100, maxLengthMessage(100))),
  percent: v.pipe(
    optionalWireMoney(HOLDING_PERCENT_MESSAGE, 10_000),
    v.check((hundredths) => hundredths !== null && hundredths >= 1_000, HOLDING_PERCENT_MESSAGE),
  ),
});

const insurerName = v.pipe(
  v.string('Seguradora inválida'),
  v.trim(),
  v.nonEmpty('Informe a seguradora'),
  v.maxLength(100, maxLengthMessage(100)),
);

export const DisclosureSchema = v.pipe(
  v.object({
    insurerHoldings: v.optional(
      v.pipe(v.array(HoldingSchema, 'Participações inválidas'), v.maxLength(20, 'No máximo 20 participações')),
      [],
    ),
    insurerOwners: v.optional(v.pipe(v.array(HoldingSchema, 'Participações inválidas'), v.maxLength(20, 'No máximo 20 participações')), []),
    exclusive: v.optional(v.boolean('Informe se há obrigação de exclusividade'), false),
    insurers: v.optional(v.pipe(v.array(insurerName, 'Seguradoras inválidas'), v.maxLength(60, 'No máximo 60 seguradoras')), []),
  }),
  v.forward(
    v.check((input) => !input.exclusive || input.insurers.length > 0, 'Com exclusividade, informe as seguradoras'),
    ['insurers'],
  ),
);
export type DisclosureInput = v.InferOutput<typeof DisclosureSchema>;

/** GET|PUT /api/broker-profile/disclosure: the items as recorded (percentages as text, '10.00'); `updatedAt` null until saved. */
export interface Disclosure {
  insurerHoldings: { insurer: string; percent: string }[];
  insurerOwners: { insurer: string; percent: string }[];
  exclusive: boolean;
  /** With exclusivity, the insurers it binds; without, the insurers the brokerage works with (empty: those registered in Configurações). */
  insurers: string[];
  updatedAt: string | null;
}

/** What finance prints on a disclosure: the brokerage (name, CNPJ, SUSEP) and its items I–III. */
export interface DisclosureForPrint {
  brokerage: {
    name: string;
    cnpj: string | null;
    susep: string | null;
    address: string | null;
    email: string | null;
    phone: string | null;
  };
  disclosure: Disclosure;
}

const holdingForm = v.object({
  insurer: v.pipe(v.string('Informe a seguradora'), v.trim(), v.nonEmpty('Informe a seguradora'), v.maxLength(100, maxLengthMessage(100))),
  percent: v.pipe(
    requiredCents(HOLDING_PERCENT_MESSAGE, 10_000, HOLDING_PERCENT_MESSAGE),
    v.check((hundredths) => hundredths >= 1_000, HOLDING_PERCENT_MESSAGE),
  ),
});

/**
 * The CNSP 382 items as Minha Corretora's form holds them (percentages in hundredths from the
 * percent fields, the insurers one per line): checked here, sent as DisclosureSchema's body.
 */
export const DisclosureFormSchema = v.pipe(
  v.object({
    insurerHoldings: v.pipe(v.array(holdingForm), v.maxLength(20, 'No máximo 20 participações')),
    insurerOwners: v.pipe(v.array(holdingForm), v.maxLength(20, 'No máximo 20 participações')),
    exclusive: v.boolean(),
    insurers: v.pipe(
      v.string(),
      v.transform((text) => [
        ...new Set(
          text
            .split(/[\n;]/)
            .map((name) => name.trim())
            .filter(Boolean),
        ),
      ]),
      v.maxLength(60, 'No máximo 60 seguradoras'),
      v.check((names) => names.every((name) => name.length <= 100), 'Nome de seguradora longo demais (máximo de 100 caracteres)'),
    ),
  }),
  v.forward(
    v.check((input) => !input.exclusive || input.insurers.length > 0, 'Com exclusividade, informe as seguradoras'),
    ['insurers'],
  ),
);
export type DisclosureFormValues = v.InferInput<typeof DisclosureFormSchema>;
export type DisclosureFormOutput = v.InferOutput<typeof DisclosureFormSchema>;
