// The server half of the import operations, by the same names: summaries and runtime schemas.
import { ContactMergeSchema, ImportFieldsSchema, ImportMappingSchema, ImportRowsQuerySchema } from './imports.schemas';

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
export const commitImport = { summary: 'Confirma a importação: roda em segundo plano (acompanhe com GET).' };
export const undoImport = { summary: 'Desfaz uma importação concluída (até 30 dias).' };
export const contactDuplicates = { summary: 'Possíveis duplicados: mesmo documento, e-mail ou telefone, ou nomes parecidos.' };
export const mergeContacts = {
  summary: 'Mescla outro contato neste, movendo cards, apólices, sinistros, documentos, notas e atividade.',
  body: ContactMergeSchema,
};
