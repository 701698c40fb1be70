import { formatDate, formatDateTime, type DigestSend } from '@corretora/contracts';
import { apiErrorMessage } from '@corretora/web-kit';
import { Body1, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { Switch } from '@corretora/web-kit/fluent/switch';
import { useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useDigestSettings, useSetDigestSettings } from '../api/tasks-api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

const at = (instant: string) => formatDateTime(instant, 'America/Sao_Paulo');

function describe(send: DigestSend): string {
  const what = `Resumo de ${formatDate(send.day)} (${send.overdue} ${send.overdue === 1 ? 'atrasada' : 'atrasadas'}, ${send.today} para hoje)`;
  if (send.status === 'sent') return `${what}: enviado em ${at(send.sentAt!)}.`;
  if (send.status === 'failed')
    return send.nextAttemptAt
      ? `${what}: o envio falhou (${send.attempts}ª tentativa); nova tentativa em ${at(send.nextAttemptAt)}.`
      : `${what}: o envio falhou ${send.attempts} vezes e não será tentado de novo.`;
  return `${what}: sendo enviado.`;
}

/**
 * On or off. What the broker switched shows at once (set inside the change event, so the switch
 * never flips back for a frame while the server answers); a refusal puts the saved state back.
 */
function DigestSwitch() {
  const notify = useNotify();
  const settings = useDigestSettings();
  const save = useSetDigestSettings();
  const [switching, setSwitching] = useState<boolean | null>(null);
  if (!settings.data) return null;
  return (
    <Switch
      label="Receber o resumo diário por e-mail"
      checked={switching ?? settings.data.enabled}
      disabled={save.isPending}
      onChange={(_event, data) => {
        setSwitching(data.checked);
        save.mutate(data.checked, {
          onError: (error) => notify.error(apiErrorMessage(error, 'Não foi possível salvar a preferência.')),
          onSettled: () => setSwitching(null),
        });
      }}
    />
  );
}

/** The daily digest e-mail: on or off, when the last ones went out, or why they did not. */
export function DigestStatus({ sends }: { sends: readonly DigestSend[] }) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-label="Resumo diário por e-mail">
      <Subtitle2 as="h2">Resumo diário por e-mail</Subtitle2>
      <DigestSwitch />
      <Body1 className={styles.muted}>Às 07:00 (horário de Brasília), quando há tarefas atrasadas ou para o dia.</Body1>
      {sends.length === 0 ? <Body1 className={styles.muted}>Nenhum resumo enviado ainda.</Body1> : null}
      {sends.slice(0, 3).map((send) => (
        <Body1 key={send.day} className={send.status === 'failed' ? styles.failed : undefined}>
          {describe(send)}
        </Body1>
      ))}
    </section>
  );
}
