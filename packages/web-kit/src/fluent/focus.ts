/**
 * Fluent's focus manager (tabster) hooks. Built once by the shell, shared with every remote
 * (build-kit/src/shared.ts). The signed-in layout holds the manager for the whole visit: when a
 * modal dialog was the first to create it, the dialog's unmount disposed it before it restored
 * the page, and `aria-hidden` stayed on #root (the page gone from the accessibility tree).
 */
export { useFocusableGroup } from '@fluentui/react-components';
