import * as v from 'valibot';
import { required } from '../fields';

/**
 * The brokerage's quoting settings (Configurações › Cotações): whether a sale may close without the
 * CNSP 382 disclosure sent (off: the board and the issue warn; on: they refuse).
 */
export const QuoteSettingsSchema = v.object({
  disclosureRequired: required(v.boolean('Informe se o informe CNSP 382 é obrigatório')),
});
export type QuoteSettingsInput = v.InferOutput<typeof QuoteSettingsSchema>;

/** GET|PUT /api/quotes/settings. `updatedAt` null until a manager saves them. */
export interface QuoteSettings {
  disclosureRequired: boolean;
  updatedAt: string | null;
}

/** The words a sale closed without the disclosure shows, as a warning or (required) as the refusal. */
export const DISCLOSURE_MISSING = 'Informe CNSP 382 não enviado';
/** The refusal where the brokerage requires the disclosure (the board's finalize, the issue, "Fechar com esta cotação"). */
export const DISCLOSURE_REQUIRED_REFUSAL = `${DISCLOSURE_MISSING}: a sua corretora exige enviar ao cliente o informe de remuneração da cotação escolhida antes de finalizar ou emitir (na página do negócio, "Informe CNSP 382"; a regra fica em Configurações › Cotações).`;

/**
 * GET /api/pipeline-cards/{id}/disclosure-status: whether the deal's client got the CNSP 382
 * disclosure for the quote it closes with (the won quote; before one is chosen, any of its quotes),
 * and whether the brokerage refuses to close without it.
 */
export interface DisclosureStatus {
  required: boolean;
  sent: boolean;
  /** The last disclosure sent for that quote (or the deal), ISO; null: none. */
  sentAt: string | null;
  /** The quote the disclosure is judged for: the won one, else the last one sent, else null. */
  quoteId: number | null;
}
