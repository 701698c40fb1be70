import { makeStyles } from '@fluentui/react-components';
import { Input } from '@corretora/web-kit/fluent/core';
import { SearchRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: { flexGrow: 1, minWidth: '220px', maxWidth: '420px' },
});

/** The search field of a list (the board, contacts, policies): grows to 420px, never below 220px. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
}) {
  const styles = useStyles();
  return (
    <Input
      className={styles.root}
      contentBefore={<SearchRegular />}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(_event, data) => onChange(data.value)}
    />
  );
}
