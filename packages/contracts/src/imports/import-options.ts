import { type FieldInfo } from './import-values';
import { POLICY_IMPORT_FIELDS, POLICY_IMPORT_FIELD_INFO, type PolicyImportField } from './policy-import.schemas';
/**
 * What an import can hold, as screens show it: the kinds, the fields each maps, their labels and
 * the header words that suggest them. Apart from the schemas, so a page that only shows labels
 * carries no valibot.
 */
export const IMPORT_KINDS = ['contacts', 'policies', 'statement'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** só criar / criar e atualizar / só atualizar. */
export const IMPORT_MODES = ['create', 'upsert', 'update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_MODE_OPTIONS = [
  { value: 'create', label: 'Só criar' },
  { value: 'upsert', label: 'Criar e atualizar' },
  { value: 'update', label: 'Só atualizar' },
] as const satisfies readonly { value: ImportMode; label: string }[];

export const IMPORT_STATUSES = ['mapping', 'preview', 'running', 'done', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  mapping: 'Mapeando colunas',
  preview: 'Pré-visualização',
  running: 'Importando',
  done: 'Concluída',
  failed: 'Falhou',
  undone: 'Desfeita',
};

/** criar / atualizar / ignorar / possível duplicado / erro. */
export const IMPORT_OUTCOMES = ['create', 'update', 'skip', 'duplicate', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const IMPORT_OUTCOME_LABELS: Record<ImportOutcome, string> = {
  create: 'Criar',
  update: 'Atualizar',
  skip: 'Ignorar',
  duplicate: 'Possível duplicado',
  error: 'Erro',
};

export const CONTACT_IMPORT_FIELDS = [
  'name',
  'document',
  'email',
  'phone',
  'birthDate',
  'legalName',
  'tradeName',
  'contactPerson',
  'cep',
  'address',
  'number',
  'complement',
  'district',
  'city',
  'state',
  'type',
  'leadSource',
  'product',
  'notes',
  'responsible',
] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

/** A contact's own fields, as a merge chooses between them (the address as a whole). */
export const CONTACT_RECORD_FIELDS = [
  'name',
  'kind',
  'cpf',
  'cnpj',
  'legalName',
  'tradeName',
  'contactPerson',
  'email',
  'phone',
  'birthDate',
  'address',
  'type',
  'productId',
  'leadSourceId',
] as const;
export type ContactRecordField = (typeof CONTACT_RECORD_FIELDS)[number];

/** An insurer's commission statement (extrato): one line per instalment paid, taken back or adjusted. */
export const STATEMENT_IMPORT_FIELDS = [
  'policyNumber',
  'endorsement',
  'instalment',
  'document',
  'grossCommission',
  'iss',
  'irrf',
  'netCommission',
  'paymentDate',
  'lineType',
] as const;
export type StatementImportField = (typeof STATEMENT_IMPORT_FIELDS)[number];
export type ImportField = ContactImportField | PolicyImportField | StatementImportField;

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  contacts: CONTACT_IMPORT_FIELDS,
  policies: POLICY_IMPORT_FIELDS,
  statement: STATEMENT_IMPORT_FIELDS,
};

/** Fields a row cannot do without (the mapping must name them). */
export const REQUIRED_IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  contacts: ['name'],
  policies: ['policyNumber', 'insurer', 'endDate', 'totalPremium'],
  statement: ['policyNumber', 'netCommission'],
};

