/** Dialogs (loaded with the kit's dialog surfaces, on first open). Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { Dialog, DialogSurface, DialogBody, DialogTitle, DialogContent, DialogActions } from '@fluentui/react-components';
