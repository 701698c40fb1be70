// The server half of the privacy operations, by the same names: summaries and runtime schemas.
import { PrivacyContactsSchema, PrivacyMailSchema } from './privacy-internal.schemas';
import {
  PrivacyConfirmSchema,
  PrivacyRequestSchema,
  PrivacyRequestUpdateSchema,
  PrivacySettingsSchema,
  ProcessingRecordSchema,
  PublicPrivacyRequestSchema,
} from '../privacy/privacy.schemas';

export const privacyRequests = { summary: 'Os pedidos de titulares (LGPD), com prazo de 15 dias e a situação de cada um.' };
export const createPrivacyRequest = {
  summary: 'Registra um pedido de titular (acesso, correção, eliminação, portabilidade, revogação) e cria a tarefa do prazo.',
  body: PrivacyRequestSchema,
};
export const updatePrivacyRequest = { summary: 'Muda a situação do pedido e registra a resposta dada.', body: PrivacyRequestUpdateSchema };
export const exportPrivacyRequest = {
  summary: 'Monta o ZIP com tudo o que a corretora guarda do titular (JSON, CSV, arquivos e um resumo); registrado na auditoria.',
};
export const erasePrivacyRequest = {
  summary:
    'Elimina o que não precisa ser guardado e bloqueia o que a retenção de 5 anos (SUSEP) exige, anonimizando o resto; diz o que foi feito e a base legal.',
};
export const revokePrivacyConsent = {
  summary: 'Revoga o consentimento de marketing do titular: nenhum modelo de marketing pode mais ser enviado.',
};
export const privacyLetter = { summary: 'A carta de resposta ao titular (PDF): o que foi eliminado, o que é mantido e a base legal.' };
export const privacySettings = { summary: 'A página pública de privacidade: endereço e encarregado (DPO).' };
export const setPrivacySettings = { summary: 'Define o endereço da página pública e o encarregado (DPO).', body: PrivacySettingsSchema };
export const processingRecord = { summary: 'O registro das operações de tratamento (LGPD art. 37).' };
export const setProcessingRecord = {
  summary: 'Substitui o registro das operações de tratamento (finalidade, dados, base legal, retenção). Só o proprietário da corretora.',
  body: ProcessingRecordSchema,
};
export const processingRecordCsv = { summary: 'O registro das operações de tratamento em CSV para o Excel.' };
export const privacyNotice = { summary: 'A página pública de privacidade da corretora: controlador, encarregado e o que é tratado.' };
export const filePublicPrivacyRequest = {
  summary: 'Um titular pede pela página pública; o pedido só conta depois da confirmação pelo link enviado ao e-mail.',
  body: PublicPrivacyRequestSchema,
};
export const confirmPublicPrivacyRequest = {
  summary: 'Confirma o pedido pelo link do e-mail: o pedido é registrado.',
  body: PrivacyConfirmSchema,
};
export const financeExport = {
  summary: 'As apólices, parcelas, sinistros, renovações e documentos (com os arquivos) de contatos.',
  body: PrivacyContactsSchema,
};
export const financeErase = {
  summary: 'Elimina o que o financeiro não precisa guardar de contatos e diz até quando guarda o resto.',
  body: PrivacyContactsSchema,
};
export const mailAddress = { summary: 'Envia um e-mail a um endereço (a confirmação de um pedido de titular).', body: PrivacyMailSchema };
export const brokerageController = { summary: 'O controlador (a corretora) na página pública de privacidade.' };
