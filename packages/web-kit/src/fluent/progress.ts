/** Progress bars. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { ProgressBar } from '@fluentui/react-components';
