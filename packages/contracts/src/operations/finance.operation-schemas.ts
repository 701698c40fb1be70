// The server half of the finance operations, by the same names: each one's summary (the reference) and its runtime
// schemas (the services' route()). Never imported by a front end, so no page carries what it does not use.
import {
  ContactMoveSchema,
  PaymentPlanSchema,
  InstalmentPaymentLinkSchema,
  PolicyLinesSchema,
  ClaimInputSchema,
  ClaimQuerySchema,
  ClaimStatusSchema,
  CommissionsQuerySchema,
  CommissionPoliciesQuerySchema,
  DocumentFieldsSchema,
  DocumentQuerySchema,
  DocumentFileQuerySchema,
  PolicyPdfFieldsSchema,
  PolicyQuerySchema,
  PolicyPageQuerySchema,
} from '../finance/finance.schemas';
import { PolicyIssueBodySchema, PolicyNumbersSchema } from '../finance/policy.schemas';
import { RenewalQuoteSchema } from '../finance/quotes.schemas';
import { SearchQuerySchema } from '../relationship/search';
import { NextActionSchema, RenewalOutcomeSchema, RenewalReportQuerySchema, RenewalsQuerySchema } from '../finance/renewals.schemas';
import {
  LineMatchSchema,
  LineUnmatchSchema,
  ReceivableInstalmentsQuerySchema,
  ReceivableSettingsSchema,
  ReceivablesQuerySchema,
} from '../finance/receivables.schemas';
import { ContactFichaQuerySchema, RenewalTasksQuerySchema, SnoozeSchema, TaskWindowQuerySchema } from '../relationship/tasks.schemas';
import { CommissionRulesSchema, RepasseCloseSchema, RepasseQuerySchema, RepasseStatementQuerySchema } from '../finance/repasse.schemas';
import { ProductionQuerySchema } from '../finance/production.schemas';

