import {
  PIPELINE_OPERATIONS,
  RELATIONSHIP_OPERATIONS as OPS,
  nextActionInstant,
  type BodyInputOf,
  type Task,
  type TaskWindow,
} from '@corretora/contracts';
import { callOperation, invalidateOperations, operationKey, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** How many tasks a page of a list holds. */
export const TASK_PAGE_SIZE = 50;

/**
 * One list a page at a time (without `when`: the one the server opens on, Atrasadas when something is
 * late). Always read afresh when the page opens: tasks change from every other screen (a card archived
 * or moved, a renewal's next action set in Renovações, another remote), which do not all know this list.
 */
export function useTaskPage(when: TaskWindow | undefined, page: number) {
  return useOperation(
    OPS.taskPage,
    { query: { ...(when ? { when } : {}), page: String(page), pageSize: String(TASK_PAGE_SIZE) } },
    { staleTime: 0, keepPrevious: true },
  );
}

export function useDigests() {
  return useOperation(OPS.digests, undefined, { staleTime: 0 });
}

/** Writing, done and snooze change the lists, a card's next action on the board, and the client's ficha. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidateOperations(queryClient, OPS.tasks, OPS.taskPage, PIPELINE_OPERATIONS.board, OPS.contactOverview);
}

export function useTaskDone() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (task: Task) => callOperation(OPS.taskDone, { params: { taskId: task.id } }),
    onSuccess: refresh,
  });
}

/** Snoozed to a day: back at 09:00 in São Paulo that day. */
export function useTaskSnooze() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ task, day }: { task: Task; day: string }) =>
      callOperation(OPS.taskSnooze, { params: { taskId: task.id }, body: { until: nextActionInstant(day) } }),
    onSuccess: refresh,
  });
}

export function useDigestSettings() {
  return useOperation(OPS.digestSettings);
}

/** The digest turned on or off: the server's answer replaces the cached setting. */
export function useSetDigestSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => callOperation(OPS.setDigestSettings, { body: { enabled } }),
    onSuccess: (answer) => queryClient.setQueryData(operationKey(OPS.digestSettings), answer),
  });
}

/** A task the broker writes (POST /api/tasks): it joins the lists at once. */
export function useCreateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.createTask>) => callOperation(OPS.createTask, { body }),
    onSuccess: refresh,
  });
}

/** A written task's words and when (PATCH /api/tasks/{id}). */
export function useEditTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ task, body }: { task: Task; body: BodyInputOf<typeof OPS.taskEdit> }) =>
      callOperation(OPS.taskEdit, { params: { taskId: task.id }, body }),
    onSuccess: refresh,
  });
}

/** A written task deleted (DELETE /api/tasks/{id}). */
export function useDeleteTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (task: Task) => callOperation(OPS.taskDelete, { params: { taskId: task.id } }),
    onSuccess: refresh,
  });
}
