import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { DeleteRegular, MoreVerticalRegular, SignOutRegular } from '@fluentui/react-icons';
import { useState } from 'react';

export interface AccountMenuProps {
  onClearData: () => void;
  onLogout: () => void;
}

/**
 * The user menu of the side navigation: 'Limpar Dados' and 'Sair da Conta'. Fetched the first
 * time the broker opens it (Fluent's menu brings its positioning engine, ~20 KiB gz every signed-in
 * page would otherwise load), so it mounts open.
 */
export default function AccountMenu({ onClearData, onLogout }: AccountMenuProps) {
  const [open, setOpen] = useState(true);
  return (
    <Menu open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<MoreVerticalRegular />} aria-label="Menu da conta" />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<DeleteRegular />} onClick={onClearData}>
            Limpar Dados
          </MenuItem>
          <MenuItem icon={<SignOutRegular />} onClick={onLogout}>
            Sair da Conta
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
