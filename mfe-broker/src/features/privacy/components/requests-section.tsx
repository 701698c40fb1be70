import {
  LEGAL_BASIS_LABELS,
  PRIVACY_CHANNEL_OPTIONS,
  PRIVACY_OPERATIONS as OPS,
  PRIVACY_REQUEST_STATE_OPTIONS,
  PRIVACY_REQUEST_TYPE_OPTIONS,
  formatDate,
  optionLabel,
  type ErasureResult,
  type PrivacyRequest,
} from '@corretora/contracts';
import { ApiError, Link, apiErrorMessage, callOperation, invalidateOperations, operationUrl, useOperation } from '@corretora/web-kit';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Body1, Button, Caption1 } from '@corretora/web-kit/fluent/core';
import { ActionMenu, DataTable, QueryState, ViewDialog, useConfirmAction, useNotify, type ActionMenuItem } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';

const NewRequestDialog = lazy(() => import('./new-request-dialog'));
const AnswerDialog = lazy(() => import('./answer-dialog'));

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', justifyContent: 'space-between' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  subject: { overflowWrap: 'anywhere' },
});

const URGENCY = { ok: 'informative', amber: 'warning', red: 'danger' } as const;

/** Downloads a file an operation answers to a POST (the request's ZIP): the server's pt-BR message when it refuses. */
async function download(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', credentials: 'include', headers: { Accept: 'application/zip, application/json' } });
  if (!response.ok) {
    const text = await response.text();
    let body: { message: string } | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
        body = { message: parsed.message };
    } catch {
      // not JSON: the toast says the screen's own words
    }
    throw new ApiError(response.status, text, body, response.statusText);
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Pedidos: the data subjects' requests, newest first, with their deadline's colour and what can be done for each. */
export function RequestsSection() {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const requests = useOperation(OPS.privacyRequests);
  const [creating, setCreating] = useState(false);
  const [answering, setAnswering] = useState<PrivacyRequest | null>(null);
  const [erased, setErased] = useState<{ request: PrivacyRequest; result: ErasureResult } | null>(null);
  const refresh = () => void invalidateOperations(queryClient, OPS.privacyRequests);
  const erase = useMutation({
    mutationFn: (request: PrivacyRequest) => callOperation(OPS.erasePrivacyRequest, { params: { id: request.id } }),
    onSuccess: (result, request) => {
      refresh();
      setErased({ request, result });
    },
  });
  const confirmErase = useConfirmAction<PrivacyRequest>({
    title: 'Eliminar os dados do titular',
    confirmLabel: 'Eliminar',
    message: (request) =>
      `Os dados de ${request.subjectName ?? request.subject.value} que não precisam ser guardados serão apagados de vez; os que a guarda de 5 anos das apólices exige ficam bloqueados. Não há como desfazer.`,
    run: (request) => erase.mutateAsync(request),
    done: { title: 'Dados eliminados', detail: 'Veja o que foi apagado e o que foi mantido.' },
    failed: 'Não foi possível eliminar os dados',
  });
  const revoke = useConfirmAction<PrivacyRequest>({
    title: 'Revogar o consentimento de marketing',
    confirmLabel: 'Revogar',
    message: (request) =>
      `Nenhum modelo de marketing poderá mais ser enviado a ${request.subjectName ?? request.subject.value}. As mensagens de serviço continuam.`,
    run: async (request) => {
      await callOperation(OPS.revokePrivacyConsent, { params: { id: request.id } });
      refresh();
    },
    done: { title: 'Consentimento de marketing revogado' },
    failed: 'Não foi possível revogar',
  });
  const exportZip = async (request: PrivacyRequest) => {
    try {
      await download(operationUrl(OPS.exportPrivacyRequest, { params: { id: request.id } }), `${request.protocol}-dados-do-titular.zip`);
      notify.success('Arquivo gerado', 'O download foi registrado na auditoria.');
      refresh();
    } catch (error) {
      notify.error('Não foi possível gerar o arquivo', apiErrorMessage(error, ''));
    }
  };
  const itemsOf = (request: PrivacyRequest): ActionMenuItem[] => {
    const live = request.erasure === null;
    return [
      { key: 'answer', label: 'Situação e resposta', onSelect: () => setAnswering(request) },
      ...(live ? [{ key: 'export', label: 'Exportar dados (ZIP)', onSelect: () => void exportZip(request) }] : []),
      ...(live && request.type === 'revocation'
        ? [{ key: 'revoke', label: 'Revogar marketing', onSelect: () => revoke.ask(request) }]
        : []),
      ...(live ? [{ key: 'erase', label: 'Eliminar dados', onSelect: () => confirmErase.ask(request) }] : []),
      {
        key: 'letter',
        label: 'Carta de resposta (PDF)',
        onSelect: () => window.open(operationUrl(OPS.privacyLetter, { params: { id: request.id } }), '_blank', 'noopener'),
      },
    ];
  };
  return (
    <>
      <div className={styles.bar}>
        <Body1>O titular deve ter resposta em até 15 dias. Amarelo a partir do 10º dia, vermelho a partir do 13º.</Body1>
        <Button appearance="primary" onClick={() => setCreating(true)}>
          Novo pedido
        </Button>
      </div>
      <QueryState query={requests} loading="Carregando pedidos..." error="Não foi possível carregar os pedidos.">
        {({ requests: rows }) => (
          <DataTable
            label="Pedidos de titulares"
            rows={rows}
            rowKey={(row) => row.id}
            empty="Nenhum pedido de titular até agora."
            columns={[
              { header: 'Pedido', cell: (row) => row.protocol },
              {
                header: 'Titular',
                cell: (row) => (
                  <span className={styles.subject}>
                    {row.subjectName ? `${row.subjectName} — ` : ''}
                    {row.subject.value}
                    {/* Where the broker sees the subject whole, and corrects what a correction asks. */}
                    {row.contacts.map((contact) => (
                      <Caption1 key={contact.id} block>
                        <Link to={`/contacts/${contact.id}`}>{`Ficha de ${contact.name}`}</Link>
                        {contact.blocked ? ' (bloqueado)' : ''}
                      </Caption1>
                    ))}
                  </span>
                ),
              },
              { header: 'Tipo', cell: (row) => optionLabel(PRIVACY_REQUEST_TYPE_OPTIONS, row.type) },
              { header: 'Canal', cell: (row) => optionLabel(PRIVACY_CHANNEL_OPTIONS, row.channel) },
              { header: 'Recebido', cell: (row) => formatDate(row.createdAt) },
              {
                header: 'Prazo',
                cell: (row) => (
                  <Badge appearance="tint" color={URGENCY[row.urgency]}>
                    {formatDate(row.dueOn)}
                  </Badge>
                ),
              },
              { header: 'Situação', cell: (row) => optionLabel(PRIVACY_REQUEST_STATE_OPTIONS, row.state) },
              {
                header: 'Ações',
                cell: (row) => (
                  <ActionMenu
                    aria-label={`Ações do pedido ${row.protocol}`}
                    appearance="subtle"
                    icon={<MoreHorizontalRegular />}
                    items={itemsOf(row)}
                  />
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {confirmErase.dialog}
      {revoke.dialog}
      <Suspense fallback={null}>
        {creating && <NewRequestDialog onClose={() => setCreating(false)} />}
        {answering && <AnswerDialog request={answering} onClose={() => setAnswering(null)} />}
      </Suspense>
      {erased && (
        <ViewDialog title={`Pedido ${erased.request.protocol}: o que foi feito`} onClose={() => setErased(null)}>
          <ErasureSummary result={erased.result} />
          <Button as="a" href={operationUrl(OPS.privacyLetter, { params: { id: erased.request.id } })} target="_blank" rel="noreferrer">
            Baixar a carta de resposta (PDF)
          </Button>
        </ViewDialog>
      )}
    </>
  );
}

function ErasureSummary({ result }: { result: ErasureResult }) {
  const styles = useStyles();
  return (
    <>
      <Body1>Eliminado:</Body1>
      <ul className={styles.list}>
        {result.erased.map((item) => (
          <li key={item.what}>
            {item.what}: {item.count}
            <Caption1 block>{LEGAL_BASIS_LABELS[item.basis]}</Caption1>
          </li>
        ))}
        {result.erased.length === 0 && <li>Nada a eliminar: a corretora não tinha dados deste titular.</li>}
      </ul>
      {result.kept.length > 0 && (
        <>
          <Body1>Mantido (bloqueado){result.retainUntil ? ` até ${formatDate(result.retainUntil)}` : ''}:</Body1>
          <ul className={styles.list}>
            {result.kept.map((item) => (
              <li key={item.what}>
                {item.what}: {item.count}
                <Caption1 block>
                  {LEGAL_BASIS_LABELS[item.basis]}. {item.reason}.
                </Caption1>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
