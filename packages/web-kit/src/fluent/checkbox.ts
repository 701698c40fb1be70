/** Checkboxes. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { Checkbox } from '@fluentui/react-components';
