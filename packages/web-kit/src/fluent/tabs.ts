/** Tabs. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { TabList, Tab } from '@fluentui/react-components';