export const IMPORT_FIELD_INFO: Record<ImportKind, Record<string, FieldInfo>> = {
  contacts: {
    name: { label: 'Nome', headers: ['nome', 'nome completo', 'cliente', 'segurado', 'name'] },
    document: { label: 'CPF/CNPJ', headers: ['cpf', 'cnpj', 'cpf cnpj', 'cpf/cnpj', 'documento', 'doc'] },
    email: { label: 'E-mail', headers: ['email', 'e mail', 'e-mail', 'correio eletronico'] },
    phone: { label: 'Telefone', headers: ['telefone', 'celular', 'fone', 'whatsapp', 'tel', 'phone', 'contato'] },
    birthDate: { label: 'Data de nascimento', headers: ['data de nascimento', 'nascimento', 'data nasc', 'dt nasc', 'aniversario'] },
    legalName: { label: 'Razão social', headers: ['razao social', 'nome empresarial'] },
    tradeName: { label: 'Nome fantasia', headers: ['nome fantasia', 'fantasia'] },
    contactPerson: { label: 'Pessoa de contato', headers: ['pessoa de contato', 'responsavel', 'contato na empresa'] },
    cep: { label: 'CEP', headers: ['cep'] },
    address: { label: 'Endereço', headers: ['endereco', 'logradouro', 'rua', 'endereco completo'] },
    number: { label: 'Número', headers: ['numero', 'n', 'nro'] },
    complement: { label: 'Complemento', headers: ['complemento', 'compl'] },
    district: { label: 'Bairro', headers: ['bairro'] },
    city: { label: 'Cidade', headers: ['cidade', 'municipio'] },
    state: { label: 'UF', headers: ['uf', 'estado'] },
    type: { label: 'Tipo', headers: ['tipo', 'tipo de pessoa', 'pessoa', 'tipo cliente'] },
    leadSource: { label: 'Origem', headers: ['origem', 'origem do lead', 'fonte', 'canal'] },
    product: { label: 'Produto de interesse', headers: ['produto', 'produto de interesse', 'tipo de seguro', 'seguro', 'interesse'] },
    notes: { label: 'Observações', headers: ['observacoes', 'observacao', 'obs', 'notas', 'comentarios'] },
    // A member of the team (name or e-mail): whom the contacts the import creates are given to.
    responsible: {
      label: 'Responsável (membro da equipe)',
      headers: [
        'produtor',
        'produtora',
        'corretor responsavel',
        'responsavel pelo cliente',
        'vendedor',
        'atendido por',
        'membro da equipe',
      ],
    },
  },
  policies: POLICY_IMPORT_FIELD_INFO,
  statement: {
    policyNumber: {
      label: 'Número da apólice',
      headers: ['apolice', 'numero da apolice', 'n apolice', 'n da apolice', 'policy', 'documento apolice'],
    },
    endorsement: { label: 'Endosso', headers: ['endosso', 'n endosso', 'numero do endosso', 'numero endosso'] },
    instalment: { label: 'Parcela', headers: ['parcela', 'n parcela', 'numero da parcela', 'parc', 'nr parcela'] },
    document: { label: 'CPF/CNPJ do segurado', headers: ['cpf', 'cnpj', 'cpf cnpj', 'cpf/cnpj', 'cpf do segurado', 'documento'] },
    grossCommission: { label: 'Comissão bruta', headers: ['comissao bruta', 'valor bruto', 'bruto', 'comissao'] },
    iss: { label: 'ISS', headers: ['iss', 'valor iss', 'iss retido'] },
    irrf: { label: 'IRRF', headers: ['irrf', 'ir', 'valor irrf', 'ir retido', 'imposto de renda'] },
    netCommission: {
      label: 'Comissão líquida (valor pago)',
      headers: ['comissao liquida', 'valor liquido', 'liquido', 'valor pago', 'valor'],
    },
    paymentDate: {
      label: 'Data do pagamento',
      headers: ['data de pagamento', 'data pagamento', 'pagamento', 'data do credito', 'data credito', 'data'],
    },
    lineType: { label: 'Tipo de lançamento', headers: ['tipo', 'tipo de lancamento', 'lancamento', 'natureza', 'historico'] },
  },
};

/** 20 MB and 100,000 rows at most. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/**
 * What an import may expand to, counted in characters of its cells as they are stored (an XLSX
 * of a few KB can point 20,000 cells at one long shared string): a cell keeps its first 5,000, a
 * row may hold 20,000, a file 32 million (a CSV under 20 MB always fits: each character is at
 * least one byte of the file), and the rows the brokerage keeps at once (previews and imports
 * that can still be undone) 100 million. Beyond a bound the file is refused with a 413 before
 * anything is stored.
 */
export const IMPORT_LIMITS = {
  cellChars: 5_000,
  rowChars: 20_000,
  fileChars: 32_000_000,
  accountChars: 100_000_000,
} as const;
/** An import can be undone for this many days after it ran; then its rows are purged (the import's summary stays). */
export const IMPORT_UNDO_DAYS = 30;
/** A file left in mapping or preview this long is closed and its rows purged. */
export const IMPORT_ABANDONED_HOURS = 24;
export const IMPORT_ROWS_PAGE_MAX = 500;
