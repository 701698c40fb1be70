import { formatCpf, formatPhone, type Contact } from '@corretora/contracts';

/** A lead's contact as the edit and finalize forms start from it (masked text, ids as select values). */
export function contactFormValues(contact: Contact) {
  return {
    name: contact.name,
    email: contact.email ?? '',
    phone: formatPhone(contact.phone),
    cpf: formatCpf(contact.cpf),
    annualPremium: contact.annualPremium,
    productId: contact.productId === null ? '' : String(contact.productId),
    leadSourceId: contact.leadSourceId === null ? '' : String(contact.leadSourceId),
  };
}
