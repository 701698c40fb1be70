import { ParticipantsEditor, checkParticipants, type ParticipantRow, type Team } from '@corretora/web-kit/ui';

// The split at issuance loads when the broker asks for it: the board's bundle carries neither the
// editor nor the contract's schema that checks it.
export { checkParticipants };

/** 'Dividir a comissão (repasse)' in Confirmar emissão: the participants, checked before sending. */
export default function IssueSplit({
  team,
  rows,
  onChange,
  errors,
}: {
  team: Team;
  rows: readonly ParticipantRow[];
  onChange: (rows: ParticipantRow[]) => void;
  errors: Readonly<Record<string, string>>;
}) {
  return <ParticipantsEditor team={team} rows={rows} onChange={onChange} errors={errors} />;
}
