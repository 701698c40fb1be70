import { LINE_OPTION_GROUPS } from '@corretora/contracts';

/** The lines (ramos) of a filter's select, under their groups, after its 'all' option. */
export function LineOptions({ all }: { all: string }) {
  return (
    <>
      <option value="all">{all}</option>
      {LINE_OPTION_GROUPS.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((line) => (
            <option key={line.value} value={line.value}>
              {line.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
