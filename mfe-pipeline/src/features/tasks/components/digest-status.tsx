import { formatDate, formatDateTime, type DigestSend } from '@corretora/contracts';
import { Body1, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { makeStyles, tokens } from '@fluentui/react-components';

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

/** The daily digest e-mail: when the last ones went out, or why they did not. */
export function DigestStatus({ sends }: { sends: readonly DigestSend[] }) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-label="Resumo diário por e-mail">
      <Subtitle2 as="h2">Resumo diário por e-mail</Subtitle2>
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
