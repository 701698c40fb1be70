import { CONTACT_KIND_LABELS, CONTACT_STATUS_LABELS, formatCount, formatDate, formatPhone, type Contact } from '@corretora/contracts';
import { Link, useSearchParams } from '@corretora/web-kit';
import { DataTable, PageHeader, Pager, QueryState } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Button } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { AddRegular, ArrowDownloadRegular, ArrowUploadRegular, EditRegular, PeopleSearchRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useDeferredValue, useEffect, useState } from 'react';
import { SearchBox, useMemberFilter, useTeam } from '@corretora/web-kit/ui';
import { CONTACTS_PAGE_SIZE, contactsExportUrl, useContacts, type ContactFilters } from '../features/contacts/api/contacts-api';
import { invalidateFigures } from '../lib/board-cache';
import { useBulkResponsible } from '../features/contacts/components/bulk-responsible';

const DuplicatesDialog = lazy(() => import('../features/contacts/components/duplicates-dialog'));
const ContactsImport = lazy(() => import('../features/contacts/components/contacts-import'));
// The form (and the rules it checks with) loads when it opens, not with the list.
const ContactDialog = lazy(() =>
  import('../features/contacts/components/contact-dialog').then((module) => ({ default: module.ContactDialog })),
);
const TimelineDialog = lazy(() => import('../features/contacts/components/timeline-dialog'));

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    alignItems: 'center',
    marginBottom: tokens.spacingVerticalM,
  },
  count: { color: tokens.colorNeutralForeground3, marginBottom: tokens.spacingVerticalS },
  cell: { overflowWrap: 'anywhere' },
});

// The spec's type filter labels ('Pessoa Física', 'Empresarial'), the second saying what it holds.
const KIND_FILTERS = [
  { value: 'all', label: 'Pessoas físicas e jurídicas' },
  { value: 'pf', label: 'Pessoa Física' },
  { value: 'pj', label: 'Empresarial (pessoa jurídica)' },
] as const;
const STATUS_FILTERS = [
  { value: 'all', label: 'Clientes e prospectos' },
  { value: 'client', label: 'Clientes' },
  { value: 'prospect', label: 'Prospectos' },
] as const;

function kindFilter(value: string): ContactFilters['kind'] {
  return KIND_FILTERS.find((option) => option.value === value)?.value ?? 'all';
}
function statusFilter(value: string): ContactFilters['status'] {
  return STATUS_FILTERS.find((option) => option.value === value)?.value ?? 'all';
}

