import { QuoteCreateSchema, QuoteDisclosureSchema, QuoteUpdateSchema, QuoteWinSchema } from '../finance/quotes.schemas';

export const cardQuotes = { summary: 'As cotações de um negócio do pipeline (a comissão só para quem vê valores).' };
export const createCardQuote = {
  summary: 'Uma cotação de uma seguradora para o negócio: prêmios, formas de pagamento, franquia, coberturas, comissão, validade.',
  body: QuoteCreateSchema,
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
export const lineCoverages = { summary: 'As coberturas usuais de um ramo e o tipo de item que ele segura.' };
