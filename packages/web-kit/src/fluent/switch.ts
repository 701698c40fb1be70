/** Switches. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { Switch } from '@fluentui/react-components';
