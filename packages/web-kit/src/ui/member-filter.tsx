import { Select } from '@corretora/web-kit/fluent/select';
import type { Team } from './use-team';

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
