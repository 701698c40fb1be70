import { makeStyles, tokens } from '@fluentui/react-components';
import { Input } from '@corretora/web-kit/fluent/core';
import { SearchRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@corretora/web-kit';
import { COMPACT_LAYOUT } from '@corretora/web-kit/ui';
import type { SearchOption } from './search-options';

// The results (the query, the groups, the formatters) load on the first focus: every page carries only the box.
const SearchPanel = lazy(() => import('./search-panel'));

const useStyles = makeStyles({
  root: { position: 'relative', flexGrow: 1, maxWidth: '560px', minWidth: 0 },
  input: { width: '100%' },
  popup: {
    position: 'absolute',
    top: 'calc(100% + 4px)',
    left: 0,
    right: 0,
    minWidth: '320px',
    zIndex: 25,
    maxHeight: '70vh',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    [COMPACT_LAYOUT]: { position: 'fixed', top: '3.25rem', left: tokens.spacingHorizontalS, right: tokens.spacingHorizontalS, minWidth: 0 },
  },
});

/** Whether a key press belongs to a field (a '/' typed into a form is text, not a shortcut). */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The top bar's search: Ctrl+K (⌘K) or '/' anywhere focuses it; the arrows move
 * through the results, Enter opens one, Escape closes the list (a second Escape clears the box).
 */
export function GlobalSearch() {
  const styles = useStyles();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [options, setOptions] = useState<SearchOption[]>([]);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
      if (shortcut || (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target))) {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const pick = (option: SearchOption) => {
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    void navigate(option.to);
  };
  const onOptions = (next: SearchOption[]) => {
    setOptions(next);
    setActive(next.length > 0 ? 0 : -1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (open && text) setOpen(false);
      else {
        setText('');
        inputRef.current?.blur();
      }
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
      return;
    }
    if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault();
      pick(options[active]);
    }
  };

  const showing = open && text.trim() !== '';
  const activeOption = showing ? options[active] : undefined;
  return (
    <div
      className={styles.root}
      role="search"
      onBlur={(event) => {
        // Leaving the box and its list closes the list (a click inside keeps it).
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setOpen(false);
      }}
    >
      <Input
        ref={inputRef}
        className={styles.input}
        type="search"
        contentBefore={<SearchRegular />}
        placeholder="Buscar cliente, CPF, apólice, sinistro…"
        aria-label="Buscar clientes, apólices, sinistros e negócios (Ctrl+K)"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.key}` : undefined}
        autoComplete="off"
        value={text}
        onFocus={() => {
          setLoaded(true);
          setOpen(true);
        }}
        onChange={(_event, data) => {
          setText(data.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {loaded ? (
        <div className={styles.popup} hidden={!showing}>
          <Suspense fallback={null}>
            <SearchPanel id={listId} text={text} active={activeOption?.key} onOptions={onOptions} onPick={pick} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
