import * as v from 'valibot';
import { optionalText, requiredText } from '../fields';
import {
  DOCUMENT_MESSAGE,
  MONEY_MESSAGE,
  type FieldInfo,
  optionalCell,
  parseDocument,
  parseSheetDate,
  parseSheetMoney,
  parseSheetPercent,
} from './import-values';
import { comparableName } from '../br/text';
import { parseLine } from '../vocabulary/lines';
import {
  CHASSIS_MESSAGE,
  FIPE_MESSAGE,
  isValidChassis,
  isValidFipe,
  isValidPlate,
  isVehicleYear,
  normalizeFipe,
  normalizePlate,
} from '../vocabulary/insured-item';

/*
 * The policies kind of import, each field once: its label and the header words that suggest it
 * (the wizard's mapping), and the cell it must hold (the row's schema, run by finance).
 */

/** The fields of a policies sheet, in the order the wizard lists them. */
export const POLICY_IMPORT_FIELD_INFO = {
  policyNumber: {
    label: 'Número da apólice',
    headers: ['apolice', 'numero da apolice', 'n apolice', 'numero', 'n da apolice', 'policy'],
  },
  insurer: { label: 'Seguradora', headers: ['seguradora', 'cia', 'companhia', 'insurer'] },
  contactDocument: { label: 'CPF/CNPJ do cliente', headers: ['cpf', 'cnpj', 'cpf cnpj', 'cpf/cnpj', 'documento', 'cpf do cliente'] },
  contactName: { label: 'Nome do cliente', headers: ['cliente', 'segurado', 'nome', 'nome do cliente', 'nome do segurado'] },
  type: { label: 'Ramo', headers: ['ramo', 'tipo', 'produto', 'tipo de seguro'] },
  startDate: {
    label: 'Início de vigência',
    headers: ['inicio', 'inicio de vigencia', 'inicio vigencia', 'vigencia inicial', 'data inicio'],
  },
  endDate: {
    label: 'Fim de vigência',
    headers: ['fim', 'fim de vigencia', 'fim vigencia', 'vigencia final', 'vencimento', 'data fim', 'termino'],
  },
  netPremium: { label: 'Prêmio líquido', headers: ['premio liquido', 'liquido', 'premio liq'] },
  totalPremium: { label: 'Prêmio total', headers: ['premio total', 'premio', 'total', 'valor'] },
  commissionPercentage: {
    label: '% de comissão',
    headers: ['comissao', '% comissao', 'percentual de comissao', 'comissao %', 'perc comissao'],
  },
  commissionAmount: { label: 'Valor da comissão', headers: ['valor da comissao', 'comissao r', 'valor comissao', 'comissao valor'] },
  status: { label: 'Status', headers: ['status', 'situacao'] },
  // Repasse: who brought the client, their share of the policy's commission and their percent of it.
  angariador: { label: 'Angariador', headers: ['angariador', 'nome do angariador', 'indicador', 'indicado por'] },
  angariadorShare: {
    label: 'Participação do angariador (%)',
    headers: ['participacao do angariador', 'participacao angariador', 'part angariador', 'angariador participacao'],
  },
  angariadorPercent: {
    label: 'Repasse do angariador (%)',
    headers: ['repasse do angariador', 'comissao do angariador', '% angariador', 'percentual do angariador', 'angariador %'],
  },
  // The vehicle an Auto policy insures (#60): found afterwards by its plate in the top-bar search.
  plate: { label: 'Placa do veículo', headers: ['placa', 'placa do veiculo', 'placa veiculo'] },
  vehicle: { label: 'Veículo (marca e modelo)', headers: ['veiculo', 'marca modelo', 'marca/modelo', 'modelo do veiculo', 'automovel'] },
  modelYear: { label: 'Ano do modelo', headers: ['ano modelo', 'ano do modelo', 'ano/modelo'] },
  chassis: { label: 'Chassi', headers: ['chassi', 'chassis', 'numero do chassi'] },
  fipeCode: { label: 'Código FIPE', headers: ['fipe', 'codigo fipe', 'cod fipe'] },
  // A member of the team (name or e-mail): whom the policies the import creates, and their new clients, are given to.
  responsible: {
    label: 'Responsável (membro da equipe)',
    headers: ['responsavel', 'produtor', 'produtora', 'corretor responsavel', 'vendedor', 'atendido por', 'membro da equipe'],
  },
} as const satisfies Record<string, FieldInfo>;
export type PolicyImportField = keyof typeof POLICY_IMPORT_FIELD_INFO;
export const POLICY_IMPORT_FIELDS = Object.keys(POLICY_IMPORT_FIELD_INFO) as PolicyImportField[];

/** 'Ativa', 'Vigente', 'Cancelada', 'Vencida' (an expired policy is an active one past its end)… as a stored status. */
export function parsePolicyStatus(text: string): 'active' | 'cancelled' | null {
  const word = comparableName(text);
  if (/^(ativa|ativo|vigente|em vigor|emitida|active|vencida|expirada|expired|renovada)$/.test(word)) return 'active';
  if (/^(cancelada|cancelado|cancelled|canceled|anulada|rescindida)$/.test(word)) return 'cancelled';
  return null;
}

