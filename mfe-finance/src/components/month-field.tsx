import { monthName, shiftMonth } from '@corretora/contracts';
import { Button, Field } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'end' },
});

/** The months a report offers, around today: five years back, one ahead. */
const MONTHS_BACK = 60;
const MONTHS_AHEAD = 12;

/** This month in São Paulo, as the API takes it (YYYY-MM). */
export const thisMonth = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 7);

/**
 * A report's month: a list of months by name (newest first), with the previous and next month a
 * click away. Not `<input type="month">`: Firefox and Safari on a computer show it as a bare text
 * box that wants '2026-11', and Chromium names the month in the browser's language.
 */
export function MonthField({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const styles = useStyles();
  const today = thisMonth();
  const months = Array.from({ length: MONTHS_BACK + MONTHS_AHEAD + 1 }, (_, n) => shiftMonth(today, MONTHS_AHEAD - n));
  if (!months.includes(month)) months.push(month);
  months.sort((a, b) => b.localeCompare(a));
  return (
    <div className={styles.root}>
      <Field label="Mês">
        <Select value={month} onChange={(_event, data) => onChange(data.value)}>
          {months.map((option) => (
            <option key={option} value={option}>
              {monthName(option)}
            </option>
          ))}
        </Select>
      </Field>
      <Button appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Mês anterior" onClick={() => onChange(shiftMonth(month, -1))} />
      <Button appearance="subtle" icon={<ChevronRightRegular />} aria-label="Próximo mês" onClick={() => onChange(shiftMonth(month, 1))} />
    </div>
  );
}
