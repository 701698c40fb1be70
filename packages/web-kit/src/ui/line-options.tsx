import { LINE_OPTION_GROUPS } from '@corretora/contracts';

/**
 * The lines (ramos) of a select, under their groups, after one option that stands for every line
 * (a filter's 'all', a rule's 'any'): one list for every remote that picks a line.
 */
export function LineOptions({ any, anyValue = 'all' }: { any: string; anyValue?: string }) {
  return (
    <>
      <option value={anyValue}>{any}</option>
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
