/** Native selects. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { Select } from '@fluentui/react-components';
