import type { NextAction, NextActionType } from '@corretora/contracts';

/** A renewal's next action as its row keeps it. */
export interface NextActionRow {
  nextActionAt: Date | null;
  nextActionType: NextActionType | null;
  nextActionNote: string | null;
}

export function nextActionOf(row: NextActionRow): NextAction | null {
  return row.nextActionAt && row.nextActionType
    ? { dueAt: new Date(row.nextActionAt).toISOString(), type: row.nextActionType, note: row.nextActionNote }
    : null;
}
