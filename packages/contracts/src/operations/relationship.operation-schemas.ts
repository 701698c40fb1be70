// The server half of the relationship operations, by the same names: summaries and runtime schemas.
import {
  DigestSettingsSchema,
  SnoozeSchema,
  TaskCreateSchema,
  TaskEditSchema,
  TaskPageQuerySchema,
  TasksQuerySchema,
} from '../relationship/tasks.schemas';
import {
  ConsentSchema,
  InteractionSchema,
  MessageTemplatesSchema,
  SentRecordSchema,
  WhatsappSchema,
} from '../relationship/relationship.schemas';
import { SearchQuerySchema } from '../relationship/search';

export const logInteraction = {
  summary: 'Registra uma interação com o contato (ligação, WhatsApp, e-mail, reunião).',
  body: InteractionSchema,
};
export const contactOverview = {
  summary: 'A ficha do cliente: dados, apólices, parcelas em aberto, sinistros, documentos, cards, renovações, tarefas e a linha do tempo.',
};
export const search = {
  summary:
    'A busca da barra superior: clientes por nome (sem acentos), CPF ou CNPJ (com ou sem máscara), telefone ou e-mail; apólices por número ou proposta; sinistros por número; negócios em aberto pelo cliente. No máximo 20 resultados.',
  query: SearchQuerySchema,
};
export const contactTimeline = {
  summary: 'O histórico do contato (interações, mensagens de WhatsApp, consentimentos) e o consentimento atual.',
};
export const setContactConsent = {
  summary: 'Registra o consentimento do contato para uma finalidade (serviço ou marketing).',
  body: ConsentSchema,
};
export const contactWhatsapp = {
  summary: 'Monta o link do WhatsApp (wa.me) com um modelo preenchido e registra a mensagem no histórico do contato.',
  body: WhatsappSchema,
};
export const messageTemplates = { summary: 'Os modelos de mensagem de WhatsApp da corretora.' };
export const setMessageTemplates = { summary: 'Substitui a lista de modelos de mensagem de WhatsApp.', body: MessageTemplatesSchema };
export const tasks = {
  summary: 'Minhas tarefas: próximas ações de cards e renovações e renovações sem ação, atrasadas, de hoje ou dos próximos 7 dias.',
  query: TasksQuerySchema,
};
export const taskPage = {
  summary:
    'Uma lista de Minhas tarefas (atrasadas, hoje ou próximos 7 dias) uma página por vez, a mais próxima primeiro, e quantas há em cada lista.',
  query: TaskPageQuerySchema,
};
export const createTask = {
  summary: 'Cria uma tarefa da corretora (título, dia ou dia e hora), ligada ou não a um contato, um negócio ou uma apólice.',
  body: TaskCreateSchema,
};
export const taskEdit = {
  summary: 'Altera uma tarefa criada pela corretora: o que fazer e quando (o contato, negócio ou apólice ficam).',
  body: TaskEditSchema,
};
export const taskDelete = {
  summary: 'Exclui uma tarefa criada pela corretora (a próxima ação de um negócio ou renovação se altera por lá).',
};
export const taskDone = { summary: 'Conclui uma tarefa: a próxima ação de um card ou de uma renovação, ou uma tarefa criada.' };
export const taskSnooze = { summary: 'Adia uma tarefa até a data informada.', body: SnoozeSchema };
export const digests = {
  summary: 'Os resumos diários por e-mail da corretora (enviados, com falha, a reenviar), os mais recentes primeiro.',
};
export const digestSettings = { summary: 'Se a corretora recebe o resumo diário por e-mail (ligado por padrão).' };
export const setDigestSettings = { summary: 'Liga ou desliga o resumo diário por e-mail.', body: DigestSettingsSchema };
export const recordSent = {
  summary: 'Registra no histórico do cliente um documento enviado (comparativo, informe CNSP 382).',
  body: SentRecordSchema,
};
