// The server half of the catalogues operations, by the same names: each one's summary (the reference) and its runtime
// schemas (the services' route()). Never imported by a front end, so no page carries what it does not use.
import {
  CatalogueCheckQuerySchema,
  InsurerCreateSchema,
  InsurerUpdateSchema,
  LeadSourceCreateSchema,
  LeadSourceUpdateSchema,
  ProductCreateSchema,
  ProductUpdateSchema,
} from '../catalogues/catalogues.schemas';
import { ChargebackRuleSchema } from '../finance/receivables.schemas';
import { StageIdleLimitsSchema } from '../relationship/tasks.schemas';

export const products = { create: { body: ProductCreateSchema }, update: { body: ProductUpdateSchema } };
export const insurers = { create: { body: InsurerCreateSchema }, update: { body: InsurerUpdateSchema } };
export const leadSources = { create: { body: LeadSourceCreateSchema }, update: { body: LeadSourceUpdateSchema } };
export const check = { summary: 'Confere ids de catálogo de uma escrita.', query: CatalogueCheckQuerySchema };
export const revealInsurerPassword = { summary: 'Mostra a senha do portal da seguradora (guardada cifrada).' };
export const referenceData = { summary: 'Nomes de produtos, origens, seguradoras e estágios.' };
export const cepLookup = {
  summary:
    'O endereço de um CEP (logradouro, bairro, cidade, UF), buscado pelo servidor num serviço público (CEP_PROVIDER_URL), com cache e 3 s de limite; 404 se não existe, 503 se o serviço não responde.',
};
export const clearData = { summary: 'Limpar Dados: catálogos e estágios de volta ao padrão.' };
export const insurersFor = { summary: 'As seguradoras da corretora (id e nome), para nomear as linhas de um relatório.' };
export const referenceFor = { summary: 'Os catálogos da corretora (produtos, origens, seguradoras), para uma importação casar nomes.' };
export const chargebackRule = { summary: 'A escala de estorno da seguradora: meses desde o início -> % da comissão devolvida.' };
export const setChargebackRule = { summary: 'Muda a escala de estorno da seguradora.', body: ChargebackRuleSchema };
export const chargebackRuleFor = { summary: 'A escala de estorno de uma seguradora da corretora (cancelamento de apólice).' };
export const setStageIdleLimits = {
  summary: 'Os dias sem atividade que cada etapa do pipeline tolera (âmbar no limite, vermelho depois); null: sem limite.',
  body: StageIdleLimitsSchema,
};
