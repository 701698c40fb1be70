import {
  ComparisonCreateSchema,
  QuoteCreateSchema,
  QuoteDisclosureSchema,
  QuoteUpdateSchema,
  QuoteWinSchema,
  QuotesReportQuerySchema,
} from '../finance/quotes.schemas';
import { QuoteSettingsSchema } from '../finance/quote-settings.schemas';
import { QuoteImportFieldsSchema } from '../imports/quote-import.schemas';

export const cardQuotes = { summary: 'As cotações de um negócio do pipeline (a comissão só para quem vê valores).' };
export const createCardQuote = {
  summary: 'Uma cotação de uma seguradora para o negócio: prêmios, formas de pagamento, franquia, coberturas, comissão, validade.',
  body: QuoteCreateSchema,
};
export const importCardQuotes = {
  summary:
    'Cotações de uma planilha (CSV ou XLSX, uma por linha): seguradora, prêmios, IOF, comissão, franquia, parcelas, validade, nº da cotação e as coberturas do ramo pelas colunas com seus nomes. Todas ou nenhuma: cada erro com a sua linha.',
  upload: QuoteImportFieldsSchema,
};
export const updateQuote = { summary: 'Altera uma cotação (só o que for enviado; null limpa um campo opcional).', body: QuoteUpdateSchema };
export const removeQuote = { summary: 'Exclui uma cotação que não fechou o negócio.' };
export const winQuote = {
  summary:
    'Fechar com esta cotação: o card vai para Finalizado com os valores da cotação (seguradora, prêmios, IOF, comissão, vigência); as outras cotações do negócio ficam como não escolhidas.',
  body: QuoteWinSchema,
};
export const sendDisclosure = {
  summary:
    'Gera e envia o informe da Resolução CNSP 382/2020 desta cotação (seguradora, prêmio comercial, remuneração da corretora em reais, itens I a III): o PDF fica nos documentos do cliente e no histórico, com o SHA-256.',
  body: QuoteDisclosureSchema,
};
export const quotesReport = {
  summary: 'Cotações ganhas e perdidas por seguradora e ramo no período (os últimos 12 meses, sem from/to).',
  query: QuotesReportQuerySchema,
};
export const quotesReportCsv = { summary: 'O relatório de cotações ganhas e perdidas em CSV.', query: QuotesReportQuerySchema };
export const createComparison = {
  summary:
    'O comparativo para o cliente: as cotações escolhidas lado a lado (sem a comissão), em PDF e numa página que abre sem login por 30 dias; por e-mail, WhatsApp ou para entregar.',
  body: ComparisonCreateSchema,
};
export const cardComparisons = { summary: 'Os comparativos enviados de um negócio, com validade e se foram revogados.' };
export const revokeComparison = { summary: 'Revoga o link de um comparativo: a página do cliente deixa de abrir.' };
export const publicComparison = { summary: 'A página do comparativo para o cliente (sem login, pelo token do link).' };
export const publicComparisonPdf = { summary: 'O PDF do comparativo para o cliente (sem login, pelo token do link).' };
export const publicComparisonLogo = { summary: 'O logotipo da corretora na página do comparativo (sem login, pelo token do link).' };
export const lineCoverages = { summary: 'As coberturas usuais de um ramo e o tipo de item que ele segura.' };
export const quoteSettings = {
  summary: 'As regras de cotação da corretora: se o informe CNSP 382 é obrigatório para finalizar uma venda.',
};
export const setQuoteSettings = {
  summary: 'Torna o informe CNSP 382 obrigatório (ou só um aviso) antes de finalizar uma venda ou emitir a apólice.',
  body: QuoteSettingsSchema,
};
export const cardDisclosureStatus = {
  summary: 'Se o cliente do negócio recebeu o informe CNSP 382 da cotação com que ele fecha, e se a corretora exige o informe.',
};
export const closingDisclosure = { summary: 'O informe CNSP 382 de um negócio, para o pipeline antes de finalizar.' };
