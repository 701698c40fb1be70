import { formatCnpj, formatCpf, formatPhone, PIPELINE_OPERATIONS as OPS, type Contact } from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';
import { Button, Caption1, Field, Input } from '@corretora/web-kit/fluent/core';
import { makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useDeferredValue, useId, useState } from 'react';

const useStyles = makeStyles({
  results: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXXS },
  result: { width: '100%', justifyContent: 'flex-start', textAlign: 'start', minWidth: 0 },
  name: { overflowWrap: 'anywhere' },
  chosen: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

/** How a client is told apart from a namesake in the picker: document, else phone. */
function identity(contact: Contact): string {
  const document = contact.kind === 'pj' ? formatCnpj(contact.cnpj) : formatCpf(contact.cpf);
  return [document, formatPhone(contact.phone)].filter(Boolean).join(' · ');
}

/**
 * A contact of the book, found as the broker types (name, CPF/CNPJ, phone, e-mail: the contacts
 * list's own search) and picked with a click or Enter; the chosen one shows with "Trocar".
 */
export function ContactPicker({
  value,
  onChange,
  error,
  required = true,
}: {
  value: Contact | null;
  onChange: (contact: Contact | null) => void;
  error?: string;
  /** Whether a client must be picked (a new deal) or may be left out (a task). */
  required?: boolean;
}) {
  const styles = useStyles();
  const listId = useId();
  const [typed, setTyped] = useState('');
  const q = useDeferredValue(typed.trim());
  const found = useOperation(
    OPS.contacts,
    { query: { q, pageSize: '6' } },
    { enabled: value === null && q.length >= 2, keepPrevious: true },
  );

  if (value)
    return (
      <Field label="Cliente" required={required}>
        <div className={styles.chosen}>
          <span className={styles.name}>
            <strong>{value.name}</strong> <Caption1>{identity(value)}</Caption1>
          </span>
          <Button size="small" onClick={() => onChange(null)}>
            Trocar
          </Button>
        </div>
      </Field>
    );
  const items = q.length >= 2 ? (found.data?.items ?? []) : [];
  const hint =
    q.length < 2
      ? 'Digite ao menos 2 letras do nome, o CPF/CNPJ, o telefone ou o e-mail'
      : found.isError
        ? 'A busca falhou. Tente novamente.'
        : found.isFetching && items.length === 0
          ? 'Buscando...'
          : items.length === 0
            ? 'Nenhum contato encontrado'
            : `${found.data?.total ?? items.length} encontrado(s)`;
  return (
    <>
      <Field label="Cliente" required={required} validationMessage={error} hint={error ? undefined : hint}>
        <Input
          contentBefore={<SearchRegular />}
          placeholder="Buscar cliente"
          value={typed}
          autoComplete="off"
          aria-controls={listId}
          onChange={(_event, data) => setTyped(data.value)}
          onKeyDown={(event) => {
            // Enter picks the first match instead of submitting the form.
            if (event.key === 'Enter') {
              event.preventDefault();
              if (items[0]) onChange(items[0]);
            }
          }}
        />
      </Field>
      <ul id={listId} className={styles.results} aria-label="Contatos encontrados">
        {items.map((contact) => (
          <li key={contact.id}>
            <Button appearance="subtle" className={styles.result} onClick={() => onChange(contact)}>
              <span className={styles.name}>
                {contact.name} <Caption1>{identity(contact)}</Caption1>
              </span>
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
