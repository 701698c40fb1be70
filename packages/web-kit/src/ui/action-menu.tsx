import { Button } from '@corretora/web-kit/fluent/core';
import { lazy, Suspense, useState } from 'react';

export type { ActionMenuItem, ActionMenuProps } from './action-menu-props';
import type { ActionMenuProps } from './action-menu-props';

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
