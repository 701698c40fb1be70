import { Button } from '@corretora/web-kit/fluent/core';
import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@corretora/web-kit/fluent/menu';
import { useState } from 'react';
import type { ActionMenuItem, ActionMenuProps } from './action-menu-props';

/** The menu itself, fetched on the first open (see action-menu.tsx), so it mounts open. */
export default function ActionMenuSurface({ button, items }: { button: Omit<ActionMenuProps, 'items'>; items: readonly ActionMenuItem[] }) {
  const [open, setOpen] = useState(true);
  return (
    <Menu open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <MenuTrigger disableButtonEnhancement>
        <Button {...button} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {items.map((item) => (
            <MenuItem key={item.key} icon={item.icon} onClick={item.onSelect}>
              {item.label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
