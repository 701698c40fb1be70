/** Loading skeletons. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { Skeleton, SkeletonItem } from '@fluentui/react-components';
