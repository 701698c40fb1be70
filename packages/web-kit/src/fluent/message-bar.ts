/** Message bars. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { MessageBar, MessageBarBody, MessageBarActions } from '@fluentui/react-components';
