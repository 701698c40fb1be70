import { QuoteCreateSchema, QuoteUpdateSchema } from '../finance/quotes.schemas';

export const cardQuotes = { summary: 'As cotações de um negócio do pipeline (a comissão só para quem vê valores).' };
export const createCardQuote = {
  summary: 'Uma cotação de uma seguradora para o negócio: prêmios, formas de pagamento, franquia, coberturas, comissão, validade.',
  body: QuoteCreateSchema,
};
export const updateQuote = { summary: 'Altera uma cotação (só o que for enviado; null limpa um campo opcional).', body: QuoteUpdateSchema };
export const removeQuote = { summary: 'Exclui uma cotação que não fechou o negócio.' };
export const lineCoverages = { summary: 'As coberturas usuais de um ramo e o tipo de item que ele segura.' };
