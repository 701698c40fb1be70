import { csvDate, csvDocument } from '@corretora/service-kit';
import {
  CONTACT_STATUS_LABELS,
  CONTACT_TYPE_OPTIONS,
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhone,
  type Contact,
} from '@corretora/contracts';

// Every column reads back as it is written: an export imports again without a mapping (the headers
// are the import's own words), a company with its razão social and a client with its address.
const HEADER = [
  'Nome',
  'E-mail',
  'Telefone',
  'CPF/CNPJ',
  'Razão social',
  'Nome fantasia',
  'Pessoa de contato',
  'Data de nascimento',
  'CEP',
  'Endereço',
  'Número',
  'Complemento',
  'Bairro',
  'Cidade',
  'UF',
  'Tipo',
  'Último contato',
  'Criado em',
  // Beside the spec's mixed 'Tipo': where the contact stands, and whose client it is (the
  // import reads this header as the Responsável column; 'Responsável' alone is a company's contact person).
  'Situação',
  'Responsável pelo cliente',
];

const TYPE_LABELS: Record<string, string> = Object.fromEntries(CONTACT_TYPE_OPTIONS.map((option) => [option.value, option.label]));

/** `memberName`: a member's name by id ('' when the team could not be read). */
export function contactsCsv(contacts: readonly Contact[], memberName: (id: string) => string): string {
  const lines = [
    HEADER,
    ...contacts.map((contact) => [
      contact.name,
      contact.email ?? '',
      formatPhone(contact.phone),
      formatCpf(contact.cpf) || formatCnpj(contact.cnpj),
      contact.legalName ?? '',
      contact.tradeName ?? '',
      contact.contactPerson ?? '',
      csvDate(contact.birthDate),
      formatCep(contact.address.cep),
      contact.address.street ?? '',
      contact.address.number ?? '',
      contact.address.complement ?? '',
      contact.address.district ?? '',
      contact.address.city ?? '',
      contact.address.uf ?? '',
      TYPE_LABELS[contact.type] ?? contact.type,
      csvDate(contact.lastContact),
      csvDate(contact.createdAt),
      CONTACT_STATUS_LABELS[contact.type === 'prospect' ? 'prospect' : 'client'],
      memberName(contact.responsibleId),
    ]),
  ];
  return csvDocument(lines);
}
