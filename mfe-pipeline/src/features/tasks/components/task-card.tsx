import { taskDueText, taskLabel, type Task } from '@corretora/contracts';
import { Link } from '@corretora/web-kit';
import { Body1, Button, Caption1, Text } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalXS },
  head: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  late: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** One task: what, with whom, when, and what the broker can do with it here. */
export function TaskCard({
  task,
  busy,
  onDone,
  onSnooze,
  onOpenRenewals,
  onOpenAwaiting,
  onEdit,
  onDelete,
}: {
  task: Task;
  busy: boolean;
  onDone: (task: Task) => void;
  onSnooze: (task: Task) => void;
  /** A written task's words and when. */
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  onOpenRenewals: () => void;
  /** Apólices, filtered to those awaiting the insurer's number. */
  onOpenAwaiting: () => void;
}) {
  const styles = useStyles();
  const what = taskLabel(task);
  return (
    <Card className={styles.card} aria-label={`${what}: ${task.title}`}>
      <div className={styles.head}>
        <Text weight="semibold">
          {`${what} · `}
          {task.contactId === null || task.kind === 'task' ? task.title : <Link to={`/contacts/${task.contactId}`}>{task.title}</Link>}
        </Text>
        <Caption1 className={task.window === 'overdue' ? styles.late : styles.muted}>
          {`${task.window === 'overdue' ? 'Atrasada desde' : 'Para'} ${taskDueText(task)}`}
        </Caption1>
      </div>
      <Body1 className={styles.muted}>{task.detail}</Body1>
      {task.note ? <Body1 className={styles.muted}>{task.note}</Body1> : null}
      <div className={styles.actions}>
        {task.type || task.kind === 'task' ? (
          <Button size="small" appearance="primary" disabled={busy} aria-label={`Concluir: ${task.title}`} onClick={() => onDone(task)}>
            Concluir
          </Button>
        ) : task.kind === 'policy' ? (
          <Button size="small" appearance="primary" onClick={onOpenAwaiting}>
            Informar nº em Apólices
          </Button>
        ) : (
          <Button size="small" appearance="primary" onClick={onOpenRenewals}>
            Registrar resultado em Renovações
          </Button>
        )}
        <Button size="small" disabled={busy} aria-label={`Adiar: ${task.title}`} onClick={() => onSnooze(task)}>
          Adiar
        </Button>
        {task.kind === 'task' ? (
          <>
            <Button size="small" disabled={busy} aria-label={`Editar: ${task.title}`} onClick={() => onEdit(task)}>
              Editar
            </Button>
            <Button size="small" disabled={busy} aria-label={`Excluir: ${task.title}`} onClick={() => onDelete(task)}>
              Excluir
            </Button>
          </>
        ) : null}
        {task.cardId !== null ? <Link to={`/pipeline?card=${task.cardId}`}>Abrir negócio</Link> : null}
        {task.kind === 'task' && task.contactId !== null ? <Link to={`/contacts/${task.contactId}`}>Ficha do cliente</Link> : null}
      </div>
    </Card>
  );
}
