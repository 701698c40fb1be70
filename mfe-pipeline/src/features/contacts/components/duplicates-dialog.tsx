import {
  IMPORT_OPERATIONS,
  PIPELINE_OPERATIONS,
  CONTACT_KIND_LABELS,
  formatAddress,
  formatCnpj,
  formatCpf,
  formatDate,
  formatPhone,
  CONTACT_TYPE_OPTIONS,
  type Contact,
  type ContactRecordField,
  type DuplicateGroup,
  choiceOf,
} from '@corretora/contracts';
import { apiErrorMessage, callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { Body1, Body1Strong, Button, Caption1, Field, Spinner, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { MessageBar, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { Select } from '@corretora/web-kit/fluent/select';
import { DataTable, QueryState, ViewDialog, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateFigures } from '../../../lib/board-cache';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  cell: { overflowWrap: 'anywhere' },
  fields: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: tokens.spacingHorizontalM },
});

const REASONS: Record<DuplicateGroup['reason'], string> = {
  document: 'Mesmo CPF/CNPJ',
  email: 'Mesmo e-mail',
  phone: 'Mesmo telefone',
  name: 'Nomes parecidos',
};
const TYPE_LABEL: Record<string, string> = Object.fromEntries(CONTACT_TYPE_OPTIONS.map((option) => [option.value, option.label]));

/** The fields the merge lets the broker choose, as they read. */
const FIELDS: { field: ContactRecordField; label: string; show: (contact: Contact) => string }[] = [
  { field: 'name', label: 'Nome', show: (contact) => contact.name },
  { field: 'email', label: 'E-mail', show: (contact) => contact.email ?? '' },
  { field: 'phone', label: 'Telefone', show: (contact) => formatPhone(contact.phone) },
  { field: 'kind', label: 'Pessoa', show: (contact) => CONTACT_KIND_LABELS[contact.kind] },
  { field: 'cpf', label: 'CPF', show: (contact) => formatCpf(contact.cpf) },
  { field: 'cnpj', label: 'CNPJ', show: (contact) => formatCnpj(contact.cnpj) },
  { field: 'legalName', label: 'Razão social', show: (contact) => contact.legalName ?? '' },
  { field: 'tradeName', label: 'Nome fantasia', show: (contact) => contact.tradeName ?? '' },
  { field: 'contactPerson', label: 'Pessoa de contato', show: (contact) => contact.contactPerson ?? '' },
  { field: 'birthDate', label: 'Data de nascimento', show: (contact) => formatDate(contact.birthDate) },
  { field: 'address', label: 'Endereço', show: (contact) => formatAddress(contact.address) },
  { field: 'type', label: 'Tipo', show: (contact) => TYPE_LABEL[contact.type] ?? contact.type },
];

/** Which contact a field's value is kept from. */
const SIDES = ['this', 'other'] as const;

function groupValue(group: DuplicateGroup): string {
  if (group.reason === 'phone') return formatPhone(group.value.replace(/^\+55/, ''));
  if (group.reason === 'document') return group.value.length === 14 ? formatCnpj(group.value) : formatCpf(group.value);
  return group.value;
}