/** /contacts ('Gestão de Contatos'): search, type filter, pages, export and add/edit, all on the server. */
export default function ContactsPage() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<ContactFilters['kind']>('all');
  const [status, setStatus] = useState<ContactFilters['status']>('all');
  const [page, setPage] = useState(1);
  const members = useMemberFilter(() => setPage(1));
  const { responsibleId } = members;
  const team = useTeam();
  const bulk = useBulkResponsible();
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [history, setHistory] = useState<Contact | null>(null);
  const [dialog, setDialog] = useState<'import' | 'duplicates' | null>(null);
  const queryClient = useQueryClient();
  // Typing stays fluid; the list follows a beat behind.
  const q = useDeferredValue(search);
  const contacts = useContacts({ q, kind, status, responsibleId, page });

  // The dashboard's 'Adicionar Novo Cliente' lands here with ?novo=1: the dialog opens with the
  // page (state adjusted while rendering) and the flag leaves the address.
  const asksNew = params.get('novo') === '1';
  if (asksNew && editing === null) setEditing('new');
  useEffect(() => {
    if (asksNew) setParams({}, { replace: true });
  }, [asksNew, setParams]);

  const total = contacts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));
  // A filter changed: back to the first page.
  const refilter = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const filtered = q.trim() !== '' || kind !== 'all' || status !== 'all' || responsibleId !== '';

  return (
    <>
      <PageHeader
        title="Gestão de Contatos"
        subtitle="Clientes e prospectos da sua corretora"
        actions={
          <>
            <Button icon={<ArrowUploadRegular />} onClick={() => setDialog('import')}>
              Importar
            </Button>
            <Button icon={<PeopleSearchRegular />} onClick={() => setDialog('duplicates')}>
              Possíveis duplicados
            </Button>
            <Button as="a" href={contactsExportUrl({ q, kind, status, responsibleId })} download icon={<ArrowDownloadRegular />}>
              Exportar
            </Button>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
              Novo Contato
            </Button>
          </>
        }
      />
      <div className={styles.toolbar} role="search">
        <SearchBox
          value={search}
          onChange={(value) => refilter(() => setSearch(value))}
          placeholder="Buscar por nome, e-mail, telefone, CPF ou CNPJ..."
          label="Buscar contatos"
        />
        <FilterSelect
          label="Filtrar por pessoa"
          value={kind}
          options={KIND_FILTERS}
          onChange={(value) => refilter(() => setKind(kindFilter(value)))}
        />
        <FilterSelect
          label="Filtrar por situação"
          value={status}
          options={STATUS_FILTERS}
          onChange={(value) => refilter(() => setStatus(statusFilter(value)))}
        />
        {members.filter}
      </div>
      <Body1 as="p" className={styles.count} aria-live="polite">{`${formatCount(total)} ${total === 1 ? 'contato' : 'contatos'}`}</Body1>
      {bulk.bar}
      <QueryState query={contacts} loading="Carregando contatos..." error="Não foi possível carregar os contatos. Recarregue a página.">
        {({ items }) => (
          <DataTable
            label="Contatos"
            rows={items}
            rowKey={(contact) => contact.id}
            empty={
              filtered
                ? 'Nenhum contato encontrado com os filtros aplicados.'
                : 'Nenhum contato cadastrado ainda. Adicione o primeiro ou crie um lead no pipeline.'
            }
            columns={[
              ...(bulk.column ? [bulk.column] : []),
              {
                header: 'Nome',
                className: styles.cell,
                cell: (contact) => (
                  // The ficha do cliente: everything of this client on one page.
                  <Link to={`/contacts/${contact.id}`}>{contact.name}</Link>
                ),
              },
              { header: 'E-mail', className: styles.cell, cell: (contact) => contact.email ?? '—' },
              { header: 'Telefone', cell: (contact) => formatPhone(contact.phone) || '—' },
              { header: 'Pessoa', cell: (contact) => CONTACT_KIND_LABELS[contact.kind] },
              { header: 'Situação', cell: (contact) => CONTACT_STATUS_LABELS[contact.type === 'prospect' ? 'prospect' : 'client'] },
              { header: 'Último contato', cell: (contact) => (contact.lastContact ? formatDate(contact.lastContact) : '—') },
              // Whose client it is, where the list holds more than one member's.
              ...(members.shown
                ? [{ header: 'Responsável', cell: (contact: Contact) => team.nameOf(contact.responsibleId) ?? 'Membro desativado' }]
                : []),
              {
                header: 'Ações',
                cell: (contact) => (
                  <>
                    <Button
                      appearance="subtle"
                      icon={<EditRegular />}
                      aria-label={`Editar ${contact.name}`}
                      onClick={() => setEditing(contact)}
                    />
                    <Button appearance="subtle" aria-label={`Histórico e WhatsApp de ${contact.name}`} onClick={() => setHistory(contact)}>
                      Histórico
                    </Button>
                  </>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Pager page={page} pages={pages} onPage={setPage} />
      {history ? (
        <Suspense fallback={null}>
          <TimelineDialog contact={history} onClose={() => setHistory(null)} />
        </Suspense>
      ) : null}
      {editing !== null ? (
        <Suspense fallback={null}>
          <ContactDialog contact={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {dialog === 'import' ? (
        <Suspense fallback={null}>
          <ContactsImport onClose={() => setDialog(null)} onChanged={() => void invalidateFigures(queryClient)} />
        </Suspense>
      ) : null}
      {dialog === 'duplicates' ? (
        <Suspense fallback={null}>
          <DuplicatesDialog onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** One of the list's filters: a choice among its options. */
function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Select aria-label={label} value={value} onChange={(_event, data) => onChange(data.value)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
