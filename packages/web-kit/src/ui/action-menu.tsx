import { Button, type ButtonProps } from '@corretora/web-kit/fluent/core';
import { lazy, Suspense, useState, type ReactElement } from 'react';

export interface ActionMenuItem {
  key: string;
  label: string;
  icon?: ReactElement;
  onSelect: () => void;
}

export interface ActionMenuProps {
  /** The button's accessible name (its text may be shorter, or an icon only). */
  'aria-label': string;
  children?: ButtonProps['children'];
  icon?: ButtonProps['icon'];
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
  items: readonly ActionMenuItem[];
}

const loadSurface = () => import('./action-menu-surface');
const ActionMenuSurface = lazy(loadSurface);

/**
 * A button that opens a menu of actions. Fluent's menu brings its positioning engine (floating-ui,
 * ~20 KiB gz), so until the first open this is the same-looking button: pointing at it or focusing
 * it starts fetching the menu, and the click swaps in the real one, open. Escape returns focus to
 * the button as usual.
 */
export function ActionMenu({ items, ...button }: ActionMenuProps) {
  const [wanted, setWanted] = useState(false);
  const placeholder = (disabled: boolean) => (
    <Button
      {...button}
      aria-haspopup="menu"
      disabled={disabled}
      onPointerEnter={() => void loadSurface()}
      onFocus={() => void loadSurface()}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return placeholder(false);
  return (
    <Suspense fallback={placeholder(true)}>
      <ActionMenuSurface button={button} items={items} />
    </Suspense>
  );
}
