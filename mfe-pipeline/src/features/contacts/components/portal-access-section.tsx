import { PORTAL_OPERATIONS as OPS, formatDateTime, type PortalInviteInput } from '@corretora/contracts';
import { apiErrorMessage, callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { Card } from '@corretora/web-kit/fluent/card';
import { Body1, Button, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';

const useStyles = makeStyles({
  section: { gap: tokens.spacingVerticalS, minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The ficha's "Acesso ao portal": when the client last came in, and the link sent by e-mail or opened in WhatsApp. */
export function PortalAccessSection({ contactId }: { contactId: number }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const access = useOperation(OPS.access, { params: { id: contactId } });
  const invite = useMutation({
    mutationFn: (body: PortalInviteInput) => callOperation(OPS.invite, { params: { id: contactId }, body }),
    onSuccess: (sent) => {
      if (sent.whatsappUrl) window.open(sent.whatsappUrl, '_blank', 'noopener');
      notify.success(sent.message);
      return invalidateOperations(queryClient, OPS.access);
    },
    onError: (error) => notify.error(apiErrorMessage(error, 'Não foi possível enviar o link do portal.')),
  });
  if (!access.data) return null;
  const { enabled, hasDocument, lastAccessAt, channels } = access.data;
  return (
    <Card className={styles.section} role="region" aria-label="Acesso ao portal">
      <Subtitle2 as="h2">Acesso ao portal</Subtitle2>
      {!enabled ? (
        <Body1 className={styles.muted}>O portal do cliente está desligado (Configurações › Portal do cliente).</Body1>
      ) : !hasDocument ? (
        <Body1 className={styles.muted}>Cadastre o CPF ou o CNPJ do cliente: é com ele que o cliente entra no portal.</Body1>
      ) : (
        <>
          <Body1>{lastAccessAt ? `Último acesso: ${formatDateTime(lastAccessAt)}` : 'O cliente ainda não entrou no portal.'}</Body1>
          <div className={styles.actions}>
            {channels.email ? (
              <Button disabled={invite.isPending} onClick={() => invite.mutate({ channel: 'email' })}>
                Enviar link por e-mail
              </Button>
            ) : null}
            {channels.whatsapp ? (
              <Button disabled={invite.isPending} onClick={() => invite.mutate({ channel: 'whatsapp' })}>
                Enviar link pelo WhatsApp
              </Button>
            ) : null}
          </div>
        </>
      )}
    </Card>
  );
}
