export { UploadCancelled, uploadOperation, type UploadProgress } from './upload-operation';
export { useUploads, type SendFile, type UploadItem, type UploadState } from './use-uploads';
export { UploadList } from './upload-list';