export const policies = {
  summary: 'Apólices: filtros de tipo, status, renovação (30/60/90 dias) e as que aguardam o nº da seguradora.',
  query: PolicyQuerySchema,
};
export const policyPage = {
  summary: 'Apólices, uma página por vez (os filtros da lista, mais page e pageSize até 100), e quantas há.',
  query: PolicyPageQuerySchema,
};
export const updatePolicy = {
  summary:
    'Informa ou corrige o nº da apólice e o da proposta (único por corretora), o responsável e os participantes do repasse (até 3, somando 100%).',
  body: PolicyNumbersSchema,
};
export const claims = { summary: 'Sinistros, com filtro de status e a contagem dos ativos.', query: ClaimQuerySchema };
export const createClaim = { summary: 'Abre um sinistro.', body: ClaimInputSchema };
export const updateClaim = { summary: 'Edita um sinistro não fechado.', body: ClaimInputSchema };
export const changeClaimStatus = {
  summary: 'Um passo do sinistro (aberto, em análise, aprovado/negado, fechado).',
  body: ClaimStatusSchema,
};
export const commissions = { summary: 'Comissões por apólice, por tipo e projetadas.', query: CommissionsQuerySchema };
export const commissionsSummary = {
  summary: 'O resumo das comissões (cartões, por ramo e projeções), sem as linhas por apólice.',
  query: CommissionsQuerySchema,
};
export const commissionPolicies = {
  summary: 'As linhas por apólice das comissões, uma página por vez (ordem de renovação), e quantas há.',
  query: CommissionPoliciesQuerySchema,
};
export const documents = { summary: 'Documentos, contagens por categoria e o espaço usado.', query: DocumentQuerySchema };
export const uploadDocument = { summary: 'Envia um documento (PDF, DOC, DOCX, XLS ou XLSX até 10 MB).', upload: DocumentFieldsSchema };
export const attachPolicyPdf = { summary: 'Anexa o PDF da apólice a um card finalizado (até 25 MB).', upload: PolicyPdfFieldsSchema };
export const issuePolicy = { summary: 'Emite (ou completa) a apólice de um card finalizado.', body: PolicyIssueBodySchema };
export const policy = { summary: 'Uma apólice.' };
export const cancelPolicy = { summary: 'Cancela uma apólice ativa.' };
export const claim = { summary: 'Um sinistro.' };
export const downloadDocument = { summary: 'Baixa um documento.' };
export const removeDocument = { summary: 'Exclui um documento e o seu arquivo.' };
export const stats = { summary: 'A parte financeira do painel.' };
export const clearData = { summary: 'Limpar Dados: apólices, sinistros, documentos e arquivos.' };
export const moveContact = {
  summary: 'Mesclagem de contatos: apólices, sinistros e documentos de um contato passam a outro.',
  body: ContactMoveSchema,
};
export const policyHolders = { summary: 'Os contatos que têm ao menos uma apólice (o desfazer de uma importação de contatos os mantém).' };
export const policyImports = { summary: 'As importações de apólices da corretora (a porta /api/imports as lista com as de contatos).' };
export const setPolicyLines = {
  summary: 'O ramo das apólices emitidas antes dos ramos, pelo produto do card (uma vez).',
  body: PolicyLinesSchema,
};
export const policyInstalments = { summary: 'As parcelas de uma apólice, com a comissão prevista em cada uma.' };
export const setPaymentPlan = {
  summary: 'Define o plano de pagamento (à vista ou N parcelas, 1º vencimento) e recalcula as parcelas.',
  body: PaymentPlanSchema,
};
export const setInstalmentPaymentLink = {
  summary: 'Anexa à parcela o link do boleto ou do Pix (https), que o cliente abre no portal; vazio o remove.',
  body: InstalmentPaymentLinkSchema,
};
export const policiesCsv = {
  summary: 'As apólices em CSV para o Excel (separador ;, UTF-8 com BOM), com os mesmos filtros.',
  query: PolicyQuerySchema,
};
export const commissionsCsv = {
  summary: 'As comissões por apólice em CSV para o Excel (separador ;, UTF-8 com BOM).',
  query: CommissionsQuerySchema,
};
export const receivables = {
  summary: 'Recebíveis de um mês (e seguradora): previsto, recebido e diferença, bruto/ISS/IRRF/líquido, por parcela.',
  query: ReceivablesQuerySchema,
};
export const receivablesCsv = {
  summary: 'Os recebíveis do mês em CSV para o Excel, uma linha por parcela.',
  query: ReceivablesQuerySchema,
};
export const receivablesSummary = {
  summary: 'Os números de Recebíveis do mês (cartões, por seguradora, gráfico), sem as parcelas.',
  query: ReceivablesQuerySchema,
};
export const receivableInstalments = {
  summary: 'As parcelas do mês de uma seguradora (none: sem seguradora), uma página por vez, e quantas há.',
  query: ReceivableInstalmentsQuerySchema,
};
export const receivableSettings = { summary: 'Tolerância da conciliação e dias de carência.' };
export const setReceivableSettings = { summary: 'Muda a tolerância da conciliação e os dias de carência.', body: ReceivableSettingsSchema };
export const matchStatementLine = {
  summary: 'Concilia manualmente uma linha de extrato com uma parcela, com uma observação.',
  body: LineMatchSchema,
};
export const unmatchStatementLine = {
  summary: 'Desfaz a conciliação de uma linha de extrato (volta a não identificada).',
  body: LineUnmatchSchema,
};
export const contactOverview = {
  summary: 'O que o financeiro sabe de um cliente: apólices, parcelas em aberto, sinistros, documentos e renovações.',
};
export const contactFicha = {
  summary:
    'A ficha de um cliente numa chamada: o que o financeiro sabe dele e as suas renovações e apólices aguardando o nº que são tarefa até uma data.',
  query: ContactFichaQuerySchema,
};
export const contactPolicies = { summary: 'As apólices de um contato (número, fim de vigência, seguradora), para preencher uma mensagem.' };
export const instalmentWhatsapp = {
  summary: 'Lembra o cliente de uma parcela em atraso pelo WhatsApp: pelo número da corretora, se conectado, ou pelo link wa.me.',
};
export const documentFile = {
  summary: 'O arquivo de um documento, para enviá-lo a um cliente (pelo WhatsApp): só um documento dele ou de nenhum cliente.',
  query: DocumentFileQuerySchema,
};
export const search = {
  summary: 'A busca do financeiro: apólices por número ou proposta e sinistros por número (o nosso ou o da seguradora).',
  query: SearchQuerySchema,
};
export const renewals = {
  summary: 'Renovações em aberto por faixa (D-90, D-60, D-30, D-15, vencidas), com cotações e contagens.',
  query: RenewalsQuerySchema,
};
export const renewalQuote = {
  summary:
    'Registra uma cotação para a renovação, no formato das cotações de um negócio (prêmios, pagamento, franquia, coberturas, comissão); o ramo e o item segurado da apólice quando não enviados. `{ insurerId, premium, note }` continua aceito (premium = prêmio total).',
  body: RenewalQuoteSchema,
};
export const renewalQuotes = { summary: 'As cotações da renovação, a mais barata primeiro (a comissão só para quem vê valores).' };
export const renewalOutcome = {
  summary: 'Renovada (cria a apólice do próximo período, ligada à anterior, e suas parcelas) ou perdida (motivo obrigatório).',
  body: RenewalOutcomeSchema,
};
export const renewalReport = {
  summary: 'Retenção: renovadas ÷ a vencer por mês e seguradora, em quantidade e prêmio.',
  query: RenewalReportQuerySchema,
};
export const renewalReportCsv = {
  summary: 'A retenção em CSV para o Excel (separador ;, UTF-8 com BOM).',
  query: RenewalReportQuerySchema,
};
export const renewalNextAction = {
  summary: 'A próxima ação da renovação (quando, o quê, observação); dueAt null a remove.',
  body: NextActionSchema,
};
export const taskWindow = {
  summary:
    'As tarefas de uma lista que são das finanças (renovações, apólices aguardando o nº), as primeiras em ordem, e as contagens de cada lista.',
  query: TaskWindowQuerySchema,
};
export const renewalTasks = {
  summary: 'As renovações em aberto que são trabalho até uma data: com a próxima ação até ela, ou sem ação e vencendo até ela.',
  query: RenewalTasksQuerySchema,
};
export const policyNumberTasks = {
  summary: 'As apólices aguardando o nº da seguradora que são tarefa até uma data.',
  query: RenewalTasksQuerySchema,
};
export const policyNumberTaskSnooze = { summary: 'Adia o lembrete de informar o nº de uma apólice.', body: SnoozeSchema };
export const renewalTaskOwners = {
  summary: 'As corretoras com alguma renovação que é trabalho até uma data (o resumo diário).',
  query: RenewalTasksQuerySchema,
};
export const renewalTaskDone = { summary: 'Conclui a próxima ação de uma renovação.' };
export const renewalTaskSnooze = { summary: 'Adia a tarefa de uma renovação (a próxima ação passa para a data).', body: SnoozeSchema };
export const commissionRules = {
  summary: 'As regras de repasse de um membro: % da comissão líquida por seguradora × ramo × novo/renovação, e o padrão.',
};
export const setCommissionRules = {
  summary: 'Substitui as regras de repasse de um membro (a mais específica vale; vale para as comissões recebidas daqui em diante).',
  body: CommissionRulesSchema,
};
export const repasse = {
  summary: 'O repasse do mês: as linhas (recebido × participação × regra), o total por participante e se o mês está fechado.',
  query: RepasseQuerySchema,
};
export const repasseCsv = { summary: 'O repasse do mês em CSV para o Excel (separador ;, UTF-8 com BOM).', query: RepasseQuerySchema };
export const repasseStatement = { summary: 'O demonstrativo de repasse de um membro no mês, em PDF.', query: RepasseStatementQuerySchema };
export const closeRepasseMonth = {
  summary:
    'Fecha o mês (e os anteriores): suas linhas não mudam mais; alterações posteriores viram ajustes no próximo mês aberto. O mês corrente só com beforeItEnds.',
  body: RepasseCloseSchema,
};
export const production = {
  summary:
    'A produção da equipe por membro e mês: apólices novas, prêmio, comissão, leads e conversão, renovações mantidas e perdidas, tarefas atrasadas.',
  query: ProductionQuerySchema,
};
export const productionCsv = { summary: 'A produção da equipe (a mesma tabela) em CSV.', query: ProductionQuerySchema };
export * from './quotes.operation-schemas';
