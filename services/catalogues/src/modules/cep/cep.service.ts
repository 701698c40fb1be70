import { CEP_MESSAGES, type CepAddress } from '@corretora/contracts';
import { HttpError, type RateLimiter } from '@corretora/service-kit';

/** BrasilAPI's v1 CEP endpoint; ViaCEP's (`https://viacep.com.br/ws/{cep}/json/`) answers too. */
export const DEFAULT_CEP_PROVIDER = 'https://brasilapi.com.br/api/cep/v1/{cep}';
const TIMEOUT_MS = 3000;
const FOUND_TTL_MS = 24 * 3_600_000;
const MISSING_TTL_MS = 3_600_000;
const CACHE_MAX = 5000;
/** Lookups one account may send a minute: a broker types a few CEPs; a script would make us hammer the provider. */
const LOOKUPS_PER_MINUTE = 60;

type Cached = { address: CepAddress | null; until: number };

const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 120) : '');

/**
 * An answer of BrasilAPI (`{ cep, state, city, neighborhood, street }`, 404 when unknown) or of
 * ViaCEP (`{ cep, logradouro, bairro, localidade, uf }`, `{ erro: true }` when unknown) as an
 * address; null when it says the CEP does not exist; undefined when it makes no sense.
 */
export function readProviderAnswer(cep: string, body: unknown): CepAddress | null | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const answer = body as Record<string, unknown>;
  if (answer.erro === true || answer.erro === 'true') return null;
  const uf = text(answer.state ?? answer.uf).toUpperCase();
  const city = text(answer.city ?? answer.localidade);
  if (!/^[A-Z]{2}$/.test(uf) || city === '') return undefined;
  return { cep, street: text(answer.street ?? answer.logradouro), district: text(answer.neighborhood ?? answer.bairro), city, uf };
}

/**
 * GET /api/cep/{cep}: the address of a CEP, asked of a public CEP service by the server only (the
 * browser's CSP stays same-origin), within 3 s, cached per process (a day for a found CEP, an hour
 * for an unknown one; at most 5,000, the oldest first out). Unknown: 404; the service down, slow or
 * talking nonsense: 503, and the form stays editable. The CEP reaching here is 8 digits (the path's
 * parser), so nothing else ever goes into the provider's URL.
 */
export class CepService {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly providerUrl: string = DEFAULT_CEP_PROVIDER,
  ) {}

  /** One broker's lookup: counted against their minute's allowance, then answered from the cache or the provider. */
  async lookup(userId: string, cep: string): Promise<CepAddress> {
    await this.limiter.consume([
      {
        name: 'cep:lookups',
        key: userId,
        max: LOOKUPS_PER_MINUTE,
        windowSeconds: 60,
        message: 'Muitas buscas de CEP em pouco tempo. Aguarde um minuto ou preencha o endereço.',
      },
    ]);
    const cached = this.cache.get(cep);
    const address = cached && cached.until > Date.now() ? cached.address : await this.ask(cep);
    if (address === null) throw new HttpError(404, CEP_MESSAGES.notFound);
    return address;
  }

  private async ask(cep: string): Promise<CepAddress | null> {
    let address: CepAddress | null | undefined;
    try {
      const response = await fetch(this.providerUrl.replace('{cep}', cep), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
      if (response.status === 404) address = null;
      else if (response.ok) address = readProviderAnswer(cep, await response.json());
    } catch {
      address = undefined;
    }
    if (address === undefined) throw new HttpError(503, CEP_MESSAGES.unavailable);
    this.remember(cep, address);
    return address;
  }

  private remember(cep: string, address: CepAddress | null): void {
    this.cache.delete(cep);
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(cep, { address, until: Date.now() + (address ? FOUND_TTL_MS : MISSING_TTL_MS) });
  }
}
