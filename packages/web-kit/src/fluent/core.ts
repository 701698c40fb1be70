/** The basics every page shows: provider and theme, buttons, text, links, spinner, fields and inputs. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export {
  FluentProvider,
  webLightTheme,
  Button,
  Text,
  Body1,
  Body1Strong,
  Caption1,
  Subtitle1,
  Subtitle2,
  Title1,
  Title2,
  Title3,
  Spinner,
  Field,
  Input,
  Link,
} from '@fluentui/react-components';
export type { ButtonProps, InputProps } from '@fluentui/react-components';
