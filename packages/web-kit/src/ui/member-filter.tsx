import { Select } from '@corretora/web-kit/fluent/select';
import { useState, type ReactNode } from 'react';
import { useTeam, type Team } from './use-team';

/**
 * 'Todos os responsáveis' or one member: a list narrowed to one member's records, for
 * whoever sees more than their own in a team (nothing at all in a brokerage of one, or for a producer).
 */
export function MemberFilter({ team, value, onChange }: { team: Team; value: string; onChange: (memberId: string) => void }) {
  if (!team.isTeam || !team.seesEveryone) return null;
  return (
    <Select aria-label="Filtrar por responsável" value={value} onChange={(_event, data) => onChange(data.value)}>
      <option value="">Todos os responsáveis</option>
      {team.active.map((member) => (
        <option key={member.id} value={member.id}>
          {member.name ?? member.email}
        </option>
      ))}
    </Select>
  );
}

/**
 * A list's filter by member kept in the screen's state: the member chosen (`responsibleId`, '' for
 * everyone's, and always '' where the filter is not shown), whether it is shown, and the control.
 * `onChange` runs after a new choice (back to the first page, say).
 */
export function useMemberFilter(onChange?: () => void): { responsibleId: string; shown: boolean; filter: ReactNode } {
  const team = useTeam();
  const [chosen, setChosen] = useState('');
  const shown = team.isTeam && team.seesEveryone;
  return {
    responsibleId: shown ? chosen : '',
    shown,
    filter: (
      <MemberFilter
        team={team}
        value={chosen}
        onChange={(memberId) => {
          setChosen(memberId);
          onChange?.();
        }}
      />
    ),
  };
}
