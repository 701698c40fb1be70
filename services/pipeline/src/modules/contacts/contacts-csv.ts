import { CONTACT_TYPE_OPTIONS, formatCnpj, formatCpf, formatPhone, type Contact } from '@corretora/contracts';

/** Excel in pt-BR reads ';' as the separator and needs the BOM to take the file as UTF-8. */
const BOM = '\uFEFF';
const SEPARATOR = ';';
// CPF/CNPJ, Celular and Tipo read back as they are written: an export imports again without a mapping.
const HEADER = ['Nome', 'E-mail', 'Celular', 'CPF/CNPJ', 'Tipo', 'Último contato', 'Criado em'];

const DAY = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' });

/** dd/mm/aaaa of an instant, on the broker's calendar (Brasília time). */
function brazilianDate(iso: string | null): string {
  return iso ? DAY.format(new Date(iso)) : '';
}

/**
 * One cell: a value a spreadsheet would run as a formula (=, +, -, @, or a tab/CR that hides one)
 * is prefixed with an apostrophe (OWASP, CSV injection); a value holding the separator, a quote or
 * a line break is quoted.
 */
export function csvCell(value: string): string {
  const neutral = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}

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
      brazilianDate(contact.lastContact),
      brazilianDate(contact.createdAt),
    ]),
  ];
  return BOM + lines.map((cells) => cells.map(csvCell).join(SEPARATOR)).join('\r\n') + '\r\n';
}
