import { TASK_WINDOWS, type Task, type TaskWindow } from '@corretora/contracts';
import { apiErrorMessage, useNavigate, useSearchParams } from '@corretora/web-kit';
import { Body1, Button } from '@corretora/web-kit/fluent/core';
import { Tab, TabList } from '@corretora/web-kit/fluent/tabs';
import { PageHeader, Pager, QueryState, useConfirmAction, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useEffect, useState } from 'react';
import { TASK_PAGE_SIZE, useDeleteTask, useDigests, useTaskDone, useTaskPage } from '../features/tasks/api/tasks-api';
import { DigestStatus } from '../features/tasks/components/digest-status';
import { SnoozeDialog } from '../features/tasks/components/snooze-dialog';
import { TaskCard } from '../features/tasks/components/task-card';

const NewTaskDialog = lazy(() =>
  import('../features/tasks/components/new-task-dialog').then((module) => ({ default: module.NewTaskDialog })),
);

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

/** /tasks ('Minhas tarefas'): the tasks written here, the next actions of cards and renewals, and the renewals due, by day. */
export default function TasksPage() {
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The list the address names (?quando=), else the server's: Atrasadas when something is late, else Hoje.
  const asked = TASK_WINDOWS.find((window) => window.value === params.get('quando'))?.value;
  const [paging, setPaging] = useState<{ when: TaskWindow | undefined; page: number }>({ when: asked, page: 1 });
  const page = paging.when === asked ? paging.page : 1;
  const tasks = useTaskPage(asked, page);
  const digests = useDigests();
  const done = useTaskDone();
  const [snoozing, setSnoozing] = useState<Task | null>(null);
  // The ficha's "Nova tarefa" lands here with ?novo=1&cliente=<id>: the dialog opens on that client
  // (state adjusted while rendering) and the flags leave the address.
  const asksNew = params.get('novo') === '1';
  const forClient = Number(params.get('cliente'));
  const [writing, setWriting] = useState<{ contactId?: number; task?: Task } | null>(null);
  const remove = useDeleteTask();
  const deleting = useConfirmAction<Task>({
    title: 'Excluir tarefa',
    confirmLabel: 'Excluir',
    message: (task) => `Excluir a tarefa "${task.title}"? Ela sai das suas listas e do resumo diário.`,
    run: (task) => remove.mutateAsync(task),
    done: { title: 'Tarefa excluída' },
    failed: 'Não foi possível excluir a tarefa.',
  });
  if (asksNew && writing === null) setWriting(Number.isInteger(forClient) && forClient > 0 ? { contactId: forClient } : {});
  useEffect(() => {
    if (asksNew) setParams({}, { replace: true });
  }, [asksNew, setParams]);
  const finish = (task: Task) =>
    done.mutate(task, {
      onSuccess: () => notify.success('Tarefa concluída'),
      onError: (error) => notify.error(apiErrorMessage(error, 'Não foi possível concluir a tarefa.')),
    });
  return (
    <div className={styles.page}>
      <PageHeader
        title="Minhas tarefas"
        subtitle="Suas tarefas e as próximas ações do pipeline e das renovações, em dia"
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setWriting({})}>
            Nova tarefa
          </Button>
        }
      />
      <QueryState query={tasks} loading="Carregando tarefas..." error="Não foi possível carregar as tarefas.">
        {(data) => {
          const current = data.when;
          const shown = data.items;
          return (
            <>
              <TabList
                className={styles.tabs}
                selectedValue={current}
                onTabSelect={(_event, tab) => setParams({ quando: String(tab.value) })}
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
                    onEdit={(task) => setWriting({ task })}
                    onDelete={deleting.ask}
                  />
                ))}
              </div>
              <Pager
                page={page}
                pages={Math.max(1, Math.ceil(data.total / TASK_PAGE_SIZE))}
                onPage={(next) => setPaging({ when: asked, page: next })}
              />
            </>
          );
        }}
      </QueryState>
      <QueryState query={digests} loading="Carregando resumos..." error="Não foi possível carregar os resumos por e-mail.">
        {(sends) => <DigestStatus sends={sends} />}
      </QueryState>
      {deleting.dialog}
      {snoozing ? <SnoozeDialog task={snoozing} onClose={() => setSnoozing(null)} /> : null}
      {writing ? (
        <Suspense fallback={null}>
          <NewTaskDialog contactId={writing.contactId} task={writing.task} onClose={() => setWriting(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
