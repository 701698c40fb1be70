/** Text areas. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { Textarea } from '@fluentui/react-components';
