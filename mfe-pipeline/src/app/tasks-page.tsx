import { TASK_WINDOWS, type Task, type TaskWindow } from '@corretora/contracts';
import { apiErrorMessage, useNavigate, useSearchParams } from '@corretora/web-kit';
import { Body1 } from '@corretora/web-kit/fluent/core';
import { Tab, TabList } from '@corretora/web-kit/fluent/tabs';
import { PageHeader, QueryState, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useDigests, useTaskDone, useTasks } from '../features/tasks/api/tasks-api';
import { DigestStatus } from '../features/tasks/components/digest-status';
import { SnoozeDialog } from '../features/tasks/components/snooze-dialog';
import { TaskCard } from '../features/tasks/components/task-card';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  tabs: { overflowX: 'auto', maxWidth: '100%' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

const EMPTY: Record<TaskWindow, string> = {
  overdue: 'Nada atrasado. Muito bem!',
  today: 'Nenhuma tarefa para hoje.',
  upcoming: 'Nenhuma tarefa nos próximos 7 dias.',
};

/** /tasks ('Minhas tarefas'): the next actions of cards and renewals, and the renewals due, by day. */
export default function TasksPage() {
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tasks = useTasks();
  const digests = useDigests();
  const done = useTaskDone();
  const [snoozing, setSnoozing] = useState<Task | null>(null);
  const current = (TASK_WINDOWS.find((window) => window.value === params.get('quando'))?.value ?? 'today') as TaskWindow;
  const finish = (task: Task) =>
    done.mutate(task, {
      onSuccess: () => notify.success('Tarefa concluída'),
      onError: (error) => notify.error(apiErrorMessage(error, 'Não foi possível concluir a tarefa.')),
    });
  return (
    <div className={styles.page}>
      <PageHeader title="Minhas tarefas" subtitle="Próximas ações do pipeline e das renovações, em dia" />
      <QueryState query={tasks} loading="Carregando tarefas..." error="Não foi possível carregar as tarefas.">
        {(data) => {
          const shown = data.tasks.filter((task) => task.window === current);
          return (
            <>
              <TabList
                className={styles.tabs}
                selectedValue={current}
                onTabSelect={(_event, tab) => setParams({ quando: tab.value as TaskWindow })}
              >
                {TASK_WINDOWS.map((window) => (
                  <Tab key={window.value} value={window.value}>
                    {`${window.label} (${data.counts[window.value]})`}
                  </Tab>
                ))}
              </TabList>
              <div className={styles.list} role="tabpanel" aria-label={TASK_WINDOWS.find((window) => window.value === current)!.label}>
                {shown.length === 0 ? <Body1 className={styles.muted}>{EMPTY[current]}</Body1> : null}
                {shown.map((task) => (
                  <TaskCard
                    key={task.id}
                    task={task}
                    busy={done.isPending}
                    onDone={finish}
                    onSnooze={setSnoozing}
                    onOpenRenewals={() => navigate('/policies?aba=renovacoes')}
                    onOpenAwaiting={() => navigate('/policies?numero=aguardando')}
                  />
                ))}
              </div>
            </>
          );
        }}
      </QueryState>
      <QueryState query={digests} loading="Carregando resumos..." error="Não foi possível carregar os resumos por e-mail.">
        {(sends) => <DigestStatus sends={sends} />}
      </QueryState>
      {snoozing ? <SnoozeDialog task={snoozing} onClose={() => setSnoozing(null)} /> : null}
    </div>
  );
}
