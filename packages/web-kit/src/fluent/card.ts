/** Cards. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { Card, CardHeader } from '@fluentui/react-components';
