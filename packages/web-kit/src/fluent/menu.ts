/** Menus (loaded with the kit's action menu, on first open). Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { Menu, MenuTrigger, MenuPopover, MenuList, MenuItem } from '@fluentui/react-components';
