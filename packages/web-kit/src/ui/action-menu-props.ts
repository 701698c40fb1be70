import type { ButtonProps } from '@corretora/web-kit/fluent/core';
import type { ReactElement } from 'react';

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
