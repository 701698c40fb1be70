import {
  FINANCE_OPERATIONS,
  DOCUMENT_ACCEPT,
  DOCUMENT_CATEGORIES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MIME_TYPES,
  choiceOf,
  formatDate,
  optionLabel,
  type DocumentCategory,
  type Claim,
  type DocumentList,
  type Policy,
} from '@corretora/contracts';
import { Link, invalidateOperations, useOperation, useSearchParams } from '@corretora/web-kit';
import { UploadList, useUploads } from '@corretora/web-kit/uploads';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, PageHeader, QueryState, useConfirmAction, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Body1, Button, Caption1, Field, Subtitle2, Text } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { ProgressBar } from '@corretora/web-kit/fluent/progress';
import { Select } from '@corretora/web-kit/fluent/select';
import { ArrowDownloadRegular, ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons';
import { Fragment, useRef, useState } from 'react';
import {
  documentDownloadUrl,
  useDeleteDocument,
  useDocuments,
  sendDocument,
  type DocumentLinks,
} from '../features/documents/api/documents-api';
import { policyName } from '../lib/policy-name';
import { ratio } from '../components/ratio';

const useStyles = makeStyles({
  top: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(18rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
  drop: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXL,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    textAlign: 'center',
  },
  dragging: { border: `2px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  counts: { display: 'grid', gridTemplateColumns: '1fr auto', gap: tokens.spacingVerticalXS },
  card: { gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
  filter: { display: 'block', marginBottom: tokens.spacingVerticalS },
  // A long policy or claim name must not widen the card past a phone's screen.
  select: { width: '100%', minWidth: 0, '& select': { minWidth: 0, width: '100%', textOverflow: 'ellipsis' } },
});

const TYPE_LABEL: Record<string, string> = DOCUMENT_MIME_TYPES;
const SIZE = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${SIZE.format(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${SIZE.format(bytes / 1024 ** 2)} MB`;
  return `${SIZE.format(bytes / 1024 ** 3)} GB`;
}

/** An id from the address (?apolice=12), or null. */
const idParam = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/**
 * Documents: upload by drag and drop or chooser with a category and, optionally, the policy and the
 * claim it belongs to; counts, the storage bar, download and delete. ?apolice=ID or ?sinistro=ID
 * lists the documents of that record (Apólices and Sinistros link here).
 */
export default function DocumentsPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const shown: DocumentLinks = { policyId: idParam(params.get('apolice')), claimId: idParam(params.get('sinistro')) };
  const documents = useDocuments(shown);
  const policies = useOperation(FINANCE_OPERATIONS.policies, { query: {} });
  const claims = useOperation(FINANCE_OPERATIONS.claims, { query: {} });
  const [links, setLinks] = useState<DocumentLinks>(shown);
  const policyOf = (id: number | null) => policies.data?.find((item) => item.id === id);
  const claimOf = (id: number | null) => claims.data?.items.find((item) => item.id === id);
  const policyLabel = (id: number | null) => {
    const policy = policyOf(id);
    return policy ? `Apólice ${policyName(policy)}` : null;
  };
  const claimLabel = (id: number | null) => {
    const claim = claimOf(id);
    return claim ? `Sinistro ${claim.claimId} (${claim.contactName})` : null;
  };
  const filterText = shownText(shown, policyOf(shown.policyId), claimOf(shown.claimId));
  const remove = useDeleteDocument();
  const [category, setCategory] = useState<DocumentCategory>('policies');
  const queryClient = useQueryClient();
  const notify = useNotify();
  const uploads = useUploads((file, options) => sendDocument(file, { category, links }, options), {
    // The server decides by the bytes; this only spares a pointless upload.
    check: (file) => (file.size > DOCUMENT_MAX_BYTES ? 'o documento deve ter no máximo 10 MB.' : null),
    // The spec's toasts, beside each file's line (which says why one was refused).
    onSent: () => {
      notify.success('Documento enviado com sucesso');
      void invalidateOperations(queryClient, FINANCE_OPERATIONS.documents);
    },
    onFailed: (message) => notify.error('Falha ao enviar documento', message),
  });
  const deleting = useConfirmAction<{ id: number; originalName: string }>({
    title: 'Excluir documento',
    confirmLabel: 'Excluir',
    message: (document) => `Excluir "${document.originalName}"? O arquivo é apagado e não pode ser recuperado.`,
    run: (document) => remove.mutateAsync(document.id),
    done: { title: 'Documento excluído com sucesso' },
    failed: 'Falha ao excluir documento',
  });

  const send = (files: FileList | null) => uploads.add(Array.from(files ?? []));

  const data = documents.data;
  return (
    <>
      <PageHeader title="Documentos" subtitle="Apólices, sinistros, contratos e formulários da corretora" />
      <div className={styles.top}>
        <Card className={styles.card}>
          <Field label="Categoria">
            <Select value={category} onChange={(_event, value) => setCategory(choiceOf(value.value, DOCUMENT_CATEGORIES) ?? category)}>
              {DOCUMENT_CATEGORIES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Apólice (opcional)">
            <Select
              className={styles.select}
              value={links.policyId === null ? '' : String(links.policyId)}
              onChange={(_event, value) => setLinks({ ...links, policyId: idParam(value.value) })}
            >
              <option value="">Sem apólice</option>
              {(policies.data ?? []).map((policy) => (
                <option key={policy.id} value={policy.id}>
                  {`${policyName(policy)} · ${policy.contactName}`}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Sinistro (opcional)">
            <Select
              className={styles.select}
              value={links.claimId === null ? '' : String(links.claimId)}
              onChange={(_event, value) => setLinks({ ...links, claimId: idParam(value.value) })}
            >
              <option value="">Sem sinistro</option>
              {(claims.data?.items ?? []).map((claim) => (
                <option key={claim.id} value={claim.id}>
                  {`${claim.claimId} · ${claim.contactName}`}
                </option>
              ))}
            </Select>
          </Field>
          <DropArea onFiles={send} />
          <UploadList items={uploads.items} onCancel={uploads.cancel} onRetry={uploads.retry} label="Documentos enviados agora" />
          {uploads.items.some((item) => item.state !== 'sending') ? (
            <Button size="small" appearance="subtle" onClick={uploads.clear}>
              Limpar lista de envios
            </Button>
          ) : null}
        </Card>
        <StorageCard data={data} />
      </div>
      {filterText ? (
        <Body1 className={styles.filter} role="status">
          {`Documentos ${filterText}. `}
          <Link to="/documents">Ver todos os documentos</Link>
        </Body1>
      ) : null}
      <QueryState query={documents} loading="Carregando documentos..." error="Não foi possível carregar os documentos. Tente novamente.">
        {({ items }) => (
          <DataTable
            label="Documentos"
            rows={items}
            rowKey={(document) => document.id}
            empty="Nenhum documento enviado ainda."
            columns={[
              { header: 'Nome', cell: (document) => document.originalName },
              { header: 'Categoria', cell: (document) => optionLabel(DOCUMENT_CATEGORIES, document.category) },
              {
                header: 'Vínculo',
                cell: (document) =>
                  [policyLabel(document.policyId), claimLabel(document.claimId)].filter((part) => part !== null).join(' · ') || '—',
              },
              { header: 'Tipo', cell: (document) => TYPE_LABEL[document.mimeType] ?? document.mimeType },
              { header: 'Tamanho', cell: (document) => formatSize(document.fileSize) },
              { header: 'Enviado em', cell: (document) => formatDate(document.uploadedAt) },
              {
                header: 'Ações',
                cell: (document) => (
                  <>
                    <Button
                      as="a"
                      size="small"
                      icon={<ArrowDownloadRegular />}
                      href={documentDownloadUrl(document.id)}
                      aria-label={`Baixar ${document.originalName}`}
                    />
                    <Button
                      size="small"
                      icon={<DeleteRegular />}
                      aria-label={`Excluir ${document.originalName}`}
                      onClick={() => deleting.ask(document)}
                    />
                  </>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {deleting.dialog}
    </>
  );
}

/** How much of the brokerage's 10 GB its documents use, and how many of each category. */
function StorageCard({ data }: { data: DocumentList | undefined }) {
  const styles = useStyles();
  return (
    <Card className={styles.card}>
      <Subtitle2>Armazenamento</Subtitle2>
      {data && (
        <>
          <ProgressBar
            value={ratio(data.usedBytes, data.quotaBytes)}
            thickness="large"
            aria-label={`Armazenamento usado: ${formatSize(data.usedBytes)} de 10 GB`}
          />
          <Text>{formatSize(data.usedBytes)} de 10 GB usados</Text>
          <div className={styles.counts}>
            {DOCUMENT_CATEGORIES.map((option) => (
              <Fragment key={option.value}>
                <Text>{option.label}</Text>
                <Text>{data.counts[option.value]}</Text>
              </Fragment>
            ))}
          </div>
        </>
      )}
    </Card>
  );
}

/** Where files are dropped or chosen: each becomes an upload. */
function DropArea({ onFiles }: { onFiles: (files: FileList | null) => void }) {
  const styles = useStyles();
  const [dragging, setDragging] = useState(false);
  const chooser = useRef<HTMLInputElement>(null);
  return (
    <div
      className={mergeClasses(styles.drop, dragging && styles.dragging)}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles(event.dataTransfer.files);
      }}
      data-testid="area-de-envio"
    >
      <ArrowUploadRegular fontSize={32} />
      <Body1>Arraste arquivos aqui ou</Body1>
      <Button appearance="primary" onClick={() => chooser.current?.click()}>
        Escolher arquivos
      </Button>
      <Caption1 className={styles.muted}>PDF, DOC, DOCX, XLS, XLSX até 10MB</Caption1>
      <input
        ref={chooser}
        type="file"
        accept={DOCUMENT_ACCEPT}
        multiple
        hidden
        aria-label="Escolher arquivos"
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}

/** What a page opened from a policy or a claim lists, in words ('' for every document). */
function shownText(shown: DocumentLinks, policy: Policy | undefined, claim: Claim | undefined): string {
  return [
    shown.policyId === null ? null : `da apólice${policy ? ` ${policyName(policy)}` : ''}`,
    shown.claimId === null ? null : `do sinistro${claim ? ` ${claim.claimId}` : ''}`,
  ]
    .filter((part) => part !== null)
    .join(' e ');
}
