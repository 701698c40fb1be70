/** Toasts (loaded with the first toast). Built once by the shell, shared with every remote (build-kit/src/shared.ts). */
export { Toaster, Toast, ToastTitle, ToastBody, useToastController } from '@fluentui/react-components';