/** Side by side: which value each differing field keeps, then the merge (everything of the other moves here). */
function MergePanel({ keep, other, onDone, onCancel }: { keep: Contact; other: Contact; onDone: () => void; onCancel: () => void }) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const differing = FIELDS.filter(({ show }) => show(keep) !== show(other) && show(other) !== '');
  const [choice, setChoice] = useState<Partial<Record<ContactRecordField, (typeof SIDES)[number]>>>(() =>
    Object.fromEntries(differing.map(({ field, show }) => [field, show(keep) === '' ? 'other' : 'this'])),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function merge() {
    setBusy(true);
    setError(null);
    try {
      const result = await callOperation(IMPORT_OPERATIONS.mergeContacts, {
        params: { id: keep.id },
        body: { otherId: other.id, keep: choice },
      });
      const { cards, notes, policies, claims, documents } = result.moved;
      notify.success(
        'Contatos mesclados',
        `${other.name} foi mesclado em ${result.contact.name}: ${cards} card(s), ${notes} nota(s), ${policies} apólice(s), ${claims} sinistro(s) e ${documents} documento(s) movidos.`,
      );
      await Promise.all([
        invalidateOperations(queryClient, IMPORT_OPERATIONS.contactDuplicates, PIPELINE_OPERATIONS.contact, PIPELINE_OPERATIONS.board),
        invalidateFigures(queryClient),
      ]);
      onDone();
    } catch (caught) {
      setError(apiErrorMessage(caught, 'Não foi possível mesclar os contatos.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.group} aria-label={`Mesclar ${other.name} em ${keep.name}`}>
      <Subtitle2 as="h3">{`Mesclar "${other.name}" em "${keep.name}"`}</Subtitle2>
      <Body1>
        Cards, notas, apólices, sinistros e documentos de {other.name} passam para {keep.name}, e {other.name} deixa de existir. Escolha o
        valor que fica em cada campo diferente.
      </Body1>
      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      {differing.length === 0 ? <Caption1>Os dois contatos têm os mesmos dados.</Caption1> : null}
      <div className={styles.fields}>
        {differing.map(({ field, label, show }) => (
          <Field key={field} label={label}>
            <Select
              value={choice[field] ?? 'this'}
              onChange={(_event, data) => setChoice((current) => ({ ...current, [field]: choiceOf(data.value, SIDES) ?? current[field] }))}
            >
              <option value="this">{show(keep) || '(vazio)'}</option>
              <option value="other">{show(other)}</option>
            </Select>
          </Field>
        ))}
      </div>
      <div>
        <Button appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void merge()}>
          Mesclar
        </Button>{' '}
        <Button disabled={busy} onClick={onCancel}>
          Voltar
        </Button>
      </div>
    </section>
  );
}

/** 'Possíveis duplicados': groups of contacts sharing a document, e-mail or phone, or with similar names; each can be merged. */
export default function DuplicatesDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const groups = useOperation(IMPORT_OPERATIONS.contactDuplicates);
  const [merging, setMerging] = useState<{ keep: Contact; other: Contact } | null>(null);
  return (
    <ViewDialog title="Possíveis duplicados" onClose={onClose} wide contentClassName={styles.content}>
      {merging ? (
        <MergePanel keep={merging.keep} other={merging.other} onDone={() => setMerging(null)} onCancel={() => setMerging(null)} />
      ) : (
        <QueryState query={groups} loading="Procurando duplicados..." error="Não foi possível procurar duplicados. Tente novamente.">
          {(list) =>
            list.length === 0 ? (
              <Body1>Nenhum possível duplicado: cada contato tem documento, e-mail, telefone e nome só seus.</Body1>
            ) : (
              <>
                {list.map((group) => (
                  <section
                    key={group.contacts.map((contact) => contact.id).join('-')}
                    className={styles.group}
                    aria-label={`${REASONS[group.reason]}: ${groupValue(group)}`}
                  >
                    <Body1Strong>{`${REASONS[group.reason]}: ${groupValue(group)}`}</Body1Strong>
                    <DataTable
                      label={`${REASONS[group.reason]}: ${groupValue(group)}`}
                      rows={group.contacts}
                      rowKey={(contact) => contact.id}
                      empty=""
                      columns={[
                        { header: 'Nome', className: styles.cell, cell: (contact) => contact.name },
                        { header: 'E-mail', className: styles.cell, cell: (contact) => contact.email ?? '—' },
                        { header: 'Telefone', cell: (contact) => formatPhone(contact.phone) || '—' },
                        { header: 'CPF/CNPJ', cell: (contact) => formatCpf(contact.cpf) || formatCnpj(contact.cnpj) || '—' },
                        { header: 'Criado em', cell: (contact) => formatDate(contact.createdAt) },
                        {
                          header: 'Ações',
                          cell: (contact) =>
                            contact.id === group.contacts[0]!.id ? (
                              <Caption1>Fica</Caption1>
                            ) : (
                              <Button size="small" onClick={() => setMerging({ keep: group.contacts[0]!, other: contact })}>
                                {`Mesclar em ${group.contacts[0]!.name}`}
                              </Button>
                            ),
                        },
                      ]}
                    />
                  </section>
                ))}
              </>
            )
          }
        </QueryState>
      )}
    </ViewDialog>
  );
}
