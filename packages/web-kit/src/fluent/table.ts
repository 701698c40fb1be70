/** Tables. Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
