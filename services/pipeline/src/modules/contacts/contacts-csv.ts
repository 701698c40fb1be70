import { csvDate, csvDocument } from '@corretora/service-kit';
import { CONTACT_TYPE_OPTIONS, formatCnpj, formatCpf, formatPhone, type Contact } from '@corretora/contracts';

// CPF/CNPJ, Celular and Tipo read back as they are written: an export imports again without a mapping.
const HEADER = ['Nome', 'E-mail', 'Telefone', 'CPF/CNPJ', 'Tipo', 'Último contato', 'Criado em'];

const TYPE_LABELS: Record<string, string> = Object.fromEntries(CONTACT_TYPE_OPTIONS.map((option) => [option.value, option.label]));

export function contactsCsv(contacts: readonly Contact[]): string {
  const lines = [
    HEADER,
    ...contacts.map((contact) => [
      contact.name,
      contact.email ?? '',
      formatPhone(contact.phone),
      formatCpf(contact.cpf) || formatCnpj(contact.cnpj),
      TYPE_LABELS[contact.type] ?? contact.type,
      csvDate(contact.lastContact),
      csvDate(contact.createdAt),
    ]),
  ];
  return csvDocument(lines);
}
