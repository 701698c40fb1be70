/** Badges. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { Badge } from '@fluentui/react-components';
