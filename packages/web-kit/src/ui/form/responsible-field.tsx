import { useCurrentUser } from '@corretora/web-kit';
import { Field } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import type { FieldValues } from 'react-hook-form';
import { useTeam } from '../use-team';
import type { FieldProps, Text } from './fields';
import { SelectField } from './select-field';

/**
 * Whom a new record may be for: null where the choice is not offered — a brokerage of one, or a
 * producer (their records are always their own); else the member filling the form ('' , 'Eu') and
 * every other active member.
 */
function useResponsibleChoices() {
  const team = useTeam();
  const { user } = useCurrentUser();
  if (!team.isTeam || !team.seesEveryone) return null;
  return {
    me: `Eu (${user?.name ?? user?.email ?? 'você'})`,
    others: team.active
      .filter((member) => member.id !== user?.id)
      .map((member) => ({ value: member.id, label: member.name ?? member.email })),
  };
}

/** 'Responsável' in a form of react-hook-form (Novo Lead, Novo Contato): '' is the member filling it. */
export function ResponsibleField<F extends FieldValues>(props: Omit<FieldProps<F, Text>, 'label'>) {
  const choices = useResponsibleChoices();
  if (!choices) return null;
  return <SelectField {...props} label="Responsável" emptyLabel={choices.me} options={choices.others} />;
}

/** 'Responsável' as a controlled select (Nova tarefa): '' is the member filling the form. */
export function ResponsibleSelect({ value, onChange, issue }: { value: string; onChange: (memberId: string) => void; issue?: string }) {
  const choices = useResponsibleChoices();
  if (!choices) return null;
  return (
    <Field label="Responsável" validationMessage={issue}>
      <Select value={value} onChange={(_event, data) => onChange(data.value)}>
        <option value="">{choices.me}</option>
        {choices.others.map((member) => (
          <option key={member.value} value={member.value}>
            {member.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