const POLICY_MONEY_MAX_CENTS = 9_999_999_999;
const moneyCell = (label: string) =>
  optionalCell(`${label}: ${MONEY_MESSAGE}`, (text) => {
    const cents = parseSheetMoney(text);
    return cents !== null && cents <= POLICY_MONEY_MAX_CENTS ? cents : null;
  });

/**
 * One spreadsheet row of policies, its cells named by field: the policy number, insurer (a name,
 * matched by the service), the client by document or name, dates, premiums (integer cents) and the
 * commission (a percentage in hundredths, or an amount in cents).
 */
const policyRowSchema = () =>
  v.pipe(
    v.object({
      policyNumber: v.pipe(
        requiredText('Número da apólice é obrigatório', 40),
        v.transform((text) => text.toUpperCase()),
      ),
      insurer: requiredText('Seguradora é obrigatória', 100),
      contactDocument: optionalCell(DOCUMENT_MESSAGE, parseDocument),
      contactName: optionalText(100),
      /** The line (ramo), under the mapping's old key: 'Automóvel', 'Saúde', 'RC Profissional'… */
      type: optionalCell(
        'Ramo não reconhecido: use Auto, Residencial, Condomínio, Empresarial, Vida, Saúde, Odonto, Viagem, RC…',
        parseLine,
      ),
      startDate: optionalCell('Início de vigência inválido: use dd/mm/aaaa', (text) => parseSheetDate(text)),
      endDate: v.pipe(
        optionalCell('Fim de vigência inválido: use dd/mm/aaaa', (text) => parseSheetDate(text)),
        v.check((date) => date !== null, 'Fim de vigência é obrigatório'),
      ),
      netPremium: moneyCell(POLICY_IMPORT_FIELD_INFO.netPremium.label),
      totalPremium: v.pipe(
        moneyCell(POLICY_IMPORT_FIELD_INFO.totalPremium.label),
        v.check((cents) => cents !== null, 'Prêmio total é obrigatório'),
      ),
      commissionPercentage: optionalCell('% de comissão inválido: use 12,5', (text) => {
        const hundredths = parseSheetPercent(text);
        return hundredths !== null && hundredths <= 10_000 ? hundredths : null;
      }),
      commissionAmount: moneyCell('Valor da comissão'),
      status: optionalCell('Status inválido: use Ativa ou Cancelada', parsePolicyStatus),
      /** Repasse: an angariador without a login, their share of the commission and their percent of it (hundredths). */
      angariador: optionalText(120),
      angariadorShare: optionalCell('Participação do angariador inválida: use de 0,01 a 100', (text) => {
        const hundredths = parseSheetPercent(text);
        return hundredths !== null && hundredths > 0 && hundredths <= 10_000 ? hundredths : null;
      }),
      /** A member of the team, by name or e-mail (finance finds them). */
      responsible: optionalText(254),
      plate: optionalCell('Placa inválida: use ABC-1234 ou ABC1D23', (text) => (isValidPlate(text) ? normalizePlate(text) : null)),
      vehicle: optionalText(80),
      modelYear: optionalCell('Ano do modelo inválido: use 4 dígitos, ex.: 2023', (text) =>
        /^\d{4}$/.test(text) && isVehicleYear(Number(text)) ? Number(text) : null,
      ),
      chassis: optionalCell(CHASSIS_MESSAGE, (text) => (isValidChassis(text) ? text.toUpperCase() : null)),
      fipeCode: optionalCell(FIPE_MESSAGE, (text) => (isValidFipe(text) ? normalizeFipe(text) : null)),
      angariadorPercent: optionalCell('Repasse do angariador inválido: use de 0 a 100', (text) => {
        const hundredths = parseSheetPercent(text);
        return hundredths !== null && hundredths <= 10_000 ? hundredths : null;
      }),
    }),
    v.forward(
      v.check(
        (row) => row.angariador === null || (row.angariadorShare !== null && row.angariadorPercent !== null),
        'Informe a participação e o repasse do angariador',
      ),
      ['angariador'],
    ),
    v.forward(
      v.check((row) => row.contactDocument !== null || row.contactName !== null, 'Informe o CPF/CNPJ ou o nome do cliente'),
      ['contactName'],
    ),
    v.forward(
      v.check(
        (row) => row.startDate === null || row.endDate === null || row.endDate > row.startDate,
        'O fim de vigência deve ser depois do início',
      ),
      ['endDate'],
    ),
  );

let rowSchema: ReturnType<typeof policyRowSchema> | undefined;
/** The row's schema, built on first use: a page that shows the fields' labels carries no valibot. */
export const policyImportRowSchema = () => (rowSchema ??= policyRowSchema());
export type PolicyImportRow = v.InferOutput<ReturnType<typeof policyRowSchema>>;
