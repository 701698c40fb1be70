import * as v from 'valibot';
import { isDayOrInstant } from '../br/date';
import { requiredText } from '../fields';
import { newRecordResponsible } from '../vocabulary/responsible-field';
import { bodyId, wireDate, wirePage, wirePageSize, wireTimestamp } from '../wire-fields';
import { IDLE_DAYS_MAX, TASK_TITLE_MAX, TASK_WINDOWS } from './tasks-options';

const WINDOW_VALUES = TASK_WINDOWS.map((window) => window.value) as ['overdue', 'today', 'upcoming'];

/** GET /api/tasks?when=today|overdue|upcoming (every open task of the three lists without it). */
export const TasksQuerySchema = v.object({
  when: v.optional(v.picklist(WINDOW_VALUES, 'Lista inválida: use today, overdue ou upcoming')),
});
export type TasksQuery = v.InferOutput<typeof TasksQuerySchema>;

/** The most tasks a page of Minhas tarefas holds. */
export const TASK_PAGE_SIZE_MAX = 100;

/**
 * GET /api/tasks/page?when&page&pageSize: one list a page at a time, soonest first (without `when`:
 * Atrasadas when something is late, else Hoje, as the screen opens).
 */
export const TaskPageQuerySchema = v.object({
  when: TasksQuerySchema.entries.when,
  page: wirePage,
  pageSize: wirePageSize(TASK_PAGE_SIZE_MAX, 50),
});
export type TaskPageQuery = v.InferOutput<typeof TaskPageQuerySchema>;

/** The most tasks of a list a page reaches (page × size): a page past them is empty, as one past the list's end. */
export const TASK_LIST_REACH = 20_000;

/** GET /internal/finance/{userId}/task-window: finance's tasks of one list, the first `limit` in order, and every list's count. */
export const TaskWindowQuerySchema = v.object({
  today: wireDate('Informe a data'),
  when: v.picklist(WINDOW_VALUES, 'Lista inválida: use today, overdue ou upcoming'),
  limit: v.pipe(
    v.string(),
    v.regex(/^\d{1,5}$/, 'Limite inválido'),
    v.transform(Number),
    v.minValue(0, 'Limite inválido'),
    v.maxValue(TASK_LIST_REACH, 'Limite inválido'),
  ),
});
export type TaskWindowQuery = v.InferOutput<typeof TaskWindowQuerySchema>;

const optionalBodyId = (message: string) => v.optional(v.nullable(bodyId(message)), null);

/**
 * POST /api/tasks: a task the broker writes — a title, the day (YYYY-MM-DD: due that day)
 * or the instant (with its hour), and optionally whom or what it is about: a contact, one of their
 * cards, one of their policies.
 */
export const TaskCreateSchema = v.object({
  title: requiredText('Descreva a tarefa', TASK_TITLE_MAX),
  dueAt: v.pipe(
    v.optional(v.string('Informe a data'), ''),
    v.metadata({
      description: 'Um dia (AAAA-MM-DD) ou um instante (AAAA-MM-DDTHH:MM:SSZ)',
      anyOf: [{ format: 'date' }, { format: 'date-time' }],
    }),
    v.nonEmpty('Informe a data'),
    v.check(isDayOrInstant, 'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:MM:SSZ'),
  ),
  contactId: optionalBodyId('Contato inválido'),
  cardId: optionalBodyId('Negócio inválido'),
  policyId: optionalBodyId('Apólice inválida'),
  /** Whose task it is: another member, named by a role that sees every record; absent: the member writing it. */
  responsibleId: newRecordResponsible,
});
export type TaskCreateInput = v.InferOutput<typeof TaskCreateSchema>;

/** PATCH /api/tasks/{id}: a written task's words and when; whom it is about stays (a new task for another). */
export const TaskEditSchema = v.pick(TaskCreateSchema, ['title', 'dueAt']);
export type TaskEditInput = v.InferOutput<typeof TaskEditSchema>;

/** POST /api/tasks/{id}/snooze: the task comes back at this instant (in the future). */
export const SnoozeSchema = v.object({
  until: wireTimestamp('Informe até quando adiar'),
});
export type SnoozeInput = v.InferOutput<typeof SnoozeSchema>;

const STAGE_ID = bodyId('Etapa inválida.');
const IDLE_DAYS_MESSAGE = `Use de 1 a ${IDLE_DAYS_MAX} dias, ou deixe sem limite`;

/** PUT /api/pipeline-stages/idle-limits: each stage's days without activity (null: no limit). */
export const StageIdleLimitsSchema = v.object({
  stages: v.pipe(
    v.array(
      v.object({
        id: STAGE_ID,
        idleDays: v.nullable(
          v.pipe(
            v.number(IDLE_DAYS_MESSAGE),
            v.integer(IDLE_DAYS_MESSAGE),
            v.minValue(1, IDLE_DAYS_MESSAGE),
            v.maxValue(IDLE_DAYS_MAX, IDLE_DAYS_MESSAGE),
          ),
        ),
      }),
      'Informe as etapas',
    ),
    v.minLength(1, 'Informe as etapas'),
    v.maxLength(20, 'Etapas demais'),
  ),
});
export type StageIdleLimitsInput = v.InferOutput<typeof StageIdleLimitsSchema>;

/** GET /internal/finance/{userId}/renewal-tasks?until=YYYY-MM-DD: what the task lists need of the renewals. */
export const RenewalTasksQuerySchema = v.object({
  until: wireDate('Informe a data'),
  /** Only one client's (the ficha's): without it, every client's. */
  contactId: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'Contato inválido.'), v.transform(Number))),
});
export type RenewalTasksQuery = v.InferOutput<typeof RenewalTasksQuerySchema>;

/** GET /internal/finance/{userId}/contacts/{id}/ficha?until=YYYY-MM-DD: the client's finance tasks due by then. */
export const ContactFichaQuerySchema = v.object({ until: wireDate('Informe a data') });

/** PUT /api/tasks/digest-settings: whether the broker gets the 07:00 digest e-mail. */
export const DigestSettingsSchema = v.object({ enabled: v.boolean('Informe se deseja receber o resumo') });
export type DigestSettingsInput = v.InferOutput<typeof DigestSettingsSchema>;
