import type { PipelineStage, StageKey } from '@corretora/contracts';

/** Section 4: each stage's label and colour, used until (or when) the broker's stages do not say. */
export const STAGES: readonly { key: StageKey; label: string; color: string }[] = [
  { key: 'leads', label: 'Contato', color: '#dc2626' },
  { key: 'qualified', label: 'Negociação', color: '#ca8a04' },
  { key: 'proposal', label: 'Fechamento', color: '#2563eb' },
  { key: 'closed', label: 'Finalizado', color: '#16a34a' },
];

export function stageLabel(key: StageKey, stages?: readonly PipelineStage[]): string {
  return stages?.find((stage) => stage.key === key)?.name ?? STAGES.find((stage) => stage.key === key)?.label ?? key;
}
