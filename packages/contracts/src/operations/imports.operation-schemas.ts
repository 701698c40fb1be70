// The server half of the import operations, by the same names: summaries and runtime schemas.
import { ImportHandOverSchema } from '../imports/import-handover.schemas';
import {
  ContactMergeSchema,
  ImportCommitSchema,
  StatementFieldsSchema,
  ImportFieldsSchema,
  ImportMappingSchema,
  ImportRowsQuerySchema,
} from '../imports/imports.schemas';

export const createImport = {
  summary: 'Envia uma planilha (CSV/TXT em UTF-8 ou Windows-1252, ou XLSX; até 20 MB e 100.000 linhas) para importar contatos ou apólices.',
  upload: ImportFieldsSchema,
};
export const imports = { summary: 'Histórico de importações.' };
export const importDetail = { summary: 'Uma importação: contagens, progresso e uma página das linhas.', query: ImportRowsQuerySchema };
export const importMapping = {
  summary: 'Define o mapeamento de colunas e o modo; responde a pré-visualização.',
  body: ImportMappingSchema,
};
export const importErrors = { summary: 'As linhas com erro em CSV (separador ;, UTF-8 com BOM).' };
export const commitImport = {
  summary:
    'Confirma a importação: roda em segundo plano (acompanhe com GET). Proprietários e gestores podem dar os registros a outro membro (responsibleId).',
  body: ImportCommitSchema,
};
export const undoImport = { summary: 'Desfaz uma importação concluída (até 30 dias).' };
export const contactDuplicates = { summary: 'Possíveis duplicados: mesmo documento, e-mail ou telefone, ou nomes parecidos.' };
export const mergeContacts = {
  summary: 'Mescla outro contato neste, movendo cards, apólices, sinistros, documentos, notas e atividade.',
  body: ContactMergeSchema,
};
export const createStatement = {
  summary: 'Envia o extrato de comissões de uma seguradora (CSV/TXT ou XLSX) para conciliar com as parcelas.',
  upload: StatementFieldsSchema,
};
export const statements = { summary: 'Histórico de extratos importados.' };
export const statementDetail = {
  summary: 'Um extrato: contagens, progresso e uma página das linhas, cada uma com a conciliação (match) e o resultado.',
  query: ImportRowsQuerySchema,
};
export const statementMapping = {
  summary: 'Define o mapeamento de colunas do extrato; responde a pré-visualização.',
  body: ImportMappingSchema,
};
export const statementErrors = { summary: 'As linhas do extrato com erro em CSV (separador ;, UTF-8 com BOM).' };
export const commitStatement = { summary: 'Confirma o extrato: grava os pagamentos e estornos em segundo plano.' };
export const undoStatement = { summary: 'Desfaz um extrato importado (até 30 dias): os pagamentos que ele trouxe saem.' };
export const handOverImports = {
  summary: 'Recebe o histórico de um tipo de importação que passou a este serviço (a importação, um lote das linhas, os mapeamentos).',
  body: ImportHandOverSchema,
};
